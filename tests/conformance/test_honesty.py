"""Honesty (design §8a): a bot's decision for seat ``p`` depends only on what ``p`` may know.

For many random mid-game states ``s`` of every game and player count, every core bot of the game (its heuristic,
``random`` and ``ismcts``) takes the same action from ``s`` and from ``determinize(s, p, r)`` for the same bot
seed. A bot that peeks at a hand, a face-down commit or the deck order fails as soon as the resampled world
differs there. The determinizations themselves must depend only on ``p``'s information: resampling a resampled
world gives the very world resampling the real one gives.
"""

from __future__ import annotations

import random

import pytest
import ravenry

from .kit import cases, is_rust

CASES = [(g, n) for g, n in cases() if is_rust(ravenry.game(g).new_match(n, 0))]
ids = [f"{g}-{n}p" for g, n in CASES]
STATES = 12
# Small budgets keep the check fast; honesty does not depend on the budget, only on what the search reads.
SEARCH = "ismcts:iterations=24,trees=2,cut=30"


def _core_specs(game: str) -> list[str]:
    g = ravenry.game(game)
    core = set(g.ruleset(g.resolve_options(None)).bot_names)
    return [SEARCH if b == "ismcts" else b for b in g.info.bots if b in core]


def _mid_game_states(game: str, players: int, rng: random.Random) -> list[ravenry.Match]:
    """Random mid-game matches, each at a decision of some seat; a few at the very start."""
    g = ravenry.game(game)
    out = []
    for k in range(STATES):
        m = g.new_match(players, rng.randrange(2**32))
        steps = 0 if k < 2 else rng.randrange(1, 400)
        for _ in range(steps):
            if m.is_over:
                break
            p = rng.choice(m.to_act)
            m.apply(p, rng.choice(m.legal_actions(p)))
        if not m.is_over:
            out.append(m)
    return out


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_determinizations_depend_only_on_the_seat_s_information(game: str, players: int) -> None:
    rng = random.Random(11)
    for m in _mid_game_states(game, players, rng):
        for p in range(players):
            seed = rng.randrange(2**32)
            direct = m.determinize(p, seed).state_msgpack()
            via = m.determinize(p, rng.randrange(2**32)).determinize(p, seed).state_msgpack()
            assert direct == via, f"seat {p} at decision {m.decisions}: the world drawn depends on hidden facts"


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_every_bot_decides_the_same_in_every_world_its_seat_cannot_tell_apart(game: str, players: int) -> None:
    rng = random.Random(5)
    specs = _core_specs(game)
    assert "random" in specs and SEARCH in specs
    checked = 0
    for m in _mid_game_states(game, players, rng):
        for p in m.to_act:
            if len(m.legal_actions(p)) < 2:
                continue
            worlds = [m.determinize(p, rng.randrange(2**32)) for _ in range(2)]
            for spec in specs:
                bot_seed = rng.randrange(2**32)
                real = m.bot_action(spec, p, seed=bot_seed)
                for w in worlds:
                    assert w.bot_action(spec, p, seed=bot_seed) == real, (
                        f"{spec} for seat {p} at decision {m.decisions} chose differently in a world the seat "
                        "cannot tell from the real one: it reads hidden information"
                    )
                checked += 1
    assert checked > 0


def test_a_bot_seed_fixes_the_decision_and_leaves_the_match_alone() -> None:
    m = ravenry.game("fixture").new_match(3, 4)
    before = (m.state_msgpack(), m.history())
    a = m.bot_action(SEARCH, 0, seed=9)
    assert all(m.bot_action(SEARCH, 0, seed=9) == a for _ in range(3))
    assert (m.state_msgpack(), m.history()) == before
