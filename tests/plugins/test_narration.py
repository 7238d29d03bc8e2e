"""Narration is a pure function of an event and the viewer's view: one process (a server's tables, a tournament)
narrates many matches of one game, and each match's story names its own seats, whatever was narrated before."""

from __future__ import annotations

import random
import re

import pytest
import ravenry
from ravenry.faces.render import narrate
from ravenry.model.match import MatchBase


def _played(game: str, seed: int) -> MatchBase:
    info = ravenry.game(game).info
    m = ravenry.game(game).new_match(info.players[0], seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        if m.is_over:
            break
        p = m.to_act[0]
        m.apply(p, rng.choice(m.legal_actions(p)))
    return m


def _story(m: MatchBase, seat: int) -> list[str]:
    view = m.view(seat)
    return [narrate(m, e, view) for e in m.events(0, seat)]


def _houses(m: MatchBase) -> set[str]:
    return {str(s.get("house", "")).title() for s in m.view(None).get("seats", [])}


@pytest.mark.parametrize("game", [g.id for g in ravenry.games() if ravenry.game(g.id).spec.narrate is not None])
def test_two_matches_in_one_process_each_narrate_their_own_seats(game: str) -> None:
    a, b = _played(game, 1), _played(game, 2)
    alone = _story(a, 0)
    assert alone
    _story(b, 0)  # a second match narrated in between must not change the first one's story
    assert _story(a, 0) == alone
    named = {h for line in alone for h in re.findall(r"House ([A-Z]\w+)", line)}
    assert named <= _houses(a), f"{game}: match A's story names {named - _houses(a)}, which are not its Houses"


@pytest.mark.parametrize("game", ["iron-throne", "agot-ccg"])
def test_the_seed_pairs_sit_different_houses(game: str) -> None:
    # The check above only bites where the two matches' Houses differ, and where their stories name Houses.
    a, b = _played(game, 1), _played(game, 2)
    assert _houses(a) != _houses(b)
    assert any("House" in line for line in _story(a, 0))
