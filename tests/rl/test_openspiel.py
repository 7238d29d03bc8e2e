"""OpenSpiel: every core game registered as a pyspiel Python game passes OpenSpiel's random-simulation checks, and
OpenSpiel's own ISMCTSBot plays full matches of it against a Ravenry core bot."""

from __future__ import annotations

import numpy as np
import pytest
import ravenry

from tests.rl.conftest import core_games

pyspiel = pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")

from ravenry.services.rl.openspiel import CoreRolloutEvaluator, openspiel_game, short_name  # noqa: E402


def ravenry_search_bot(game: str) -> str:
    """Ravenry's ``ismcts`` where the core has it, else its heuristic (or random for the fixture)."""
    bots = ravenry.game(game).info.bots
    return next(b for b in ("ismcts", "heuristic", "random") if b in bots)


@pytest.mark.parametrize("game", core_games())
def test_openspiel_random_simulation_checks_pass(game: str) -> None:
    """OpenSpiel's C++ basic checks at every step: legal actions sorted and masked, unique action strings, clones
    equal, tensors of the declared sizes, returns within the bounds (one match: they check every seat each step)."""
    g = openspiel_game(game, players=ravenry.game(game).info.players[0], seed=3)
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)


def test_game_facts_are_declared() -> None:
    g = openspiel_game("iron-throne", players=4)
    t = g.get_type()
    assert t.short_name == short_name("iron-throne")
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert g.num_players() == 4
    assert pyspiel.load_game(short_name("iron-throne"), {"players": 4}).num_players() == 4


def test_tensors_clone_and_resampling() -> None:
    g = openspiel_game("iron-throne", players=3, seed=1)
    s = g.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(40):
        s.apply_action(int(rng.choice(s.legal_actions())))
    p = s.current_player()
    assert len(s.information_state_tensor(p)) == g.information_state_tensor_size()
    assert len(s.observation_tensor(p)) == g.observation_tensor_size()
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert c.match.decisions == s.match.decisions + 1, "a clone is independent of its source"
    r = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.information_state_string(p) == s.information_state_string(p)
    assert r.observation_tensor(p) == s.observation_tensor(p)
    assert r.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("game", core_games())
def test_openspiel_ismcts_plays_a_full_match_against_ravenry(game: str) -> None:
    lo, hi = ravenry.game(game).info.players
    g = openspiel_game(game, players=lo, seed=2)
    bot = ismcts.ISMCTSBot(
        g,
        CoreRolloutEvaluator(),
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(2),
        # Deeper in a search tree, seats' sampled worlds can offer different actions at one information state.
        allow_inconsistent_action_sets=True,
    )
    opponent = ravenry_search_bot(game)
    s = g.new_initial_state()
    moves = 0
    while not s.is_terminal():
        p = s.current_player()
        if p == 0:
            a = bot.step(s)
            assert a in s.legal_actions()
        else:
            a = s.tensors.index(s.match.bot_action(opponent, p))
        s.apply_action(a)
        moves += 1
    assert sum(s.returns()) == pytest.approx(1.0)
    assert moves > 0
