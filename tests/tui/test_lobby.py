"""The lobby and network play in the full-screen client: the lobby lists a server's games, creates a match by
keys and joins it; a decision goes to the server; a lost connection shows at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ravenry.faces import tui
from textual.widgets import OptionList, TextArea

from tests.net.conftest import live_server
from tests.tui.conftest import drive, screen_text, until


def test_lobby_creates_joins_plays_and_shows_a_lost_connection_at_once() -> None:
    server = live_server()
    live = server.__enter__()
    stopped = False
    try:
        app = tui.lobby_app(live.url)

        async def script(pilot: Any) -> None:
            nonlocal stopped
            await until(pilot, lambda: "Game of Thrones: The Iron Throne (3–5 players" in screen_text(app))
            text = screen_text(app)
            assert "Matches on the server" in text and "Create a match" in text
            assert "houses=[]" not in text, "the game's title and player range, not a dump of its options"
            lobby = app.query_one(tui.Lobby)
            target = next(i for i, e in enumerate(lobby.entries) if e.get("game") == "iron-throne")
            lobby.query_one("#lobby-list").highlighted = target
            await pilot.press("enter")  # create a 3-player match with the server's bots and join seat 1
            await until(pilot, lambda: bool(app.frame and app.frame.get("actions")), rounds=2000)
            assert "you are House" in screen_text(app)
            tables = live.call(lambda: list(live.server.tables.values()))
            assert len(tables) == 1
            before = live.call(lambda: tables[0].match.decisions)
            await pilot.press("enter")  # choose a leader: the server applies it
            await until(pilot, lambda: live.call(lambda: tables[0].match.decisions) > before, rounds=2000)
            await until(pilot, lambda: bool(app.frame and app.frame.get("actions")), rounds=2000)
            # The server goes away while the player thinks: the screen says so with no key pressed.
            server.__exit__(None, None, None)
            stopped = True
            await until(pilot, lambda: "connection lost" in screen_text(app).lower(), rounds=400)

        drive(app, script)
    finally:
        if not stopped:
            server.__exit__(None, None, None)


def test_a_second_choice_while_the_lobby_is_leaving_is_ignored() -> None:
    """Enter pressed twice on "create" (or a click then Enter, as in a browser) creates one match and joins it; the
    second selection, queued while the first was being acted on, used to reach a lobby whose widgets the match
    screen had replaced and end the client."""
    with live_server() as live:
        app = tui.lobby_app(live.url)

        async def script(pilot: Any) -> None:
            await until(pilot, lambda: "Game of Thrones: The Iron Throne (3–5 players" in screen_text(app))
            lobby = app.query_one(tui.Lobby)
            target = next(i for i, e in enumerate(lobby.entries) if e.get("game") == "iron-throne")
            ol = lobby.query_one("#lobby-list", OptionList)
            ol.highlighted = target
            ol.action_select()  # both selections are queued before the lobby handles the first
            ol.action_select()
            await until(pilot, lambda: bool(app.frame and app.frame.get("actions")), rounds=2000)
            assert "you are House" in screen_text(app)
            assert live.call(lambda: len(live.server.tables)) == 1

        drive(app, script)


def _stark_list() -> str:
    from ravenry_agot_ccg.decklists import deck_list

    return deck_list("stark")


def _create_agot_ccg_with_deck(deck: str, read_files: bool = True) -> tuple[str, list[Any]]:
    """Type ``deck`` into the lobby's deck field, create an agot-ccg match; the status line and the server's
    tables after."""
    with live_server() as live:
        app = tui.lobby_app(live.url, read_files=read_files)
        status = ""

        async def script(pilot: Any) -> None:
            nonlocal status
            await until(pilot, lambda: "A Game of Thrones" in screen_text(app) and "CCG" in screen_text(app))
            lobby = app.query_one(tui.Lobby)
            lobby.query_one("#lobby-deck", TextArea).text = deck
            ol = lobby.query_one("#lobby-list", OptionList)
            ol.highlighted = next(i for i, e in enumerate(lobby.entries) if e.get("game") == "agot-ccg")
            ol.focus()
            await pilot.press("enter")
            await until(pilot, lambda: bool(app.frame) or "✗" in screen_text(app), rounds=2000)
            status = screen_text(app)

        drive(app, script)
        tables = live.call(lambda: [t.match for t in live.server.tables.values()])
    return status, tables


def test_the_create_screen_takes_a_pasted_deck_list() -> None:
    """Over the network a deck travels as its text; the player pastes it into the lobby."""
    _, tables = _create_agot_ccg_with_deck(_stark_list())
    assert len(tables) == 1 and tables[0].view(None)["seats"][0]["house"] == "stark"


def test_the_create_screen_reads_a_deck_file_on_the_player_s_machine(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(_stark_list(), encoding="utf-8")
    _, tables = _create_agot_ccg_with_deck(str(path))
    assert len(tables) == 1 and tables[0].options["deck"] == _stark_list()


def test_a_browser_s_lobby_reads_no_file_of_the_server(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(_stark_list(), encoding="utf-8")
    status, tables = _create_agot_ccg_with_deck(str(path), read_files=False)
    assert not tables and "cannot read files on the server" in status
