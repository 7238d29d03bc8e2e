"""Load bench of the match server: one server process on loopback, N concurrent matches whose every seat is a
remote bot client (one WebSocket each, kept from match to match; the lean bots of benches/net_bots.py, or
ravenry's own SeatPlayer with --full-clients), spread over --workers client processes.
Reports actions served per second and the round trip of an ``act`` frame (sent -> "ok" received, which the
server sends only after the action is applied, saved when --save-dir is given, and the new state queued),
p50/p99.

    python benches/net_load.py                       # 100 matches of fixture, 4 seats, 5 rounds
    python benches/net_load.py --save-dir /tmp/rvn   # the same with a save after every action
    python benches/net_load.py --sweep 0,10,25,50,100,200 --out benches/results/net_load_sweep.json
                                                     # one run per think time: the load held under the target
    python benches/net_load.py --game iron-throne,roll-player,agot-board,agot-ccg --rounds 2 \
        --out benches/results/net_load_games.json    # one run per game: real views are kilobytes
    python benches/net_load.py --restart 10000 --game hearts --out benches/results/net_restart.json
                                                     # no load: the server's start-up with 10,000 finished
                                                     # saves on disk against none

Writes benches/results/net_load.json (or --out). Wall-clock numbers depend on the machine: read them next to
the ``machine`` block, and compare runs made on the same one.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import platform
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import net_bots
from _record import RESULTS, Run
from ravenry.net import loop as event_loop
from ravenry.net.client import Chooser, Client, SeatPlayer, random_chooser
from ravenry.net.server import Server
from ravenry.net.store import FINISHED, Store
from ravenry.net.table import Seat, Table


def machine(load_before: tuple[float, float, float] | list[float]) -> dict[str, Any]:
    """What ran the bench: Python, the event loop, the platform, the cores, and the load before and after."""
    return {
        "python": platform.python_version(),
        "event_loop": event_loop.flavour(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "loadavg_1m_before": round(load_before[0], 2),
        "loadavg_1m_after": round(os.getloadavg()[0], 2),
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, save_dir: str | None, lines: list[str] | None = None) -> subprocess.Popen[str]:
    prof = os.environ.get("NET_LOAD_PROFILE")  # a path: profile the server with cProfile into it
    cmd = [
        sys.executable,
        "-u",
        *(["-m", "cProfile", "-o", prof] if prof else []),
        "-m",
        "ravenry.net.server",
        "--port",
        str(port),
    ]
    if save_dir:
        cmd += ["--save-dir", save_dir]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if lines is not None:
            lines.append(line.rstrip())
        if line.startswith("serving on"):
            return proc
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux), to tell server cost from client cost."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def thinking(seed: int, think_ms: float) -> Chooser:
    """The random bot, taking ``think_ms`` (on average, uniform 0..2x) before each answer, as a real bot or a
    quick human would. With 0 the bots answer at once and the bench measures the server saturated."""
    base = random_chooser(seed)
    rng = random.Random(seed)

    async def choose(state: dict[str, Any]) -> int | None:
        if think_ms:
            await asyncio.sleep(rng.uniform(0, 2 * think_ms) / 1000)
        return await base(state)

    return choose


async def table(
    url: str, game: str, players: int, rounds: int, seed: int, think_ms: float, stagger_s: float = 0.0
) -> list[SeatPlayer]:
    """One of the concurrent tables: ``rounds`` matches one after another, every seat a remote bot. Each seat's
    bot keeps its connection from match to match, as a tournament bot would; the first seat creates each match.
    The table sits down at a random moment in the first ``stagger_s`` seconds, as matches on a real server do not
    all start in the same millisecond (with 0, all tables' connections arrive at once: a worst case)."""
    await asyncio.sleep(random.Random(seed).uniform(0, stagger_s))
    choosers = [thinking(seed * 10 + s, think_ms) for s in range(players)]
    clients = [await Client(url, source=net_bots.table_address(seed)).connect() for _ in range(players)]
    out: list[SeatPlayer] = []
    try:
        for r in range(rounds):
            mid = (await clients[0].request("create", game=game, players=players, seed=seed * 1000 + r))["match"]
            seats = [SeatPlayer(url, mid, seat=s, choose=choosers[s], connection=clients[s]) for s in range(players)]
            await asyncio.gather(*(p.run() for p in seats))
            out += seats
    finally:
        await asyncio.gather(*(c.close() for c in clients))
    return out


async def lean_table(
    url: str, game: str, players: int, rounds: int, seed: int, think_ms: float, stagger_s: float = 0.0
) -> list[net_bots.LeanSeat]:
    """``table`` with lean bots (benches/net_bots.py): the same matches, frames and choices at a fraction of the
    clients' CPU."""
    await asyncio.sleep(random.Random(seed).uniform(0, stagger_s))
    bots = []
    for s in range(players):
        rng = random.Random(seed * 10 + s)
        think = (lambda rng=rng: rng.uniform(0, 2 * think_ms) / 1000) if think_ms else (lambda: 0.0)
        choose = lambda state, rng=rng: rng.choice(state["actions"])["code"]  # noqa: E731
        bots.append(await net_bots.connect(url, choose, think, net_bots.table_address(seed)))
    try:
        for r in range(rounds):
            mid = (await bots[0].request("create", game=game, players=players, seed=seed * 1000 + r))["match"]
            await asyncio.gather(*(bot.play(mid, s) for s, bot in enumerate(bots)))
    finally:
        for bot in bots:
            await bot.close()
    return bots


async def play_tables(
    url: str,
    game: str,
    ids: list[int],
    players: int,
    rounds: int,
    think_ms: float,
    stagger_s: float,
    full_clients: bool = False,
) -> dict[str, Any]:
    t0 = time.perf_counter()
    play = table if full_clients else lean_table
    results = await asyncio.gather(*(play(url, game, players, rounds, i, think_ms, stagger_s) for i in ids))
    seconds = time.perf_counter() - t0
    seats = [p for r in results for p in r]
    errors: dict[str, int] = {}
    for p in seats:
        for e in p.errors:
            errors[e["code"]] = errors.get(e["code"], 0) + 1
    return {
        "latencies": [x for p in seats for x in p.latencies],
        "errors": errors,
        "seconds": seconds,
        "cpu": time.process_time(),
    }


def worker(job: tuple[tuple[Any, ...], int]) -> dict[str, Any]:
    """One client process's share: ``job`` is (``play_tables`` arguments, niceness)."""
    tables, nice = job
    if nice:
        os.nice(nice)
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
    return event_loop.run(play_tables(*tables))


def bench(
    url: str,
    game: str,
    matches: int,
    players: int,
    rounds: int,
    think_ms: float = 0.0,
    stagger_s: float = 0.0,
    workers: int = 1,
    nice: int = 0,
    full_clients: bool = False,
) -> dict[str, Any]:
    """Play the tables in ``workers`` client processes (1 without ``nice``: in this one) and merge what they
    measured. ``nice`` lowers the client processes' priority, so the server gets a CPU first when both want one."""
    splits = [list(range(matches))[w::workers] for w in range(workers)]
    jobs = [((url, game, ids, players, rounds, think_ms, stagger_s, full_clients), nice) for ids in splits]
    if workers == 1 and not nice:
        parts = [worker(jobs[0])]
    else:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process that has run an event loop
        with ctx.Pool(workers) as pool:
            parts = pool.map(worker, jobs)
    lat = [x for part in parts for x in part["latencies"]]
    seconds = max(part["seconds"] for part in parts)
    errors: dict[str, int] = {}
    for part in parts:
        for k, v in part["errors"].items():
            errors[k] = errors.get(k, 0) + v

    async def stats() -> dict[str, Any]:
        async with Client(url) as c:
            return await c.request("stats")

    server_stats = asyncio.run(stats())
    return {
        "actions": len(lat),
        "seconds": round(seconds, 3),
        "actions_per_s": round(len(lat) / seconds, 1),
        "latency_ms": {**summary(lat), "mean": round(1000 * statistics.fmean(lat), 3)},
        # The server's own time per act (checks, apply, save, states marked), without the network, the queue in
        # front of it or the clients' scheduling: what the server costs, as opposed to what the machine allows.
        "server_act_ms": server_stats["act_ms"],
        "matches_played": matches * rounds,
        "refused": errors,  # races (stale, match-over) are expected in simultaneous phases; others are bugs
        "client_cpu_seconds": round(sum(part["cpu"] for part in parts), 2),
    }


async def probe(url: str, seconds: float | None) -> None:
    """A light client in its own process: a ``ping`` every 20 ms, each timed, until SIGTERM (or ``seconds``).
    It shows how responsive the server stays for one more player while the bench's 400 clients load it, free of
    the bench process's own event-loop backlog. Prints its stats as one JSON line."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    if seconds is not None:
        loop.call_later(seconds, stop.set)
    lat: list[float] = []
    async with Client(url) as c:
        print("ready", flush=True)
        while not stop.is_set():
            t0 = time.perf_counter()
            await c.request("ping")
            lat.append(time.perf_counter() - t0)
            try:
                await asyncio.wait_for(stop.wait(), 0.02)
            except asyncio.TimeoutError:
                pass
    print(json.dumps(summary(lat)), flush=True)


def summary(lat: list[float]) -> dict[str, Any]:
    return {
        "n": len(lat),
        "p50": round(1000 * statistics.median(lat), 3),
        "p90": round(1000 * percentile(lat, 0.90), 3),
        "p99": round(1000 * percentile(lat, 0.99), 3),
        "max": round(1000 * max(lat), 3),
    }


def start_probe(url: str, seconds: float | None = None) -> subprocess.Popen[str]:
    cmd = [sys.executable, __file__, "--probe", url] + (["--probe-seconds", str(seconds)] if seconds else [])
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def probe_result(proc: subprocess.Popen[str], stop: bool) -> dict[str, Any]:
    if stop:
        proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=30)
    return dict(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="fixture", help="a game, or several (a,b,…): one run per game, in one report")
    ap.add_argument("--matches", type=int, default=100, help="concurrent matches")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=5, help="matches each concurrent table plays in a row")
    ap.add_argument("--think-ms", type=float, default=0.0, help="mean time a bot takes per decision")
    ap.add_argument(
        "--sweep", metavar="MS,MS,...", help="one run per think time (e.g. 0,25,50,100,200), all in one report"
    )
    ap.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="client processes the tables are spread over (default: one per CPU, so the clients are not the "
        "bottleneck)",
    )
    ap.add_argument(
        "--client-nice",
        type=int,
        default=0,
        help="niceness of the client processes: the load generator yields the CPU to the server, as clients on "
        "other machines would",
    )
    ap.add_argument(
        "--full-clients",
        action="store_true",
        help="play every seat with ravenry's own client (SeatPlayer) instead of the lean bots of benches/net_bots.py: "
        "what the real client costs, charged to the same two cores as the server",
    )
    ap.add_argument("--stagger-s", type=float, default=0.0, help="tables sit down spread over this many seconds")
    ap.add_argument("--save-dir", help="have the server save every match after every action here")
    ap.add_argument("--out", default=str(RESULTS / "net_load.json"))
    ap.add_argument("--target-p99-ms", type=float, default=50.0)
    ap.add_argument(
        "--restart",
        type=int,
        metavar="FINISHED",
        help="instead of a load: time the server's start-up with FINISHED finished matches of --game on disk (and "
        "--restart-live unfinished ones) against the same start with none",
    )
    ap.add_argument("--restart-live", type=int, default=20, help="unfinished saves in every --restart layout")
    ap.add_argument("--restart-repeats", type=int, default=5, help="starts timed per --restart layout")
    ap.add_argument("--probe", metavar="URL", help=argparse.SUPPRESS)  # internal: run as the probe process
    ap.add_argument("--probe-seconds", type=float, help=argparse.SUPPRESS)
    a = ap.parse_args()
    # The bench's clients are a measuring instrument: their GC pauses (400 connections' worth of garbage) would be
    # charged to the server's latency. Same tuning as the server (ravenry.net.server.serve_forever).
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
    if a.probe:
        asyncio.run(probe(a.probe, a.probe_seconds))
        return

    if a.restart is not None:
        run = Run("net_restart")
        report = restart(a)
        run.write(report, a.out if a.out != ap.get_default("out") else RESULTS / "net_restart.json")
        print(json.dumps(report, indent=2))
        return
    run = Run("net_load")
    games = a.game.split(",")
    if len(games) > 1:
        if a.sweep:
            ap.error("--sweep takes one --game")
        runs = [measure(a, a.think_ms, g) for g in games]
        report: dict[str, Any] = {
            "bench": "net_load_games",
            "runs": runs,
            "met": {r["params"]["game"]: r["target"]["met"] for r in runs},
        }
    elif a.sweep:
        runs = [measure(a, float(t), a.game) for t in a.sweep.split(",")]
        held = [r for r in runs if r["target"]["met"]]
        report = {
            "bench": "net_load_sweep",
            "runs": runs,
            # The capacity at the target: the most actions/s any run served with p99 under it.
            "capacity": {
                "p99_ms": a.target_p99_ms,
                "actions_per_s": max((r["result"]["actions_per_s"] for r in held), default=0.0),
                "think_ms": [r["params"]["think_ms"] for r in held],
            },
        }
    else:
        report = measure(a, a.think_ms, a.game)
    run.write(report, a.out)
    print(json.dumps(report, indent=2))


def measure(a: argparse.Namespace, think_ms: float, game: str) -> dict[str, Any]:
    """One run: a fresh server (and save folder), the tables, the probe; the report of design §9's shape."""
    save_dir = None
    if a.save_dir:
        save_dir = str(Path(a.save_dir) / f"think-{think_ms:g}")
        shutil.rmtree(save_dir, ignore_errors=True)
    port = free_port()
    server = start_server(port, save_dir)
    load_before = os.getloadavg()
    url = f"ws://127.0.0.1:{port}"
    try:
        idle = probe_result(start_probe(url, 2.0), stop=False)
        loaded = start_probe(url)
        result = bench(
            url, game, a.matches, a.players, a.rounds, think_ms, a.stagger_s, a.workers, a.client_nice, a.full_clients
        )
        result["probe_ping_ms"] = {"idle_server": idle, "under_load": probe_result(loaded, stop=True)}
        result["cpu_seconds"] = {
            "server": round(cpu_seconds(server.pid), 2),
            "clients": result.pop("client_cpu_seconds"),
        }
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(10)
    return {
        "bench": "net_load",
        "params": {
            "game": game,
            "matches": a.matches,
            "players": a.players,
            "rounds": a.rounds,
            "connections": a.matches * a.players,
            "save_dir": bool(a.save_dir),
            "think_ms": think_ms,
            "stagger_s": a.stagger_s,
            "client_processes": a.workers,
            "client_nice": a.client_nice,
            "clients": "SeatPlayer" if a.full_clients else "lean (benches/net_bots.py)",
        },
        "result": result,
        "target": {"p99_ms": a.target_p99_ms, "met": result["latency_ms"]["p99"] < a.target_p99_ms},
        "machine": {
            **machine(load_before),
            "note": "server and clients share the machine (server in its own process)",
        },
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


# -- start-up with history on disk (--restart) ---------------------------------------------------------------------
def saves(game: str, finished: bool, seed: int) -> Table:
    """A random match of ``game`` (4 players where it allows), played to its end or 8 decisions in, as a table
    whose ``meta.net`` a server would accept: the template every save of one kind is copied from."""
    import ravenry

    lo, hi = ravenry.game(game).info.players
    m = ravenry.game(game).new_match(max(lo, min(4, hi)), seed)
    rng = random.Random(seed)
    while not m.is_over and (finished or m.decisions < 8):
        p = m.to_act[0]
        m.apply(p, rng.choice(m.legal_actions(p)))
    return Table("template", m, [Seat(i) for i in range(m.players)])


def write_copies(table: Table, folder: Path, ids: list[str]) -> None:
    """One save per id, the template's bytes with the id in ``meta.net`` (a server refuses a save whose
    ``meta.net.id`` does not name its file). Plain writes, no fsync: generating 10,000 takes about a second."""
    folder.mkdir(parents=True, exist_ok=True)
    m = table.match
    for mid in ids:
        table.id = mid
        m.meta["net"] = table.net_meta()
        (folder / f"{mid}.rvn").write_bytes(m.to_bytes())


def time_start(save_dir: Path) -> tuple[float, str]:
    """Seconds from launching ``python -m ravenry.net.server --save-dir`` to its "serving on" line (what an
    operator waits for: the interpreter, the plugins and the saves), and that line."""
    lines: list[str] = []
    t0 = time.perf_counter()
    server = start_server(free_port(), str(save_dir), lines)
    seconds = time.perf_counter() - t0
    server.send_signal(signal.SIGTERM)
    server.wait(30)
    return seconds, lines[-1]


def resume_seconds(save_dir: Path) -> tuple[float, int]:
    """The saves' part alone, in this process: ``Server.resume_saved`` (clean-up, load, verify, archive)."""
    store = Store(save_dir)
    try:
        server = Server(store=store)
        t0 = time.perf_counter()
        hosted = asyncio.run(server.resume_saved())
        return time.perf_counter() - t0, hosted
    finally:
        store.close()


def restart(a: argparse.Namespace) -> dict[str, Any]:
    """Start-up time of a server whose save folder holds ``a.restart_live`` unfinished matches and: no finished
    ones; ``a.restart`` archived in ``DIR/finished/`` (every restart of a server that has run a while); or
    ``a.restart`` finished ones still in the live folder (an older server's layout, moved out by this start, once).
    Layouts alternate within each repeat, so a change in the machine's load hits all of them alike. The run's
    assertions check every start hosted exactly the unfinished matches and left the finished ones archived."""
    game = a.game
    finished, live = saves(game, True, 1), saves(game, False, 2)
    live_ids = [f"live{i:04d}" for i in range(a.restart_live)]
    done_ids = [f"{i:08x}" for i in range(a.restart)]
    root = Path(a.save_dir or tempfile.mkdtemp(prefix="ravenry-restart-"))
    layouts = ("none", "archived", "old_layout")
    dirs = {k: root / k for k in layouts}
    for d in dirs.values():
        shutil.rmtree(d, ignore_errors=True)
        write_copies(live, d, live_ids)
    t0 = time.perf_counter()
    write_copies(finished, dirs["archived"] / FINISHED, done_ids)
    generate_s = time.perf_counter() - t0
    starts: dict[str, list[float]] = {k: [] for k in layouts}
    resumes: dict[str, list[float]] = {k: [] for k in layouts}
    last_line: dict[str, str] = {}
    load_before = os.getloadavg()
    for r in range(a.restart_repeats):
        for k in layouts[r % 3 :] + layouts[: r % 3]:  # each layout first in turn: no order effect
            if k == "old_layout":  # its start archives them: put them back in the live folder each time
                shutil.rmtree(dirs[k] / FINISHED, ignore_errors=True)
                write_copies(finished, dirs[k], done_ids)
            seconds, last_line[k] = time_start(dirs[k])
            starts[k].append(round(seconds, 3))
            if k == "old_layout":
                shutil.rmtree(dirs[k] / FINISHED, ignore_errors=True)
                write_copies(finished, dirs[k], done_ids)
            seconds, hosted = resume_seconds(dirs[k])
            assert hosted == a.restart_live, (k, hosted)
            resumes[k].append(round(seconds, 4))
    for k in layouts:
        on_disk = len(list((dirs[k] / FINISHED).glob("*.rvn"))) if (dirs[k] / FINISHED).exists() else 0
        assert on_disk == (0 if k == "none" else a.restart), (k, on_disk)
        assert len(list(dirs[k].glob("*.rvn"))) == a.restart_live, k
    # The one listing of the archive, which the server runs in a thread after it is listening (Store.scan_archive).
    store = Store(dirs["archived"])
    store.keep_archived = 30 * 86_400
    t0 = time.perf_counter()
    kept = store.scan_archive()
    scan_s = time.perf_counter() - t0
    store.close()
    assert len(kept) == a.restart
    if not a.save_dir:
        shutil.rmtree(root, ignore_errors=True)
    med = {k: statistics.median(v) for k, v in starts.items()}
    return {
        "bench": "net_restart",
        "params": {
            "game": game,
            "finished_saves": a.restart,
            "unfinished_saves": a.restart_live,
            "repeats": a.restart_repeats,
            "finished_match_decisions": finished.match.decisions,
            "save_bytes": {"finished": len(finished.match.to_bytes()), "unfinished": len(live.match.to_bytes())},
        },
        "layouts": {
            "none": f"{a.restart_live} unfinished saves, no finished one",
            "archived": f"the same and {a.restart} finished saves in DIR/{FINISHED}/ (any restart after the first)",
            "old_layout": f"the same and {a.restart} finished saves in the live folder, as an older server left "
            "them: this start archives them (once), and an older server replayed them at every start",
        },
        "result": {
            "start_seconds": starts,
            "start_seconds_median": {k: round(v, 3) for k, v in med.items()},
            "archived_over_none": round(med["archived"] / med["none"], 3),
            "resume_saved_seconds": resumes,
            "resume_saved_seconds_median": {k: round(statistics.median(v), 4) for k, v in resumes.items()},
            "archive_scan_seconds": round(scan_s, 4),
            "generate_seconds": round(generate_s, 3),
            "serving_line": last_line,
        },
        "machine": machine(load_before),
    }


if __name__ == "__main__":
    main()
