"""The tensor contract of every core game (design §8b): fixed shapes per ruleset, the dense action space both
ways, the legal mask, and an observation that cannot leak (it is unchanged by resampling what the seat cannot
see)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from ravenry import OptionError
from ravenry.rl import Tensors

from tests.rl.conftest import game_cases

CASES = game_cases()
IDS = [f"{g}-{n}p" for g, n in CASES]


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_shapes_masks_and_codes_hold_through_a_random_match(game: str, players: int) -> None:
    t = Tensors(game, players)
    assert t.action_size == len(set(int(c) for c in t.codes)) > 0
    assert list(t.codes) == sorted(int(c) for c in t.codes)
    low, high = t.observation_bounds
    m = t.new_match(seed=11)
    rng = random.Random(11)
    seen_nonzero = False
    steps = 0
    while not m.is_over and steps < 4000:
        for p in range(players):
            obs = m.observation(p)
            assert obs.shape == (t.observation_size,) and obs.dtype == np.float32
            assert np.isfinite(obs).all()
            outside = obs[(obs < low) | (obs > high)]
            assert not outside.size, f"values outside {t.observation_bounds}: {outside[:5]}"
            seen_nonzero |= bool(obs.any())
            mask = t.mask(m, p)
            assert mask.shape == (t.action_size,) and mask.dtype == np.int8
            legal = m.legal_actions(p)
            assert sorted(t.code(int(i)) for i in np.flatnonzero(mask)) == sorted(legal)
            for code in legal:
                assert t.code(t.index(code)) == code
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
            steps += 1
    assert seen_nonzero


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_observation_does_not_depend_on_what_the_seat_cannot_see(game: str, players: int) -> None:
    t = Tensors(game, players)
    m = t.new_match(seed=3)
    rng = random.Random(3)
    differs_between_seats = False
    for step in range(120):
        if m.is_over:
            break
        for p in range(players):
            d = m.determinized(p, seed=step * 31 + p)
            assert (d.observation(p) == m.observation(p)).all(), f"seat {p}'s observation leaks at step {step}"
        differs_between_seats |= players == 1 or not (m.observation(0) == m.observation(1)).all()
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
    assert differs_between_seats, "each seat's observation says who is looking"


def test_shapes_depend_only_on_the_ruleset() -> None:
    a, b = Tensors("iron-throne", 3), Tensors("iron-throne", 5)
    assert a.observation_size < b.observation_size
    m1, m2 = a.new_match(1), a.new_match(2)
    assert m1.observation(0).shape == m2.observation(2).shape == (a.observation_size,)
    assert Tensors("iron-throne", 3).action_size == a.action_size


def test_a_code_outside_the_space_is_refused_clearly() -> None:
    t = Tensors("fixture", 2)
    with pytest.raises(OptionError):
        t.index(999_999)
    with pytest.raises(OptionError):
        t.code(t.action_size)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_observation_spaces_declare_the_bounds_the_values_keep(game: str, players: int) -> None:
    """[0, 1] in every interface, as the values are (the random-match test above checks every value against
    them); a value past its scale saturates at 1 in the core's writer rather than leaving the declared box."""
    from ravenry.rl import aec_env, single_agent_env

    t = Tensors(game, players)
    assert t.observation_bounds == (0.0, 1.0)
    for space in (
        aec_env(game, players=players).observation_space("player_0")["observation"],
        single_agent_env(game, players=players, opponents=["random"]).observation_space["observation"],
    ):
        assert (space.low == 0.0).all() and (space.high == 1.0).all()
