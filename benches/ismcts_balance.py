"""Balance among good players: `ismcts` in every seat, by house / class / deck, with the seat bias.

    python benches/ismcts_balance.py GAME --players N -n MATCHES [--bot SPEC] [--workers W]

Writes `benches/results/ismcts_balance_<game>_<n>p.json` (the tournament's `to_dict()` plus the command) and
prints the label and seat tables. The budget is set per run by the bot spec; the docs record what was run.
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
    ap.add_argument("-n", "--matches", type=int, default=200)
    ap.add_argument("--bot", default="ismcts:iterations=50")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("-o", "--option", action="append", default=[], help="game option name=value")
    args = ap.parse_args()
    options = dict(kv.split("=", 1) for kv in args.option)
    started = time.perf_counter()
    done = [0]

    def progress(k: int) -> None:
        done[0] += k
        print(f"\r{done[0]}/{args.matches}", end="", file=sys.stderr, flush=True)

    result = ravenry.tournament(
        args.game,
        [args.bot],
        args.matches,
        players=args.players,
        seed=args.seed,
        workers=args.workers,
        options=options or None,
        progress=progress,
    ).to_dict()
    print(file=sys.stderr)
    result["command"] = " ".join(["python", "benches/ismcts_balance.py", *sys.argv[1:]])
    result["made"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    result["machine"] = {"cpus": os.cpu_count(), "platform": platform.platform(), "load_average": os.getloadavg()}
    result["wall_seconds"] = time.perf_counter() - started
    out = Path("benches/results") / f"ismcts_balance_{args.game.replace('-', '_')}_{args.players}p.json"
    out.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
    fair = result["fair_share"]
    print(f"{args.game} {args.players}p, {args.bot} in every seat, {result['matches']} matches, fair {fair:.1%}")
    for label, s in result["labels"].items():
        lo, hi = s["ci95"]
        flag = "" if lo <= fair + 0.05 and hi >= fair - 0.05 else "  <- outside +-5 points"
        print(f"  {label:<14} {s['share']:6.1%}  [{lo:.1%}, {hi:.1%}]  seats {s['seats']}{flag}")
    for s in result["seat_bias"]:
        print(f"  seat {s['seat']}        {s['share']:6.1%}  [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]")
    print(
        f"  unfinished {result['unfinished']}, median length {result['lengths'].get('median')}, "
        f"{result['wall_seconds']:.0f} s -> {out}"
    )


if __name__ == "__main__":
    main()
