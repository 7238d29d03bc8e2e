"""Hearts through the host: registration, options mirroring OpenSpiel's parameters, renderer, narration, CLI.

Rule scenarios live beside the rules in Rust (core_rs/src/games/hearts/tests.rs); the move-for-move comparison
with OpenSpiel is test_differential.py.
"""

from __future__ import annotations

import random

import pytest
import ravenry
from click.testing import CliRunner
from ravenry.faces.cli import cli
from ravenry_hearts import OPTIONS
from ravenry_hearts.render import narrate_event, render_view
from rich.console import Console

from tests.conformance.kit import play_bot, play_random

OPEN_SPIEL_PARAMETERS = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}


def test_registered_for_four_players_with_a_heuristic_bot() -> None:
    info = {g.id: g for g in ravenry.games()}["hearts"]
    assert info.players == (4, 4)
    assert {"random", "heuristic"} <= set(info.bots)
    assert {o.name for o in info.options} == set(OPEN_SPIEL_PARAMETERS) | {"pass_direction", "hands"}


def test_options_mirror_open_spiel_parameters_and_defaults() -> None:
    ours = {o.name: o.default for o in OPTIONS if o.name in OPEN_SPIEL_PARAMETERS}
    assert ours == OPEN_SPIEL_PARAMETERS
    pyspiel = pytest.importorskip("pyspiel")
    theirs = pyspiel.load_game("hearts").get_parameters()
    assert {k: theirs[k] for k in OPEN_SPIEL_PARAMETERS} == OPEN_SPIEL_PARAMETERS, theirs


def test_bad_options_are_refused() -> None:
    g = ravenry.game("hearts")
    with pytest.raises(ravenry.OptionError):
        g.new_match(4, seed=1, options={"pass_direction": "sideways"})
    with pytest.raises(ravenry.RavenryError):
        g.new_match(4, seed=1, options={"pass_cards": False, "pass_direction": "left"})
    with pytest.raises(ravenry.RavenryError):
        g.new_match(3, seed=1)


def _render(view: dict, seat: int | None) -> str:
    c = Console(width=110, record=True, color_system=None)
    c.print(render_view(view, seat))
    return c.export_text()


def test_renderer_shows_the_hand_by_suit_the_trick_and_scores() -> None:
    m = ravenry.game("hearts").new_match(4, seed=3, options={"pass_direction": "left"})
    text = _render(m.view(0), 0)
    assert "passing" in text and "North (seat 1, you): hand" in text
    assert "East (seat 2): hand" not in text, "another seat's hand is not drawn"
    hand = m.view(0)["hands"][0]
    spades = sorted((c % 13 for c in hand if c // 13 == 3), reverse=True)
    if spades:
        assert " ".join("23456789TJQKA"[r] for r in spades) in text, "spades listed high to low on one row"
    rng = random.Random(3)
    while m.view(None)["cards_played"] < 6:
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
    text = _render(m.view(1), 1)
    assert "trick 2 of 13" in text
    assert "scores" in text and "returns so far" in text and "received:" in text
    play_random(m, rng)
    text = _render(m.view(None), None)
    assert "the match is over" in text and "hand:" not in text


def test_every_event_narrates() -> None:
    m = ravenry.game("hearts").new_match(4, seed=5, options={"pass_direction": "across", "hands": 2})
    play_bot(m, "heuristic")
    kinds = set()
    for e in m.events(0, None, all=True):
        line = narrate_event(e)
        assert line and ":" not in line[:3]
        body = e["event"]
        kinds.add(body if isinstance(body, str) else next(iter(body)))
    assert {"HandStarted", "Dealt", "PassChosen", "PassCommitted", "Received", "Played", "TrickTaken"} <= kinds
    assert {"HandScored", "HeartsBroken"} <= kinds


def test_spectators_never_see_a_hand_or_a_pass() -> None:
    m = ravenry.game("hearts").new_match(4, seed=8, options={"pass_direction": "right"})
    m.apply(0, m.legal_actions(0)[0])
    public = m.view(None)
    assert public["hands"] == [None] * 4 and public["passed"] == [None] * 4
    assert public["pass_counts"] == [1, 0, 0, 0]
    assert all("PassChosen" not in str(e["event"]) for e in m.events(0, None))


def test_several_hands_add_up_the_returns() -> None:
    m = ravenry.game("hearts").new_match(4, seed=2, options={"hands": 4, "pass_direction": "left"})
    play_bot(m, "heuristic")
    scores = m.outcome["scores"]
    # Each hand's four returns add up to 78 (or 26 after a moon shot).
    assert sum(scores) % 26 == 0 and 4 * 26 <= sum(scores) <= 4 * 78


def test_cli_plays_a_full_game() -> None:
    r = CliRunner().invoke(cli, ["play", "hearts", "--seed", "4"], input="1\n" * 200, catch_exceptions=False)
    assert "final result" in r.output, r.output[-2000:]
