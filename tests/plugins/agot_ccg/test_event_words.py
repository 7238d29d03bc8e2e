"""The story says what a played event card did, not only that it was played: its effect in words from its
abilities, naming the card it was played on while that card is in play."""

from __future__ import annotations

import re

import ravenry
from ravenry_agot_ccg.effect_words import event_words
from ravenry_agot_ccg.render import _cards, narrate_event


def played_lines(seed: int, decks: list[str]) -> list[str]:
    """The line of every event played in a heuristic match, narrated as the table looks right after the play."""
    m = ravenry.game("agot-ccg").new_match(2, seed=seed, options={"decks": decks})
    lines: list[str] = []
    seen = 0
    while not m.is_over:
        p = m.to_act[0]
        m.apply(p, m.bot("heuristic", p))
        events = m.events(0, None)
        lines += [narrate_event(e, m.view(None)) for e in events[seen:] if "EventPlayed" in e["event"]]
        seen = len(events)
    return lines


def test_a_played_event_s_line_says_what_it_did_to_whom() -> None:
    lines = played_lines(0, ["baratheon", "targaryen"])
    king = next(ln for ln in lines if "plays I am King Here!" in ln)
    # "Challenges: choose an attacking or defending Baratheon character; +2 STR until the end of the phase; if
    # you win the challenge, claim 2 power for your House": the chosen character by name, then the effect.
    shown = re.fullmatch(
        r"House Baratheon plays I am King Here!: (.+) gets \+2 STR until the end of the phase; "
        r"if the challenge is won, 2 power for the House",
        king,
    )
    assert shown is not None, king
    baratheon = {c["name"] for c in _cards() if c.get("type") == "character" and c.get("house") == "baratheon"}
    assert shown.group(1) in baratheon, king
    assert "House Targaryen plays An Enemy Disgraced: draws 3 cards" in played_lines(1, ["baratheon", "targaryen"])


def test_a_discarded_target_is_named_and_every_event_card_has_words() -> None:
    assert "House Greyjoy plays Tidal Wave: discards Crossroads (it cannot be saved)" in played_lines(
        0, ["greyjoy", "martell"]
    )
    for card in _cards():
        if card.get("type") == "event":
            words = event_words(card)
            assert words and "{" not in words and "_" not in words, (card["name"], words)
