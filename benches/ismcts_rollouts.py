"""Heuristic against random rollouts: `ismcts` at the game's default budget with each rollout policy, the two
bots sharing every table, seats rotated and deals duplicated (a tournament), every match on one core.

    python benches/ismcts_rollouts.py GAME --players N -n MATCHES [--extra "cut=200"]

Writes `benches/results/ismcts_rollouts_<game>_<n>p.json`: the tournament's `to_dict()` (win share per bot with
its 95% interval, head-to-head, ratings) plus the command, the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import ravenry


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("-n", "--matches", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--extra", default="", help="parameters both bots share, e.g. iterations=300")
    args = ap.parse_args()
    extra = f",{args.extra}" if args.extra else ""
    bots = [f"ismcts:rollout=heuristic{extra}", f"ismcts:rollout=random{extra}"]
    load_at_start = list(os.getloadavg())
    started = time.perf_counter()
    done = [0]

    def progress(k: int) -> None:
        done[0] += k
        print(f"\r{done[0]}/{args.matches}", end="", file=sys.stderr, flush=True)

    result = ravenry.tournament(
        args.game, bots, args.matches, players=args.players, seed=args.seed, workers=args.workers, progress=progress
    ).to_dict()
    print(file=sys.stderr)
    result["command"] = " ".join(["python", "benches/ismcts_rollouts.py", *sys.argv[1:]])
    result["made"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    result["machine"] = {
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "load_average_at_start": load_at_start,
        "load_average_at_end": list(os.getloadavg()),
    }
    result["wall_seconds"] = time.perf_counter() - started
    out = Path("benches/results") / f"ismcts_rollouts_{args.game.replace('-', '_')}_{args.players}p.json"
    out.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
    print(f"{args.game} {args.players}p, {result['matches']} matches, fair {result['fair_share']:.1%}")
    for s in result["bots_win_share"]:
        lo, hi = s["ci95"]
        print(f"  {s['bot']:<40} {s['share']:6.1%}  [{lo:.1%}, {hi:.1%}]  seats {s['seats']}")
    heuristic, random_ = bots
    h2h = result["head_to_head"][heuristic][random_]
    print(f"  heuristic rollouts score {h2h['score']:.3f} [{h2h['ci95'][0]:.3f}, {h2h['ci95'][1]:.3f}] against random")
    print(f"  {result['wall_seconds']:.0f} s -> {out}")


if __name__ == "__main__":
    main()
