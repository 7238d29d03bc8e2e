"""The CCG's pair matrix: each House's win share against each other House, both seat orders, one bot in both seats
(default the heuristic, fast enough for thousands of matches a pair), with a candidate deck list in place of a
House's shipped deck where ``--deck`` names one.

    python plugins/agot_ccg/tools/pairs.py [-n 400] [--bot heuristic] [--seed 31] [--deck HOUSE=FILE ...] [--melee N]

``-n`` matches per ordered pair. ``--melee N`` also plays N four-player matches in every seat order of every
four-House subset (360 orders; seed ``SEED + 1``) and gives each House's share of those against the fair quarter,
the 4-player check of a candidate. Prints the matrix (row House's share against the column House) with each House's
share over all its matches and its difference to fair in points; writes ``agot_ccg_pairs[_T].json`` in the
benches' results folder.
A candidate deck list's heuristic check before a search screen is one run with its ``--deck`` (``ravenry balance``
gives the pair table of the shipped decks, but cannot put a deck-list file in place of a House's deck).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import ravenry
from ravenry.services.simulate import wilson
from ravenry_agot_ccg import HOUSES

# Written beside the benches' results, where a run worth keeping is renamed by the question it answers
# (benches/README.md); a probe is not committed.
RESULTS = Path(__file__).resolve().parents[3] / "benches" / "results"


def pair_wins(n: int, bot: str, seed: int, decks: dict[str, str]) -> dict[tuple[str, str], float]:
    """Wins of the first House against the second over ``n`` matches in each seat order (``2n`` in all)."""
    wins: dict[tuple[str, str], float] = {}
    for i, a in enumerate(HOUSES):
        for b in HOUSES[i + 1 :]:
            for first, second in ((a, b), (b, a)):
                options = {"decks": [decks.get(first, first), decks.get(second, second)]}
                result = ravenry.simulate("agot-ccg", n, 2, [bot], seed=seed, workers=1, options=options).to_dict()
                seats = result["seats"]
                wins[(first, second)] = wins.get((first, second), 0.0) + seats[0]["wins"]
                wins[(second, first)] = wins.get((second, first), 0.0) + seats[1]["wins"]
    return wins


def melee_wins(n: int, bot: str, seed: int, decks: dict[str, str], players: int = 4) -> dict[str, tuple[float, int]]:
    """Each House's wins and seats over ``n`` matches in every seat order of every ``players``-House subset."""
    wins = {h: 0.0 for h in HOUSES}
    seats = {h: 0 for h in HOUSES}
    orders = [o for subset in itertools.combinations(HOUSES, players) for o in itertools.permutations(subset)]
    for i, order in enumerate(orders):
        # each order its own seeds: one shared deal in 360 orders would be 360 looks at the same shuffles
        options = {"decks": [decks.get(h, h) for h in order]}
        result = ravenry.simulate("agot-ccg", n, players, [bot], seed=seed + i * n, workers=1, options=options)
        by_seat = result.to_dict()["seats"]
        for seat, house in enumerate(order):
            wins[house] += by_seat[seat]["wins"]
            seats[house] += n
    return {h: (wins[h], seats[h]) for h in HOUSES}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--matches", type=int, default=400, help="matches per ordered pair")
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--deck", action="append", default=[], help="HOUSE=FILE: a deck list in place of HOUSE's deck")
    ap.add_argument("--melee", type=int, default=0, help="also N 4-player matches per seat order of every subset")
    ap.add_argument("--tag", default="")
    a = ap.parse_args()
    decks: dict[str, str] = {}
    files: dict[str, str] = {}
    for entry in a.deck:
        house, _, path = entry.partition("=")
        if house not in HOUSES or not path:
            raise SystemExit(f"--deck {entry!r}: write HOUSE=FILE, HOUSE one of {', '.join(HOUSES)}")
        decks[house] = Path(path).read_text(encoding="utf-8")
        files[house] = path
    started = time.perf_counter()
    wins = pair_wins(a.matches, a.bot, a.seed, decks)
    per_pair = 2 * a.matches
    houses = {}
    for h in HOUSES:
        total = sum(wins[(h, o)] for o in HOUSES if o != h)
        seats = per_pair * (len(HOUSES) - 1)
        houses[h] = {
            "share": total / seats,
            "ci95": list(wilson(total, seats)),
            "against": {o: wins[(h, o)] / per_pair for o in HOUSES if o != h},
        }
    melee = {}
    if a.melee:
        for h, (won, seats) in melee_wins(a.melee, a.bot, a.seed + 1, decks).items():
            melee[h] = {"share": won / seats, "ci95": list(wilson(won, seats)), "seats": seats}
    data = {
        "bot": a.bot,
        "matches_per_ordered_pair": a.matches,
        "seed": a.seed,
        "decks": files,
        "command": " ".join(["python", Path(sys.argv[0]).as_posix(), *sys.argv[1:]]),
        "made": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "wall_seconds": time.perf_counter() - started,
        "houses": houses,
        "melee": melee,
    }
    out = RESULTS / f"agot_ccg_pairs{'_' + a.tag if a.tag else ''}.json"
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{a.bot} in both seats, {per_pair} matches a pair; row House's share against the column House")
    print(" " * 11 + "".join(f"{h[:7]:>8}" for h in HOUSES) + "     all   from fair")
    for h in HOUSES:
        cells = "".join(f"{houses[h]['against'][o]:8.2f}" if o != h else f"{'':8}" for o in HOUSES)
        share, lo, hi = (100 * (x - 0.5) for x in (houses[h]["share"], *houses[h]["ci95"]))
        print(f"{h:11}{cells}  {houses[h]['share']:6.3f}  {share:+.1f} ({lo:+.1f} … {hi:+.1f})")
    if melee:
        print(f"4 players, {a.melee} matches in each seat order of every subset; points from a fair quarter")
        for h, m in melee.items():
            share, lo, hi = (100 * (x - 0.25) for x in (m["share"], *m["ci95"]))
            print(f"{h:11}{m['share']:6.3f}  {share:+.1f} ({lo:+.1f} … {hi:+.1f})")
    print(f"-> {out}")


if __name__ == "__main__":
    main()
