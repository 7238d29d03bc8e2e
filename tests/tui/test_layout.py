"""The match screen fits the terminal it is given: at 80×24, 120×40 and 200×60 every game shows, at the moment of
a decision, the choices, their preview and the board widget the decision depends on; below 80×24 it says the
terminal is too small. The compact layout's top pane changes with F2."""

from __future__ import annotations

from typing import Any

import pytest
import ravenry
from ravenry.faces import tui
from textual.widgets import OptionList

from tests.tui.conftest import deciding, drive, screen_text, until

SIZES = [(80, 24), (120, 40), (200, 60)]
GAMES = [("iron-throne", 3), ("roll-player", 2), ("agot-ccg", 2), ("agot-board", 3), ("hearts", 4)]


def visible(app: Any, widget: Any) -> bool:
    """The widget is on screen with at least one row and column showing."""
    region = widget.region.intersection(app.screen.region)
    return widget.display and region.width > 0 and region.height > 0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_every_decision_shows_its_choices_preview_and_table(game: str, players: int, size: tuple[int, int]) -> None:
    m = ravenry.game(game).new_match(players, seed=5)
    app = tui.local_app(m, {0: None, **{p: "heuristic" for p in range(1, players)}})
    checked = 0

    async def script(pilot: Any) -> None:
        nonlocal checked
        for _ in range(6):  # several decisions, so later phases (a battle, a challenge, an encounter) come too
            await until(pilot, lambda: deciding(app) or bool(m.is_over))
            if m.is_over:
                break
            await pilot.pause()
            choices = app.query_one("#choices", OptionList)
            assert visible(app, choices) and choices.region.height >= 3, (size, choices.region)
            assert visible(app, app.query_one("#preview")), size
            frame = app.frame
            wanted = app.ui.focus(frame["view"], frame["seat"], frame["actions"])
            if wanted is not None:
                widget = app.query_one(f"#{wanted}")
                assert visible(app, widget), (size, wanted, screen_text(app))
            checked += 1
            before = app.frame
            for _ in range(5):  # Enter goes one step in (a group, a card) until it decides
                await pilot.press("enter")
                await pilot.pause()
                if app.frame is not before:
                    break

    drive(app, script, size=size)
    assert checked >= 1


def test_too_small_says_so_and_comes_back_when_larger() -> None:
    m = ravenry.game("iron-throne").new_match(3, seed=5)
    app = tui.local_app(m, {0: None, 1: "heuristic", 2: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        text = screen_text(app)
        assert "This terminal is 70×20; a match needs at least 80×24" in text, text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "needs at least" not in screen_text(app)
        assert visible(app, app.query_one("#choices"))

    drive(app, script, size=(120, 40))


def test_compact_layout_switches_its_top_pane_with_f2() -> None:
    m = ravenry.game("agot-ccg").new_match(2, seed=5)
    app = tui.local_app(m, {0: None, 1: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        board, log, cards = (app.query_one(s) for s in ("#board", "#log", "#cards"))
        assert visible(app, board) and not visible(app, log) and not visible(app, cards)
        await pilot.press("f2")
        await pilot.pause()
        assert visible(app, log) and not visible(app, board)
        await pilot.press("f2")
        await pilot.pause()
        assert visible(app, cards) and not visible(app, board)
        assert visible(app, app.query_one("#choices")), "the choices stay in sight whatever the top pane shows"
        await pilot.press("f2")
        await pilot.pause()
        assert visible(app, board)

    drive(app, script, size=(80, 24))


def test_wide_layout_shows_every_pane_at_once() -> None:
    m = ravenry.game("agot-ccg").new_match(2, seed=5)
    app = tui.local_app(m, {0: None, 1: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        for sel in ("#board", "#log", "#cards", "#choices", "#preview"):
            assert visible(app, app.query_one(sel)), sel

    drive(app, script, size=(200, 60))


# The moment each game's table matters most, and the line that shows its running totals.
TABLES = [
    ("iron-throne", 4, lambda f: any(a["kind"] == "commit" for a in f["actions"]), "crowns + bonus"),
    ("agot-board", 3, lambda f: any(a["kind"] == "house-card" for a in f["actions"]), "total so far"),
]


@pytest.mark.parametrize(("game", "players", "moment", "totals"), TABLES, ids=[t[0] for t in TABLES])
def test_at_80x24_the_whole_encounter_or_battle_shows_with_its_totals(
    game: str, players: int, moment: Any, totals: str
) -> None:
    """A house card is never chosen without the totals: at 80×24 the compact form of the table (no frame, no
    empty rows) fits whole in the board's rows."""
    m = ravenry.game(game).new_match(players, seed=3)
    app = tui.local_app(m, {0: None, **{p: "heuristic" for p in range(1, players)}})

    async def script(pilot: Any) -> None:
        for _ in range(2000):  # Enter on the first choice (or group) until the moment comes
            await pilot.pause()
            assert not m.is_over, "the match ended before the moment came"
            if deciding(app) and moment(app.frame):
                break
            if deciding(app):
                await pilot.press("enter")
        else:
            raise AssertionError("the moment never came")
        await pilot.pause()
        frame = app.frame
        widget = app.query_one(f"#{app.ui.focus(frame['view'], frame['seat'], frame['actions'])}")
        board = app.query_one("#board")
        shown = widget.region.intersection(board.content_region)
        assert shown == widget.region, (widget.region, board.content_region)
        assert totals in screen_text(app)

    drive(app, script, size=(80, 24))
