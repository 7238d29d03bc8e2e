"""Engine throughput, measured per game and player count, beside OpenSpiel's ``hearts`` in the same run.

Every figure is a rate over a timed loop of at least ``budget`` seconds (release build of the core). Nothing
here asserts a speed: the numbers are recorded as JSON and compared side by side.
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

from rich.table import Table

import ravenry
from ravenry.model.match import Match
from ravenry.services import bench_hearts


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
    """Microseconds per ``thing.clone()`` (a match, or an OpenSpiel state)."""
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
    row: dict[str, Any] = {"game": game, "players": players}
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


def measure_hearts(budget: float) -> dict[str, Any] | None:
    """OpenSpiel's hearts: C++ random play (pyspiel.evaluate_bots) and the same Python driver loop."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)

    def py_match() -> int:
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(outcomes, probs)[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                n += 1
        return n

    decisions_per_match = sum(py_match() for _ in range(20)) / 20
    n, t = _timed(py_match, budget)
    python_rate = n / t
    seed = [0]

    def cpp_match() -> int:
        seed[0] += 1
        bots = [pyspiel.make_uniform_random_bot(p, seed[0] * 7 + p) for p in range(game.num_players())]
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed[0])
        return 1

    m, t = _timed(cpp_match, budget)
    clone_us = {}
    for at in (0, 200):
        s = game.new_initial_state()
        k = 0
        while not s.is_terminal() and k < at:
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(outcomes, probs)[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                k += 1
        clone_us[f"clone_us_at_{at}"] = _clone_us(s, budget / 4)
    ismcts = _open_spiel_ismcts(pyspiel, game, budget)
    return {
        **clone_us,
        "ismcts_iterations_per_s_first_decision": ismcts,
        "game": "open_spiel:hearts",
        "players": 4,
        "open_spiel_version": getattr(pyspiel, "__version__", "?"),
        "cpp_random_matches_per_s": m / t,
        "cpp_random_decisions_per_s": m / t * decisions_per_match,
        "decisions_per_match": decisions_per_match,
        "python_driver_decisions_per_s": python_rate,
        "note": "C++ figure: pyspiel.evaluate_bots with uniform random bots, one thread, bots built per match",
    }


def _open_spiel_ismcts(pyspiel: Any, game: Any, budget: float) -> float | None:
    """``pyspiel.ISMCTSBot`` iterations/s at hearts' first real decision (random rollouts, one thread)."""
    try:
        s = game.new_initial_state()
        rng = random.Random(4)
        while s.is_chance_node() or len(s.legal_actions()) < 2:
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(outcomes, probs)[0])
            else:
                s.apply_action(s.legal_actions()[0])
        iterations = 256
        while True:
            evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
            final = pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
            bot = pyspiel.ISMCTSBot(7, evaluator, 0.7, iterations, -1, final, False, False)
            t = time.perf_counter()
            bot.step(s)
            dt = time.perf_counter() - t
            if dt >= budget / 4 or iterations >= 1 << 20:
                return iterations / dt
            iterations *= 2
    except (AttributeError, TypeError, RuntimeError):
        return None


def run(games: list[str] | None = None, quick: bool = False) -> dict[str, Any]:
    budget = 0.2 if quick else 2.0
    ids = games or [i.id for i in ravenry.games()]
    rows = []
    for gid in ids:
        lo, hi = ravenry.game(gid).info.players
        for players in range(lo, hi + 1):
            rows.append(measure_game(gid, players, budget))
    peer = measure_hearts(budget)
    # With hearts among the games, OpenSpiel's hearts is measured beside Ravenry's on identical work.
    like_for_like = bench_hearts.measure(budget) if "hearts" in ids and bench_hearts.available() else None
    for row in rows:
        if peer and "rust_batch_1_worker" in row:
            row["vs_hearts"] = {
                "rust_batch_1_worker_over_cpp": row["rust_batch_1_worker"]["decisions_per_s"]
                / peer["cpp_random_decisions_per_s"],
                "python_driver_over_python_driver": row["python_driver_decisions_per_s"]
                / peer["python_driver_decisions_per_s"],
                "workers_all_over_1": row["rust_batch_all_workers"]["decisions_per_s"]
                / row["rust_batch_1_worker"]["decisions_per_s"],
            }
            if peer.get("ismcts_iterations_per_s_first_decision"):
                row["vs_hearts"]["ismcts_iterations_over_open_spiel"] = (
                    row["ismcts_iterations_per_s"]["random_1_worker"] / peer["ismcts_iterations_per_s_first_decision"]
                )
    return {
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "ravenry_core": ravenry.core_version,
        "quick": quick,
        "budget_seconds": budget,
        "results": rows,
        "peer": peer,
        "like_for_like": like_for_like,
    }


def write(results: dict[str, Any], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    names = sorted({r["game"] for r in results["results"]})
    path = folder / f"bench_{'_'.join(names) or 'none'}{'_quick' if results['quick'] else ''}.json"
    path.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    return path


def table(results: dict[str, Any]) -> Table:
    t = Table(title="Ravenry throughput (decisions/s unless said)")
    cols = ("game", "players", "rust 1 worker", "rust all", "python driver", "clone/s", "snapshot rt/s", "bytes")
    for col in (*cols, "ismcts it/s 1 worker", "ismcts it/s all", "all/1 (cores used)"):
        t.add_column(col, justify="right")

    def f(x: Any) -> str:
        return f"{x:,.0f}" if isinstance(x, (int, float)) else "—"

    def scaling(search: dict[str, Any]) -> str:
        if "all_over_1" not in search:
            return "—"
        return f"{search['all_over_1']:.2f} ({search.get('cores_used_all_workers', 0):.2f})"

    for r in results["results"]:
        t.add_row(
            r["game"],
            str(r["players"]),
            f(r.get("rust_batch_1_worker", {}).get("decisions_per_s")),
            f(r.get("rust_batch_all_workers", {}).get("decisions_per_s")),
            f(r["python_driver_decisions_per_s"]),
            f(r["clone_per_s"]),
            f(r.get("snapshot_round_trips_per_s")),
            str(r["snapshot_bytes"]),
            f(r.get("ismcts_iterations_per_s", {}).get("random_1_worker")),
            f(r.get("ismcts_iterations_per_s", {}).get("random_all_workers")),
            scaling(r.get("ismcts_iterations_per_s", {})),
        )
    peer = results.get("peer")
    if peer:
        t.add_row(
            "open_spiel hearts",
            "4",
            f(peer["cpp_random_decisions_per_s"]),
            "—",
            f(peer["python_driver_decisions_per_s"]),
            "—",
            "—",
            "—",
            f(peer.get("ismcts_iterations_per_s_first_decision")),
            "—",
            "—",
        )
    return t


def like_for_like_table(results: dict[str, Any]) -> Table | None:
    """Ravenry's hearts beside OpenSpiel's, row by row with the ratio (``None`` if not measured)."""
    lfl = results.get("like_for_like")
    if not lfl:
        return None
    t = Table(title=f"hearts, like for like: Ravenry vs OpenSpiel {lfl['open_spiel_version']} (same run)")
    for col in ("row", "unit", "Ravenry", "OpenSpiel", "ratio"):
        t.add_column(col, justify="left" if col in ("row", "unit") else "right")
    for r in lfl["rows"]:
        if "ratio" not in r:
            t.add_row(r["row"], "—", "—", "—", r.get("status", "—"))
            continue
        style = "green" if r["ratio"] >= 1.5 else "red"
        t.add_row(
            r["row"], r["unit"], f"{r['ravenry']:,.0f}", f"{r['open_spiel']:,.0f}", f"[{style}]{r['ratio']:.2f}×[/]"
        )
    return t
