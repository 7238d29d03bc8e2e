"""API-level tests of the agot-board plugin: registration, options and variants, content, views, rendering,
narration and the heuristic bot.

The rules themselves are tested in Rust (core_rs/src/games/agot_board/tests), one test per rule section.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import ravenry
from ravenry import OptionError
from ravenry_agot_board import load_content
from ravenry_agot_board.render import narrate_event, render_view
from ravenry_storm_of_swords import OPTIONS
from rich.console import Console

from tests.conformance.kit import play_random


def test_registered_with_bots_and_the_expansion_variants() -> None:
    info = ravenry.game("agot-board").info
    assert info.players == (3, 5)
    assert "heuristic" in info.bots and "random" in info.bots
    # The options and variants all come from ravenry-storm-of-swords (tests/plugins/storm_of_swords).
    assert [o.name for o in info.options] == [o[0] for o in OPTIONS]
    assert sorted(info.variants) == sorted(o[1] for o in OPTIONS)


def test_content_records_name_their_source() -> None:
    c = load_content()
    assert sorted(c) == ["cards", "map", "setup", "westeros"], "the base game only"
    assert len(c["map"]["areas"]) == 50
    for a in c["map"]["areas"]:
        assert a["source"] in {"rulebook", "research", "designed"}
    assert len(c["cards"]["cards"]) == 35
    assert all(x["source"] in {"rulebook", "research", "designed"} for x in c["cards"]["cards"])
    assert sum(x["count"] for x in c["westeros"]["cards"]) == 30


def test_leaders_without_sos_house_cards_are_refused() -> None:
    with pytest.raises((OptionError, ValueError)):
        ravenry.game("agot-board").new_match(4, seed=1, options={"leaders": True})


def test_orders_are_secret_until_every_house_locks() -> None:
    m = ravenry.game("agot-board").new_match(3, seed=2)
    assert sorted(m.to_act) == [0, 1, 2]
    place = next(a for a in m.legal_actions(0) if m.describe(a, 0)["kind"] == "order")
    m.apply(0, place)
    mine = [a["order"] for a in m.view(0)["areas"] if a["order"]]
    theirs = [a["order"] for a in m.view(1)["areas"] if a["order"]]
    assert mine and mine != ["hidden"] and theirs == ["hidden"]
    assert all(a["order"] in (None, "hidden") for a in m.view(None)["areas"])


def test_render_and_narrate_a_match_in_progress() -> None:
    m = ravenry.game("agot-board").new_match(5, seed=6, variants=["leaders"])
    play_random(m, random.Random(6), 300)
    console = Console(width=160, record=True)
    console.print(render_view(m.view(0), 0))
    text = console.export_text()
    assert "Iron Throne" in text and "Board" in text
    lines = [narrate_event(e) for e in m.events(since=0, viewer=0)]
    assert lines and all(isinstance(line, str) and line for line in lines)
    assert any(line.startswith("orders revealed") for line in lines)


@pytest.mark.parametrize("variant", [o[1] for o in OPTIONS])
def test_every_variant_plays_to_the_end(variant: str) -> None:
    for players in (3, 5):
        m = ravenry.game("agot-board").new_match(players, seed=5, variants=[variant])
        play_random(m, random.Random(players), 5000)
        assert m.is_over


def test_heuristic_beats_random() -> None:
    report = ravenry.simulate(
        "agot-board", matches=120, players=4, bots=["heuristic", "random", "random", "random"], seed=3, workers=1
    )
    share = report.win_share(0)
    assert share >= 0.6, f"heuristic won {share:.2f} of matches (fair share 0.25)"


def test_map_adjacency_is_symmetric() -> None:
    areas = {a["id"]: a for a in load_content()["map"]["areas"]}
    for a in areas.values():
        for b in a["adjacent"]:
            assert a["id"] in areas[b]["adjacent"], (a["id"], b)
            assert areas[b]["kind"] in {"land", "sea"}


def test_every_legal_action_has_a_label() -> None:
    m = ravenry.game("agot-board").new_match(4, seed=8, variants=["leaders", "tactics", "wildling-cards"])
    rng = random.Random(8)
    for _ in range(600):
        if m.is_over:
            break
        p = m.to_act[0]
        legal = m.legal_actions(p)
        for a in legal[:40]:
            info = m.describe(a, p)
            assert info["label"] and info["kind"] != "unknown"
        m.apply(p, rng.choice(legal))


def test_a_march_taken_back_is_not_retried_by_a_heuristic_built_for_each_decision() -> None:
    """A bot built afresh per decision (the Python API, network seats) keeps no memory; the match's record of the
    battles a march took back keeps it from taking the same one back for ever (a strength run looped for an hour)."""
    fixture = json.loads((Path(__file__).parent / "march_taken_back.json").read_text())
    m = ravenry.game("agot-board").new_match(fixture["players"], fixture["seed"])
    for seat, action in fixture["history"]:
        m.apply(seat, action)
    marching = m.to_act[0]
    kinds = []
    for k in range(60):
        if m.is_over:
            break
        seat = m.to_act[0]
        action = m.bot_action("heuristic", seat, seed=k)
        kinds.append((seat, m.describe(action, seat)["kind"]))
        m.apply(seat, action)
    assert kinds.count((marching, "reset-march")) <= 2
    assert any(kind not in ("move", "reset-march") for seat, kind in kinds if seat == marching)
