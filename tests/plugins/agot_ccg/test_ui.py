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


def _icons_as_printed(card: int) -> set[str]:
    return set(_cards()[card].get("icons", ""))


def test_the_board_shows_a_character_s_icons_and_str_as_in_play() -> None:
    """An attachment that gives an icon shows on the board: the character's line has the icon it gained and its
    STR with the attachment, as the view gives them, not the printed card's."""
    m = ravenry.game("agot-ccg").new_match(2, seed=0, options={"decks": ["stark", "lannister"]})
    changed: dict[str, Any] | None = None
    for _ in range(400):
        p = m.to_act[0]
        if p == 0:
            play = [c for s in m.view(0)["seats"] for c in s["play"]]
            changed = next(
                (c for c in play if c["attachments"] and set(c["icons"]) - _icons_as_printed(c["card"])), None
            )
            if changed:
                break
        m.apply(p, m.bot("heuristic", p))
    assert changed is not None, "no attachment gave a character an icon within 400 decisions"
    app = tui.local_app(m, {0: None, 1: "heuristic"})
    gained = "".join(sorted(set(changed["icons"]) - _icons_as_printed(changed["card"])))

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        line = next(ln for ln in screen_text(app).splitlines() if changed["name"] in ln and "STR" in ln)
        shown = re.search(r"STR (\d+) ([MIP·]{3})", line)
        assert shown is not None, line
        assert int(shown.group(1)) == changed["strength"]
        assert all(letter in shown.group(2) for letter in changed["icons"]) and gained in shown.group(2), line

    drive(app, script)
