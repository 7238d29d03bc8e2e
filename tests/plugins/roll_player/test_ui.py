"""Roll Player in the full-screen client, driven by keys: race modifiers and class goals shown while choosing,
the market's costs and effects, and the row total a die placement makes."""

from __future__ import annotations

import re
from typing import Any

import ravenry
from ravenry import plugin_data
from ravenry.faces import tui
from ravenry_roll_player.ui import classes, mods_text, races

from tests.tui.conftest import deciding, drive, screen_text, settle, until


def test_choosing_race_and_class_shows_modifiers_and_goals_then_a_placement_total() -> None:
    m = ravenry.game("roll-player").new_match(2, seed=3)
    app = tui.local_app(m, {0: None, 1: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app) and app.frame["actions"][0]["kind"] == "race")
        picker = app.query_one(tui.app.ActionPicker)
        await pilot.press("down")  # the second race
        await settle(pilot)
        race = picker.highlighted_action()["label"].split("the ")[1].split(" character")[0]
        assert f"{race}: {mods_text(races()[race])}" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: deciding(app) and app.frame["actions"][0]["kind"] == "class")
        cls = picker.highlighted_action()["fields"]["class"]
        text = screen_text(app)
        ability = classes()[cls]["ability_text"]
        assert f"{cls} ({classes()[cls]['color']}): {' '.join(ability.split()[:3])}" in text
        goals_row = "  ".join(str(g) for g, _ in classes()[cls]["goals"])
        assert " ".join(goals_row.split()) in " ".join(text.split())
        await pilot.press("enter")
        # Play on by keys until the market shows cards with their costs and effects, and a die is to be placed.
        seen_market = placed = False
        for _ in range(200):
            await until(pilot, lambda: deciding(app) or app.frame["over"])
            if app.frame["over"]:
                break
            view = app.frame["view"]
            market_decision = any(a["kind"] in ("initiative", "buy") for a in app.frame["actions"])
            if view["market"] and not seen_market and market_decision:  # the board shows what is decided on
                c = view["market"][0]
                assert c["text"][:25] in screen_text(app).replace("\n", " ") and f"{c['cost']} gold" in screen_text(app)
                seen_market = True
            act = picker.highlighted_action()
            if act is not None and act["kind"] == "place":
                row = act["fields"]["row"]
                now = view["seats"][0]["totals"][row]
                assert f"total {now} →" in screen_text(app)
                placed = True
            if seen_market and placed:
                break
            await pilot.press("enter")
            await settle(pilot)
        assert seen_market and placed

    drive(app, script)


def test_market_texts_are_rules_not_provenance_notes() -> None:
    # Reckless and the Jeweled Dagger once showed where their numbers came from as their text.
    for card in plugin_data("ravenry_roll_player", "market")["cards"]:
        for word in ("rulebook", "designed", "research"):
            assert word not in card["text"], card["name"]


def test_a_solo_game_played_to_the_end_by_keys_ends_on_the_stars_and_rating() -> None:
    """Enter on the highlighted choice until the sheet is full: the backstory column and a colour action's
    preview are on screen on the way, and the end screen says the match is over, the stars and the rating."""
    m = ravenry.game("roll-player").new_match(1, seed=5)
    app = tui.local_app(m, {0: None})
    seen: set[str] = set()

    async def script(pilot: Any) -> None:
        for _ in range(400):
            await until(pilot, lambda: deciding(app) or bool(app.frame and app.frame["over"]))
            if app.frame["over"]:
                break
            act = app.query_one(tui.app.ActionPicker).highlighted_action()
            if act is not None and act["kind"] == "nudge" and "nudge" not in seen:
                seen.add("nudge")
                row = act["label"].split(" at ")[1].split(" #")[0]
                text = screen_text(app)
                assert f"{row}: total " in text and " → " in text  # the row total it makes
            if "backstory" not in seen and re.search(r"\b[GBRPKWY]#[123]\b", screen_text(app)):
                seen.add("backstory")
            await pilot.press("enter")
            await settle(pilot, 1)
        else:
            raise AssertionError("the solo game did not end within 400 keys")
        await settle(pilot)
        view = app.frame["view"]
        text = screen_text(app)
        stars = view["seats"][0]["stars"]
        assert "match over" in text and "The match is over." in text
        assert f"you scored ★{stars}: solo rating {view['solo_rating']}" in text.replace("\n", " ")
        assert "the sheets are full" in text
        assert seen == {"nudge", "backstory"}

    drive(app, script)
