"""The heuristic's prior (`ismcts:prior=N`) against none, at one budget: the two bots sharing every table, seats
rotated and deals duplicated (a tournament), every match on one core.

    python benches/ismcts_prior.py GAME --players N -n MATCHES [--budget iterations=30] [--prior 10]

Writes `benches/results/ismcts_prior_<game>_<n>p.json`: the tournament's `to_dict()` plus the command and machine.
"""

from __future__ import annotations

from ismcts_duel import arguments, duel


def main() -> None:
    ap = arguments(__doc__.splitlines()[0])
    ap.add_argument("--budget", default="iterations=30", help="parameters both bots share")
    ap.add_argument("--prior", type=int, default=10)
    args = ap.parse_args()
    bots = [f"ismcts:{args.budget},prior={args.prior}", f"ismcts:{args.budget}"]
    duel(args.game, args.players, args.matches, bots, "prior", args.seed, args.workers)


if __name__ == "__main__":
    main()
