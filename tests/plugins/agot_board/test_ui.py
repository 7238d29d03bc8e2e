"""A Game of Thrones: The Board Game in the full-screen client, driven by keys: the map's areas and borders,
a house card's text from the data, orders built area first, and a battle's strength by part before a card."""

from __future__ import annotations

import re
from typing import Any

import ravenry
from ravenry.faces import tui
from ravenry_agot_board.board import board_map, layout
from ravenry_agot_board.ui import PARTS, house_cards, total

from tests.tui.conftest import deciding, drive, screen_text, settle, until, widget_text


def test_map_cards_orders_and_battle_preview_by_keys() -> None:
    m = ravenry.game("agot-board").new_match(3, seed=3)
    app = tui.local_app(m, {0: None, 1: "heuristic", 2: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        text = screen_text(app)
        # Every area of the map is on the board (its short label in the grid) and in the border list.
        board = widget_text(app.query_one("#board-map"))
        for pos in layout()["areas"]:
            assert pos["label"] in board, pos
        areas = widget_text(app.query_one("#board-areas"), width=400)
        for name, rec in board_map().items():
            line = next(x for x in areas.splitlines() if x.strip().startswith(name))
            assert all(b.replace("-", " ").split()[-1].lower() in line.lower() for b in rec["adjacent"])
        assert "Winterfell" in text  # and the top of the map is on screen
        # The highlighted house card's numbers come from cards.json.
        first = app.cards[0]
        rec = house_cards()[first.key.split(":", 1)[1]]
        assert f"strength {rec['strength']} · swords {rec['swords']}" in text
        # Orders are built area first: the first step lists areas, the second the orders for that area.
        row = app.query_one(tui.app.ActionPicker).rows[1]
        assert row is not None and row.action is None and row.prefix[-1].startswith("in ")
        await pilot.press("enter")
        await settle(pilot)
        step = app.query_one(tui.app.ActionPicker).highlighted_action()
        assert step is not None and step["kind"] == "order" and row.prefix[-1][3:] in step["label"]
        # Play on by keys until a house card is to be chosen in a battle; its preview adds up the parts.
        for _ in range(300):
            await until(pilot, lambda: deciding(app) or app.frame["over"])
            if app.frame["over"]:
                break
            acts = app.frame["actions"]
            if acts and acts[0]["kind"] == "house-card":
                break
            await pilot.press("enter")
            await settle(pilot)
        else:
            raise AssertionError("no battle within 300 decisions")
        assert not app.frame["over"], "the match ended without a battle for the human"
        view = app.frame["view"]
        c = view["combat"]
        me = view["seats"][0]["house"]
        side = 0 if c["attacker"] == me else 1
        act = app.query_one(tui.app.ActionPicker).highlighted_action()
        strength = int(re.match(r"Play .+? \((\d+)", act["label"])[1])
        assert f"= {total(c['parts'][side]) + strength}" in screen_text(app)
        assert f"their strength so far {total(c['parts'][1 - side])}" in screen_text(app)
        assert all(word in screen_text(app) for _, word in PARTS[:3])

    drive(app, script)


def test_a_storm_of_swords_card_sharing_a_base_name_shows_its_own_text() -> None:
    """Stannis Baratheon is a base card (strength 3, no text) and a Storm of Swords card (strength 4, takes the
    Iron Throne token): with ``sos_house_cards`` the hand shows the expansion's, without it the base's."""
    base, sos = house_cards("base")["Stannis Baratheon"], house_cards("storm_of_swords")["Stannis Baratheon"]
    assert (base["strength"], sos["strength"]) == (3, 4) and sos["text"] and not base["text"]
    game = ravenry.game("agot-board")
    ui = tui.load_ui(game.spec)
    for options, rec in (({"sos_house_cards": True}, sos), ({}, base)):
        m = game.new_match(3, seed=1, options=options)
        viewer = next(p for p, s in enumerate(m.view(None)["seats"]) if "Stannis Baratheon" in s["hand"])
        card = next(c for c in ui.cards(m.view(viewer), viewer) if c.key == "card:Stannis Baratheon")
        assert card.line == f"Stannis Baratheon ({rec['strength']})"
        assert f"strength {rec['strength']} · swords {rec['swords']} · forts {rec['forts']}" in str(card.text)
        assert rec["text"] in str(card.text)
