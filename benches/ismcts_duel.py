"""Two bot specs sharing every table: a tournament with seats rotated and deals duplicated, each match on one core.

    python benches/ismcts_duel.py GAME --players N -n MATCHES --bots SPEC_A SPEC_B --name NAME

Writes `benches/results/ismcts_<name>_<game>_<n>p.json`: the tournament's `to_dict()` (win share per bot with its
95% interval, head-to-head, ratings) plus the command, the machine and its load. `ismcts_rollouts.py` and
`ismcts_prior.py` are the two duels the docs record.
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
from typing import Any

import ravenry


def duel(game: str, players: int, matches: int, bots: list[str], name: str, seed: int, workers: int) -> dict[str, Any]:
    """Run the duel, write its JSON and print its table; returns the result."""
    load_at_start = list(os.getloadavg())
    started = time.perf_counter()
    done = [0]

    def progress(k: int) -> None:
        done[0] += k
        print(f"\r{done[0]}/{matches}", end="", file=sys.stderr, flush=True)

    result = ravenry.tournament(game, bots, matches, players=players, seed=seed, workers=workers, progress=progress)
    data = result.to_dict()
    print(file=sys.stderr)
    data["command"] = " ".join(["python", Path(sys.argv[0]).as_posix(), *sys.argv[1:]])
    data["made"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    data["machine"] = {
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "load_average_at_start": load_at_start,
        "load_average_at_end": list(os.getloadavg()),
    }
    data["wall_seconds"] = time.perf_counter() - started
    out = Path("benches/results") / f"ismcts_{name}_{game.replace('-', '_')}_{players}p.json"
    out.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    print(f"{game} {players}p, {data['matches']} matches, fair {data['fair_share']:.1%}")
    for s in data["bots_win_share"]:
        lo, hi = s["ci95"]
        print(f"  {s['bot']:<40} {s['share']:6.1%}  [{lo:.1%}, {hi:.1%}]  seats {s['seats']}")
    a, b = bots
    h2h = data["head_to_head"][a][b]
    print(f"  {a} scores {h2h['score']:.3f} [{h2h['ci95'][0]:.3f}, {h2h['ci95'][1]:.3f}] against {b}")
    print(f"  {data['wall_seconds']:.0f} s -> {out}")
    return data


def arguments(description: str) -> argparse.ArgumentParser:
    """The options every duel takes."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("-n", "--matches", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    return ap


def main() -> None:
    ap = arguments("two bot specs sharing every table")
    ap.add_argument("--bots", nargs=2, required=True, metavar="SPEC")
    ap.add_argument("--name", required=True, help="the results file's middle part")
    args = ap.parse_args()
    duel(args.game, args.players, args.matches, args.bots, args.name, args.seed, args.workers)


if __name__ == "__main__":
    main()
