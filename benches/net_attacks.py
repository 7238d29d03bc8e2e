"""Adversarial soak of the match server: one real server process on loopback, one honest player
timing its ``act`` round trips (sent -> "ok"), first alone, then during each attack, each bounded in time:

- ``list-flood``: three clients asking for ``list`` as fast as the server answers, with ~1,000 matches hosted
- ``match-flood``: one client creating matches as fast as it can (the caps say how many it gets)
- ``malformed``: three clients sending garbage, oversized and malformed frames without pause
- ``stalled-readers``: 150 clients watching the honest player's match that never read a byte
- ``slowloris``: 200 connections dribbling their HTTP handshake a byte a second
- ``file-probe``: one client creating agot-ccg matches whose deck names a server file (``/etc/hostname``,
  ``/proc/self/environ``, ``/dev/zero``, a 4,000-character name) without pause: a reply quoting the file is a leak
- ``bot-flood``: one client creating ten 5-player Iron Throne matches of ``ismcts:iterations=1000000`` seats (the
  server caps each search's clock; the honest player's random bot thinks on another pool)
- ``create-race``: 64 connections of one address (all its cap allows) sending ``create`` at the same moment (the
  per-address cap of 50 matches must hold)
- ``connection-flood``: one address opening connections until refused (the per-address cap, 64)
- ``sigkill``: the server killed with SIGKILL mid-match and started again, repeatedly: acknowledged actions
  lost (must be 0)

    python benches/net_attacks.py                      # every attack, 8 s each
    python benches/net_attacks.py --seconds 30 --only stalled-readers,list-flood

Writes benches/results/net_attacks.json (or --out): per attack, the honest player's p50/p99 beside the baseline
measured in the same run, and what the limit did (requests refused, connections dropped, matches created).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgpack
import ravenry
from _record import RESULTS, Run
from websockets.asyncio.client import connect

Frame = dict[str, Any]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, save_dir: str | None = None) -> subprocess.Popen[bytes]:
    """The server, its console (one line per connection: floods make many) going to a file, never a pipe nobody
    reads: a full pipe would stop the server at its next log line."""
    cmd = [sys.executable, "-u", "-m", "ravenry.net.server", "--port", str(port)]
    if save_dir:
        cmd += ["--save-dir", save_dir]
    log = Path(tempfile.gettempdir()) / f"net_attacks_{port}.log"
    proc = subprocess.Popen(cmd, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if "serving on" in log.read_text(errors="replace"):
            return proc
        time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"the server did not start: {log.read_text(errors='replace')[-2000:]}")


def pct(xs: list[float], q: float) -> float | None:
    xs = sorted(xs)
    return round(1000 * xs[min(len(xs) - 1, int(q * len(xs)))], 2) if xs else None


class Conn:
    """A bare WebSocket client: requests paired by ref, other frames queued."""

    def __init__(self, url: str, source: str | None = None) -> None:
        self.url, self.source = url, source
        self.refs = iter(range(1, 1 << 62))
        self.waiting: dict[int, asyncio.Future[Frame]] = {}
        self.frames: asyncio.Queue[Frame] = asyncio.Queue()

    async def open(self) -> Conn:
        kw: dict[str, Any] = {"local_addr": (self.source, 0)} if self.source else {}
        self.ws = await connect(self.url, compression=None, max_size=1 << 24, open_timeout=20, **kw)
        self.reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            async for data in self.ws:
                f = msgpack.unpackb(data, raw=False, strict_map_key=False)
                fut = self.waiting.pop(f.get("ref"), None) if isinstance(f.get("ref"), int) else None
                if fut is not None and not fut.done():
                    fut.set_result(f)
                else:
                    self.frames.put_nowait(f)
        except Exception:
            pass

    async def ask_again(self, t: str, **args: Any) -> Frame:
        """As an honest client does: a request dropped as rate-limited is sent again after a pause."""
        while True:
            r = await self.ask(t, **args)
            if r.get("code") != "rate-limited":
                return r
            await asyncio.sleep(0.05)

    async def ask(self, t: str, **args: Any) -> Frame:
        ref = next(self.refs)
        fut = self.waiting[ref] = asyncio.get_running_loop().create_future()
        await self.ws.send(msgpack.packb({"t": t, "ref": ref, **args}, use_bin_type=True))
        return await asyncio.wait_for(fut, 5)

    async def close(self) -> None:
        self.reader.cancel()
        await self.ws.close()


async def honest(url: str, seconds: float, think: float, rtts: list[float]) -> None:
    """Seat 0 of fixture matches against a server bot: every action's round trip, for ``seconds``."""
    c = await Conn(url).open()
    rng = random.Random(1)
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            made = await c.ask_again("create", game="fixture", players=2, bots={1: "random"})
            if made["t"] != "created":
                raise RuntimeError(f"the honest player cannot create a match: {made}")
            mid = made["match"]
            tok = (await c.ask_again("join", match=mid, seat=0))["token"]
            while time.monotonic() < end:
                f = await asyncio.wait_for(c.frames.get(), 30)
                if f.get("t") != "state" or f.get("match") != mid:
                    continue
                if f["over"]:
                    break
                if not f["actions"]:
                    continue
                await asyncio.sleep(think)
                t0 = time.perf_counter()
                r = await c.ask_again(
                    "act", match=mid, token=tok, turn=f["turn"], action=rng.choice(f["actions"])["code"]
                )
                if r["t"] == "ok":
                    rtts.append(time.perf_counter() - t0)
            await c.ask_again("leave", match=mid)
    finally:
        await c.close()


async def list_flood(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    # Fill the server first: caps allow 20 unfinished matches per connection, so 50 loopback addresses.
    sources = [f"127.0.0.{i}" for i in range(2, 52)]

    async def fill(src: str) -> int:
        c = await Conn(url, src).open()
        n = 0
        for _ in range(20):
            r = await c.ask("create", game="fixture", players=2)
            n += r["t"] == "created"
        await c.close()  # its matches stay until they expire
        return n

    stats["hosted"] = sum(await asyncio.gather(*(fill(s) for s in sources)))
    stats["served"] = stats["refused"] = stats["bytes"] = 0

    stats["kicked"] = 0

    async def flood() -> None:
        while not stop.is_set():
            c = await Conn(url).open()
            try:
                while not stop.is_set():
                    r = await c.ask("list")
                    if r["t"] == "matches":
                        stats["served"] += 1
                        stats["bytes"] = max(stats["bytes"], len(msgpack.packb(r)))
                    else:
                        stats["refused"] += 1
            except Exception:  # closed for flooding (strikes): straight back in
                stats["kicked"] += 1
            await c.close()

    await asyncio.gather(*(flood() for _ in range(3)))


async def match_flood(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    c = await Conn(url, "127.0.0.60").open()
    stats["created"] = stats["refused"] = 0
    while not stop.is_set():
        r = await c.ask("create", game="fixture", players=2)
        stats["created" if r["t"] == "created" else "refused"] += 1
    await c.close()


async def malformed(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    junk = [b"\xc1\xff", msgpack.packb([1, 2]), msgpack.packb({"t": "act", "ref": 1}), msgpack.packb({"t": 3})]
    stats["dropped"] = 0

    async def one(i: int) -> None:
        while not stop.is_set():
            try:
                ws = await connect(url, compression=None, max_size=1 << 24)
                while not stop.is_set():
                    await ws.send(junk[i % len(junk)])
                    i += 1
            except Exception:
                stats["dropped"] += 1  # kicked for flooding: it comes straight back
                await asyncio.sleep(0.05)

    await asyncio.gather(*(one(i) for i in range(3)))


async def stalled_readers(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    c = await Conn(url, "127.0.0.50").open()
    mids = []
    for _ in range(3):
        mids.append(
            (await c.ask("create", game="agot-board", players=3, bots={0: "random", 1: "random", 2: "random"}))["match"]
        )
    conns = []
    for i in range(150):
        ws = await connect(url, compression=None, local_addr=(f"127.0.1.{i % 200 + 1}", 0))
        ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        for mid in mids:
            await ws.send(msgpack.packb({"t": "watch", "match": mid}, use_bin_type=True))
        ws.transport.pause_reading()  # and never read again
        conns.append(ws)
    await stop.wait()
    # Asked of the server: a client that does not read cannot see that it was dropped.
    stats["server_connections_at_end"] = (await c.ask("stats"))["connections"] - 1
    for ws in conns:
        ws.transport.abort()
    await c.close()


async def slowloris(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    port = int(url.rsplit(":", 1)[1])
    hello = b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    stats["cut_off"] = 0

    async def one(i: int) -> None:
        try:
            r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(f"127.0.2.{i % 200 + 1}", 0))
            for b in hello:
                if stop.is_set():
                    break
                w.write(bytes([b]))
                await w.drain()
                await asyncio.sleep(1.0)
            w.close()
        except Exception:
            stats["cut_off"] += 1

    await asyncio.gather(*(one(i) for i in range(200)))


async def file_probe(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    secrets = [Path("/etc/hostname").read_text(errors="replace").strip()] if Path("/etc/hostname").exists() else []
    paths = ["/etc/hostname", "/proc/self/environ", "/dev/zero", "/tmp/" + "x" * 4000]
    c = await Conn(url, "127.0.0.70").open()
    stats["refused"] = stats["leaks"] = stats["internal"] = 0
    i = 0
    while not stop.is_set():
        r = await c.ask("create", game="agot-ccg", players=2, options={"decks": [paths[i % len(paths)]]})
        i += 1
        message = str(r.get("message", ""))
        stats["refused"] += r["t"] == "error"
        stats["internal"] += r.get("code") == "internal"
        stats["leaks"] += any(x and x in message for x in secrets) or "PATH=" in message
    await c.close()


async def bot_flood(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    c = await Conn(url, "127.0.0.80").open()
    greedy = dict.fromkeys(range(5), "ismcts:iterations=1000000,workers=8")
    made = [await c.ask("create", game="iron-throne", players=5, bots=greedy) for _ in range(10)]
    stats["created"] = sum(r["t"] == "created" for r in made)
    kept = [s["bot"] for r in made if r["t"] == "created" for s in r["summary"]["seats"]]
    stats["bot_as_run"] = sorted(set(kept))
    await stop.wait()
    await c.close()


async def create_race(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    conns = [await Conn(url, "127.0.0.90").open() for _ in range(64)]
    replies = await asyncio.gather(*(c.ask("create", game="fixture", players=2) for c in conns))
    stats["created"] = sum(r["t"] == "created" for r in replies)
    stats["refused"] = sum(r.get("code") == "limit" for r in replies)
    await stop.wait()
    for c in conns:
        await c.close()


async def connection_flood(url: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    conns: list[Conn] = []
    stats["accepted"] = stats["refused"] = 0
    while not stop.is_set() and stats["refused"] < 20:
        c = await Conn(url, "127.0.0.100").open()
        try:
            await c.ask("ping")
            conns.append(c)
            stats["accepted"] += 1
        except Exception:  # closed at once (1008): the cap
            stats["refused"] += 1
    await stop.wait()
    for c in conns:
        await c.close()


ATTACKS: dict[str, Callable[[str, asyncio.Event, dict[str, Any]], Awaitable[None]]] = {
    "list-flood": list_flood,
    "match-flood": match_flood,
    "malformed": malformed,
    "stalled-readers": stalled_readers,
    "slowloris": slowloris,
    "file-probe": file_probe,
    "bot-flood": bot_flood,
    "create-race": create_race,
    "connection-flood": connection_flood,
}


def _attacker(attack: str, url: str, ready: Any, stop: Any, out: Any) -> None:
    """One attack in its own process, so its loops cannot starve the honest player's event loop (the server is
    what is measured, not this script)."""

    async def go() -> dict[str, Any]:
        flag = asyncio.Event()
        stats: dict[str, Any] = {}
        task = asyncio.ensure_future(ATTACKS[attack](url, flag, stats))
        while attack == "list-flood" and "served" not in stats and not task.done():
            await asyncio.sleep(0.1)  # the server is filled first
        ready.set()
        while not stop.is_set() and not task.done():
            await asyncio.sleep(0.1)
        flag.set()
        try:
            await asyncio.wait_for(task, 30)
        except Exception as e:  # noqa: BLE001 - an attacker's own failure is part of the record
            stats["attacker_error"] = f"{type(e).__name__}: {e}"
        return stats

    out.put(asyncio.run(go()))


def phase(url: str, attack: str | None, seconds: float, think: float) -> dict[str, Any]:
    stats: dict[str, Any] = {}
    proc = None
    if attack:
        ctx = multiprocessing.get_context("spawn")
        ready, stop, out = ctx.Event(), ctx.Event(), ctx.Queue()
        proc = ctx.Process(target=_attacker, args=(attack, url, ready, stop, out))
        proc.start()
        ready.wait(120)
        time.sleep(1.0)  # let the attack reach full strength
    rtts: list[float] = []
    asyncio.run(honest(url, seconds, think, rtts))
    if proc is not None:
        stop.set()
        stats = out.get(timeout=60)
        proc.join(30)
    return {"attack": attack or "none", "acts": len(rtts), "p50_ms": pct(rtts, 0.5), "p99_ms": pct(rtts, 0.99), **stats}


def sigkill_soak(rounds: int) -> dict[str, Any]:
    """Kill the server with SIGKILL while a seat plays, restart it, count acknowledged actions not in the save."""
    lost = acked = 0
    with tempfile.TemporaryDirectory() as d:
        port = free_port()
        url = f"ws://127.0.0.1:{port}"
        mid = tok = None
        ok_turns: list[int] = []
        for _ in range(rounds):
            proc = start_server(port, d)

            async def play(proc: subprocess.Popen[bytes], ok_turns: list[int]) -> None:
                nonlocal mid, tok
                c = await Conn(url).open()
                if mid is None:
                    mid = (await c.ask("create", game="fixture", players=2, bots={1: "random"}))["match"]
                    tok = (await c.ask("join", match=mid, seat=0))["token"]
                else:
                    await c.ask("resume", match=mid, token=tok)
                kill_at = time.monotonic() + random.uniform(0.3, 1.0)
                while time.monotonic() < kill_at:
                    f = await asyncio.wait_for(c.frames.get(), 10)
                    if f.get("t") == "state" and f["over"]:
                        break
                    if f.get("t") != "state" or not f["actions"]:
                        continue
                    r = await c.ask("act", match=mid, token=tok, turn=f["turn"], action=f["actions"][0]["code"])
                    if r["t"] == "ok":
                        ok_turns.append(r["turn"])
                proc.send_signal(signal.SIGKILL)
                proc.wait()

            try:
                asyncio.run(play(proc, ok_turns))
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            saved = ravenry.load_match(Path(d) / f"{mid}.rvn")
            acked = len(ok_turns)
            lost += sum(1 for t in ok_turns if t > saved.decisions)
            ok_turns = [t for t in ok_turns if t > saved.decisions]  # counted once
            if saved.is_over:
                mid = None
                ok_turns = []
    return {"attack": "sigkill", "rounds": rounds, "acknowledged_last_round": acked, "acknowledged_lost": lost}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=8.0, help="how long the honest player plays in each phase")
    ap.add_argument("--think", type=float, default=0.02, help="the honest player's pause before each action (s)")
    ap.add_argument("--only", help="comma-separated attacks (default: all)")
    ap.add_argument("--kills", type=int, default=8, help="SIGKILL rounds")
    ap.add_argument("--out", default=str(RESULTS / "net_attacks.json"))
    a = ap.parse_args()
    run = Run("net_attacks")
    names = a.only.split(",") if a.only else [*ATTACKS, "sigkill"]
    results: list[dict[str, Any]] = []
    port = free_port()
    proc = start_server(port)
    url = f"ws://127.0.0.1:{port}"
    try:
        for attack in [None, *(n for n in names if n in ATTACKS)]:
            r = phase(url, attack, a.seconds, a.think)
            print(json.dumps(r), flush=True)
            results.append(r)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
    if "sigkill" in names:
        r = sigkill_soak(a.kills)
        print(json.dumps(r), flush=True)
        results.append(r)
    out = {
        "seconds_per_phase": a.seconds,
        "think_s": a.think,
        "results": results,
    }
    run.write(out, a.out)


if __name__ == "__main__":
    main()
