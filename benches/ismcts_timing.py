"""Seconds per `ismcts` decision at each game's default budget, one core: heuristic seats play a match and the
search decides every seventh real choice of seat 0 (up to `--decisions` of them), timed. Run it on an idle
machine: it is the check that the default budgets stay under a second a decision.

    python benches/ismcts_timing.py [--spec ismcts] [--decisions 8]

Writes `benches/results/ismcts_timing.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from datetime import datetime, timezone
from pathlib import Path

import ravenry

SETUPS = [
    ("iron-throne", 3),
    ("iron-throne", 4),
    ("iron-throne", 5),
    ("roll-player", 1),
    ("roll-player", 2),
    ("roll-player", 4),
    ("agot-ccg", 2),
    ("agot-ccg", 3),
    ("agot-ccg", 4),
    ("agot-board", 3),
    ("agot-board", 4),
    ("agot-board", 5),
    ("hearts", 4),
]


def time_setup(game: str, players: int, spec: str, decisions: int, seed: int) -> dict[str, float | int]:
    m = ravenry.game(game).new_match(players, seed)
    times: list[float] = []
    choices = 0
    bot_seed = 1
    while not m.is_over and len(times) < decisions:
        for p in m.to_act:
            legal = m.legal_actions(p)
            bot_seed += 1
            if p == 0 and len(legal) > 1 and choices % 7 == 0:
                t = time.perf_counter()
                a = m.bot_action(spec, p, seed=bot_seed)
                times.append(time.perf_counter() - t)
            else:
                a = m.bot_action("heuristic", p, seed=bot_seed)
            choices += p == 0 and len(legal) > 1
            m.apply(p, a)
    return {"mean": statistics.fmean(times), "max": max(times), "decisions_timed": len(times), "at": m.decisions}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default="ismcts")
    ap.add_argument("--decisions", type=int, default=8)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    load_at_start = list(os.getloadavg())
    rows = []
    for game, players in SETUPS:
        row = {"game": game, "players": players, **time_setup(game, players, args.spec, args.decisions, args.seed)}
        rows.append(row)
        print(f"{game:<12} {players}p  mean {row['mean']:.3f} s  max {row['max']:.3f} s", flush=True)
    out = {
        "spec": args.spec,
        "rows": rows,
        "made": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "load_average_at_start": load_at_start,
            "load_average_at_end": list(os.getloadavg()),
        },
    }
    path = Path(__file__).parent / "results" / "ismcts_timing.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
