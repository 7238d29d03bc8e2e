"""``VectorEnv``: NumPy arrays in and out, automatic reset, bots inside the core, and the same arrays whatever the
worker count."""

from __future__ import annotations

import numpy as np
import pytest
from ravenry import IllegalAction, OptionError
from ravenry.rl import Tensors, VectorEnv

from tests.rl.conftest import game_cases, opponent_bot

CASES = game_cases()
IDS = [f"{g}-{n}p" for g, n in CASES]


def run(game: str, players: int, workers: int, steps: int, opponents=None) -> tuple[list, np.ndarray, int]:
    env = VectorEnv(game, 16, players=players, seed=7, workers=workers, opponents=opponents)
    obs, mask, seat = env.reset()
    rng = np.random.default_rng(1)
    trace, rewards, dones = [obs.copy(), mask.copy(), seat.copy()], np.zeros(players), 0
    for _ in range(steps):
        actions = (rng.random(mask.shape) * mask).argmax(1)
        obs, mask, seat, rew, done = env.step(actions)
        trace += [obs.copy(), seat.copy()]
        rewards += rew.sum(0)
        dones += int(done.sum())
        assert (rew[~done] == 0).all(), "rewards come only when a match ends"
    return trace, rewards, dones


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_same_seed_gives_the_same_arrays_on_one_or_two_workers(game: str, players: int) -> None:
    one, r1, d1 = run(game, players, 1, 150)
    two, r2, d2 = run(game, players, 2, 150)
    assert all(np.array_equal(a, b) for a, b in zip(one, two))
    assert np.array_equal(r1, r2) and d1 == d2


def test_finished_matches_restart_and_pay_their_win_shares() -> None:
    _, rewards, dones = run("fixture", 2, 2, 200)
    assert dones > 16, "each slot played several matches"
    assert rewards.sum() == pytest.approx(dones), "each finished match pays out one win in total"


def test_observations_and_masks_match_a_match_of_the_same_seat() -> None:
    env = VectorEnv("iron-throne", 4, players=3, seed=1)
    t = Tensors("iron-throne", 3)
    obs, mask, seat = env.reset()
    assert obs.shape == (4, t.observation_size) and obs.dtype == np.float32
    assert mask.shape == (4, t.action_size) and mask.dtype == np.uint8
    assert ((mask.sum(1)) > 0).all() and set(seat) <= {0, 1, 2}


@pytest.mark.parametrize(("game", "players"), [c for c in CASES if c[1] > 1][:3])
def test_bots_play_inside_the_core_and_only_learner_seats_are_returned(game: str, players: int) -> None:
    opponents = [None] + [opponent_bot(game)] * (players - 1)
    env = VectorEnv(game, 8, players=players, seed=2, workers=2, opponents=opponents)
    _, mask, seat = env.reset()
    rng = np.random.default_rng(2)
    for _ in range(100):
        assert (seat == 0).all()
        _, mask, seat, _, _ = env.step((rng.random(mask.shape) * mask).argmax(1))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = VectorEnv("fixture", 3, players=2, seed=1, workers=1)
    obs, mask, seat = env.reset()
    bad = (mask == 0).argmax(1)
    with pytest.raises(IllegalAction, match="match 0"):
        env.step(bad)
    good = mask.argmax(1)
    obs2, *_ = env.step(good)
    env2 = VectorEnv("fixture", 3, players=2, seed=1, workers=1)
    env2.reset()
    obs3, *_ = env2.step(good)
    assert np.array_equal(obs2, obs3), "the refused step left every match as it was"
    with pytest.raises(OptionError):
        env.step(good[:2])


def test_bad_opponents_are_refused() -> None:
    with pytest.raises(OptionError):
        VectorEnv("fixture", 2, players=2, opponents=["random"])
    with pytest.raises(OptionError):
        VectorEnv("fixture", 2, players=2, opponents=["random", "random"])
    with pytest.raises(OptionError):
        VectorEnv("fixture", 2, players=2, opponents=[None, "nobody"])
