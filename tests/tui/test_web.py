"""``ravenry web`` in a real browser: headless Chromium, driven through its DevTools protocol (CDP, spoken with
the ``websockets`` package), loads the client served by textual-serve as a client of a ``ravenry serve`` match
server; the page shows the lobby, joining a seat shows the board (a screenshot is taken), and Enter pressed in
the page makes a decision that the match server applies; and a local Hearts match is played to its end by keys
through the page. The harness is tests/tui/browser.py. Skipped where no Chromium is installed (``.ci/run``
installs Debian's ``chromium``). Loopback only; every wait is bounded."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from pathlib import Path

import pytest
from ravenry.net.client import Client

from tests.tui.browser import (
    CHROMIUM,
    chromium,
    free_port,
    log_tail,
    open_page,
    play_to_the_end,
    start,
    start_local_match,
    stop,
    wait_http,
)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (.ci/run installs it)")


async def match_turn(url: str) -> tuple[str, int, bool]:
    async with Client(url) as c:
        m = (await c.request("list"))["matches"][0]
    return str(m["id"]), int(m["turn"]), bool(m["seats"][0]["taken"])


def test_the_browser_loads_the_client_shows_the_board_and_a_decision_reaches_the_server(tmp_path: Path) -> None:
    match_port, web_port = free_port(), free_port()
    server_url = f"ws://127.0.0.1:{match_port}"
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    shots = Path(os.environ.get("RAVENRY_SCREENSHOTS", tmp_path))
    procs: list[subprocess.Popen[bytes]] = []
    try:
        procs.append(start(["serve", "iron-throne", "--players", "3", "--bots", "2,3", "--port", str(match_port)], env))
        web_log = tmp_path / "web.log"
        procs.append(start(["web", "--port", str(web_port), "--server", server_url], env, web_log))
        wait_http(f"http://127.0.0.1:{web_port}/")

        async def drive(target: str) -> None:
            async with open_page(target, f"http://127.0.0.1:{web_port}/") as page:
                # The page loads the client: the lobby of the match server, listing its match.
                await page.until_text("Ravenry lobby")
                await page.until_text("join as player 1")
                await page.screenshot(shots / "web-lobby.png")
                _, _, taken = await match_turn(server_url)
                assert not taken
                # Enter on the highlighted line ("join as player 1"): the board of the game.
                await page.focus()
                await page.press("Enter")
                await page.until_text("Your choices")
                await asyncio.sleep(1.0)  # let the page paint the whole board before the screenshot
                png = await page.screenshot(shots / "web-iron-throne.png")
                text = await page.until_text("Lead with")
                assert "Choose your leader" in text and "Your cards" in text and "leader sheet" in text
                assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 30_000  # a full screen, not a blank page
                _, before, taken = await match_turn(server_url)
                assert taken  # the page's client holds seat 0 on the match server
                # Enter again chooses the highlighted leader: the server applies it and the turn moves on.
                await page.press("Enter")
                deadline = time.monotonic() + 15
                after = before
                while after <= before and time.monotonic() < deadline:
                    await asyncio.sleep(0.25)
                    _, after, _ = await match_turn(server_url)
                assert after > before, "the decision made in the page never reached the server"

        # A common laptop's window: the page's terminal is as large as its font lets it be there.
        with chromium((1280, 800)) as target:
            try:
                asyncio.run(asyncio.wait_for(drive(target), 50))
            except AssertionError as e:
                raise AssertionError(f"{e}\n--- ravenry web's output:\n{log_tail(web_log)}") from e
    finally:
        stop(procs)


def test_a_local_hearts_match_played_to_the_end_through_the_page(tmp_path: Path) -> None:
    """The local lobby by keys (a digit for the players, arrows to Hearts, Enter), then Enter on the highlighted
    choice until the page says the match is over: the end screen names the winner and every score."""
    web_port = free_port()
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    web = start(["web", "--port", str(web_port)], env)
    try:
        wait_http(f"http://127.0.0.1:{web_port}/")

        async def drive(target: str) -> dict[str, object]:
            async with open_page(target, f"http://127.0.0.1:{web_port}/") as page:
                await start_local_match(page, "hearts", 4)
                text = await page.screen()
                assert "you are North" in text and "Your hand" in text
                return await play_to_the_end(page, "Points in the trick", None, tmp_path / "end.png", 200, 120)

        with chromium() as target:
            result = asyncio.run(asyncio.wait_for(drive(target), 150))
        end = str(result["end_text"])
        assert "match over" in end and "winner: " in end and "pt taken" in end
        assert "The match is over." in end or "You won!" in end  # the end panel where the choices were
        assert 13 <= int(str(result["presses"])) < 200  # at least a key per trick
        assert (tmp_path / "end.png").read_bytes()[:4] == b"\x89PNG"
    finally:
        stop([web])
