"""Which side of a CCG pair gains from the search: one House against each named opponent, both seat orders, with
the search (``--bot``) playing one side and the heuristic (``--other``) the other, then the roles swapped.

    python plugins/agot_ccg/tools/crossplay.py HOUSE --against H,... [-n 20] [--bot ismcts] [--other heuristic]
        [--seed 41]

For each opponent it prints the House's share when the search plays the House and when the search plays the opponent
(``-n`` matches per seat order, so ``2n`` a cell). A House the search plays well wins the first cell by more than it
loses the second (``ravenry balance`` with two bots rotates them over the seats and counts each House over both). Writes
``agot_ccg_crossplay_<house>[_T].json`` in the benches' results folder.
"""

from __future__ import annotations

import argparse
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


def house_wins(house: str, opponent: str, bots: tuple[str, str], n: int, seed: int, workers: int) -> float:
    """Wins of ``house`` over ``n`` matches in each seat order, ``bots[0]`` playing it and ``bots[1]`` the opponent."""
    wins = 0.0
    for order in ((house, opponent), (opponent, house)):
        seat = order.index(house)
        seat_bots = [bots[0] if h == house else bots[1] for h in order]
        result = ravenry.simulate(
            "agot-ccg", n, 2, seat_bots, seed=seed, workers=workers, options={"decks": list(order)}
        ).to_dict()
        wins += result["seats"][seat]["wins"]
    return wins


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("house", choices=HOUSES)
    ap.add_argument("--against", required=True, help="comma-separated opponent Houses")
    ap.add_argument("-n", "--matches", type=int, default=20, help="matches per seat order and role")
    ap.add_argument("--bot", default="ismcts")
    ap.add_argument("--other", default="heuristic")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tag", default="")
    a = ap.parse_args()
    opponents = [o for o in a.against.split(",") if o]
    bad = [o for o in opponents if o not in HOUSES or o == a.house]
    if bad:
        raise SystemExit(f"--against {','.join(bad)}: name other Houses, from {', '.join(HOUSES)}")
    started = time.perf_counter()
    per_cell = 2 * a.matches
    rows = {}
    for o in opponents:
        rows[o] = {}
        for role, bots in (("search_plays_house", (a.bot, a.other)), ("search_plays_opponent", (a.other, a.bot))):
            wins = house_wins(a.house, o, bots, a.matches, a.seed, a.workers)
            rows[o][role] = {"share": wins / per_cell, "ci95": list(wilson(wins, per_cell)), "matches": per_cell}
    data = {
        "house": a.house,
        "bot": a.bot,
        "other": a.other,
        "matches_per_seat_order": a.matches,
        "seed": a.seed,
        "command": " ".join(["python", Path(sys.argv[0]).as_posix(), *sys.argv[1:]]),
        "made": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "wall_seconds": time.perf_counter() - started,
        "against": rows,
    }
    out = RESULTS / f"agot_ccg_crossplay_{a.house}{'_' + a.tag if a.tag else ''}.json"
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{a.house}'s share, {per_cell} matches a cell ({a.bot} against {a.other})")
    for o, cells in rows.items():
        text = "  ".join(
            f"{role.replace('_', ' ')} {100 * c['share']:.1f}% ({100 * c['ci95'][0]:.1f} – {100 * c['ci95'][1]:.1f})"
            for role, c in cells.items()
        )
        print(f"  against {o:10} {text}")
    print(f"-> {out}")


if __name__ == "__main__":
    main()
