"""Pool the per-deal tables of several `ismcts_balance.py --deal` runs into one label table.

    python benches/balance_pool.py RUN.json [RUN.json ...] [--without VALUE[,VALUE] RUN.json ...] [--out POOLED.json]

A designer who retunes one deck need not replay the deals it does not sit in: a focused screen of the new deck
(`ismcts_balance.py --deal ... --focus new.txt`) plus the earlier runs' deals without the old deck make the
table of the new deck list. `--without VALUE` drops, from the runs named after it, every deal that seats VALUE
(the value as it was written in that run's `--deal`, e.g. `baratheon`; several, comma-separated, drop a deal that
seats any of them; `--without ""` keeps every deal again). Every run must be of one game, one player
count and one bot; deals are weighted by their matches. Prints the table and, with `--out`, writes it as JSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ismcts_balance import label_table, print_labels  # a sibling: a script's folder is on the path


def pool(runs: list[tuple[dict[str, Any], str]]) -> dict[str, Any]:
    """`runs`: (an ismcts_balance result with `by_deal`, the values whose deals to drop, comma-separated, or "")."""
    keys = {(r["game"], r["players"], tuple(r["bots"])) for r, _ in runs}
    if len(keys) != 1:
        raise SystemExit(f"the runs are of different games, player counts or bots: {sorted(keys)}")
    if any("by_deal" not in r for r, _ in runs):
        raise SystemExit("every run must be an `ismcts_balance.py --deal` result (it has `by_deal`)")
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
        "sources": [{"command": r.get("command"), "without": w or None} for r, w in runs],
        "labels": label_table(wins, seats),
    }


def main() -> None:
    # By hand, not argparse: a `--without` applies to the files after it, so the order of the arguments matters.
    argv, runs, without, out = sys.argv[1:], [], "", None
    if not argv or argv[0] in ("-h", "--help"):
        raise SystemExit(__doc__)
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
        out.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
        print(f"  -> {out}")


if __name__ == "__main__":
    main()
