"""Hearts, Ravenry against OpenSpiel: the like-for-like rows and OpenSpiel's own throughput.

Usage: python benches/peers/hearts_openspiel.py [--quick] [--out FILE] [--json]   -> results/hearts_like_for_like.json
(needs ``pip install ".[peers]"``). ``ravenry bench`` measures Ravenry only; this is the one place OpenSpiel's
hearts is measured beside it.

Like for like: both games are OpenSpiel's hearts with its default parameters, checked move for move against each
other by ``tests/plugins/hearts/test_differential.py``. A step is a player decision (12 passes and 52 plays in a
hand that passes, on both sides); OpenSpiel's chance steps (pass direction and deal, 53 a hand) are counted apart,
and Ravenry deals inside ``new_match``, so both sides' rates include dealing. Each row runs several chunks
alternating between the engines and keeps each engine's best chunk, so a noisy neighbour on the machine hurts
both alike.

OpenSpiel's own figures (``peer``): C++ random play through ``pyspiel.evaluate_bots``, the Python driver loop,
``State.clone()`` and ``ISMCTSBot`` iterations, for reading beside ``ravenry bench``'s rows.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ravenry
from ravenry import _core

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benches/: the shared result envelope
from _record import RESULTS, Run  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benches/peers/: the deal both engines hold
from hearts_pair import deal_both, theirs  # noqa: E402
from rich.console import Console
from rich.table import Table

CHUNKS = 5
# A hand is 64 decisions when it passes (12 pass cards + 52 plays) and 52 when it does not; the first chance node
# picks "no pass" one time in four, so a default match averages 61 decisions on both engines. evaluate_bots does
# not say how many it played, so OpenSpiel's batch rate counts this mean (the Python loops count exactly).
DECISIONS_PER_MATCH = 0.75 * 64 + 0.25 * 52
MID_GAME_DECISIONS = 12 + 6 * 4  # the pass and six tricks


def available() -> bool:
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


def _best_of(chunks: int, ours: Callable[[], float], theirs: Callable[[], float]) -> tuple[float, float]:
    """Run ``chunks`` rounds of ours then theirs (each returns a rate), and keep each side's best."""
    best_ours = best_theirs = 0.0
    for _ in range(chunks):
        best_ours = max(best_ours, ours())
        best_theirs = max(best_theirs, theirs())
    return best_ours, best_theirs


def _rate_for(seconds: float, step: Callable[[], int]) -> float:
    """Units per second of ``step`` (which returns how many units it did), called until ``seconds`` pass."""
    done, start = 0, time.perf_counter()
    while True:
        done += step()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def _row(what: str, unit: str, ours: float, theirs: float, **extra: Any) -> dict[str, Any]:
    return {"row": what, "unit": unit, "ravenry": ours, "open_spiel": theirs, "ratio": ours / theirs, **extra}


# --- the Python driver loop -------------------------------------------------------------------------------


def _ravenry_driver(seconds: float, rng: random.Random, seeds: list[int]) -> float:
    g = ravenry.game("hearts")
    choice = rng.choice

    def one() -> int:
        seeds[0] += 1
        m = g.new_match(4, seeds[0])
        apply, legal = m.apply, m.legal_actions
        n = 0
        while True:
            to_act = m.to_act
            if not to_act:
                return n
            for p in to_act:
                apply(p, choice(legal(p)))
                n += 1

    return _rate_for(seconds, one)


def _open_spiel_driver(seconds: float, rng: random.Random, game: Any) -> float:
    choice = rng.choice

    def one() -> int:
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            # Every hearts chance node is uniform over its legal outcomes, so a uniform pick among
            # legal_actions() is a correct deal and cheaper than reading chance_outcomes() probabilities.
            if s.is_chance_node():
                s.apply_action(choice(s.legal_actions()))
                continue
            s.current_player()
            s.apply_action(choice(s.legal_actions()))
            n += 1
        return n

    return _rate_for(seconds, one)


# --- whole matches in native code -------------------------------------------------------------------------


def _ravenry_batch(seconds: float, workers: int, first: list[int]) -> float:
    g = ravenry.game("hearts")
    rs = g.ruleset(g.resolve_options(None))
    probe = rs.simulate(4, 200, 1, ["random"], workers, first[0], 1_000_000)
    first[0] += 200
    per_match = max(probe["seconds"] / 200, 1e-7)
    n = max(200, int(seconds / per_match))
    start = time.perf_counter()
    r = rs.simulate(4, n, 1, ["random"], workers, first[0], 1_000_000)
    elapsed = time.perf_counter() - start
    first[0] += n
    assert r["finished"] == n
    return float(r["decisions"]) / elapsed


def _open_spiel_matches(n: int, seed: int) -> float:
    """``n`` matches of uniform random bots through ``pyspiel.evaluate_bots``; returns decisions played (by the
    mean per match)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(p, seed * 4 + p) for p in range(4)]
    for i in range(n):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed * 1_000_003 + i)
    return n * DECISIONS_PER_MATCH


def _open_spiel_batch(seconds: float, workers: int, pool: Any, seeds: list[int]) -> float:
    start = time.perf_counter()
    _open_spiel_matches(50, seeds[0])
    per_match = max((time.perf_counter() - start) / 50, 1e-7)
    n = max(50, int(seconds / per_match))
    seeds[0] += 1
    start = time.perf_counter()
    if workers == 1:
        done = _open_spiel_matches(n, seeds[0])
    else:
        # The same number of matches on each of `workers` processes: OpenSpiel's way to use every core.
        done = sum(pool.starmap(_open_spiel_matches, [(n, seeds[0] * 100 + w) for w in range(workers)]))
    elapsed = time.perf_counter() - start
    seeds[0] += 1
    return done / elapsed


# --- clone and save/load ----------------------------------------------------------------------------------


def _mid_games(game: Any, decisions: int = MID_GAME_DECISIONS) -> tuple[Any, Any]:
    """The same position in both engines, ``decisions`` random decisions into one deal (by default after the
    pass and six tricks)."""
    m, s, _ = deal_both(game, 2026)
    rng = random.Random(5)
    for _ in range(decisions):
        p = s.current_player()
        a = rng.choice(m.legal_actions(p))
        m.apply(p, a)
        s.apply_action(theirs(a))
    return m, s


def _clone_rows(seconds: float, game: Any) -> dict[str, Any]:
    """``Match.clone()`` (the public API: the core's copy plus the host's Python subclass) against
    ``State.clone()``; the core's copy alone is recorded beside it, to show where the time goes."""
    m, s = _mid_games(game)
    rs = m.ruleset
    ours, theirs = _best_of(
        CHUNKS,
        lambda: _rate_for(seconds, lambda: (m.clone(), 1)[1]),
        lambda: _rate_for(seconds, lambda: (s.clone(), 1)[1]),
    )
    core_only = _rate_for(seconds, lambda: (_core.Match(rs, 4, m.seed, None, m, None), 1)[1])
    return _row(
        "clone of a mid-game state from Python",
        "clones/s",
        ours,
        theirs,
        position=MID_GAME_DECISIONS,
        ravenry_core_copy_only=core_only,
        how="Ravenry: Match.clone() (state, history and event log); OpenSpiel: State.clone(); "
        "ravenry_core_copy_only: the core's copy into a bare _core.Match, without the host's Python subclass",
    )


def _save_rows(seconds: float, game: Any) -> list[dict[str, Any]]:
    """Two Ravenry round trips against OpenSpiel's one: the snapshot (the state's msgpack bytes and the action
    history back into a match, as OpenSpiel's pair restores a state with its history) and the whole save file
    (``to_bytes`` / ``load_match``, which also checks the format, options and ruleset hash in Python)."""
    import pyspiel

    m, s = _mid_games(game)
    g, rs = m.game, m.ruleset

    def snapshot_once() -> int:
        ravenry.Match(g, rs, 4, m.seed, state=m.state_msgpack(), history=m.history(), options=m.options)
        return 1

    def save_file_once() -> int:
        ravenry.load_match(m.to_bytes())
        return 1

    def theirs_once() -> int:
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, s))
        return 1

    snap, theirs = _best_of(CHUNKS, lambda: _rate_for(seconds, snapshot_once), lambda: _rate_for(seconds, theirs_once))
    save, theirs_again = _best_of(
        CHUNKS, lambda: _rate_for(seconds, save_file_once), lambda: _rate_for(seconds, theirs_once)
    )
    their_bytes = len(pyspiel.serialize_game_and_state(game, s))
    return [
        _row(
            "snapshot round trip of a mid-game state",
            "round trips/s",
            snap,
            theirs,
            ravenry_bytes=len(m.state_msgpack()) + 2 * len(m.history()),
            open_spiel_bytes=their_bytes,
            how="Ravenry: state_msgpack() and history() into Match(state=..., history=...); OpenSpiel: "
            "serialize_game_and_state() then deserialize_game_and_state()",
        ),
        _row(
            "save-file round trip of a mid-game state",
            "round trips/s",
            save,
            theirs_again,
            ravenry_bytes=len(m.to_bytes()),
            open_spiel_bytes=their_bytes,
            how="Ravenry: Match.to_bytes() then ravenry.load_match() (format, options and ruleset-hash checks in "
            "Python); OpenSpiel: as the row above",
        ),
    ]


# ISMCTS iterations per decision in the ISMCTS row: the same count on both sides, enough that one search takes
# tens of milliseconds, so per-call overhead does not decide the row.
ISMCTS_ITERATIONS = 2000


def _ismcts_row(game: Any) -> dict[str, Any]:
    """ISMCTS iterations/s at the first trick's first choice: Ravenry's `ismcts` (random rollouts, one tree, one
    worker) against ``pyspiel.ISMCTSBot`` with a ``RandomRolloutEvaluator`` (one rollout per leaf), the same
    iteration count and exploration constant, best of several alternating chunks."""
    import pyspiel

    m, s = _mid_games(game, 0)
    passing = m.state()["pass_direction"] != "None"
    # The first trick's first decision with a choice (the two of clubs leads alone, and a search with one
    # legal move returns at once on both engines).
    played = 12 if passing else 0
    m, s = _mid_games(game, played)
    while len(s.legal_actions()) < 2:
        played += 1
        m, s = _mid_games(game, played)
    seat = s.current_player()
    spec = f"ismcts:iterations={ISMCTS_ITERATIONS},c=0.7,rollout=random,trees=1,workers=1"
    seeds = iter(range(1, 1 << 30))

    def ours() -> float:
        t = time.perf_counter()
        m.bot_action(spec, seat, seed=next(seeds))
        return ISMCTS_ITERATIONS / (time.perf_counter() - t)

    def theirs() -> float:
        evaluator = pyspiel.RandomRolloutEvaluator(1, next(seeds))
        final = pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
        bot = pyspiel.ISMCTSBot(next(seeds), evaluator, 0.7, ISMCTS_ITERATIONS, -1, final, False, False)
        t = time.perf_counter()
        bot.step(s)
        return ISMCTS_ITERATIONS / (time.perf_counter() - t)

    a, b = _best_of(CHUNKS, ours, theirs)
    return _row(
        "ISMCTS iterations at the first trick",
        "iterations/s",
        a,
        b,
        iterations=ISMCTS_ITERATIONS,
        how="Ravenry: Match.bot_action('ismcts:...,rollout=random,trees=1,workers=1'); OpenSpiel: ISMCTSBot with "
        "RandomRolloutEvaluator(1 rollout), unlimited world samples, one thread; same position, same count",
    )


def measure(budget: float) -> dict[str, Any]:
    """Every like-for-like row; ``budget`` seconds is roughly what each engine gets per row."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    seconds = budget / CHUNKS
    workers = os.cpu_count() or 1
    rows = []
    rng_a, rng_b, seeds = random.Random(1), random.Random(1), [0]
    ours, theirs = _best_of(
        CHUNKS, lambda: _ravenry_driver(seconds, rng_a, seeds), lambda: _open_spiel_driver(seconds, rng_b, game)
    )
    rows.append(
        _row(
            "Python driver loop",
            "decisions/s",
            ours,
            theirs,
            how="Ravenry: to_act -> legal_actions -> random.choice -> apply; OpenSpiel: current_player -> "
            "legal_actions -> random.choice -> apply_action (chance nodes applied in the same loop, not counted)",
        )
    )
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers) as pool:
        for label, w in (("1 worker", 1), (f"all workers ({workers})", workers)):
            first, seeds_os = [0], [1]
            ours, theirs = _best_of(
                CHUNKS,
                lambda w=w, first=first: _ravenry_batch(seconds, w, first),  # type: ignore[misc]
                lambda w=w, seeds_os=seeds_os: _open_spiel_batch(seconds, w, pool, seeds_os),  # type: ignore[misc]
            )
            rows.append(
                _row(
                    f"whole matches in native code, random bots, {label}",
                    "decisions/s",
                    ours,
                    theirs,
                    workers=w,
                    how="Ravenry: the batch runner (Ruleset.simulate); OpenSpiel: pyspiel.evaluate_bots with "
                    "uniform random bots, one process per worker",
                )
            )
    rows.append(_clone_rows(seconds, game))
    rows.extend(_save_rows(seconds, game))
    rows.append(_ismcts_row(game))
    return {
        "game": "hearts",
        "open_spiel_version": getattr(pyspiel, "__version__", "?"),
        "decisions_per_match": DECISIONS_PER_MATCH,
        "open_spiel_chance_steps_per_match": 53,
        "chunks": CHUNKS,
        "seconds_per_chunk": seconds,
        "rows": rows,
    }


# --- OpenSpiel's own throughput (the `peer` figures) ------------------------------------------------------------


def _clone_us(thing: Any, budget: float) -> float:
    """Microseconds per ``thing.clone()`` (an OpenSpiel state)."""
    return 1e6 / _rate_for(budget, lambda: (thing.clone(), 1)[1])


def measure_hearts(budget: float) -> dict[str, Any]:
    """OpenSpiel's hearts: C++ random play (pyspiel.evaluate_bots) and the same Python driver loop."""
    import pyspiel

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
    python_rate = _rate_for(budget, py_match)
    seed = [0]

    def cpp_match() -> int:
        seed[0] += 1
        bots = [pyspiel.make_uniform_random_bot(p, seed[0] * 7 + p) for p in range(game.num_players())]
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed[0])
        return 1

    cpp_matches_per_s = _rate_for(budget, cpp_match)
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
        "cpp_random_matches_per_s": cpp_matches_per_s,
        "cpp_random_decisions_per_s": cpp_matches_per_s * decisions_per_match,
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


# --- the report -----------------------------------------------------------------------------------------------


def like_for_like_table(lfl: dict[str, Any]) -> Table:
    """Ravenry's hearts beside OpenSpiel's, row by row with the ratio."""
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


def peer_table(peer: dict[str, Any]) -> Table:
    """OpenSpiel's own hearts figures, to read beside ``ravenry bench``'s rows."""
    t = Table(title=f"OpenSpiel {peer['open_spiel_version']} hearts (decisions/s unless said)")
    for col in ("C++ random play", "python driver", "clone µs at 0", "clone µs at 200", "ismcts it/s"):
        t.add_column(col, justify="right")
    ismcts = peer.get("ismcts_iterations_per_s_first_decision")
    t.add_row(
        f"{peer['cpp_random_decisions_per_s']:,.0f}",
        f"{peer['python_driver_decisions_per_s']:,.0f}",
        f"{peer['clone_us_at_0']:.2f}",
        f"{peer['clone_us_at_200']:.2f}",
        "—" if ismcts is None else f"{ismcts:,.0f}",
    )
    return t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (smoke test), not for recording")
    parser.add_argument("--out", type=Path, help="the results file (default: results/hearts_like_for_like.json)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    if not available():
        raise SystemExit('OpenSpiel is not installed: pip install ".[peers]"')
    run = Run("peers hearts_openspiel")
    budget = 0.2 if args.quick else 2.0
    results = {
        "ravenry_core": ravenry.core_version,
        "quick": args.quick,
        "budget_seconds": budget,
        "peer": measure_hearts(budget),
        "like_for_like": measure(budget),
    }
    path = run.write(results, args.out or RESULTS / "hearts_like_for_like.json")
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
        return
    console = Console()
    console.print(peer_table(results["peer"]))
    console.print(like_for_like_table(results["like_for_like"]))
    console.print(f"results written to {path}")


if __name__ == "__main__":
    main()
