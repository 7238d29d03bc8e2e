"""The lobby and network play in the full-screen client: the lobby lists a server's games, creates a match by
keys and joins it; a decision goes to the server; a lost connection shows at once."""

from __future__ import annotations

from typing import Any

from ravenry import tui
from textual.widgets import OptionList

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
            assert "Matches on the server" in text and "Create a match" in text and "houses=[]" in text
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
    screen had replaced and end the client (issue 36)."""
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
