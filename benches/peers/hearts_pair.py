"""One hearts deal held by both engines: Ravenry's match and OpenSpiel's state, and the card mapping between them.

Ravenry deals from its seed; OpenSpiel's chance nodes are driven with that deal (its first picks the pass
direction, 0 none / 1 left / 2 across / 3 right; the next 52 deal card k to seat k mod 4).
``tests/plugins/hearts/test_differential.py`` checks move for move that both then play the same game.
"""

from __future__ import annotations

from typing import Any

import ravenry

PASS_OFFSET = {"None": 0, "Left": 1, "Across": 2, "Right": 3}


def theirs(code: int) -> int:
    """OpenSpiel's card id (rank * 4 + suit) of Ravenry's card code (suit * 13 + rank)."""
    return (code % 13) * 4 + code // 13


def ours(action: int) -> int:
    """Ravenry's card code of OpenSpiel's card id."""
    return (action % 4) * 13 + action // 4


def deal_both(game: Any, seed: int) -> tuple[Any, Any, int]:
    """The same dealt hand in both engines: (Ravenry match, OpenSpiel state of ``game``, pass decisions before the
    first trick)."""
    m = ravenry.game("hearts").new_match(4, seed)
    s = game.new_initial_state()
    god = m.state()
    direction = PASS_OFFSET[god["pass_direction"]]
    s.apply_action(direction)
    hands = [[c for c in range(52) if god["hands"][p] >> c & 1] for p in range(4)]
    for k in range(52):
        s.apply_action(theirs(hands[k % 4][k // 4]))
    return m, s, 12 if direction else 0
