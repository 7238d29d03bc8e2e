"""Balance studies for the game docs: `study` runs `ravenry.balance` (verdicts against ±tolerance with anytime-valid
intervals, inside a budget) and keeps its answer; `run` seats one bot (default `ismcts`) everywhere over dealt
deck subsets, and `pool` sums several dealt runs into one table (deck screening for the CCG).

    python benches/balance.py study GAME --players N [--bots heuristic] [--budget 2m] [--tolerance 5]
        [--without X] [--variant V] [-o name=value] [--seed S] [--workers W] [--tag T]

    python benches/balance.py run GAME --players N -n MATCHES [--bot SPEC] [--workers W]
        [--deal OPTION=A,B,C,... [--focus A]] [-o name=value] [--backend ray [--address ADDR]] [--tag T] [--out F]
    python benches/balance.py pool RUN.json [RUN.json ...] [--without VALUE[,VALUE] RUN.json ...] [--out POOLED.json]

`study` writes `study_<game>_<n>p_<bots>[_<tag>].json` in the results folder (the report's `to_dict()` in the
shared envelope) and prints its verdicts as a Markdown table. `table` puts several study files of one game and
game side by side (heuristic and search, or player counts): the one table a game doc's balance section shows.

    python benches/balance.py table results/study_GAME_Np_heuristic.json results/study_GAME_Np_ismcts_iterations50.json

`run` writes `balance_<game>_<n>p[_<tag>].json` in the results folder beside this script (the tournament's
`to_dict()`, or with `--deal` the label and seat tables summed over the deals and each deal's label shares) in the
shared envelope (`_record.py`), and prints the label and seat tables. The budget is set per run by the bot spec.

Without `--deal` the game deals its labels itself (agot-ccg: distinct Houses at random), so a label's seats vary
from run to run. `--deal decks=stark,lannister,...` sets the option per match instead: every `N`-subset of the
values in each of its `N`! seat orders, the same number of matches each, so every value holds the same number of
seats, each seat equally often, and every neighbour equally often (at 4 seats that is 24 orders a subset). A value
may be a House name or a deck-list file, so a designer compares candidate decks without touching the plugin's data;
`--focus A` keeps only the units that seat `A`, a screen of one candidate against every other value at a fraction
of the full deal's cost. The units play side by side, `W` at a time with one worker each; `--backend ray` sends
each unit's matches to a Ray cluster instead. Either way the results are the same bits as one worker's.

`pool`: a designer who retunes one deck need not replay the deals it does not sit in. A focused screen of the new
deck (`run ... --deal ... --focus new.txt`) plus the earlier runs' deals without the old deck make the table of the
new deck list. `--without VALUE` drops, from the runs named after it, every deal that seats VALUE (the value as it
was written in that run's `--deal`, e.g. `baratheon`; several, comma-separated, drop a deal that seats any of them;
`--without ""` keeps every deal again). Every run must be of one game, one player count and one bot; deals are
weighted by their matches. Prints the table and, with `--out`, writes it in the envelope.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

import ravenry
from _record import RESULTS, Run
from ravenry.model.options import parse_cli
from ravenry.services.backends import check_backend
from ravenry.services.balance import parse_budget
from ravenry.services.simulate import wilson


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


def pool(runs: list[tuple[dict[str, Any], str]]) -> dict[str, Any]:
    """`runs`: (a `balance.py run` result with `by_deal`, the values whose deals to drop, comma-separated, or "")."""
    keys = {(r["game"], r["players"], tuple(r["bots"])) for r, _ in runs}
    if len(keys) != 1:
        raise SystemExit(f"the runs are of different games, player counts or bots: {sorted(keys)}")
    if any("by_deal" not in r for r, _ in runs):
        raise SystemExit("every run must be a `balance.py run --deal` result (it has `by_deal`)")
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    kept = 0
    for r, without in runs:
        dropped = set(filter(None, without.split(",")))
        for d in r["by_deal"]:
            if dropped & set(d["deal"]):
                continue
            kept += 1
            for label, share in d["labels"].items():
                wins[label] = wins.get(label, 0.0) + share * d["matches"]
                seats[label] = seats.get(label, 0) + d["matches"]
    game, players, bots = keys.pop()
    return {
        "game": game,
        "players": players,
        "bots": list(bots),
        "fair_share": 1 / players,
        "deals": kept,
        "sources": [
            {"command": r.get("envelope", {}).get("command") or r.get("command"), "without": w or None} for r, w in runs
        ],
        "labels": label_table(wins, seats),
    }


def run_main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="balance.py run")
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
    ap.add_argument("--out", type=Path, help="the results file (default: balance_<game>_<n>p.json in results/)")
    args = ap.parse_args(argv)
    options = parse_cli(args.option, ravenry.game(args.game).spec.options)
    check_backend(args.backend)  # a missing Ray is one line, before any match is played
    record = Run("balance run")
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
    tag = f"_{args.tag}" if args.tag else ""
    out = record.write(result, args.out or RESULTS / f"balance_{args.game.replace('-', '_')}_{args.players}p{tag}.json")
    fair = result["fair_share"]
    print(f"{args.game} {args.players}p, {args.bot} in every seat, {result['matches']} matches, fair {fair:.1%}")
    print_labels(result["labels"], fair)
    for s in result["seat_bias"]:
        print(f"  seat {s['seat']}        {s['share']:6.1%}  [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]")
    print(f"  unfinished {result['unfinished']} -> {out}")


def markdown(d: dict[str, Any]) -> str:
    """A study's verdicts as the Markdown table a game doc shows (share, 95% anytime interval, verdict, and for an
    undecided one the seats seen that would decide it if the share held: none where it sits on an edge)."""
    rows = ["| question | seen | win share | interval | verdict |", "| --- | --- | --- | --- | --- |"]
    for a in [*d["answers"], *d.get("change", [])]:
        lo, hi = a["interval"]
        signed = a["target"] == 0
        share = f"{a['mean']:+.1%}" if signed else f"{a['mean']:.1%}"
        span = f"{lo:+.1%} – {hi:+.1%}" if signed else f"{lo:.1%} – {hi:.1%}"
        verdict = a["verdict"]
        if verdict == "undecided":
            need = a.get("still_needed")
            verdict += f" (needs {need:,} seen)" if need else " (on an edge)"
        rows.append(f"| {a['question']} | {a['n']:,} | {share} | {span} | {verdict} |")
    return "\n".join(rows)


def cell(a: dict[str, Any]) -> str:
    """One answer in a doc table's cell: share (anytime interval) verdict, and for an undecided one the seats seen
    that would decide it if the share held (none where it sits on an edge)."""
    lo, hi = a["interval"]
    text = f"{a['mean']:.1%} ({lo:.1%} – {hi:.1%}) {a['verdict']}"
    if a["verdict"] == "undecided":
        need = a.get("still_needed")
        text += f", needs {need:,} seen" if need else ", on an edge"
    return text


def side_by_side(studies: list[dict[str, Any]]) -> str:
    """Studies of one game as one Markdown table: a row per question (seats, the first player, then the factions),
    a column per study headed by its bots, players and matches; a question a study did not ask is —."""
    names: list[str] = []
    for d in studies:
        names += [a["question"] for a in d["answers"] if a["question"] not in names]
    seats = [n for n in names if n.startswith("seat ")]
    order = [
        *seats,
        *(["first player"] if "first player" in names else []),
        *sorted(set(names) - {*seats, "first player"}),
    ]
    head = [f"`{','.join(d['bots'])}`, {d['players']} players, {d['matches']:,} matches" for d in studies]
    rows = ["| question | " + " | ".join(head) + " |", "| --- |" + " --- |" * len(studies)]
    for name in order:
        cells = [next((cell(a) for a in d["answers"] if a["question"] == name), "—") for d in studies]
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def table_main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="balance.py table", description="study files side by side, as a doc's table")
    ap.add_argument("studies", nargs="+", type=Path, help="files written by `balance.py study`")
    args = ap.parse_args(argv)
    studies = [json.loads(p.read_text()) for p in args.studies]
    if len({d["game"] for d in studies}) != 1:
        raise SystemExit("name studies of one game")
    print(side_by_side(studies))


def study_main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="balance.py study")
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--bots", default="heuristic", help="comma-separated, seated in rotation")
    ap.add_argument("--budget", default="2m", help="matches (5000) or time (90s, 2m)")
    ap.add_argument("--tolerance", type=float, default=5.0, help="points of win share from fair")
    ap.add_argument("--without", help="a variant, option=value, or (agot-ccg) a card to compare without")
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("-o", "--option", action="append", default=[], help="game option name=value")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--tag", default="", help="appended to the results file's name")
    args = ap.parse_args(argv)
    max_matches, max_seconds = parse_budget(args.budget)
    record = Run("balance study")
    report = ravenry.balance(
        args.game,
        args.players,
        args.bots.split(","),
        tolerance=args.tolerance / 100,
        max_matches=max_matches,
        max_seconds=max_seconds,
        seed=args.seed,
        workers=args.workers,
        options=parse_cli(args.option, ravenry.game(args.game).spec.options) or None,
        variants=args.variant,
        without=args.without,
    )
    d = report.to_dict()
    slug = args.bots.replace(",", "_").replace(":", "_").replace("=", "")
    tag = f"_{args.tag}" if args.tag else ""
    out = record.write(d, RESULTS / f"study_{args.game.replace('-', '_')}_{args.players}p_{slug}{tag}.json")
    print(markdown(d))
    print(f"{d['matches']:,} matches in {d['seconds']:.0f} s; stopped: {d['stopped']} -> {out}")


def pool_main(argv: list[str]) -> None:
    # By hand, not argparse: a `--without` applies to the files after it, so the order of the arguments matters.
    runs: list[tuple[dict[str, Any], str]] = []
    without, out = "", None
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return
    record = Run("balance pool")
    i = 0
    while i < len(argv):
        if argv[i] in ("--without", "--out"):
            if i + 1 == len(argv):
                raise SystemExit(f"{argv[i]} needs a value")
            if argv[i] == "--without":
                without = argv[i + 1]
            else:
                out = Path(argv[i + 1])
            i += 2
        else:
            runs.append((json.loads(Path(argv[i]).read_text()), without))
            i += 1
    if not runs:
        raise SystemExit("name at least one result file")
    result = pool(runs)
    fair = result["fair_share"]
    print(f"{result['game']} {result['players']}p, {result['bots'][0]} in every seat, {result['deals']} deals pooled")
    print_labels(result["labels"], fair)
    if out:
        record.write(result, out)


def main() -> None:
    # Two subcommands by hand: `pool` reads its arguments in order, which argparse subparsers would not keep.
    commands = {"run": run_main, "pool": pool_main, "study": study_main, "table": table_main}
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
    elif len(sys.argv) < 2 or sys.argv[1] not in commands:
        raise SystemExit(f"usage: balance.py {{study,table,run,pool}} ... (balance.py --help)\n{__doc__}")
    else:
        commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
