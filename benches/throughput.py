"""How fast the engine runs, alone and beside its peers: one subcommand per question, every result in the shared
envelope (``_record.py``). The peers need ``pip install ".[peers]"`` (OpenSpiel, RLCard, pygame); Ray needs
``pip install ".[ray]"``.

    python benches/throughput.py engine [--game ID ...] [--quick] [--out F]   -> results/throughput.json
        per game and player count: Rust batch random play (1 worker and all workers), the Python driver loop,
        clones/s, snapshot and save-file round trips/s (``ravenry bench``); OpenSpiel's hearts beside Ravenry's on
        identical work is ``benches/peers/hearts_openspiel.py`` (-> results/hearts_like_for_like.json)
    python benches/throughput.py rl [--seconds 3] [--matches 2048] [--game ID ...] [--out F]   -> results/rl.json
        VectorEnv steps/s and the PettingZoo AEC loop, beside PettingZoo's Leduc Hold'em and tic-tac-toe
    python benches/throughput.py scale-out [--matches 20000] [--tasks 400] [--out F]   -> results/scale_out.json
        `simulate` and `tournament` matches/s, local backend against a local Ray, and Ray's cost per task

`engine` leaves out the test-only games (tests/fixture_plugin's: ``fixture``, ``race-to-ten``, ``coin``) unless
``--game`` names them, so the file answers for the games a user installs whatever else is on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ravenry
from _record import RESULTS, Run


def test_only(game: str) -> bool:
    """A game of the tests' own plugin (tests/fixture_plugin, registered when it is installed): not measured."""
    return ravenry.game(game).plugin == "fixture"


# --- engine and hearts: `ravenry bench` in the envelope ----------------------------------------------------------


def engine(args: argparse.Namespace, games: list[str], default: str) -> None:
    """``ravenry bench`` for ``games``, written in the envelope to ``default`` unless ``--out`` says otherwise."""
    from ravenry.faces.tables import bench_table
    from ravenry.services import bench as bench_mod
    from rich.console import Console

    run = Run(f"throughput {args.command}")
    results = bench_mod.run(games, quick=args.quick)
    run.write(results, args.out or RESULTS / default)
    Console().print(bench_table(results))


# --- rl: VectorEnv and the AEC loop beside PettingZoo's ----------------------------------------------------------

# The player count each game is measured at (its most common table).
PLAYERS = {"fixture": 2, "iron-throne": 4, "roll-player": 4, "agot-ccg": 2, "agot-board": 5, "hearts": 4}


def vector_steps(
    game: str, players: int, matches: int, workers: int, seconds: float, *, copy: bool, draw: str
) -> dict[str, Any]:
    from ravenry.rl import VectorEnv

    env = VectorEnv(game, matches, players=players, seed=1, workers=workers, copy=copy)
    _, mask, _ = env.reset()
    import numpy as np

    rng = np.random.default_rng(1)

    def actions() -> np.ndarray:
        if draw == "legal":
            return env.random_legal(rng)
        return (rng.random(mask.shape, dtype=np.float32) * mask).argmax(1)

    for _ in range(3):  # warm up: first touches of the arrays and the matches' buffers
        _, mask, _, _, _ = env.step(actions())
    steps, inside, cpu_inside, done = 0, 0.0, 0.0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        a = actions()
        t, c = time.perf_counter(), time.process_time()
        _, mask, _, _, dones = env.step(a)
        cpu_inside += time.process_time() - c
        inside += time.perf_counter() - t
        steps += matches
        done += int(dones.sum())
    total = time.perf_counter() - start
    return {
        "workers": workers,
        "matches": matches,
        "copy": copy,
        "draw": draw,
        "steps": steps,
        "finished_matches": done,
        "steps_per_s_in_step": steps / inside,
        "steps_per_s_with_numpy_draw": steps / total,
        # CPUs the process used while inside step: below `workers` means the machine was busy elsewhere, and
        # steps per CPU-second is then the steadier figure (what each worker does when it has a core).
        "cpus_used_in_step": cpu_inside / inside,
        "steps_per_cpu_second_in_step": steps / cpu_inside if cpu_inside else None,
    }


def aec_loop(env: Any, seconds: float) -> dict[str, Any]:
    """PettingZoo's agent loop with a random legal action from the mask; restarts finished matches."""
    import numpy as np

    rng = np.random.default_rng(2)
    seed, steps = 0, 0
    env.reset(seed=seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        seed += 1
        env.reset(seed=seed)
    return {"steps": steps, "steps_per_s": steps / (time.perf_counter() - start)}


def peers(seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    try:
        from pettingzoo.classic import leduc_holdem_v4, tictactoe_v3
    except Exception as e:  # a missing peer is reported, not fatal
        return {"error": f"{type(e).__name__}: {e}"}
    import pettingzoo

    out["pettingzoo_version"] = pettingzoo.__version__
    for name, make in [("leduc_holdem_v4", leduc_holdem_v4.env), ("tictactoe_v3", tictactoe_v3.env)]:
        try:
            out[name] = aec_loop(make(), seconds)
        except Exception as e:
            out[name] = {"error": f"{type(e).__name__}: {e}"}
    return out


def mean_peer(first: dict[str, Any], last: dict[str, Any], name: str) -> float | None:
    rates = [p[name]["steps_per_s"] for p in (first, last) if "steps_per_s" in p.get(name, {})]
    return sum(rates) / len(rates) if rates else None


def rl(args: argparse.Namespace) -> None:
    """Per core game: ``VectorEnv`` steps/s with uniformly random legal actions drawn by NumPy, inside ``step`` alone
    and with the draw. Three loops: 1 worker and all workers on the env's own arrays (``copy=False``) with the draw
    from the legal indices (one draw per match), and all workers on copied arrays with a mask-wide draw (one draw per
    mask entry). Then the PettingZoo AEC loop (``last`` -> mask -> ``step``). The peers (PettingZoo's AEC loop over
    RLCard's Leduc Hold'em and tic-tac-toe) are measured at the start and again at the end of the run and the ratios
    use their mean, so drift shows beside the envelope's load averages."""
    from ravenry.rl import aec_env

    run = Run("throughput rl")
    games = args.game or sorted(i.id for i in ravenry.games() if ravenry.game(i.id).spec.core is not None)
    cpus = os.cpu_count() or 1
    peer_first = peers(args.seconds)
    results = []
    for game in games:
        players = PLAYERS.get(game, ravenry.game(game).info.players[0])
        row: dict[str, Any] = {"game": game, "players": players}
        m, s = args.matches, args.seconds
        row["vector_1_worker"] = vector_steps(game, players, m, 1, s, copy=False, draw="legal")
        row["vector_all_workers"] = vector_steps(game, players, m, cpus, s, copy=False, draw="legal")
        row["vector_all_workers_copied_mask_draw"] = vector_steps(game, players, m, cpus, s, copy=True, draw="mask")
        row["aec_loop"] = aec_loop(aec_env(game, players=players), s)
        results.append(row)
        best = row["vector_all_workers"]
        print(
            f"{game:12} {players}p  vector 1w {row['vector_1_worker']['steps_per_s_in_step']:>11,.0f}/s  "
            f"{cpus}w {best['steps_per_s_in_step']:>11,.0f}/s (with the legal draw "
            f"{best['steps_per_s_with_numpy_draw']:,.0f}; copied + mask draw "
            f"{row['vector_all_workers_copied_mask_draw']['steps_per_s_with_numpy_draw']:,.0f}; "
            f"{best['cpus_used_in_step']:.2f} CPUs in step)  AEC {row['aec_loop']['steps_per_s']:>9,.0f}/s",
            flush=True,
        )
    peer_last = peers(args.seconds)
    leduc = mean_peer(peer_first, peer_last, "leduc_holdem_v4")
    for row in results:
        best = row["vector_all_workers"]
        for key in ("steps_per_s_in_step", "steps_per_s_with_numpy_draw"):
            row[f"meets_1M_{key}"] = best[key] >= 1_000_000
            if leduc:
                row[f"vector_all_workers_{key}_over_pettingzoo_leduc"] = best[key] / leduc
        if leduc:
            row["aec_loop_over_pettingzoo_leduc"] = row["aec_loop"]["steps_per_s"] / leduc
    report = {
        "seconds_per_measure": args.seconds,
        "matches_per_vector_env": args.matches,
        "ravenry_core": ravenry.core_version,
        "peers": {"at_start": peer_first, "at_end": peer_last, "leduc_holdem_v4_mean_steps_per_s": leduc},
        "results": results,
    }
    run.write(report, args.out or RESULTS / "rl.json")
    print(json.dumps(report["peers"], indent=1))


# --- scale-out: the local backend against Ray -------------------------------------------------------------------


def _timed(f: Callable[[], Any]) -> tuple[Any, float]:
    t = time.perf_counter()
    out = f()
    return out, time.perf_counter() - t


def _strip(d: dict) -> dict:
    return {
        k: v
        for k, v in d.items()
        if k not in ("timing", "seconds", "matches_per_s", "decisions_per_s", "backend", "workers")
    }


def scale_out(args: argparse.Namespace) -> None:
    """Both backends run the same chunks of the same run and must give the same totals (checked here too); what
    differs is where the chunks run. Ray is started locally with one CPU per core. The per-task overhead is measured
    with chunks of one match of the fixture game, whose play costs microseconds, against the same chunks run locally."""
    import ray
    from ravenry.services.backends import RulesetSource, run_chunks

    run = Run("throughput scale-out")
    cpus = os.cpu_count() or 1
    game, kw = "iron-throne", dict(players=4, bots=["heuristic"], seed=1)
    rows = []
    for workers in sorted({1, cpus}):
        r, s = _timed(lambda w=workers: ravenry.simulate(game, args.matches, workers=w, **kw))
        rows.append(
            {
                "run": "simulate",
                "backend": "local",
                "workers": workers,
                "matches": args.matches,
                "seconds": s,
                "matches_per_s": args.matches / s,
            }
        )
        local = r.to_dict()
    (_, init_s) = _timed(lambda: ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False))
    r, s = _timed(lambda: ravenry.simulate(game, args.matches, backend="ray", **kw))
    assert _strip(r.to_dict()) == _strip(local), "Ray and local totals differ"
    rows.append(
        {
            "run": "simulate",
            "backend": "ray",
            "workers": cpus,
            "matches": args.matches,
            "seconds": s,
            "matches_per_s": args.matches / s,
        }
    )
    t_matches = args.matches // 10
    tkw = dict(players=4, seed=1)
    for backend in ("local", "ray"):
        res, s = _timed(
            lambda b=backend: ravenry.tournament(game, ["heuristic", "random"], t_matches, backend=b, **tkw)
        )
        rows.append(
            {
                "run": "tournament",
                "backend": backend,
                "workers": cpus,
                "matches": res.matches,
                "seconds": s,
                "matches_per_s": res.matches / s,
                "note": "includes rating and a 100-sample bootstrap",
            }
        )
    g = ravenry.game("fixture")
    source = RulesetSource(*g.ruleset_args(g.resolve_options(None)))
    chunks = [(2, 1, 7, ["random"], 1, i, 10_000) for i in range(args.tasks)]
    _, local_s = _timed(lambda: run_chunks(source, "simulate", chunks, "local"))
    _, ray_s = _timed(lambda: run_chunks(source, "simulate", chunks, "ray"))
    overhead = {
        "tasks": args.tasks,
        "local_seconds": local_s,
        "ray_seconds": ray_s,
        "ray_ms_per_task": (ray_s - local_s) / args.tasks * 1000,
        "ray_init_seconds": init_s,
    }
    ray.shutdown()
    out = {
        "ray": ray.__version__,
        "game": game,
        "rows": rows,
        "ray_task_overhead": overhead,
    }
    run.write(out, args.out or RESULTS / "scale_out.json")
    for row in rows:
        print(f"{row['run']:<10} {row['backend']:<5} workers {row['workers']}: {row['matches_per_s']:>9,.0f} matches/s")
    print(f"Ray: {overhead['ray_ms_per_task']:.2f} ms per task beyond local; init {init_s:.1f} s")


# --- the command line --------------------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("engine", help="every installed real game (ravenry bench); OpenSpiel's hearts: peers/")
    e.add_argument("--game", action="append", help="only this game (repeatable; default: every real game)")
    e.add_argument("--quick", action="store_true", help="a tenth of the time budget: a smoke test, not a record")
    e.add_argument("--out", type=Path, help="the results file (default: results/throughput.json)")
    r = sub.add_parser("rl", help="VectorEnv and the PettingZoo AEC loop beside PettingZoo's own environments")
    r.add_argument("--seconds", type=float, default=3.0)
    r.add_argument("--matches", type=int, default=2048)
    r.add_argument("--game", action="append")
    r.add_argument("--out", type=Path, help="the results file (default: benches/results/rl.json)")
    s = sub.add_parser("scale-out", help="the local backend against a local Ray, and Ray's cost per task")
    s.add_argument("--matches", type=int, default=20_000)
    s.add_argument("--tasks", type=int, default=400, help="one-match tasks for the per-task overhead")
    s.add_argument("--out", type=Path, help="the results file (default: benches/results/scale_out.json)")
    return ap


def main() -> None:
    args = parser().parse_args()
    if args.command == "engine":
        games = args.game or sorted(i.id for i in ravenry.games() if not test_only(i.id))
        engine(args, games, "throughput.json")
    elif args.command == "rl":
        rl(args)
    else:
        scale_out(args)


if __name__ == "__main__":
    main()
