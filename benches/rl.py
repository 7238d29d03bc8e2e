"""Researchers' interfaces, measured beside PettingZoo's own environments in the same run.

Per core game: ``VectorEnv`` environment steps per second with uniformly random legal actions drawn by NumPy, the
time inside ``step`` alone and the whole loop with the draw. Three loops: 1 worker and all workers with the env's
own arrays (``copy=False``) and the draw from the legal indices (``legal()``, one draw per match), and all workers
with copied arrays and a mask-wide draw (``(rng.random(mask.shape) * mask).argmax(1)``, one draw per mask entry).
Then the PettingZoo AEC loop (``last`` -> mask -> ``step``). Peers: PettingZoo's AEC loop over RLCard's Leduc
Hold'em and over tic-tac-toe (``pip install ".[peers]"``: rlcard, pygame), measured at the start and again at the
end of the run; the ratios use their mean, and both are recorded with the load average, so drift shows.

Usage: python benches/rl.py [--seconds S] [--matches N] [--game ID ...] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np
import ravenry
from ravenry.rl import VectorEnv, aec_env

# The player count each game is measured at (its most common table).
PLAYERS = {"fixture": 2, "iron-throne": 4, "roll-player": 4, "agot-ccg": 2, "agot-board": 5, "hearts": 4}


def vector_steps(
    game: str, players: int, matches: int, workers: int, seconds: float, *, copy: bool, draw: str
) -> dict[str, Any]:
    env = VectorEnv(game, matches, players=players, seed=1, workers=workers, copy=copy)
    _, mask, _ = env.reset()
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--matches", type=int, default=2048)
    ap.add_argument("--game", action="append")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "rl.json"))
    args = ap.parse_args()
    games = args.game or sorted(i.id for i in ravenry.games() if ravenry.game(i.id).spec.core is not None)
    cpus = os.cpu_count() or 1
    load_at_start = os.getloadavg()
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
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {
            "cpus": cpus,
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_average_at_start": load_at_start,
            "load_average_at_end": os.getloadavg(),
        },
        "seconds_per_measure": args.seconds,
        "matches_per_vector_env": args.matches,
        "ravenry_core": ravenry.core_version,
        "peers": {"at_start": peer_first, "at_end": peer_last, "leduc_holdem_v4_mean_steps_per_s": leduc},
        "results": results,
    }
    Path(args.out).write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    print(json.dumps(report["peers"], indent=1))


if __name__ == "__main__":
    main()
