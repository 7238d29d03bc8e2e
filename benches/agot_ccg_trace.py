"""Where one CCG House's wins and losses come from: the House against every other, both deck orders, the same bot
in both seats (default ``ismcts``), with per-match tallies of challenges, defences, kills, power and dominance for
the House's side and for its opponents', read from each match's event log.

    python benches/agot_ccg_trace.py HOUSE [-n 4] [--bot ismcts] [--deck FILE] [--seed 1000] [--workers 2]

``-n`` matches per opponent and deck order; ``--deck`` plays a deck-list file in the House's seat instead of its
shipped deck (a candidate). Writes ``benches/results/agot_ccg_trace_<house>[_<tag>].json``: the House's win share
with its 95% Wilson interval, the mean of every tally per match for each side, and each match's row.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from datetime import datetime, timezone
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import ravenry
from ravenry.simulate import wilson

RESULTS = Path(__file__).parent / "results"
HOUSES = ["stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell"]
MAX_DECISIONS = 5_000  # a safeguard far above any measured match (a 2-player search match takes about 200)


def tally(events: list[dict[str, Any]]) -> dict[int, Counter[str]]:
    """Per seat: challenges declared (by kind), attackers sent, wins attacking and unopposed, how many of its
    challenges were defended, wins defending, characters lost, power claimed / taken / lost, dominance won."""
    side: dict[int, Counter[str]] = {0: Counter(), 1: Counter()}
    attacker = None
    for e in events:
        ev = e["event"]
        if not isinstance(ev, dict):
            continue
        ((kind, f),) = ev.items()
        if kind == "ChallengeDeclared":
            attacker = f["attacker"]
            side[attacker].update({"challenges": 1, f"challenges_kind{f['kind']}": 1, "attackers": len(f["attackers"])})
        elif kind == "Defended" and attacker is not None and f["defenders"]:
            side[attacker]["challenges_defended"] += 1
        elif kind == "ChallengeResolved" and attacker is not None and f["winner"] is not None:
            if f["winner"] == attacker:
                side[attacker].update({"won_attacking": 1, "won_unopposed": int(f["unopposed"])})
            else:
                side[f["winner"]]["won_defending"] += 1
        elif kind == "Killed":
            side[f["seat"]]["characters_lost"] += 1
        elif kind == "PowerClaimed":
            side[f["seat"]]["power_claimed"] += f["n"]
        elif kind == "PowerMoved":
            side[f["to"]]["power_taken"] += f["n"]
        elif kind == "PowerLost":
            side[f["seat"]]["power_lost"] += f["n"]
        elif kind == "Dominance" and f["seat"] is not None:
            side[f["seat"]]["dominance_won"] += 1
        elif kind in ("Marshalled", "EventPlayed"):
            side[f["seat"]][kind.lower()] += 1
    return side


def play(job: tuple[str, str, str, int, str]) -> dict[str, Any]:
    """One match: the House's deck (name or list text) in seat ``me`` of ``order``, the bot in both seats."""
    house_deck, opponent, bot, seed, order = job
    me = 0 if order == "first" else 1
    decks = [house_deck, opponent] if me == 0 else [opponent, house_deck]
    m = ravenry.game("agot-ccg").new_match(2, seed=seed, options={"decks": decks})
    steps = 0
    while not m.is_over and steps < MAX_DECISIONS:
        for p in m.to_act:
            m.apply(p, m.bot(bot, p))
            steps += 1
    side = tally(m.events(0, None, all=True))
    out = m.outcome
    return {
        "opponent": opponent,
        "seat": me,
        "seed": seed,
        "won": out is not None and me in out["winners"],
        "share": (1 / len(out["winners"]) if me in out["winners"] else 0.0) if out else 0.0,
        "decisions": steps,
        "power": out["scores"] if out else None,
        "house": dict(side[me]),
        "opponents": dict(side[1 - me]),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("house", choices=HOUSES)
    ap.add_argument("-n", "--matches", type=int, default=4, help="matches per opponent and deck order")
    ap.add_argument("--bot", default="ismcts")
    ap.add_argument("--deck", type=Path, help="a deck-list file to play in the House's seat")
    ap.add_argument("--seed", type=int, default=1000, help="match j plays seed SEED + j")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tag", default="")
    a = ap.parse_args()
    deck = a.deck.read_text(encoding="utf-8") if a.deck else a.house
    others = [h for h in HOUSES if h != a.house]
    pairs = [(h, order) for h in others for order in ("first", "second") for _ in range(a.matches)]
    jobs = [(deck, h, a.bot, a.seed + j, order) for j, (h, order) in enumerate(pairs)]
    started = time.perf_counter()
    with Pool(a.workers) as pool:
        rows = []
        for row in pool.imap(play, jobs):
            rows.append(row)
            print(f"\r{len(rows)}/{len(jobs)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = len(rows)
    wins = sum(r["share"] for r in rows)
    mean = {}
    for s in ("house", "opponents"):
        total: Counter[str] = sum((Counter(r[s]) for r in rows), Counter())
        mean[s] = {k: v / n for k, v in sorted(total.items())}
    by_opponent = {h: sum(r["share"] for r in rows if r["opponent"] == h) / (2 * a.matches) for h in others}
    data = {
        "house": a.house,
        "deck": str(a.deck) if a.deck else "shipped",
        "bot": a.bot,
        "command": " ".join(["python", Path(sys.argv[0]).as_posix(), *sys.argv[1:]]),
        "made": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "matches": n,
        "share": wins / n,
        "ci95": list(wilson(wins, n)),
        "by_opponent": by_opponent,
        "mean_per_match": mean,
        "wall_seconds": time.perf_counter() - started,
        "rows": rows,
    }
    out = RESULTS / f"agot_ccg_trace_{a.house}{'_' + a.tag if a.tag else ''}.json"
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    lo, hi = data["ci95"]
    print(f"{a.house} ({data['deck']}), {a.bot} in both seats: {wins / n:.1%} [{lo:.1%}, {hi:.1%}] of {n}")
    for k in sorted(set(mean["house"]) | set(mean["opponents"])):
        print(f"  {k:22s} {mean['house'].get(k, 0.0):6.2f}   opponents {mean['opponents'].get(k, 0.0):6.2f}")
    print(f"-> {out}")


if __name__ == "__main__":
    main()
