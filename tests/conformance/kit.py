"""The conformance kit's helpers: every registered game, every player count, seeded random play (also used by the
plugins' own tests, with ``play_bot``)."""

from __future__ import annotations

import os
import random

import ravenry
from ravenry.model.match import Match, MatchBase

# Matches per game and player count; CI plays more.
MATCHES = int(os.environ.get("RAVENRY_CONFORMANCE_MATCHES", "200" if os.environ.get("CI") else "40"))
MAX_STEPS = 200_000


def cases() -> list[tuple[str, int]]:
    out = []
    for info in ravenry.games():
        lo, hi = info.players
        out.extend((info.id, n) for n in range(lo, hi + 1))
    return out


def variant_cases() -> list[tuple[str, str]]:
    return [(info.id, v) for info in ravenry.games() for v in info.variants]


def play_random(m: MatchBase, rng: random.Random, steps: int = MAX_STEPS) -> int:
    """Play random legal actions until over or ``steps``; returns decisions made."""
    n = 0
    while not m.is_over and n < steps:
        to_act = m.to_act
        assert to_act, "a match that is not over must have someone to act"
        for p in to_act:
            legal = m.legal_actions(p)
            assert legal, f"seat {p} is to act but has no legal action"
            m.apply(p, rng.choice(legal))
            n += 1
    return n


def play_bot(m: MatchBase, bot: str) -> None:
    """Play every seat with bot ``bot`` until the match is over."""
    while not m.is_over:
        for p in m.to_act:
            m.apply(p, m.bot(bot, p))


def is_rust(m: MatchBase) -> bool:
    return isinstance(m, Match)
