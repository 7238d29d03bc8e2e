"""OpenSpiel: every core game registered as a pyspiel Python game passes OpenSpiel's random-simulation checks (with
serialization), pickles and serializes to an equal state, gives a playthrough, and OpenSpiel's own ISMCTSBot plays
full matches of it against a Ravenry core bot."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import numpy as np
import pytest
import ravenry

from tests.rl.conftest import core_games

pyspiel = pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
generate_playthrough = pytest.importorskip("open_spiel.python.algorithms.generate_playthrough")
make_observation = pytest.importorskip("open_spiel.python.observation").make_observation

from ravenry.services.rl.openspiel import (  # noqa: E402
    CoreRolloutEvaluator,
    RavenryState,
    openspiel_game,
    short_name,
)


def ravenry_search_bot(game: str) -> str:
    """Ravenry's ``ismcts`` where the core has it, else its heuristic (or random for the fixture)."""
    bots = ravenry.game(game).info.bots
    return next(b for b in ("ismcts", "heuristic", "random") if b in bots)


@pytest.mark.parametrize("game", core_games())
def test_openspiel_random_simulation_checks_pass(game: str) -> None:
    """OpenSpiel's C++ basic checks at every step: legal actions sorted and masked, unique action strings, clones
    equal, tensors of the declared sizes, returns within the bounds, and serialize_game_and_state then
    deserialize_game_and_state giving the same game and state string (the whole state) at the first ten steps and
    every power of two (one match: they check every seat each step)."""
    g = openspiel_game(game, players=ravenry.game(game).info.players[0], seed=3)
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def mid_game(game: str, steps: int = 25, seed: int = 5, **kwargs: object) -> RavenryState:
    g = openspiel_game(game, players=ravenry.game(game).info.players[0], seed=seed, **kwargs)  # type: ignore[arg-type]
    s = g.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
    return s


def assert_same(a: RavenryState, b: RavenryState, steps: int = 10) -> None:
    """Same history, legal actions, strings and tensors for every seat, now and after the same further actions
    (so the hidden cards and the RNG position came across too)."""
    rng = np.random.default_rng(0)
    for _ in range(steps + 1):
        assert str(a) == str(b)
        assert a.history() == b.history()
        assert a.is_terminal() == b.is_terminal()
        if a.is_terminal():
            assert a.returns() == b.returns()
            return
        assert a.current_player() == b.current_player()
        assert a.legal_actions() == b.legal_actions()
        for p in range(a.num_players()):
            assert a.information_state_string(p) == b.information_state_string(p)
            assert a.observation_string(p) == b.observation_string(p)
            assert a.observation_tensor(p) == b.observation_tensor(p)
        action = int(rng.choice(a.legal_actions()))
        a.apply_action(action)
        b.apply_action(action)


@pytest.mark.parametrize("game", core_games())
def test_serialize_and_pickle_give_an_equal_state(game: str) -> None:
    s = mid_game(game)
    g = s.get_game()
    text = pyspiel.serialize_game_and_state(g, s)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert str(g2) == str(g)
    assert_same(s.clone(), s2)
    assert str(pickle.loads(pickle.dumps(g))) == str(g)
    assert_same(s.clone(), pickle.loads(pickle.dumps(s)))
    # The game string alone rebuilds the match: the seed parameter fixes every shuffle and roll.
    replayed = pyspiel.load_game(str(g)).new_initial_state()
    for a in s.history():
        replayed.apply_action(a)
    assert_same(s.clone(), replayed)


def test_a_resampled_world_pickles_as_itself() -> None:
    """A determinized state is no replay of the seed: it travels as the match's save bytes."""
    s = mid_game("hearts", steps=14)
    p = s.current_player()
    r = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(r) != str(s), "the resampled world deals the hidden cards otherwise"
    assert_same(r.clone(), pickle.loads(pickle.dumps(r)))


def test_list_options_survive_the_game_string() -> None:
    """OpenSpiel's game strings split on commas: a list option is percent-encoded, and loads back the same."""
    houses = ["stark", "lannister", "tyrell"]
    g = openspiel_game("iron-throne", players=3, options={"houses": houses}, seed=4)
    again = pyspiel.load_game(str(g))
    assert str(again) == str(g) and "%2C" in str(g)
    assert again.tensors.options["houses"] == houses
    s = mid_game("iron-throne", steps=12, options={"houses": houses})
    assert_same(s.clone(), pickle.loads(pickle.dumps(s)))


def test_one_import_registers_every_game_and_unpickles_in_a_fresh_process() -> None:
    s = mid_game("hearts", steps=9)
    code = (
        "import pickle, sys, pyspiel\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(state.information_state_string(state.current_player()))\n"
        "import ravenry.services.rl.openspiel\n"
        f"print([pyspiel.load_game(n).num_players() for n in {[short_name(g) for g in core_games()]!r}])\n"
    )
    run = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(s), capture_output=True, check=True)
    lines = run.stdout.decode().splitlines()
    assert lines[0] == s.information_state_string(s.current_player())
    assert lines[1] == str([ravenry.game(g).info.players[0] for g in core_games()])
    assert len(lines) == 2 and not run.stderr, "nothing else printed (an unknown game prints pyspiel's registry)"


def test_information_strings_are_the_seats_view() -> None:
    s = mid_game("hearts", steps=14)
    for p in range(4):
        view = s.match.view(p)
        assert json.loads(s.observation_string(p)) == view
        text, mine = s.information_state_string(p).split(" mine=")
        assert json.loads(text) == view
        own = [pa.action for pa in s.full_history() if pa.player == p]
        assert json.loads(mine.split(" seen=")[0]) == own
    assert len({s.information_state_string(p) for p in range(4)}) == 4
    # Public information: the spectator's view, without the hand in the seat's own view.
    public = make_observation(
        s.get_game(),
        pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    assert json.loads(public.string_from(s, 0)) == s.match.view(None) != s.match.view(0)
    assert public.tensor is None
    # Two states the seat can tell apart (it played another card) differ; the seat's view of a resampled world not.
    p = s.current_player()
    a, b = s.clone(), s.clone()
    first, second = s.legal_actions()[:2]
    a.apply_action(first)
    b.apply_action(second)
    assert a.information_state_string(p) != b.information_state_string(p)
    r = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.information_state_string(p) == s.information_state_string(p)


# agot-board's playthrough takes about 16 s, nearly all of it OpenSpiel formatting its float tensors; agot-ccg plays
# one round (its tournament limit), which also puts an option in the game string.
PLAYTHROUGHS = [
    "python_ravenry_fixture(players=2,seed=1)",
    "python_ravenry_hearts(players=4,seed=1)",
    "python_ravenry_iron_throne(players=3,seed=1)",
    "python_ravenry_roll_player(players=1,seed=1)",
    'python_ravenry_agot_ccg(options={"round_limit":1},players=2,seed=1)',
]


@pytest.mark.parametrize("game_string", PLAYTHROUGHS)
def test_a_playthrough_is_generated(game_string: str) -> None:
    text = generate_playthrough.playthrough(game_string, None, seed=1)
    assert "GameType.chance_mode = ChanceMode.DETERMINISTIC" in text
    assert 'InformationStateString(0) = "{' in text
    assert "IsTerminal() = True" in text


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
    # Deterministic: every initial state is the match Ravenry plays with the seed parameter.
    g = openspiel_game("iron-throne", players=4, seed=7)
    expected = ravenry.game("iron-throne").new_match(players=4, seed=7).state()
    assert g.new_initial_state().match.state() == g.new_initial_state().match.state() == expected


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
    # Shares of the win add up to one; a solo game returns its score.
    want = s.match.outcome["scores"][0] if g.num_players() == 1 else 1.0
    assert sum(s.returns()) == pytest.approx(want)
    assert moves > 0
