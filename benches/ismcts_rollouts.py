"""Heuristic against random rollouts: `ismcts` at the game's default budget with each rollout policy, the two
bots sharing every table, seats rotated and deals duplicated (a tournament), every match on one core.

    python benches/ismcts_rollouts.py GAME --players N -n MATCHES [--extra "cut=200"]

Writes `benches/results/ismcts_rollouts_<game>_<n>p.json`: the tournament's `to_dict()` (win share per bot with
its 95% interval, head-to-head, ratings) plus the command, the machine and its load.
"""

from __future__ import annotations

from ismcts_duel import arguments, duel


def main() -> None:
    ap = arguments(__doc__.splitlines()[0])
    ap.add_argument("--extra", default="", help="parameters both bots share, e.g. iterations=300")
    args = ap.parse_args()
    extra = f",{args.extra}" if args.extra else ""
    bots = [f"ismcts:rollout=heuristic{extra}", f"ismcts:rollout=random{extra}"]
    duel(args.game, args.players, args.matches, bots, "rollouts", args.seed, args.workers)


if __name__ == "__main__":
    main()
