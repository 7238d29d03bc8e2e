"""API misuse, for every game: each wrong argument is a RavenryError that names the argument, never a bare
OverflowError or TypeError, never a silent answer, and never a call that does not return."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
import ravenry
from ravenry import RavenryError

from .kit import cases, is_rust, play_random

CASES = cases()
ids = [f"{g}-{n}p" for g, n in CASES]


def misuses(m: ravenry.MatchBase, players: int) -> list[tuple[str, Callable[[], Any], str]]:
    """(what, call, a pattern the message must match) for one match."""
    p = m.to_act[0]
    a = m.legal_actions(p)[0]
    out: list[tuple[str, Callable[[], Any], str]] = [
        ("apply(-1, a)", lambda: m.apply(-1, a), "seat"),
        ("apply(256, a)", lambda: m.apply(256, a), "seat"),
        ("apply(p, -1)", lambda: m.apply(p, -1), "action code|code"),
        ("apply(p, 2**32)", lambda: m.apply(p, 2**32), "action code|code"),
        ("apply('0', a)", lambda: m.apply("0", a), "seat"),  # type: ignore[arg-type]
        ("apply(p, 1.5)", lambda: m.apply(p, 1.5), "action code|code"),  # type: ignore[arg-type]
        ("apply(players, a)", lambda: m.apply(players, a), f"seat {players}"),
        ("legal_actions(players)", lambda: m.legal_actions(players), f"seat {players}"),
        ("legal_actions(-1)", lambda: m.legal_actions(-1), "seat"),
        ("view(players)", lambda: m.view(players), f"seat {players}"),
        ("view('x')", lambda: m.view("x"), "seat"),  # type: ignore[arg-type]
        ("events(viewer=-1)", lambda: m.events(0, -1), "seat"),
        ("describe(a, players)", lambda: m.describe(a, players), f"seat {players}"),
        ("describe(a, 233)", lambda: m.describe(a, 233), "seat 233"),
        ("describe(2**32-1, p)", lambda: m.describe(2**32 - 1, p), "not a legal action"),
        ("describe(-5, p)", lambda: m.describe(-5, p), "action code|code"),
    ]
    if is_rust(m):
        out += [
            ("bot_action('random', -1)", lambda: m.bot_action("random", -1), "seat"),
            ("seat_label(players)", lambda: m.seat_label(players), f"seat {players}"),  # type: ignore[attr-defined]
            ("events_msgpack(-1)", lambda: m.events_msgpack(-1), "count"),
        ]
    return out


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_misuse_of_a_match_is_a_ravenry_error_naming_the_argument(game: str, players: int) -> None:
    m = ravenry.game(game).new_match(players, 5)
    before = m.state_msgpack()
    for what, call, pattern in misuses(m, players):
        with pytest.raises(RavenryError, match=pattern):
            call()
        assert m.state_msgpack() == before, f"{what} changed the match"


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_describe_of_a_finished_match_is_an_error(game: str, players: int) -> None:
    m = ravenry.game(game).new_match(players, 5)
    code = m.legal_actions(m.to_act[0])[0]
    play_random(m, random.Random(5))
    if m.is_over:
        with pytest.raises(RavenryError, match="over|not a legal action"):
            m.describe(code)


@pytest.mark.parametrize("game", sorted({g for g, _ in CASES}))
def test_new_match_and_simulate_misuse(game: str) -> None:
    g = ravenry.game(game)
    lo, hi = g.info.players
    for players, pattern in [(256, "players|played by"), (-1, "players|played by"), (hi + 1, "played by")]:
        with pytest.raises(RavenryError, match=pattern):
            g.new_match(players, 1)
    with pytest.raises(RavenryError, match="seed"):
        g.new_match(lo, -1)
    with pytest.raises(RavenryError, match="seed"):
        g.new_match(lo, 2**64)
    sim = ravenry.simulate
    for kw, pattern in [
        ({"workers": 100_000}, "workers"),
        ({"workers": 0}, "workers"),
        ({"workers": -3}, "workers"),
        ({"bots": ["random"] * (lo + 1)}, f"{lo + 1} bots named for {lo} seats"),
        ({"players": hi + 1}, "played by|players"),
        ({"matches": -1}, "matches"),
        ({"matches": "3"}, "matches"),
        ({"bots": ["nobody"]}, "no bot"),
    ]:
        args: dict[str, Any] = {"matches": 2, "players": lo, "seed": 1, **kw}
        with pytest.raises(RavenryError, match=pattern):
            sim(game, **args)
