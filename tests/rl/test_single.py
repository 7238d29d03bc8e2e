"""Gymnasium single-agent environments: Gymnasium's env checker, full episodes against core bots, and refused
illegal actions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from ravenry import IllegalAction, OptionError
from ravenry.rl import single_agent_env

from tests.rl.conftest import game_cases, opponent_bot

CASES = game_cases()
IDS = [f"{g}-{n}p" for g, n in CASES]


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_gymnasium_env_checker_passes(game: str, players: int) -> None:
    env = single_agent_env(game, players=players, opponents=[opponent_bot(game)], render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the unbounded observation Box
        check_env(env, skip_render_check=False)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_an_episode_against_core_bots_ends_with_the_seats_win_share(game: str, players: int) -> None:
    seat = players - 1
    env = single_agent_env(game, seat=seat, players=players, opponents=[opponent_bot(game), "random"])
    obs, info = env.reset(seed=4)
    assert info["seat"] == seat
    rng = np.random.default_rng(4)
    total, done, steps = 0.0, False, 0
    while not done:
        assert env.match.to_act and seat in env.match.to_act, "the learner is stepped only when it is to act"
        obs, reward, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        steps += 1
    winners = env.match.outcome["winners"]
    if players == 1:  # solo: the score, not a win share
        assert total == pytest.approx(env.match.outcome["scores"][0])
    else:
        assert total == pytest.approx(1 / len(winners) if seat in winners else 0.0)
    assert steps > 0


def test_an_illegal_action_changes_nothing() -> None:
    env = single_agent_env("fixture", players=2, opponents=["random"])
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.match.state_msgpack()
    obs2, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, False, True)
    assert env.match.state_msgpack() == before and (obs2["observation"] == obs["observation"]).all()
    strict = single_agent_env("fixture", players=2, opponents=["random"], illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_unknown_bots_and_seats_are_refused() -> None:
    with pytest.raises(OptionError, match="no core bot"):
        single_agent_env("iron-throne", opponents=["nobody"])
    with pytest.raises(OptionError, match="no seat"):
        single_agent_env("iron-throne", seat=9)


def test_solo_roll_player_needs_no_opponent_and_is_rewarded_with_its_score() -> None:
    # A solo game has no one to beat: a constant 1.0 would teach nothing, so the reward is the score.
    rewards, scores = [], []
    for seed in range(4):
        env = single_agent_env("roll-player", players=1, opponents=())
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total, done = 0.0, False
        while not done:
            obs, r, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            total, done = total + float(r), term or trunc
        rewards.append(total)
        scores.append(float(env.match.outcome["scores"][0]))
    assert rewards == scores and len(set(rewards)) > 1, rewards
