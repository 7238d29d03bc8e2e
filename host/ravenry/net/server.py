"""The match server: a WebSocket endpoint hosting many tables, with a small lobby (games, list, create, join,
resume, watch) and the ``act`` frame. ``python -m ravenry.net.server`` and ``ravenry serve`` both run ``main``.

Connections (reading, limits, writing) are ``ravenry.net.connection``; one hosted match is
``ravenry.net.table``; this module holds the tables, answers the lobby and runs the process.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import secrets
import signal
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

import ravenry
from ravenry.net import loop as event_loop
from ravenry.net.connection import Connection
from ravenry.net.limits import Limits
from ravenry.net.protocol import VERSION, BadFrame, Request
from ravenry.net.store import Store
from ravenry.net.table import Seat, Table

log = logging.getLogger("ravenry.net")


class Server:
    def __init__(
        self, limits: Limits | None = None, store: Store | None = None, turn_seconds: float | None = None
    ) -> None:
        self.limits = limits or Limits()
        self.store = store
        self.turn_seconds = turn_seconds
        self.tables: dict[str, Table] = {}
        # Server-side time of recent ``act`` frames (checks, apply, save, states marked), for the ``stats`` frame:
        # it separates the server's own cost from network and client scheduling in a load test.
        self.act_seconds: deque[float] = deque(maxlen=100_000)
        self.connections = 0

    def stats(self) -> dict[str, Any]:
        xs = sorted(self.act_seconds)

        def q(f: float) -> float | None:
            return round(1000 * xs[min(len(xs) - 1, int(f * len(xs)))], 3) if xs else None

        return {
            "matches": len(self.tables),
            "over": sum(1 for t in self.tables.values() if t.match.is_over),
            "connections": self.connections,
            "acts": len(xs),
            "act_ms": {"p50": q(0.5), "p99": q(0.99), "max": q(1.0)},
        }

    # -- tables -------------------------------------------------------------------------------------------
    def create(
        self,
        game: str,
        players: int | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        variants: Sequence[str] = (),
        bots: dict[int, str] | None = None,
        turn_seconds: float | None = None,
    ) -> Table:
        if len(self.tables) >= self.limits.max_matches:
            raise BadFrame("limit", f"this server hosts at most {self.limits.max_matches} matches")
        g = ravenry.game(game)
        lo, hi = g.info.players
        n = lo if players is None else players
        if not lo <= n <= hi:
            raise BadFrame("bad-players", f"{game} is played by {lo} to {hi} players, not {n}")
        bots = dict(bots or {})
        for seat, name in bots.items():
            if not 0 <= seat < n:
                raise BadFrame("bad-bots", f"bot seat {seat} is not a seat of a {n}-player match")
            try:
                g.check_bot(name)
            except ravenry.OptionError as e:
                raise BadFrame("bad-bots", str(e)) from None
        if turn_seconds is not None and not 0.05 <= turn_seconds <= 86_400:
            raise BadFrame("bad-field", "turn_seconds must be between 0.05 and 86400")
        seed = secrets.randbits(63) if seed is None else seed
        m = g.new_match(n, seed, options, variants)
        match_id = secrets.token_hex(4)
        # A forgotten (swept) match's save still holds its id: never write a new match over it.
        while match_id in self.tables or (self.store is not None and self.store.path(match_id).exists()):
            match_id = secrets.token_hex(4)
        seats = [Seat(i, bot=bots.get(i)) for i in range(n)]
        clock = self.turn_seconds if turn_seconds is None else turn_seconds
        table = Table(match_id, m, seats, clock, saver=self.store.save if self.store else None)
        self.tables[match_id] = table
        return table

    def table(self, match_id: str) -> Table:
        t = self.tables.get(match_id)
        if t is None:
            raise BadFrame("no-match", f"no match {match_id!r} on this server")
        return t

    async def resume_saved(self) -> int:
        if self.store is None:
            return 0
        for m in self.store.load_all():
            table = Table.from_saved(m, self.store.save)
            self.tables[table.id] = table
        return len(self.tables)

    # -- the lobby and the game -------------------------------------------------------------------------------
    async def dispatch(self, conn: Connection, req: Request) -> dict[str, Any] | None:
        t = req.t
        if t == "ping":
            return {"t": "pong", "v": VERSION}
        if t == "games":
            return {
                "t": "games",
                "games": [
                    {
                        "id": g.id,
                        "title": g.title,
                        "players": list(g.players),
                        "bots": list(g.bots),
                        "variants": list(g.variants),
                        "options": {o.name: o.default for o in g.options},
                    }
                    for g in ravenry.games()
                ],
            }
        if t == "stats":
            return {"t": "stats", **self.stats()}
        if t == "list":
            return {"t": "matches", "matches": [tb.summary() for tb in self.tables.values()]}
        if t == "create":
            return await self._create(req)
        if t == "act":
            table = self.table(req.args["match"])
            after = await table.act(req.args["token"], req.args["turn"], req.args["action"], req.get("seat"))
            return {"t": "ok", "turn": after}
        table = self.table(req.args["match"])
        if t == "join":
            seat, token = table.claim(req.get("seat"))
            await self.save_table(table)  # the token must survive a crash before the client hears of it
            conn.subscribe(table, seat, req.get("since", 0))
            table.publish()  # others' seat lists show the new player
            return {"t": "joined", "match": table.id, "seat": seat, "token": token, "game": table.match.game.id}
        if t == "resume":
            seat = table.seat_of(req.args["token"])
            conn.subscribe(table, seat, req.get("since", 0))
            return {
                "t": "joined",
                "match": table.id,
                "seat": seat,
                "token": req.args["token"],
                "game": table.match.game.id,
            }
        if t == "watch":
            conn.subscribe(table, None, req.get("since", 0))
            return {"t": "watching", "match": table.id, "game": table.match.game.id}
        if t == "leave":
            for key in [k for k in conn.subs if k[0] == table.id]:
                table.subscribers.discard(conn.subs.pop(key))
            return {"t": "left", "match": table.id}
        raise BadFrame("unknown-type", f"unknown frame type {t!r}")  # unreachable: decode_request checked it

    async def _create(self, req: Request) -> dict[str, Any]:
        bots: dict[int, str] = {}
        for k, v in req.get("bots", {}).items():
            if not isinstance(k, int) or isinstance(k, bool) or not isinstance(v, str):
                raise BadFrame("bad-field", "'bots' maps seat numbers to bot names")
            bots[k] = v
        variants = req.get("variants", [])
        if not all(isinstance(v, str) for v in variants):
            raise BadFrame("bad-field", "'variants' is a list of variant names")
        seed = req.get("seed")
        if seed is not None and not 0 <= seed < 2**64:
            raise BadFrame("bad-field", "'seed' must be from 0 to 2**64-1")
        table = self.create(
            req.args["game"], req.get("players"), seed, req.get("options"), variants, bots, req.get("turn_seconds")
        )
        await self.save_table(table)
        table.start()
        return {"t": "created", "match": table.id, "summary": table.summary()}

    async def save_table(self, table: Table) -> None:
        """Save a table whose seats changed (a join, a creation) without an action being applied."""
        if self.store is not None:
            async with table.lock:
                await self.store.save(table)

    # -- running -----------------------------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        self.connections += 1
        try:
            await Connection(self, ws, self.limits).serve()
        finally:
            self.connections -= 1

    async def run(
        self, host: str, port: int, ready: asyncio.Event | None = None, stop: asyncio.Event | None = None
    ) -> None:
        await self.resume_saved()
        for table in self.tables.values():
            table.start()
        async with serve(
            self.handler,
            host,
            port,
            max_size=self.limits.max_frame,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
            compression=None,
        ) as srv:
            self.port = next(iter(srv.sockets)).getsockname()[1]
            sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
            if ready is not None:
                ready.set()
            await (stop or asyncio.Event()).wait()
            sweeper.cancel()
        for table in self.tables.values():
            table.close()

    def sweep(self, now: float | None = None) -> list[str]:
        """Forget finished matches that nobody has watched for ``keep_finished_seconds``; returns their ids."""
        now = time.monotonic() if now is None else now
        gone = []
        for tid, table in list(self.tables.items()):
            if not table.match.is_over or table.subscribers:
                table.finished_at = None  # the countdown starts when it is over and its last watcher has gone
                continue
            if table.finished_at is None:
                table.finished_at = now
            elif now - table.finished_at >= self.limits.keep_finished_seconds:
                table.close()
                del self.tables[tid]
                gone.append(tid)
        return gone

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, self.limits.keep_finished_seconds / 2))
            self.sweep()


def parse_bots(spec: str | None, players: int) -> dict[int, str]:
    """``--bots 1,2`` (random bots), ``--bots 1=heuristic,3`` or ``--bots 0=ismcts:iterations=500,c=0.5,2``
    -> {seat: bot spec}. A part that is not a seat (``c=0.5``) continues the bot spec before it."""
    out: dict[int, str] = {}
    last: int | None = None
    for part in (spec or "").split(","):
        part = part.strip()
        if not part:
            continue
        seat, _, name = part.partition("=")
        if not seat.isdigit() and last is not None and ":" in out[last] and "=" in part:
            out[last] += f",{part}"
            continue
        if not seat.isdigit() or not 0 <= int(seat) < players:
            raise ValueError(f"--bots: {seat!r} is not a seat from 0 to {players - 1}")
        last = int(seat)
        out[last] = name or "random"
    return out


async def serve_forever(
    host: str,
    port: int,
    game: str | None = None,
    players: int | None = None,
    bots: str | None = None,
    save_dir: str | None = None,
    turn_seconds: float | None = None,
    limits: Limits | None = None,
    announce: Any = print,
) -> None:
    store = Store(save_dir) if save_dir else None
    server = Server(limits, store, turn_seconds)
    # Everything imported so far (plugins, rulesets) lives as long as the server: keep it out of the cyclic GC's
    # generations, whose full passes over it otherwise show up as latency spikes under load. Frames and events are
    # freed by reference counting; the cyclic GC only has to find rare cycles, so it may run far less often
    # (benches/net_load.py: p99 of an act round trip fell about fourfold with the same tuning in its clients).
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
    ready, stop = asyncio.Event(), asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    task = loop.create_task(server.run(host, port, ready, stop))
    await ready.wait()
    resumed = len(server.tables)
    if game is not None and not (resumed and any(t.match.game.id == game for t in server.tables.values())):
        # Only a fresh server opens the command line's match; a restarted one resumes the saved matches instead.
        n = players or ravenry.game(game).info.players[0]
        table = server.create(game, n, bots=parse_bots(bots, n))
        await server.save_table(table)
        table.start()
    for t in server.tables.values():
        announce(
            f"match {t.id}: {t.match.game.id}, {t.match.players} players, turn {t.match.decisions}"
            f"{' (over)' if t.match.is_over else ''}"
        )
    announce(f"serving on ws://{host}:{server.port} ({resumed} match(es) resumed)")
    try:
        await task
    finally:
        if store is not None:
            store.close()


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m ravenry.net.server", description="Host Ravenry matches.")
    ap.add_argument("game", nargs="?")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--players", type=int)
    ap.add_argument("--bots")
    ap.add_argument("--save-dir")
    ap.add_argument("--turn-seconds", type=float)
    a = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    event_loop.run(
        serve_forever(
            a.host,
            a.port,
            a.game,
            a.players,
            a.bots,
            a.save_dir,
            a.turn_seconds,
            announce=lambda s: print(s, flush=True),
        )
    )


if __name__ == "__main__":
    main()

__all__ = ["Server", "main", "parse_bots", "serve_forever"]
