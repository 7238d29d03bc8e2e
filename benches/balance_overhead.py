"""What a balance study costs over `ravenry.simulate` on the same matches: CPU time of the process (every thread),
best of `--repeat` runs each, for `simulate`, for the study without the runner's detail, and for the study as it
runs (with the detail: phases, lead, cards). One bot in every seat, so the study's deals are simulate's matches.

    python benches/balance_overhead.py iron-throne --players 4 -n 20000 [--bot random] [--workers 1] [--repeat 3]

The study's tolerance is set so small that no question is ever decided: it plays all `-n` matches. The three
runs take turns within each repeat, so a change in the machine's load during the bench touches all three alike.
Writes benches/results/balance_overhead_<game>_<players>p_<bot>.json.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

import ravenry
from _record import RESULTS, Run
from ravenry.services.balance import study


def cpu(f: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        f()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("-n", "--matches", type=int, default=20_000)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n, p, bots, w = args.matches, args.players, [args.bot], args.workers

    def sim() -> None:
        ravenry.simulate(args.game, n, players=p, bots=bots, seed=0, workers=w)

    def bal() -> None:
        r = ravenry.balance(args.game, p, bots, tolerance=1e-4, max_matches=n, max_seconds=None, seed=0, workers=w)
        assert r.tally.matches == n, r.tally.matches

    plain_jobs = study.play_core_jobs

    def without_detail(*a: Any, **kw: Any) -> Any:
        return plain_jobs(*a, **{**kw, "detail": False})

    def bal_plain() -> None:
        study.play_core_jobs = without_detail  # type: ignore[assignment]
        try:
            bal()
        finally:
            study.play_core_jobs = plain_jobs

    run = Run("balance overhead")
    best = {"simulate": float("inf"), "study without the detail": float("inf"), "study": float("inf")}
    for _ in range(args.repeat):
        for name, f in zip(best, (sim, bal_plain, bal)):
            best[name] = min(best[name], cpu(f, 1))
    t_sim, t_plain, t_bal = best.values()
    load = os.getloadavg()[0]
    print(f"{args.game} {p}p, {args.bot}, {n:,} matches, {w} worker(s), load {load:.2f}, best of {args.repeat}")
    print(f"  simulate                  {t_sim:7.2f} s CPU  ({1e6 * t_sim / n:.0f} µs a match)")
    print(f"  study without the detail  {t_plain:7.2f} s CPU  (+{t_plain / t_sim - 1:.1%})")
    print(f"  study (with the detail)   {t_bal:7.2f} s CPU  (+{t_bal / t_sim - 1:.1%})")
    data = {
        "game": args.game,
        "players": p,
        "bot": args.bot,
        "matches": n,
        "workers": w,
        "repeat": args.repeat,
        "cpu_seconds": best,
        "overhead": {"study without the detail": t_plain / t_sim - 1, "study": t_bal / t_sim - 1},
    }
    run.write(data, RESULTS / f"balance_overhead_{args.game.replace('-', '_')}_{p}p_{args.bot}.json")


if __name__ == "__main__":
    main()
