"""A replay shows each seat only what it may know: the acting seat's label only to that seat, the
events its visibility allows, its own view at the end. Checked like the network secrecy test: everything
`ravenry replay --seat s` prints over a whole match of every game, line by line, against an expectation built
independently from the engine's full event log and its visibility rules."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
import ravenry
from ravenry.faces import line_mode as play
from ravenry.faces import render
from rich.console import Console

from .kit import play_random

GAMES = [(info.id, info.players[0]) for info in ravenry.games()]


def visible(vis: Any, seat: int | None) -> bool:
    """The engine's event visibility, written out independently of the host."""
    if vis == "All":
        return True
    if isinstance(vis, dict) and "Only" in vis:
        return seat is not None and bool(vis["Only"] >> seat & 1)
    if isinstance(vis, dict) and "Except" in vis:
        return seat is None or not vis["Except"] >> seat & 1
    raise AssertionError(f"unknown visibility {vis!r}")


def printed(m: ravenry.MatchBase, viewer: int | None) -> list[str]:
    out = io.StringIO()
    console = Console(file=out, width=100_000, color_system=None, soft_wrap=True)
    fresh = m.game.new_match(m.players, m.seed, m.options, m.variants)
    play.replay(fresh, m.history(), console, None, viewer)
    return out.getvalue().splitlines()


def expected(m: ravenry.MatchBase, viewer: int | None) -> list[str]:
    """Every line a viewer may be shown: its own actions by name, the others' as "acts", the events whose
    visibility admits it, then its own final view."""
    shadow = m.game.new_match(m.players, m.seed, m.options, m.variants)
    lines: list[str] = []
    for i, (p, a) in enumerate(m.history()):
        label = shadow.describe(a, p)["label"]
        before = shadow.event_count
        shadow.apply(p, a)
        seat = p + 1  # the replay numbers seats from 1, as every screen does
        lines.append(f"{i + 1:>4} seat {seat}: {label}" if p == viewer else f"{i + 1:>4} seat {seat} acts")
        view = shadow.view(viewer)
        for e in shadow.events(before, None, all=True):
            if visible(e["vis"], viewer):
                lines.append(f"       {render.narrate(shadow, e, view)}")
    out = io.StringIO()
    console = Console(file=out, width=100_000, color_system=None, soft_wrap=True)
    console.print(render.view(shadow, viewer))
    if shadow.is_over:
        console.print(render.outcome_table(shadow))
    return lines + out.getvalue().splitlines()


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_a_replay_shows_each_seat_only_what_it_may_know(game: str, players: int) -> None:
    m = ravenry.game(game).new_match(players, 11)
    play_random(m, random.Random(11), steps=600)
    assert m.history(), "the match made no move"
    # Some narrators remember what earlier events said (iron-throne's seat houses); one pass first, so every
    # pass below starts from the same memory.
    printed(m, None)
    for viewer in [*range(players), None]:
        assert printed(m, viewer) == expected(m, viewer), f"{game}: the replay for {viewer} shows more than it may"
