"""Cases for the researchers' interfaces: every core game, at its smallest and largest player counts."""

from __future__ import annotations

import ravenry


def core_games() -> list[str]:
    return sorted(info.id for info in ravenry.games() if ravenry.game(info.id).spec.core is not None)


def game_cases() -> list[tuple[str, int]]:
    out = []
    for gid in core_games():
        lo, hi = ravenry.game(gid).info.players
        out.extend((gid, n) for n in sorted({lo, hi}))
    return out


def opponent_bot(game: str) -> str:
    bots = ravenry.game(game).info.bots
    return "heuristic" if "heuristic" in bots else "random"
