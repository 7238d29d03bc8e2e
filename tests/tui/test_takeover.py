"""Seat takeover as a player sees it in the full-screen client (the browser shows the same app): the table is
told when a dropped player's seat is taken over and when they are back, and the returning player is told what was
played for them."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from ravenry.faces import tui
from ravenry.net.client import Client

from tests.net.conftest import create, live_server, run
from tests.net.test_takeover import FAST
from tests.tui.conftest import drive, screen_text, until


def _joined_and_gone(url: str, mid: str, seat: int) -> str:
    """Join ``seat`` and drop: its player is away from now on. Returns the seat's token."""

    async def go() -> str:
        async with Client(url) as c:
            return str((await c.request("join", match=mid, seat=seat))["token"])

    return str(run(go()))


def test_the_table_sees_a_dropped_seat_taken_over_and_handed_back() -> None:
    with live_server(FAST) as live:
        mid = run(create(live.url, "fixture", 2, seed=4))
        token = _joined_and_gone(live.url, mid, 0)
        app = tui.net_app(live.url, mid, "fixture", seat=1)

        async def script(pilot: Any) -> None:
            # This player sitting down is someone for the bot to play against: seat 1 is taken over at once.
            await until(pilot, lambda: "player 1 has been away 0.2 s" in screen_text(app), rounds=2000)
            assert "the takeover bot 'ismcts:ms=20' plays" in screen_text(app)  # the line wraps after it
            async with Client(live.url) as c:
                await c.request("resume", match=mid, token=token)
                await until(pilot, lambda: "player 1 is back" in screen_text(app), rounds=2000)

        drive(app, script)


def test_at_80x24_the_takeover_shows_over_the_board_without_a_key() -> None:
    """The compact layout shows the board, the story one F2 away: the notice comes as a toast over it."""
    with live_server(FAST) as live:
        mid = run(create(live.url, "fixture", 2, seed=4))
        _joined_and_gone(live.url, mid, 0)
        app = tui.net_app(live.url, mid, "fixture", seat=1)

        async def script(pilot: Any) -> None:
            await until(pilot, lambda: "Seat taken over" in screen_text(app), rounds=2000)
            assert "'phase': 'Commit'" in screen_text(app)  # the board is still the pane shown

        drive(app, script, size=(80, 24), toasts=True)


def test_the_returning_player_is_told_what_was_played_for_them() -> None:
    with live_server(FAST) as live:
        mid = run(create(live.url, "fixture", 2, seed=4))
        token = _joined_and_gone(live.url, mid, 0)
        done = threading.Event()
        played = threading.Event()

        async def other() -> None:
            # Seat 2's player stays connected and does not act: the bot commits seat 1's card, then all wait.
            async with Client(live.url) as c:
                await c.request("join", match=mid, seat=1)
                await asyncio.to_thread(done.wait, 30)

        held = threading.Thread(target=lambda: run(other(), timeout=40), daemon=True)
        held.start()

        def bot_played() -> bool:
            return bool(live.call(lambda: live.server.tables[mid].record.made_for))

        try:
            for _ in range(200):
                if bot_played():
                    played.set()
                    break
                threading.Event().wait(0.02)
            assert played.is_set()
            app = tui.net_app(live.url, mid, "fixture", seat=0, token=token)

            async def script(pilot: Any) -> None:
                await until(
                    pilot, lambda: "While you were away the takeover bot played" in screen_text(app), rounds=2000
                )
                assert "turn 0: commit" in screen_text(app)

            drive(app, script)
        finally:
            done.set()
            held.join(10)
