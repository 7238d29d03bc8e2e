"""Where one CCG House's wins and losses come from: the House against every other, both deck orders, the same bot
in both seats (default ``ismcts``), with per-match tallies of challenges, defences, kills, power and dominance for
the House's side and for its opponents', and per card title of the House's side (marshalled, attacking, defending,
in a won challenge, killed), read from each match's event log.

    python plugins/agot_ccg/tools/trace.py HOUSE [-n 4] [--bot ismcts] [--deck FILE] [--against H,...] [--seed 1000]
        [--workers 2]

``-n`` matches per opponent and deck order; ``--deck`` plays a deck-list file in the House's seat instead of its
shipped deck (a candidate). Writes ``agot_ccg_trace_<house>[_<tag>].json`` in the benches' results folder: the
House's win share with its 95% Wilson interval, the mean of every tally per match for each side and per card, and
each match's row.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timezone
from functools import cache
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import ravenry
from ravenry.services.simulate import wilson
from ravenry_agot_ccg import HOUSES, load_content

# Written beside the benches' results, where a run worth keeping is renamed by the question it answers
# (benches/README.md); a probe is not committed.
RESULTS = Path(__file__).resolve().parents[3] / "benches" / "results"
MAX_DECISIONS = 5_000  # a safeguard far above any measured match (a 2-player search match takes about 200)


def event_fields(events: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each event of an event log as (kind, fields), skipping the field-less ones."""
    for e in events:
        ev = e["event"]
        if isinstance(ev, dict):
            ((kind, fields),) = ev.items()
            yield kind, fields


def tally(events: list[dict[str, Any]]) -> dict[int, Counter[str]]:
    """Per seat: challenges declared (by kind), attackers sent, wins attacking and unopposed, how many of its
    challenges were defended, wins defending, characters lost, power claimed / taken / lost, dominance won."""
    side: dict[int, Counter[str]] = {0: Counter(), 1: Counter()}
    attacker = None
    for kind, f in event_fields(events):
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


def per_card(events: list[dict[str, Any]], seat: int) -> dict[str, Counter[str]]:
    """Per card title of one seat: times marshalled, sent to attack, declared as defender, in a challenge the seat
    won, killed, and events played: which of a deck's cards carry its challenges and which only die."""
    cards = _card_codes()
    out: dict[str, Counter[str]] = {}
    in_challenge: list[int] = []

    def bump(card: int, key: str) -> None:
        out.setdefault(cards[card] if 0 <= card < len(cards) else "?", Counter())[key] += 1

    for kind, f in event_fields(events):
        if kind == "ChallengeDeclared":
            in_challenge = list(f["attackers"]) if f["attacker"] == seat else []
            for c in in_challenge:
                bump(c, "attacked")
        elif kind == "Defended" and f["defender"] == seat:
            in_challenge = list(f["defenders"])
            for c in in_challenge:
                bump(c, "defended")
        elif kind == "ChallengeResolved":
            if f["winner"] == seat:
                for c in in_challenge:
                    bump(c, "won_in")
            in_challenge = []
        elif kind in ("Marshalled", "EventPlayed", "Killed") and f["seat"] == seat:
            bump(f["card"], kind.lower())
    return out


@cache
def _card_records() -> tuple[dict[str, Any], ...]:
    return tuple(load_content()["cards"])


@cache
def _card_codes() -> tuple[str, ...]:
    """Card index (the core's ``u16`` in events) -> card code, built once per process."""
    return tuple(c["code"] for c in _card_records())


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
    events = m.events(0, None, all=True)
    side = tally(events)
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
        "cards": {code: dict(c) for code, c in per_card(events, me).items()},
        "opponent_cards": {code: dict(c) for code, c in per_card(events, 1 - me).items()},
    }


def card_tallies(rows: list[dict[str, Any]], key: str, n: int) -> dict[str, dict[str, float]]:
    """The per-card tallies of ``rows[*][key]`` summed, per match."""
    cards: dict[str, Counter[str]] = {}
    for r in rows:
        for code, c in r.get(key, {}).items():
            cards.setdefault(code, Counter()).update(c)
    return {code: {k: v / n for k, v in sorted(c.items())} for code, c in sorted(cards.items())}


def print_cards(side: str, means: dict[str, dict[str, float]]) -> None:
    names = {rec["code"]: rec["name"] for rec in _card_records()}
    print(f"  {side}, per card and match: marshalled, attacked, defended, in a won challenge, killed, events played")
    for code, c in means.items():
        figures = " ".join(f"{c.get(k, 0.0):5.2f}" for k in ("marshalled", "attacked", "defended", "won_in", "killed"))
        print(f"  {code:5s} {names.get(code, '?')[:26]:26s} {figures} {c.get('eventplayed', 0.0):5.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("house", choices=HOUSES)
    ap.add_argument("-n", "--matches", type=int, default=4, help="matches per opponent and deck order")
    ap.add_argument("--bot", default="ismcts")
    ap.add_argument("--deck", type=Path, help="a deck-list file to play in the House's seat")
    ap.add_argument("--seed", type=int, default=1000, help="match j plays seed SEED + j")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--against", default="", help="comma-separated opponent Houses (default: every other House)")
    ap.add_argument("--tag", default="")
    a = ap.parse_args()
    deck = a.deck.read_text(encoding="utf-8") if a.deck else a.house
    others = [h for h in HOUSES if h != a.house and (not a.against or h in a.against.split(","))]
    if not others:
        raise SystemExit(f"--against {a.against!r} names no House other than {a.house}")
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
    card_means = card_tallies(rows, "cards", n)
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
        "per_card_per_match": card_means,
        "opponents_per_card_per_match": card_tallies(rows, "opponent_cards", n),
        "wall_seconds": time.perf_counter() - started,
        "rows": rows,
    }
    out = RESULTS / f"agot_ccg_trace_{a.house}{'_' + a.tag if a.tag else ''}.json"
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    lo, hi = data["ci95"]
    print(f"{a.house} ({data['deck']}), {a.bot} in both seats: {wins / n:.1%} [{lo:.1%}, {hi:.1%}] of {n}")
    for k in sorted(set(mean["house"]) | set(mean["opponents"])):
        print(f"  {k:22s} {mean['house'].get(k, 0.0):6.2f}   opponents {mean['opponents'].get(k, 0.0):6.2f}")
    for side, means in ((a.house, card_means), ("opponents", data["opponents_per_card_per_match"])):
        print_cards(side, means)
    print(f"-> {out}")


if __name__ == "__main__":
    main()
