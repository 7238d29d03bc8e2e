"""Hearts in the full-screen client, driven by keys: the pass (three cards, one at a time, by suit then card),
then a whole hand of plays, checking what the screen shows from the seat's view (the hand by suit with its
letters, the pass in words, the trick and the play previews, the scores) and that no other seat's hand shows."""

from __future__ import annotations

import re
from typing import Any

import ravenry
from ravenry.faces import tui
from ravenry_hearts.ui import LETTERS, SUIT_WORDS, card_points, card_tag, card_words, trick_winner

from tests.tui.conftest import deciding, drive, screen_text, settle, until

SEATS: dict[int, str | None] = {0: None, 1: "heuristic", 2: "heuristic", 3: "heuristic"}
RANKS = "23456789TJQKA"
SUITS = "♣♦♥♠"


def suit_row(cards: list[int], suit: int) -> str:
    """The hand panel's row for one suit, as the screen shows it: ``♠S spades  3 6 Q``."""
    ranks = " ".join(RANKS[c % 13] for c in sorted(c for c in cards if c // 13 == suit))
    return f"{SUITS[suit]}{LETTERS[suit]} {SUIT_WORDS[suit]}  {ranks or '— none'}"


def others_cards(app: Any) -> set[int]:
    """What the other three seats hold, read from the match itself (the test may; the screen may not)."""
    m = app.driver.session.match
    return {c for p in (1, 2, 3) for c in m.view(p)["hands"][p]}


def assert_no_other_hand(app: Any, text: str) -> None:
    mine = set(app.frame["view"]["hands"][0])
    for c in others_cards(app) - mine:
        # the cards pane's line for a card ("Q♠S  queen of spades") shows only cards in your hand
        assert f"{card_tag(c).plain}  {card_words(c)}" not in text, f"another seat's {card_words(c)} is on screen"


async def decide(app: Any, pilot: Any) -> None:
    """Enter on the highlighted choice, one step in at a time, until the decision is taken."""
    turn = app.frame["turn"]
    for _ in range(4):
        await pilot.press("enter")
        await settle(pilot)
        if app.frame["turn"] != turn:
            return
    raise AssertionError("Enter never decided")


def test_pass_then_a_whole_hand_by_keys() -> None:
    m = ravenry.game("hearts").new_match(4, seed=1, options={"pass_direction": "left"})
    app = tui.local_app(m, SEATS)

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        view = app.frame["view"]
        text = screen_text(app)
        hand = view["hands"][0]
        assert len(hand) == 13
        for suit in range(4):
            assert suit_row(hand, suit) in text
        assert "Pass 3 cards to the left (East) — chosen 0 of 3: none yet (3 more to choose)" in text
        assert "you are North" in text and "passing to the left (East)" in text
        assert_no_other_hand(app, text)
        # The pass: a suit, then a card, three times; the panel says which cards are chosen, never the others'.
        chosen: list[int] = []
        for n in range(3):
            picked = app.query_one(tui.app.ActionPicker).highlighted_action()
            await decide(app, pilot)
            if picked is not None:
                chosen.append(picked["fields"]["card"])
            await until(pilot, lambda: deciding(app) or app.frame["view"]["phase"] != "Pass")
            if app.frame["view"]["phase"] == "Pass":
                text = screen_text(app)
                assert f"chosen {n + 1} of 3: " in text
                mine = sorted(app.frame["view"]["passed"][0])
                assert " ".join(card_tag(c).plain for c in mine) in text
                assert_no_other_hand(app, text)
        await until(pilot, lambda: deciding(app))
        view = app.frame["view"]
        assert view["phase"] == "Play"
        passed = view["passed"][0]
        text = screen_text(app)
        assert "You passed to the left (East): " + " ".join(card_tag(c).plain for c in passed) in text
        got = view["received"]
        assert "You received from West (right): " + " ".join(card_tag(c).plain for c in got) in text
        for suit in range(4):
            assert suit_row(view["hands"][0], suit) in text
        # Play the whole hand by keys; before each play the preview says what the highlighted card does.
        tricks_seen = 0
        while not app.frame["over"]:
            view = app.frame["view"]
            text = screen_text(app)
            assert_no_other_hand(app, text)
            assert "▶ to play" in text
            for suit in range(4):
                assert suit_row(view["hands"][0], suit) in text
            action = app.query_one(tui.app.ActionPicker).highlighted_action()
            while action is None:  # a suit group is highlighted: go in to reach a card
                await pilot.press("enter")
                await settle(pilot)
                action = app.query_one(tui.app.ActionPicker).highlighted_action()
            text = screen_text(app)
            card = action["fields"]["card"]
            trick = view["trick"]
            pts = sum(card_points(c) for _, c in trick) + card_points(card)
            assert f"Points in the trick with it: {pts}." in text
            if trick:
                led = trick[0][1] // 13
                win = trick_winner(view)
                assert win is not None
                if card // 13 != led:
                    assert "Does not follow suit" in text
                elif card > win[1]:
                    assert "Follows suit. Would take the trick so far" in text
                else:
                    assert "Follows suit. Stays under" in text
                assert f"{card_tag(trick[0][1]).plain}  led" in text
            else:
                assert "You lead " + card_tag(card).plain in text
            before = view["cards_played"]
            await decide(app, pilot)
            await until(pilot, lambda: deciding(app) or bool(app.frame["over"]))
            if app.frame["view"]["cards_played"] // 4 > before // 4:
                tricks_seen += 1
                last = app.frame["view"]["last_trick"]
                if last is not None and not app.frame["over"]:
                    assert f"{last['points']} pt" in screen_text(app)
        assert tricks_seen >= 10
        view = app.frame["view"]
        text = screen_text(app)
        # The scores: every seat's tricks, points and score after the hand, in the players' words.
        for p, name in enumerate(("you \\(North\\)", "East \\(left\\)", "South \\(across\\)", "West \\(right\\)")):
            row = re.search(name + r"\s+(\d+)\s+(\d+)\s+(-?\d+)\s+(-?\d+)", text)
            assert row is not None, name
            cards, tricks, points, total = map(int, row.groups())
            assert (cards, tricks, points, total) == (0, view["tricks_won"][p], view["points"][p], view["totals"][p])
        assert sum(view["tricks_won"]) == 13
        assert sorted(view["totals"]) != [0, 0, 0, 0]
        assert "match over" in text and "winner: " in text and "pt taken" in text

    drive(app, script)


def test_help_summarises_the_rules() -> None:
    ui = tui.gameui.load_ui(ravenry.game("hearts").spec)
    assert type(ui).__module__ == "ravenry_hearts.ui"
    for words in ("Pass", "Follow suit", "Hearts broken", "queen of spades", "Shooting the moon", "26 minus"):
        assert words in ui.help_text
