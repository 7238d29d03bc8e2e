"""PettingZoo AEC over every core game: PettingZoo's own API and seed tests, full matches to the end, terminal
rewards from the outcome, and blind secret commits."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from ravenry.rl import aec_env

from tests.rl.conftest import game_cases

CASES = game_cases()
IDS = [f"{g}-{n}p" for g, n in CASES]


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(game: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about every Dict observation space (its classic games use one too).
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(game, players=players), num_cycles=200)
        seed_test(lambda: aec_env(game, players=players), num_cycles=50)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_a_full_match_ends_with_the_outcome_as_rewards(game: str, players: int) -> None:
    env = aec_env(game, players=players, render_mode="ansi")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=200_000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    assert not env.agents, "every agent is done when the match is over"
    winners = env.match.outcome["winners"]
    if len(env.possible_agents) == 1:  # solo: the reward is the score
        assert list(totals.values()) == [pytest.approx(env.match.outcome["scores"][0])]
    else:
        assert sum(totals.values()) == pytest.approx(1.0)
        for p, agent in enumerate(env.possible_agents):
            assert totals[agent] == pytest.approx(1 / len(winners) if p in winners else 0.0)
    assert isinstance(env.render(), str) and env.render()


def test_score_rewards_are_score_differences() -> None:
    env = aec_env("fixture", players=2, score_rewards=True)
    env.reset(seed=2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    a, b = env.match.outcome["scores"]
    assert totals == {"seat_0": a - b, "seat_1": b - a}


def test_reset_with_a_seed_is_reproducible() -> None:
    def trace(seed: int) -> list[int]:
        env = aec_env("iron-throne", players=3)
        env.reset(seed=seed)
        out = []
        for _ in range(60):
            obs = env.observe(env.agent_selection)
            a = int(np.flatnonzero(obs["action_mask"])[-1])
            out.append(a)
            env.step(a)
        return out

    assert trace(9) == trace(9)
    assert trace(9) != trace(10)


def test_secret_commits_are_turns_each_blind_to_the_others() -> None:
    """Fixture rules: every player secretly commits a card; the second committer's observation is the same
    whichever card the first committed (the card is face down until all have committed)."""
    seen = []
    for choice in (0, -1):
        env = aec_env("fixture", players=2)
        env.reset(seed=1)
        assert env.match.to_act == [0, 1]
        assert env.agent_selection == "seat_0"
        mask = env.observe("seat_0")["action_mask"]
        env.step(int(np.flatnonzero(mask)[choice]))
        assert env.agent_selection == "seat_1"
        seen.append(env.observe("seat_1")["observation"])
    assert (seen[0] == seen[1]).all()
