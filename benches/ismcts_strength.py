"""Strength of ``ismcts`` (docs/search.md): one search seat against ``heuristic`` in every other seat, seats
rotated so the search sits in each seat equally, every match on one core.

    python benches/ismcts_strength.py GAME PLAYERS --matches 60 [--spec ismcts] [--against heuristic]

Writes ``benches/results/ismcts_strength_<game>_<players>p[_<tag>].json``: the search seat's win share with its
95% Wilson interval beside the fair share (``1 / players``), and for solo games the mean score of the search
and of the heuristic over the same seeds, with 95% intervals. Seconds per search decision are measured too.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import ravenry
from ravenry.simulate import wilson

RESULTS = Path(__file__).parent / "results"


MAX_DECISIONS = 20_000  # a safeguard far above any real match (agot-board: about 900); see `unfinished`
STUCK = RESULTS / "stuck"


def play(
    game: str, players: int, seed: int, bots: list[str], kinds: frozenset[str] = frozenset(), tally: Any = None
) -> tuple[dict[str, Any] | None, list[float], int]:
    """One match with ``bots[p]`` in seat ``p``; returns the outcome (None when the safeguard stopped it: the match
    is saved under ``results/stuck/`` to be diagnosed), the search seats' think times and decisions.
    ``kinds``: action kinds (``defenders``) to tally in ``tally[bot]`` = [decisions offering one, times one chosen]."""
    m = ravenry.game(game).new_match(players, seed)
    thinks: list[float] = []
    bot_seed = seed * 7919
    while not m.is_over:
        if m.decisions >= MAX_DECISIONS:
            STUCK.mkdir(parents=True, exist_ok=True)
            (STUCK / f"{game}_{players}p_{seed}_{'-'.join(b.split(':')[0] for b in bots)}.ravenry").write_bytes(
                m.to_bytes()
            )
            return None, thinks, m.decisions
        for p in m.to_act:
            legal = m.legal_actions(p)
            bot_seed += 1
            if len(legal) == 1:
                a = legal[0]
            elif bots[p].startswith("ismcts"):
                t = time.perf_counter()
                a = m.bot_action(bots[p], p, seed=bot_seed)
                thinks.append(time.perf_counter() - t)
            else:
                a = m.bot_action(bots[p], p, seed=bot_seed)
            if kinds and len(legal) > 1 and any(m.describe(x, p)["kind"] in kinds for x in legal):
                row = tally.setdefault(bots[p], [0, 0])
                row[0] += 1
                row[1] += m.describe(a, p)["kind"] in kinds
            m.apply(p, a)
    return m.outcome, thinks, m.decisions


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    mu = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return mu, mu - half, mu + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("players", type=int)
    ap.add_argument("--matches", type=int, default=60, help="matches in all (a multiple of the player count)")
    ap.add_argument("--spec", default="ismcts", help="the search bot's spec")
    ap.add_argument("--against", default="heuristic", help="the bot in every other seat")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tag", default="")
    ap.add_argument(
        "--stop-after", type=float, default=0.0, help="seconds: start no new rotation of seats after this (0: never)"
    )
    ap.add_argument("--kinds", default="", help="action kinds to tally per bot: how often offered, how often chosen")
    args = ap.parse_args()
    n = args.players
    started = time.time()
    load_at_start = list(os.getloadavg())
    thinks: list[float] = []
    rows = []
    kinds = frozenset(k for k in args.kinds.split(",") if k)
    tally: dict[str, list[int]] = {}
    unfinished: list[int] = []
    played = args.matches
    if n == 1:
        # Solo: the same seeds with the search and with the opponent bot; compare mean scores.
        for k in range(args.matches):
            seed = args.seed * 100_003 + k
            o_search, t, _ = play(args.game, 1, seed, [args.spec])
            o_base, _, _ = play(args.game, 1, seed, [args.against])
            thinks += t
            if o_search is None or o_base is None:
                unfinished.append(seed)
                continue
            rows.append({"seed": seed, "search": o_search["scores"][0], "against": o_base["scores"][0]})
        s = mean_ci([r["search"] for r in rows])
        b = mean_ci([r["against"] for r in rows])
        d = mean_ci([r["search"] - r["against"] for r in rows])
        summary: dict[str, Any] = {
            "search_mean": s[0],
            "search_ci95": [s[1], s[2]],
            "against_mean": b[0],
            "against_ci95": [b[1], b[2]],
            "difference_mean": d[0],
            "difference_ci95": [d[1], d[2]],
        }
    else:
        wins = 0.0
        per_seat = [0.0] * n
        for k in range(args.matches):
            if k % n == 0 and args.stop_after and time.time() - started > args.stop_after:
                break
            played = k + 1
            seat = k % n
            bots = [args.against] * n
            bots[seat] = args.spec
            seed = args.seed * 100_003 + k // n
            o, t, decisions = play(args.game, n, seed, bots, kinds, tally)
            thinks += t
            if o is None:
                unfinished.append(seed)
                continue
            share = (1.0 / len(o["winners"])) if seat in o["winners"] else 0.0
            wins += share
            per_seat[seat] += share
            rows.append({"seed": seed, "search_seat": seat, "share": share, "decisions": decisions})
            print(
                f"{k + 1}/{args.matches}: seat {seat} share {share:.2f}, {decisions} decisions",
                file=sys.stderr,
                flush=True,
            )
        finished = len(rows)
        lo, hi = wilson(wins, finished)
        fair = 1.0 / n
        summary = {
            "win_share": wins / finished,
            "ci95": [lo, hi],
            "fair": fair,
            "ratio_to_fair": wins / finished / fair,
            "lower_ci_above_fair": lo > fair,
            "by_seat": [w / max(1, sum(r["search_seat"] == q for r in rows)) for q, w in enumerate(per_seat)],
        }
    out = {
        "game": args.game,
        "players": n,
        "matches": played if n > 1 else args.matches,
        "matches_planned": args.matches,
        "search": args.spec,
        "against": args.against,
        "summary": summary,
        "unfinished": {"max_decisions": MAX_DECISIONS, "seeds": unfinished},
        "chosen_kinds": {
            "kinds": sorted(kinds),
            "by_bot": {b: {"offered": o, "chosen": c, "share": c / o if o else None} for b, (o, c) in tally.items()},
        },
        "seconds_per_search_decision": {
            "mean": statistics.fmean(thinks) if thinks else 0.0,
            "max": max(thinks, default=0.0),
            "decisions": len(thinks),
        },
        "wall_seconds": time.time() - started,
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_at_start": load_at_start,
            "load_average_at_end": list(os.getloadavg()),
        },
        "matches_detail": rows,
    }
    RESULTS.mkdir(exist_ok=True)
    tag = f"_{args.tag}" if args.tag else ""
    path = RESULTS / f"ismcts_strength_{args.game.replace('-', '_')}_{n}p{tag}.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: out[k] for k in ("game", "players", "matches", "search", "summary", "unfinished")}, indent=1))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
