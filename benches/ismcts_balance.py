"""Balance among good players: `ismcts` in every seat, by house / class / deck, with the seat bias.

    python benches/ismcts_balance.py GAME --players N -n MATCHES [--bot SPEC] [--workers W]
        [--deal OPTION=A,B,C,... [--focus A]] [-o name=value] [--backend ray [--address ADDR]]

Writes `benches/results/ismcts_balance_<game>_<n>p[_<tag>].json` (the tournament's `to_dict()`, or with `--deal`
the label and seat tables summed over the deals and each deal's label shares, plus the command) and prints the
label and seat tables. The budget is set per run by the bot spec; the docs record what was run.

Without `--deal` the game deals its labels itself (agot-ccg: distinct Houses at random), so a label's seats vary
from run to run. `--deal decks=stark,lannister,...` sets the option per match instead: every `N`-subset of the
values in each of its `N`! seat orders, the same number of matches each, so every value holds the same number of
seats, each seat equally often, and every neighbour equally often (at 4 seats that is 24 orders a subset). A value
may be a House name or a deck-list file, so a designer compares candidate decks without touching the plugin's data;
`--focus A` keeps only the units that seat `A`, a screen of one candidate against every other value at a fraction
of the full deal's cost. The units play side by side, `W` at a time with one worker each; `--backend ray` sends
each unit's matches to a Ray cluster instead. Either way the results are the same bits as one worker's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

import ravenry
from ravenry.backends import check_backend
from ravenry.options import parse_cli
from ravenry.simulate import wilson


def label_table(wins: dict[str, float], seats: dict[str, int]) -> dict[str, dict[str, Any]]:
    """Each label's seats, win share and 95% Wilson interval, from its wins and seats summed over deals."""
    return {
        k: {"seats": seats[k], "share": wins[k] / seats[k], "ci95": list(wilson(wins[k], seats[k]))}
        for k in sorted(seats)
    }


def print_labels(labels: dict[str, dict[str, Any]], fair: float) -> None:
    """The label table, each row flagged when its whole interval lies inside ±5 points of fair, or wholly outside."""
    for label, s in labels.items():
        lo, hi = s["ci95"]
        inside = fair - 0.05 <= lo and hi <= fair + 0.05
        outside = hi < fair - 0.05 or lo > fair + 0.05
        flag = "  whole interval inside +-5" if inside else "  <- wholly outside +-5" if outside else ""
        print(f"  {label:<14} {s['share']:6.1%}  [{lo:.1%}, {hi:.1%}]  seats {s['seats']}{flag}")


def deal_units(values: list[str], players: int, focus: str = "") -> list[list[str]]:
    """Every `players`-subset of `values` (those holding `focus`, if given), each in every seat order.

    Every order, not only the rotations of one: at 3 or more seats who sits next to whom matters (in agot-ccg's
    4-player heuristic play one House won 10.5% to 43% against the same three Houses, by their order alone), and
    the rotations of one order keep each subset's neighbours fixed. At 2 seats the orders are the rotations."""
    subsets = [c for c in combinations(values, players) if not focus or focus in c]
    return [list(order) for c in subsets for order in permutations(c)]


def dealt(args: argparse.Namespace, options: dict[str, Any], progress: Callable[[int], None]) -> dict[str, Any]:
    """Play every unit of `--deal` the same number of times; the labels and seats summed over the units."""
    name, _, raw = args.deal.partition("=")
    values = raw.split(",")
    if args.focus and args.focus not in values:
        raise SystemExit(f"--focus {args.focus!r} is not one of the --deal values {values}")
    units = deal_units(values, args.players, args.focus)
    # A value naming a deck-list file is read here, as the command line reads it; matches get its text.
    text = dict(zip(values, parse_cli([f"{name}={raw}"], ravenry.game(args.game).spec.options)[name]))
    per_unit = max(1, args.matches // len(units))
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    seat_wins = [0.0] * args.players
    finished, unfinished, by_unit = 0, 0, []

    def play(i: int) -> dict[str, Any]:
        # One worker a unit, `workers` units at a time: a unit is a few matches, and one that ran its matches over
        # every worker would leave all but one idle while its slowest match finished. The core releases the GIL.
        return ravenry.tournament(
            args.game,
            [args.bot],
            per_unit,
            players=args.players,
            seed=args.seed + 1000 * i,
            workers=1 if args.backend == "local" else args.workers,
            options={**options, name: [text[v] for v in units[i]]},
            backend=args.backend,
            address=args.address,
            progress=progress,
        ).to_dict()

    parallel = args.workers if args.backend == "local" else 1
    with ThreadPoolExecutor(max_workers=parallel) as pool:
        results = list(pool.map(play, range(len(units))))
    for unit, r in zip(units, results):
        done = r["matches"] - r["unfinished"]
        finished += done
        unfinished += r["unfinished"]
        for label, s in r["labels"].items():
            wins[label] = wins.get(label, 0.0) + s["share"] * s["seats"]
            seats[label] = seats.get(label, 0) + s["seats"]
        for s in r["seat_bias"]:
            seat_wins[s["seat"]] += s["share"] * done
        by_unit.append(
            {"deal": unit, "matches": r["matches"], "labels": {k: v["share"] for k, v in r["labels"].items()}}
        )
    return {
        "game": args.game,
        "players": args.players,
        "bots": [args.bot],
        "matches": per_unit * len(units),
        "deal": {
            "option": name,
            "values": values,
            "focus": args.focus or None,
            "units": len(units),
            "matches_per_unit": per_unit,
        },
        "fair_share": 1 / args.players,
        "labels": label_table(wins, seats),
        "seat_bias": [
            {"seat": p, "share": w / finished, "ci95": list(wilson(w, finished))} for p, w in enumerate(seat_wins)
        ]
        if finished
        else [],
        "unfinished": unfinished,
        "by_deal": by_unit,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("-n", "--matches", type=int, default=200)
    ap.add_argument("--bot", default="ismcts:iterations=50")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--deal", default="", help="OPTION=A,B,...: every subset of the values, in every seat order")
    ap.add_argument("--focus", default="", help="with --deal: only the units that seat this value (a screen)")
    ap.add_argument("-o", "--option", action="append", default=[], help="game option name=value")
    ap.add_argument("--backend", choices=("local", "ray"), default="local", help="ray: play on a Ray cluster")
    ap.add_argument("--address", help="with --backend ray: the cluster's address (default: start a local Ray)")
    ap.add_argument("--tag", default="", help="appended to the results file's name, to keep two runs apart")
    args = ap.parse_args()
    options = parse_cli(args.option, ravenry.game(args.game).spec.options)
    check_backend(args.backend)  # a missing Ray is one line, before any match is played
    started = time.perf_counter()
    done = [0]

    def progress(k: int) -> None:
        done[0] += k
        print(f"\r{done[0]}/{args.matches}", end="", file=sys.stderr, flush=True)

    if args.deal:
        result = dealt(args, options, progress)
    else:
        result = ravenry.tournament(
            args.game,
            [args.bot],
            args.matches,
            players=args.players,
            seed=args.seed,
            workers=args.workers,
            options=options or None,
            backend=args.backend,
            address=args.address,
            progress=progress,
        ).to_dict()
    print(file=sys.stderr)
    result["command"] = " ".join(["python", "benches/ismcts_balance.py", *sys.argv[1:]])
    result["made"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    result["machine"] = {"cpus": os.cpu_count(), "platform": platform.platform(), "load_average": os.getloadavg()}
    result["wall_seconds"] = time.perf_counter() - started
    tag = f"_{args.tag}" if args.tag else ""
    out = Path("benches/results") / f"ismcts_balance_{args.game.replace('-', '_')}_{args.players}p{tag}.json"
    out.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
    fair = result["fair_share"]
    print(f"{args.game} {args.players}p, {args.bot} in every seat, {result['matches']} matches, fair {fair:.1%}")
    print_labels(result["labels"], fair)
    for s in result["seat_bias"]:
        print(f"  seat {s['seat']}        {s['share']:6.1%}  [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]")
    print(f"  unfinished {result['unfinished']}, {result['wall_seconds']:.0f} s -> {out}")


if __name__ == "__main__":
    main()
