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
from ravenry.net.connection import Connection, peer_address
from ravenry.net.limits import Limits
from ravenry.net.protocol import VERSION, BadFrame, Request
from ravenry.net.store import EXPIRED, UNREADABLE, Store
from ravenry.net.table import QUICK_BOTS, Seat, Table
from ravenry.net.takeover import bounded_bot, check_operator_setting, operator_limits, resolve
from ravenry.specs import bot_name
from ravenry.words import seat_number, seat_range

log = logging.getLogger("ravenry.net")


class Server:
    def __init__(
        self, limits: Limits | None = None, store: Store | None = None, turn_seconds: float | None = None
    ) -> None:
        self.limits = limits or Limits()
        check_operator_setting(self.limits.takeover_after_seconds, self.limits.takeover_bot)
        self.store = store
        if store is not None:
            days = self.limits.keep_archived_days
            store.keep_archived = None if days is None else days * 86_400
        self.turn_seconds = turn_seconds
        self.tables: dict[str, Table] = {}
        # Server-side time of recent ``act`` frames (checks, apply, save, states marked), for the ``stats`` frame:
        # it separates the server's own cost from network and client scheduling in a load test.
        self.act_seconds: deque[float] = deque(maxlen=100_000)
        self.connections = 0
        # Per client address: the unfinished matches it created and the seats it holds (match id, seat), for the
        # lobby's caps. One address with many connections shares one allowance.
        self.created_by: dict[str, set[str]] = {}
        self.created_in_range: dict[str, set[str]] = {}
        # Seats held, by address and by address range (a range key has a "/", so the two never meet).
        self.seats_by: dict[str, set[tuple[str, int]]] = {}
        # Unfinished matches with search bots a client created, by address and by address range: searches share
        # one pool of threads, so a client's share of it is bounded, not only each search's clock.
        self.searching: dict[str, set[str]] = {}
        self.connections_by: dict[str, int] = {}

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

    # -- caps per client --------------------------------------------------------------------------------------
    def _live(self, ids: set[str]) -> set[str]:
        # Finished or forgotten matches no longer count against anyone's allowance.
        ids.intersection_update(t for t in ids if t in self.tables and not self.tables[t].match.is_over)
        return ids

    def check_create(self, conn: Connection) -> None:
        lim = self.limits
        if len(self.tables) >= lim.max_matches:
            raise BadFrame("limit", f"this server hosts at most {lim.max_matches} matches")
        if len(self._live(conn.created)) >= lim.matches_per_connection:
            raise BadFrame("limit", f"at most {lim.matches_per_connection} unfinished matches created per connection")
        if len(self._live(self.created_by.setdefault(conn.address, set()))) >= lim.matches_per_address:
            raise BadFrame("limit", f"at most {lim.matches_per_address} unfinished matches created per address")
        if len(self._live(self.created_in_range.setdefault(conn.range, set()))) >= lim.matches_per_range:
            raise BadFrame("limit", f"at most {lim.matches_per_range} unfinished matches created per address range")

    def check_searching(self, conn: Connection) -> None:
        lim = self.limits
        for key, cap, per in (
            (conn.address, lim.search_matches_per_address, "address"),
            (conn.range, lim.search_matches_per_range, "address range"),
        ):
            if len(self._live(self.searching.setdefault(key, set()))) >= cap:
                raise BadFrame("limit", f"at most {cap} unfinished matches with search bots created per {per}")

    def _reserve(self, conn: Connection, match_id: str, searching: bool, keep: bool = True) -> None:
        """Count a match against its creator's allowances the moment it exists (before any ``await``, so that
        creates racing from many connections cannot all pass ``check_create``), or take it back."""
        where = (conn.address, conn.range)
        held = [conn.created, self.created_by[where[0]], self.created_in_range[where[1]]]
        held += [self.searching[key] for key in where] if searching else []
        for ids in held:
            (ids.add if keep else ids.discard)(match_id)

    def check_seat(self, conn: Connection) -> None:
        lim = self.limits
        held = self._live_seats(conn.address)
        mine = {k for k in conn.seats if k in held}
        conn.seats.intersection_update(mine)
        if len(mine) >= lim.seats_per_connection:
            raise BadFrame("limit", f"at most {lim.seats_per_connection} seats of unfinished matches per connection")
        if len(held) >= lim.seats_per_address:
            raise BadFrame("limit", f"at most {lim.seats_per_address} seats of unfinished matches per address")
        if len(self._live_seats(conn.range)) >= lim.seats_per_range:
            raise BadFrame("limit", f"at most {lim.seats_per_range} seats of unfinished matches per address range")

    def _live_seats(self, key: str) -> set[tuple[str, int]]:
        held = self.seats_by.setdefault(key, set())
        held.intersection_update(k for k in held if k[0] in self.tables and not self.tables[k[0]].match.is_over)
        return held

    def _hold_seat(self, conn: Connection, seat: tuple[str, int], keep: bool = True) -> None:
        for held in (conn.seats, *(self.seats_by.setdefault(key, set()) for key in (conn.address, conn.range))):
            (held.add if keep else held.discard)(seat)

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
        takeover_bot: str | None = None,
        takeover_after: float | None = None,
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
                # Messages count seats from 1, as people do; the frame's fields count from 0.
                raise BadFrame("bad-bots", f"bot seat {seat_number(seat)} is not a seat of a {n}-player match")
            try:
                g.check_bot(name)
            except ravenry.OptionError as e:
                raise BadFrame("bad-bots", str(e)) from None
        if turn_seconds is not None and not 0.05 <= turn_seconds <= 86_400:
            raise BadFrame("bad-field", "turn_seconds must be between 0.05 and 86400")
        takeover = resolve(self.limits, g, takeover_bot, takeover_after)
        seed = secrets.randbits(63) if seed is None else seed
        m = g.new_match(n, seed, options, variants)
        match_id = secrets.token_hex(4)
        # A forgotten, archived, expired or unreadable match's save still holds its id: never give it to a new one.
        while match_id in self.tables or (self.store is not None and self.store.taken(match_id)):
            match_id = secrets.token_hex(4)
        seats = [Seat(i, bot=bots.get(i)) for i in range(n)]
        clock = self.turn_seconds if turn_seconds is None else turn_seconds
        # A seat whose clock runs out is played as `ravenry play` plays a bot seat: the game's heuristic.
        saver = self.store.save if self.store else None
        table = Table(match_id, m, seats, clock, fallback=g.default_bot, saver=saver, takeover=takeover)
        self.tables[match_id] = table
        named = ", ".join(f"{seat_number(p)}={b}" for p, b in sorted(bots.items()))
        log.info("match %s created: %s, %d players%s", match_id, game, n, f", bots at seats {named}" if bots else "")
        return table

    def table(self, match_id: str) -> Table:
        t = self.tables.get(match_id)
        if t is None:
            raise BadFrame("no-match", f"no match {match_id!r} on this server")
        return t

    async def resume_saved(self) -> int:
        """Load every saved match that can still be played (finished ones found in the save folder are archived);
        one that cannot be hosted is logged and moved aside, never fatal. The archive is not read here: its
        pruning waits for the sweeper, so start-up does not grow with the history of finished matches."""
        if self.store is None:
            return 0
        self.store.clean_temporaries()
        for path, m in self.store.load_all():
            try:
                table = Table.from_saved(m, self.store.save)
                for s in table.seats:
                    if s.bot is not None:
                        ravenry.game(m.game.id).check_bot(s.bot)  # a spec with parameters (ismcts:…,max_seconds=2)
                if table.takeover is not None:
                    ravenry.game(m.game.id).check_bot(table.takeover.bot)
            except Exception as e:  # whatever a damaged save trips over costs that save only
                log.error("cannot resume %s: %s", path, e)
                self.store.set_aside(path, UNREADABLE, f"{type(e).__name__}: {e}")
                continue
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
            return self._list(conn, req)
        if t == "create":
            self.check_create(conn)
            return await self._create(conn, req)
        if t == "act":
            table = self.table(req.args["match"])
            after = await table.act(req.args["token"], req.args["turn"], req.args["action"], req.get("seat"))
            return {"t": "ok", "turn": after}
        table = self.table(req.args["match"])
        if t == "join":
            # Every check first: a refused join must change nothing (no seat claimed, nothing saved).
            seat = table.free_seat(req.get("seat"))
            conn.can_subscribe(table, seat)
            self.check_seat(conn)
            token = table.claim(seat)
            # Held before the save's await, so that joins racing from many connections of one address cannot all
            # pass check_seat; given back if the save fails.
            self._hold_seat(conn, (table.id, seat))
            try:
                await self.save_table(table)  # the token must survive a crash before the client hears of it
            except OSError as e:
                table.release(seat)
                self._hold_seat(conn, (table.id, seat), keep=False)
                log.error("match %s: cannot save a join: %s", table.id, e)
                raise BadFrame(
                    "save-failed", "the server cannot save the match (see its log); the seat stays free"
                ) from None
            conn.subscribe(table, seat, req.get("since", 0))
            log.info("%s joined match %s as seat %d", conn.address, table.id, seat_number(seat))
            table.publish()  # others' seat lists show the new player
            return {"t": "joined", "match": table.id, "seat": seat, "token": token, "game": table.match.game.id}
        if t == "resume":
            seat = table.seat_of(req.args["token"])
            was_away = table.seats[seat].standin
            conn.subscribe(table, seat, req.get("since", 0))  # hands the seat back from its takeover bot
            self._hold_seat(conn, (table.id, seat))
            if was_away:
                await table.save_seats()  # a restart must not give the seat to the bot again
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
            # Leaving gives up the seat: its token stops working and the seat is free for someone else. (A
            # connection that drops without leaving keeps its seat for a reconnect until the match expires.)
            freed = []
            for key in [k for k in conn.subs if k[0] == table.id]:
                sub = conn.subs.pop(key)
                table.subscribers.discard(sub)
                if sub.seat is not None and (table.id, sub.seat) in conn.seats and not table.match.is_over:
                    table.release(sub.seat)
                    self._hold_seat(conn, (table.id, sub.seat), keep=False)
                    freed.append(sub.seat)
            table.presence()
            if freed:
                await self.save_table(table)
                table.publish()
            return {"t": "left", "match": table.id, "freed": freed}
        raise BadFrame("unknown-type", f"unknown frame type {t!r}")  # unreachable: decode_request checked it

    def _list(self, conn: Connection, req: Request) -> dict[str, Any]:
        """One page of matches, filtered by ``game`` and ``open`` (a free seat); charged to the rate limit by the
        matches it scans, so a 10-byte request cannot cost the server a full scan for free."""
        limit = req.get("limit", self.limits.list_page)
        offset = req.get("offset", 0)
        if not 1 <= limit <= self.limits.list_page:
            raise BadFrame("bad-field", f"'limit' must be from 1 to {self.limits.list_page}")
        if offset < 0:
            raise BadFrame("bad-field", "'offset' must be 0 or more")
        conn.charge(1 + len(self.tables) // self.limits.list_scan_per_token)
        game, open_only = req.get("game"), req.get("open", False)
        found = [
            tb
            for tb in self.tables.values()
            if (game is None or tb.match.game.id == game) and (not open_only or tb.has_free_seat())
        ]
        page = [tb.summary() for tb in found[offset : offset + limit]]
        conn.charge(1 + len(page) // self.limits.list_summaries_per_token)
        nxt = offset + limit if offset + limit < len(found) else None
        return {"t": "matches", "matches": page, "total": len(found), "offset": offset, "next": nxt}

    async def _create(self, conn: Connection, req: Request) -> dict[str, Any]:
        bots: dict[int, str] = {}
        for k, v in req.get("bots", {}).items():
            if not isinstance(k, int) or isinstance(k, bool) or not isinstance(v, str):
                raise BadFrame("bad-field", "'bots' maps seat numbers to bot names")
            bots[k] = self.bounded_bot(req.args["game"], v)
        takeover_bot = req.get("takeover_bot")
        if takeover_bot is not None and takeover_bot != "off":
            takeover_bot = self.bounded_bot(req.args["game"], takeover_bot)
        # A search the creator names to take over dropped seats counts as one of their search matches too.
        named = [*bots.values(), *([takeover_bot] if takeover_bot not in (None, "off") else [])]
        searching = any(bot_name(b) not in QUICK_BOTS for b in named)
        if searching:
            self.check_searching(conn)
        variants = req.get("variants", [])
        if not all(isinstance(v, str) for v in variants):
            raise BadFrame("bad-field", "'variants' is a list of variant names")
        seed = req.get("seed")
        if seed is not None and not 0 <= seed < 2**64:
            raise BadFrame("bad-field", "'seed' must be from 0 to 2**64-1")
        table = self.create(
            req.args["game"],
            req.get("players"),
            seed,
            req.get("options"),
            variants,
            bots,
            req.get("turn_seconds"),
            takeover_bot,
            req.get("takeover_after"),
        )
        self._reserve(conn, table.id, searching)
        try:
            await self.save_table(table)
        except OSError as e:
            del self.tables[table.id]  # never host a match the disk does not have
            self._reserve(conn, table.id, searching, keep=False)
            log.error("match %s: cannot save a new match: %s", table.id, e)
            raise BadFrame("save-failed", "the server cannot save a new match (see its log)") from None
        table.start()
        return {"t": "created", "match": table.id, "summary": table.summary()}

    async def save_table(self, table: Table) -> None:
        """Save a table whose seats changed (a join, a creation) without an action being applied."""
        if self.store is not None:
            async with table.lock:
                await self.store.save(table)

    # -- running -----------------------------------------------------------------------------------------------
    def bounded_bot(self, game: str, spec: str) -> str:
        """A bot spec a client sent, within the server's bounds (``takeover.bounded_bot``)."""
        return bounded_bot(ravenry.game(game), spec, self.limits.bot_seconds)

    async def handler(self, ws: ServerConnection) -> None:
        address = peer_address(ws)
        if self.connections_by.get(address, 0) >= self.limits.connections_per_address:
            per = self.limits.connections_per_address
            await ws.close(1008, f"at most {per} connections per address")
            return
        self.connections += 1
        self.connections_by[address] = self.connections_by.get(address, 0) + 1
        try:
            await Connection(self, ws, self.limits).serve()
        finally:
            self.connections -= 1
            self.connections_by[address] -= 1
            if not self.connections_by[address]:
                del self.connections_by[address]

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
            open_timeout=self.limits.handshake_seconds,
            compression=None,
        ) as srv:
            self.port = next(iter(srv.sockets)).getsockname()[1]
            sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
            if ready is not None:
                ready.set()
            await (stop or asyncio.Event()).wait()
            sweeper.cancel()
            log.info("shutting down: finishing saves and closing %d connection(s)", self.connections)
            # Every client is told why (close code 1001, going away); an action mid-save finishes before its
            # handler ends, and the store's close below waits for the writes still in flight.
            srv.close(reason="server shutting down")
            await srv.wait_closed()
        for table in self.tables.values():
            table.close()

    def sweep(self, now: float | None = None) -> list[str]:
        """Forget finished matches that nobody has watched for ``keep_finished_seconds``, and expire unfinished
        ones no seat holder has been connected to for ``abandoned_seconds`` (their saves move into
        ``DIR/expired/``); returns the ids gone. Also deletes the archived saves past ``keep_archived_days``."""
        now = time.monotonic() if now is None else now
        gone = []
        for tid, table in list(self.tables.items()):
            if not table.match.is_over:
                table.finished_at = None
                table.seen_alone()
                if table.pinned or table.alone_since is None:
                    continue
                unjoined = all(s.token_hash is None for s in table.seats)
                wait = self.limits.unjoined_seconds if unjoined else self.limits.abandoned_seconds
                if now - table.alone_since < wait:
                    continue
                log.info("match %s expired: no player connected for %g s", tid, wait)
                table.notice({"kind": "expired", "message": "nobody has played this match for too long; it is closed"})
                table.close()
                # The save moves before the id leaves the table list: whoever sees the match gone must also
                # see its save archived, never the moment between the two.
                if self.store is not None and self.store.path(tid).exists():
                    self.store.set_aside(self.store.path(tid), EXPIRED, "abandoned")
                del self.tables[tid]
                gone.append(tid)
                continue
            if table.subscribers:
                table.finished_at = None  # the countdown starts when it is over and its last watcher has gone
                continue
            if table.finished_at is None:
                table.finished_at = now
            elif now - table.finished_at >= self.limits.keep_finished_seconds and not table.lock.locked():
                table.close()
                # Its final save was archived when it landed; one whose move did not happen (a save whose waiter
                # was cancelled, a failed rename) goes now rather than wait for the next start-up.
                if self.store is not None and self.store.path(tid).exists():
                    self.store.archive(tid)
                del self.tables[tid]
                gone.append(tid)
        if self.store is not None:
            self.store.prune_archive()  # the oldest archived saves only, from memory: no listing of the folder
        return gone

    async def _sweep_forever(self) -> None:
        if self.store is not None:
            # The one listing of the archive (it grows with history): in a thread, after the server is listening.
            self.store.remember_archived(await asyncio.to_thread(self.store.scan_archive))
        while True:
            lim = self.limits
            await asyncio.sleep(
                min(60.0, lim.keep_finished_seconds / 2, lim.abandoned_seconds / 2, lim.unjoined_seconds / 2)
            )
            self.sweep()


def parse_bots(spec: str | None, players: int, default: str = "random") -> dict[int, str]:
    """``--bots 2,3`` (``default`` bots: the game's ``default_bot``), ``--bots 2=heuristic,4`` or
    ``--bots 1=ismcts:iterations=500,c=0.5,3`` -> {seat index: bot spec}. Seats are typed as people number them,
    from 1, and come back as the API's indices, from 0. A part that is not a seat (``c=0.5``) continues the bot
    spec before it."""
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
        if not seat.isdigit() or not 1 <= int(seat) <= players:
            raise ValueError(f"--bots: {seat!r} is not a seat: {seat_range(players)}")
        last = int(seat) - 1
        out[last] = name or default
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
    options: dict[str, Any] | None = None,
    variants: Sequence[str] = (),
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
    # Wait for the server to listen or to fail (a port in use, a save folder it cannot read): never for a ready
    # signal that will not come.
    waiting = loop.create_task(ready.wait())
    await asyncio.wait([task, waiting], return_when=asyncio.FIRST_COMPLETED)
    try:
        if task.done():
            waiting.cancel()
            task.result()  # raises what stopped the start
            return
        resumed = len(server.tables)
        if game is not None and not (resumed and any(t.match.game.id == game for t in server.tables.values())):
            # Only a fresh server opens the command line's match; a restarted one resumes the saved matches.
            g = ravenry.game(game)
            n = players or g.info.players[0]
            table = server.create(game, n, options=options, variants=variants, bots=parse_bots(bots, n, g.default_bot))
            table.pinned = True
            await server.save_table(table)
            table.start()
        for t in server.tables.values():
            announce(
                f"match {t.id}: {t.match.game.id}, {t.match.players} players, turn {t.match.decisions}"
                f"{' (over)' if t.match.is_over else ''}"
            )
        announce(f"serving on ws://{host}:{server.port} ({resumed} match(es) resumed)")
        await task
    except BaseException:
        stop.set()
        if not task.done():
            await asyncio.wait([task], timeout=10)
        raise
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
    ap.add_argument("--takeover-after", help="seconds a dropped player's seat waits before a bot plays it, or off")
    ap.add_argument("--takeover-bot", help="the bot that plays a dropped seat (with a time budget: ismcts:ms=500)")
    a = ap.parse_args(argv)
    try:
        limits = operator_limits(Limits(), a.takeover_after, a.takeover_bot)
    except ValueError as e:
        ap.error(str(e))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        event_loop.run(
            serve_forever(
                a.host,
                a.port,
                a.game,
                a.players,
                a.bots,
                a.save_dir,
                a.turn_seconds,
                limits,
                announce=lambda s: print(s, flush=True),
            )
        )
    except OSError as e:  # a port in use, a save folder it cannot use: one line and a failing exit status
        raise SystemExit(f"error: cannot serve on {a.host}:{a.port}: {e.strerror or e}") from None


if __name__ == "__main__":
    main()

__all__ = ["Server", "main", "parse_bots", "serve_forever"]
