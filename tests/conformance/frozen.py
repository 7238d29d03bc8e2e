"""Behaviour, frozen: one digest per game, player count and variant of everything a seeded match shows anyone.
Moving and splitting code must leave every digest as it was; a changed digest means behaviour changed.

A digest covers, at every decision of a seeded random match (capped at ``STEPS`` decisions): who is to act, their
legal actions and how each is described, every seat's view and the public's, the events every seat may know and
the god's-eye events, the observation tensor where the game has one, and the outcome. It also covers what the
heuristic and the search (a fixed iteration budget and seed) would choose at every ``SEARCH_EVERY``-th decision.

Regenerate (only when a change of behaviour is intended, and say so in the commit) with

    python tests/conformance/frozen.py
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import ravenry
from ravenry.model.match import Match, MatchBase

HERE = Path(__file__).parent / "frozen.json"
STEPS = 300
SEARCH_EVERY = 60
SEARCH = "ismcts:iterations=24"
SEED = 11


def cases() -> list[tuple[str, int, str]]:
    """Every game at every player count with no variant, and each variant at the smallest count."""
    out = []
    for info in ravenry.games():
        lo, hi = info.players
        out.extend((info.id, n, "") for n in range(lo, hi + 1))
        out.extend((info.id, lo, v) for v in info.variants)
    return out


def _canon(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr).encode()


def digest(game: str, players: int, variant: str) -> str:
    m: MatchBase = ravenry.game(game).new_match(players, seed=SEED, variants=(variant,) if variant else ())
    h = hashlib.sha256()
    rng = random.Random(SEED)
    bots = set(m.game.info.bots)
    steps = 0
    while not m.is_over and steps < STEPS:
        to_act = m.to_act
        h.update(_canon(to_act))
        for p in to_act:
            legal = m.legal_actions(p)
            h.update(_canon([m.describe(a, p) for a in legal]))
            if isinstance(m, Match):
                h.update(m.observation(p).tobytes())
            if steps % SEARCH_EVERY == 0:
                if "heuristic" in bots:
                    h.update(_canon(["heuristic", m.bot("heuristic", p)]))
                if "ismcts" in bots and isinstance(m, Match):
                    h.update(_canon([SEARCH, m.bot_action(SEARCH, p, seed=5)]))
            m.apply(p, rng.choice(legal))
            steps += 1
        for seat in [*range(players), None]:
            h.update(_canon(m.view(seat)))
    for seat in [*range(players), None]:
        h.update(_canon(m.events(0, seat)))
    h.update(_canon(m.events(0, None, all=True)))
    h.update(_canon(m.outcome))
    return h.hexdigest()


def record() -> dict[str, str]:
    return {f"{g}/{n}p/{v or '-'}": digest(g, n, v) for g, n, v in cases()}


if __name__ == "__main__":
    HERE.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {HERE}")
