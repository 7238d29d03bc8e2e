"""Hearts, Ravenry's search against OpenSpiel's at the same thinking time per move.

Usage: python benches/peers/hearts_duel.py [--deals N] [--ms 20] [--spec ismcts] [--seed 1] [--out FILE]
(needs ``pip install ".[peers]"``)   -> results/search_duel_openspiel_hearts.json

Two seats are played by Ravenry's ``ismcts`` (one thread, ``ms=`` its clock) and two by ``pyspiel.ISMCTSBot``
(random rollouts, as OpenSpiel's examples run it, one thread). Both engines hold the same hand: Ravenry deals
from its seed and OpenSpiel's chance nodes are driven with that deal, then every card either side plays is
applied to both (the mapping is the one ``tests/plugins/hearts/test_differential.py`` checks move for move).

Equal time: ``ISMCTSBot`` has no clock, only a simulation count. The count starts from OpenSpiel's measured rate
and is rescaled after every hand so that its mean time per searched move tracks ``--ms``; both sides' measured
times are reported. A move with one legal card is played at once by both, uncounted.

The pass is not searched: ``ISMCTSBot`` crashes the process (a segmentation fault in OpenSpiel 2.0.2) when asked
to pass for any seat after the first seat's passes, so every seat on both sides passes as Ravenry's ``heuristic``
does, and the duel compares the two searches on the 52 cards of trick play.

Luck: every deal is played twice with the two sides' seats swapped (duplicate), and the pattern of seats cycles
through opposite ({1,3} against {2,4}) and both adjacent pairings, so neither side keeps a seat or a passing
neighbour. The answer is the mean, over deals, of (OpenSpiel's points per hand - Ravenry's points per hand), each
side averaged over its two seats and both plays of the deal; positive means Ravenry took fewer points. Its 95%
interval is a t interval over deals, computed once at the end of a run whose size was fixed before it started.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benches/: the shared result envelope
from _record import RESULTS, Run  # noqa: E402
from ravenry.services.simulate import mean_interval  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benches/peers/: the deal both engines hold
from hearts_pair import deal_both, ours, theirs  # noqa: E402

# Seats Ravenry holds in the first play of a deal (0-based); the second play swaps them with the other two.
PATTERNS = ((0, 2), (0, 1), (0, 3))
UCT_C = 0.7  # the exploration constant both sides use (Ravenry's default, and hearts_openspiel.py's row)


class OpenSpielClock:
    """``ISMCTSBot``'s simulation count, steered so its mean time per searched move tracks ``target`` seconds."""

    def __init__(self, target: float, rate: float) -> None:
        self.target = target
        self.sims = max(16, int(rate * target))
        self.hand_seconds: list[float] = []

    def after_hand(self) -> None:
        if self.hand_seconds:
            mean = statistics.fmean(self.hand_seconds)
            scale = min(2.0, max(0.5, self.target / mean))
            self.sims = max(16, int(self.sims * scale))
        self.hand_seconds = []


def play_hand(
    pyspiel: Any,
    game: Any,
    seed: int,
    ravenry_seats: tuple[int, ...],
    spec: str,
    clock: OpenSpielClock,
    rng: random.Random,
    times: dict[str, list[float]],
) -> list[float]:
    """Play one hand; returns each seat's points (penalty points taken, lower is better)."""
    m, s, passes = deal_both(game, seed)
    while not s.is_terminal():
        p = s.current_player()
        legal = s.legal_actions()
        if passes:
            a = theirs(m.bot_action("heuristic", p, seed=rng.getrandbits(63)))
            passes -= 1
        elif len(legal) == 1:
            a = legal[0]
        elif p in ravenry_seats:
            t = time.perf_counter()
            a = theirs(m.bot_action(spec, p, seed=rng.getrandbits(63)))
            times["ravenry"].append(time.perf_counter() - t)
        else:
            evaluator = pyspiel.RandomRolloutEvaluator(1, rng.getrandbits(31))
            final = pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
            bot = pyspiel.ISMCTSBot(rng.getrandbits(31), evaluator, UCT_C, clock.sims, -1, final, False, False)
            t = time.perf_counter()
            a = bot.step(s)
            dt = time.perf_counter() - t
            times["openspiel"].append(dt)
            clock.hand_seconds.append(dt)
        s.apply_action(a)
        m.apply(p, ours(a))
    if not m.is_over or m.outcome["scores"] != s.returns():
        raise RuntimeError(f"deal {seed}: the engines disagree on the end of the hand")
    return [float(x) for x in m.view(None)["points"]]


def open_spiel_rate(pyspiel: Any, game: Any, seconds: float = 2.0) -> float:
    """OpenSpiel's simulations a second at the first trick's first real choice, on this machine now."""
    _, s, passes = deal_both(game, 2026)
    rng = random.Random(3)
    while len(s.legal_actions()) < 2 or passes:
        a = rng.choice(s.legal_actions())
        s.apply_action(a)
        passes = max(passes - 1, 0)
    sims, spent = 0, 0.0
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    while spent < seconds:
        bot = pyspiel.ISMCTSBot(
            7, evaluator, UCT_C, 512, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
        )
        t = time.perf_counter()
        bot.step(s)
        spent += time.perf_counter() - t
        sims += 512
    return sims / spent


#: Two-sided 95% t quantiles by the number of values (degrees of freedom one fewer); beyond 30 values, normal.
T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 10: 2.26, 20: 2.09, 30: 2.05}


def t_interval(xs: list[float]) -> tuple[float, float, float]:
    """Mean and 95% t interval (normal beyond 30 values); between the table's counts the smaller count's quantile,
    the wider one."""
    n = len(xs)
    mean = statistics.fmean(xs)
    if n < 2:
        return mean, -math.inf, math.inf
    quantile = min(v for k, v in T95.items() if k <= n) if n <= 30 else 1.96
    lo, hi = mean_interval(sum(xs), sum(x * x for x in xs), n, z=quantile)
    return mean, lo, hi


def duel(deals: int, ms: int, spec: str, seed: int, progress: bool = True) -> dict[str, Any]:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("hearts")
    full_spec = f"{spec}{',' if ':' in spec else ':'}ms={ms},workers=1,trees=1"
    clock = OpenSpielClock(ms / 1000, open_spiel_rate(pyspiel, game))
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"ravenry": [], "openspiel": []}
    diffs: list[float] = []
    shares: list[float] = []  # Ravenry's share of the hands won (fewest points; ties split), per deal
    points = {"ravenry": 0.0, "openspiel": 0.0}
    sims: list[int] = []
    for d in range(deals):
        deal_seed = seed * 1_000_003 + d
        first = PATTERNS[d % len(PATTERNS)]
        second = tuple(p for p in range(4) if p not in first)
        side = {"ravenry": 0.0, "openspiel": 0.0}
        won = 0.0
        for ravenry_seats in (first, second):
            sims.append(clock.sims)
            pts = play_hand(pyspiel, game, deal_seed, ravenry_seats, full_spec, clock, rng, times)
            # Equal time as measured: OpenSpiel's count follows Ravenry's observed time, not the nominal clock.
            clock.target = statistics.fmean(times["ravenry"]) if times["ravenry"] else clock.target
            clock.after_hand()
            for p in range(4):
                side["ravenry" if p in ravenry_seats else "openspiel"] += pts[p] / 4  # 2 seats x 2 plays
            best = [p for p in range(4) if pts[p] == min(pts)]
            won += sum(p in ravenry_seats for p in best) / len(best) / 2
        diffs.append(side["openspiel"] - side["ravenry"])
        shares.append(won)
        for k in points:
            points[k] += side[k]
        if progress and (d + 1) % 10 == 0:
            mean, lo, hi = t_interval(diffs)
            print(
                f"{d + 1} deals: OpenSpiel - Ravenry {mean:+.2f} points a hand ({lo:+.2f} .. {hi:+.2f}), "
                f"Ravenry won {statistics.fmean(shares):.1%} of hands; "
                f"ms a move: Ravenry {1000 * statistics.fmean(times['ravenry']):.1f}, "
                f"OpenSpiel {1000 * statistics.fmean(times['openspiel']):.1f} ({clock.sims} simulations)",
                flush=True,
            )
    mean, lo, hi = t_interval(diffs)
    share, share_lo, share_hi = t_interval(shares)

    def ms_summary(xs: list[float]) -> dict[str, float]:
        qs = statistics.quantiles(xs, n=10) if len(xs) > 1 else [xs[0]] * 9
        return {"mean": 1000 * statistics.fmean(xs), "median": 1000 * statistics.median(xs), "p90": 1000 * qs[8]}

    return {
        "deals": deals,
        "hands": 2 * deals,
        "ms_per_move": ms,
        "ravenry_spec": full_spec,
        "openspiel_bot": f"ISMCTSBot(RandomRolloutEvaluator(1 rollout), c={UCT_C}, MAX_VISIT_COUNT, one thread)",
        "openspiel_simulations": {"first": sims[0], "last": sims[-1], "mean": statistics.fmean(sims)},
        "points_per_hand": {k: v / deals for k, v in points.items()},
        "openspiel_minus_ravenry": {"mean": mean, "interval_95": [lo, hi], "clear_of_zero": lo > 0 or hi < 0},
        "ravenry_share_of_hands_won": {"mean": share, "interval_95": [share_lo, share_hi], "fair": 0.5},
        "ms_per_searched_move": {k: ms_summary(v) for k, v in times.items()},
        "searched_moves": {k: len(v) for k, v in times.items()},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300, help="deals, each played twice with the seats swapped")
    ap.add_argument("--ms", type=int, default=20, help="thinking time per move for both sides")
    ap.add_argument("--spec", default="ismcts", help="Ravenry's bot, before the clock is added")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=RESULTS / "search_duel_openspiel_hearts.json")
    args = ap.parse_args()
    if args.deals < 2 or args.ms < 1:
        ap.error("--deals must be at least 2 and --ms at least 1")
    run = Run("hearts_duel")
    result = duel(args.deals, args.ms, args.spec, args.seed)
    run.write(result, args.out)
    r, w = result["openspiel_minus_ravenry"], result["ravenry_share_of_hands_won"]
    print(
        f"OpenSpiel - Ravenry: {r['mean']:+.2f} points a hand, 95% interval {r['interval_95'][0]:+.2f} .. "
        f"{r['interval_95'][1]:+.2f}; Ravenry won {w['mean']:.1%} of hands ({w['interval_95'][0]:.1%} .. "
        f"{w['interval_95'][1]:.1%}) over {args.deals} deals"
    )


if __name__ == "__main__":
    main()
