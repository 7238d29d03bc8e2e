"""Engine throughput, measured per game and player count: Ravenry's own figures (``ravenry bench``).

Every figure is a rate over a timed loop of at least ``budget`` seconds (release build of the core). Nothing
here asserts a speed: the numbers are recorded as JSON and compared side by side. Peers (OpenSpiel's hearts, like
for like) are measured by ``benches/peers/``, outside the host.
"""

from __future__ import annotations

import json
import os
import platform
import random
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import ravenry
from ravenry.model.match import Match


def _timed(step: Callable[[], int], budget: float) -> tuple[int, float]:
    """Call ``step`` (which returns how many units it did) until ``budget`` seconds pass."""
    done, start = 0, time.perf_counter()
    while True:
        done += step()
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return done, elapsed


def _python_driver(game: str, players: int, budget: float) -> float:
    """Decisions/s of the Python driver loop: to_act -> legal_actions -> random choice -> apply."""
    g = ravenry.game(game)
    rng = random.Random(1)
    seed = [0]

    def one_match() -> int:
        seed[0] += 1
        m = g.new_match(players, seed[0])
        n = 0
        choice, apply, legal = rng.choice, m.apply, m.legal_actions
        while True:
            to_act = m.to_act
            if not to_act:
                return n
            for p in to_act:
                apply(p, choice(legal(p)))
                n += 1

    n, t = _timed(one_match, budget)
    return n / t


def _mid_game(game: str, players: int) -> Any:
    m = ravenry.game(game).new_match(players, 12345)
    rng = random.Random(2)
    total = 0
    probe = m.clone()
    while not probe.is_over:
        for p in probe.to_act:
            probe.apply(p, rng.choice(probe.legal_actions(p)))
            total += 1
    rng = random.Random(2)
    for _ in range(total // 2):
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
    return m


def _after(game: str, players: int, decisions: int) -> Any:
    """A match after ``decisions`` random decisions (or over, if sooner)."""
    m = ravenry.game(game).new_match(players, 12345)
    rng = random.Random(3)
    while not m.is_over and m.decisions < decisions:
        p = m.to_act[0]
        m.apply(p, rng.choice(m.legal_actions(p)))
    return m


def _clone_us(thing: Any, budget: float) -> float:
    """Microseconds per ``thing.clone()``."""
    n, t = _timed(lambda: (thing.clone(), 1)[1], budget)
    return 1e6 * t / n


def _ismcts_rate(m: Any, workers: int, budget: float, rollout: str = "random") -> tuple[float, float]:
    """ISMCTS iterations per second at ``m``'s current decision with ``workers`` threads (one tree each), and the
    CPU seconds the process used per wall second meanwhile (how many cores the machine actually gave it)."""
    p = next((q for q in m.to_act if len(m.legal_actions(q)) > 1), m.to_act[0])
    iterations = 64
    while True:
        spec = f"ismcts:iterations={iterations},rollout={rollout},workers={workers}"
        t, cpu = time.perf_counter(), time.process_time()
        m.bot_action(spec, p, seed=1)
        dt, used = time.perf_counter() - t, time.process_time() - cpu
        if dt >= budget / 4 or iterations >= 1 << 22:
            return iterations / dt, used / dt
        iterations *= 2


def measure_search(game: str, players: int, budget: float) -> dict[str, Any]:
    """ISMCTS iterations/s at the first real decision of a match: random rollouts on 1 and on all workers, and
    the game's own rollout policy on one. ``cores_used_*`` says how much CPU the machine gave the search: on a
    busy machine the all-workers ratio is bounded by it, whatever the code does."""
    m = _after(game, players, 0)
    while not m.is_over and all(len(m.legal_actions(q)) < 2 for q in m.to_act):
        m.apply(m.to_act[0], m.legal_actions(m.to_act[0])[0])
    w = os.cpu_count() or 1
    one, one_cores = _ismcts_rate(m, 1, budget)
    many, many_cores = _ismcts_rate(m, w, budget)
    row = {
        "random_1_worker": one,
        "random_all_workers": many,
        "workers": w,
        "all_over_1": many / one,
        "cores_used_1_worker": one_cores,
        "cores_used_all_workers": many_cores,
    }
    if "heuristic" in ravenry.game(game).info.bots:
        row["heuristic_1_worker"] = _ismcts_rate(m, 1, budget, "heuristic")[0]
    return row


def measure_game(game: str, players: int, budget: float) -> dict[str, Any]:
    g = ravenry.game(game)
    # The 1-minute load average as the row starts: on a shared 2-core machine a rate means little without it.
    row: dict[str, Any] = {"game": game, "players": players, "load_average": os.getloadavg()[0]}
    if g.spec.core is not None:
        workers_all = os.cpu_count() or 1
        for label, workers in (("1_worker", 1), ("all_workers", workers_all)):
            probe = ravenry.simulate(game, 200, players, ["random"], seed=1, workers=workers)
            per_match = max(probe.seconds / max(probe.matches, 1), 1e-7)
            n = max(200, int(budget / per_match))
            r = ravenry.simulate(game, n, players, ["random"], seed=1, workers=workers)
            row[f"rust_batch_{label}"] = {
                "workers": workers,
                "matches": r.matches,
                "matches_per_s": r.matches_per_s,
                "decisions_per_s": r.decisions_per_s,
                "decisions_per_match": r.decisions_per_match,
            }
        row["ismcts_iterations_per_s"] = measure_search(game, players, budget)
    row["python_driver_decisions_per_s"] = _python_driver(game, players, budget)
    mid = _mid_game(game, players)
    n, t = _timed(lambda: (mid.clone(), 1)[1], budget / 2)
    row["clone_per_s"] = n / t
    for at in (0, 200):
        row[f"clone_us_at_{at}"] = _clone_us(_after(game, players, at), budget / 4)
    state = mid.state_msgpack()
    row["snapshot_bytes"] = len(state)
    if isinstance(mid, Match):
        rs, seed = mid.ruleset, mid.seed

        def round_trip() -> int:
            Match(mid.game, rs, players, seed, state=mid.state_msgpack(), options=mid.options)
            return 1

        n, t = _timed(round_trip, budget / 2)
        row["snapshot_round_trips_per_s"] = n / t
    save = mid.to_bytes()
    row["save_file_bytes"] = len(save)
    n, t = _timed(lambda: (ravenry.load_match(save), 1)[1], budget / 2)
    row["save_file_loads_per_s"] = n / t
    return row


def run(games: list[str] | None = None, quick: bool = False) -> dict[str, Any]:
    budget = 0.2 if quick else 2.0
    ids = games or [i.id for i in ravenry.games()]
    load_before = list(os.getloadavg())
    rows = []
    for gid in ids:
        lo, hi = ravenry.game(gid).info.players
        for players in range(lo, hi + 1):
            rows.append(measure_game(gid, players, budget))
    return {
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "ravenry_core": ravenry.core_version,
        "quick": quick,
        "budget_seconds": budget,
        "load_average_before": load_before,
        "load_average_after": list(os.getloadavg()),
        "results": rows,
    }


def write(results: dict[str, Any], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    names = sorted({r["game"] for r in results["results"]})
    path = folder / f"bench_{'_'.join(names) or 'none'}{'_quick' if results['quick'] else ''}.json"
    path.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    return path
