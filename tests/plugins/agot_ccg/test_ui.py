"""A Game of Thrones CCG in the full-screen client, driven by keys: a card's full text from cards.json, the
plots, and the challenge strengths before declaring attackers."""

from __future__ import annotations

import re
from typing import Any

import ravenry
from ravenry.faces import tui
from ravenry_agot_ccg.render import _cards
from ravenry_agot_ccg.ui import can_defend

from tests.tui.conftest import deciding, drive, screen_text, settle, until


def test_cards_plots_and_attack_strength_by_keys() -> None:
    # Fixed Houses: with Houses dealt at random, a change to any deck changes the path the keys take (a Greyjoy
    # player taking the first choice every time can lose before ever declaring attackers).
    m = ravenry.game("agot-ccg").new_match(2, seed=3, options={"decks": ["stark", "lannister"]})
    app = tui.local_app(m, {0: None, 1: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        # The highlighted hand card's full text comes from the content data.
        hand = app.frame["view"]["seats"][0]["hand"]
        first = _cards()[hand[0]]
        text = screen_text(app)
        assert first["name"] in text and f"cost {first['cost']}" in text
        assert first["text"].split(".")[0][:30] in text.replace("\n", " ") or first["text"][:20] in text
        # Play on by keys (the first choice each time) until attackers are to be declared.
        for _ in range(120):
            await until(pilot, lambda: deciding(app))
            if any(a["kind"] == "attackers" for a in app.frame["actions"]):
                break
            if app.frame["actions"][0]["kind"] == "plot":
                assert "Choose a plot" in screen_text(app) and "initiative" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot)
        else:
            raise AssertionError("never declared attackers")
        view = app.frame["view"]
        picker = app.query_one(tui.app.ActionPicker)
        first_row = picker.highlighted_action()
        if first_row is None:  # a character with several sets under it: step in
            await pilot.press("enter")
            await settle(pilot)
            first_row = picker.highlighted_action()
        assert first_row is not None and first_row["kind"] == "attackers"
        strength = sum(int(x) for x in re.findall(r"STR (\d+)", first_row["label"]))
        ch = view["challenge"]
        best = sum(c["strength"] for c in can_defend(view, ch["defender"], ch["kind"]))
        shown = screen_text(app)
        assert f"Your attack: STR {strength}" in shown
        assert f"could defend with STR up to {best}" in shown
        assert "seat 0" not in shown and "seat 1" not in shown

    drive(app, script)
