"""Researchers' interfaces, measured beside PettingZoo's own environments in the same run.

Per core game: ``VectorEnv`` environment steps per second with random legal actions drawn by NumPy from the masks
(1 worker and all workers; the time inside ``step`` alone and the whole loop with the NumPy draw), and the
PettingZoo AEC loop (``last`` -> mask -> ``step``). Peers: PettingZoo's AEC loop over RLCard's Leduc Hold'em and
over tic-tac-toe (``pip install ".[peers]"``: rlcard, pygame).

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


def vector_steps(game: str, players: int, matches: int, workers: int, seconds: float) -> dict[str, Any]:
    env = VectorEnv(game, matches, players=players, seed=1, workers=workers)
    _, mask, _ = env.reset()
    rng = np.random.default_rng(1)
    steps, inside, done = 0, 0.0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(1)
        t = time.perf_counter()
        _, mask, _, _, dones = env.step(actions)
        inside += time.perf_counter() - t
        steps += matches
        done += int(dones.sum())
    total = time.perf_counter() - start
    return {
        "workers": workers,
        "matches": matches,
        "steps": steps,
        "finished_matches": done,
        "steps_per_s_in_step": steps / inside,
        "steps_per_s_with_numpy_draw": steps / total,
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--matches", type=int, default=2048)
    ap.add_argument("--game", action="append")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "rl.json"))
    args = ap.parse_args()
    games = args.game or sorted(i.id for i in ravenry.games() if ravenry.game(i.id).spec.core is not None)
    cpus = os.cpu_count() or 1
    peer = peers(args.seconds)
    leduc = peer.get("leduc_holdem_v4", {}).get("steps_per_s")
    results = []
    for game in games:
        players = PLAYERS.get(game, ravenry.game(game).info.players[0])
        row: dict[str, Any] = {"game": game, "players": players}
        row["vector_1_worker"] = vector_steps(game, players, args.matches, 1, args.seconds)
        row["vector_all_workers"] = vector_steps(game, players, args.matches, cpus, args.seconds)
        row["aec_loop"] = aec_loop(aec_env(game, players=players), args.seconds)
        best = row["vector_all_workers"]["steps_per_s_in_step"]
        if leduc:
            row["vector_all_workers_over_pettingzoo_leduc"] = best / leduc
            row["aec_loop_over_pettingzoo_leduc"] = row["aec_loop"]["steps_per_s"] / leduc
        row["meets_1M_steps_per_s"] = best >= 1_000_000
        results.append(row)
        print(
            f"{game:12} {players}p  vector 1w {row['vector_1_worker']['steps_per_s_in_step']:>11,.0f}/s  "
            f"{cpus}w {best:>11,.0f}/s "
            f"(with NumPy draw {row['vector_all_workers']['steps_per_s_with_numpy_draw']:,.0f})  "
            f"AEC {row['aec_loop']['steps_per_s']:>9,.0f}/s",
            flush=True,
        )
    report = {
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": cpus, "platform": platform.platform(), "python": platform.python_version(),
                    "load_average_at_end": os.getloadavg()},
        "seconds_per_measure": args.seconds,
        "matches_per_vector_env": args.matches,
        "ravenry_core": ravenry.core_version,
        "peers": peer,
        "results": results,
    }
    Path(args.out).write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    print(json.dumps(peer, indent=1))


if __name__ == "__main__":
    main()
