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


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_legal_indices_are_the_ones_of_each_mask_row(game: str, players: int) -> None:
    env = VectorEnv(game, 8, players=players, seed=3, workers=2)
    _, mask, _ = env.reset()
    rng = np.random.default_rng(3)
    for _ in range(40):
        indices, offsets = env.legal()
        assert offsets.shape == (9,) and offsets[0] == 0 and offsets[-1] == len(indices)
        for i in range(8):
            row = np.sort(indices[offsets[i] : offsets[i + 1]])
            assert np.array_equal(row, np.flatnonzero(mask[i]))
        actions = env.random_legal(rng)
        assert mask[np.arange(8), actions].all(), "random_legal draws legal actions only"
        _, mask, _, _, _ = env.step(actions)


def test_copy_false_hands_out_the_same_read_only_arrays_with_the_same_contents() -> None:
    copied = VectorEnv("iron-throne", 6, players=4, seed=5, workers=2)
    shared = VectorEnv("iron-throne", 6, players=4, seed=5, workers=2, copy=False)
    a, b = copied.reset(), shared.reset()
    rng = np.random.default_rng(5)
    first_obs = b[0]
    for _ in range(30):
        assert all(np.array_equal(x, y) for x, y in zip(a, b))
        actions = copied.random_legal(rng)
        a, b = copied.step(actions), shared.step(actions)
        assert b[0] is first_obs, "copy=False: the env's own array, overwritten in place"
        assert not any(x.flags.writeable for x in b)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    kept, before = a[0], a[0].copy()
    after = copied.step(copied.random_legal(rng))[0]
    assert not np.array_equal(after, before), "the step moved the matches"
    assert np.array_equal(kept, before), "copy=True: arrays a caller keeps never change"
    with pytest.raises(ValueError):
        b[1][0, 0] = 1
