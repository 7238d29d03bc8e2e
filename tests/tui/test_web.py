"""``ravenry web`` in a real browser: headless Chromium, driven through its DevTools protocol (CDP, spoken with
the ``websockets`` package), loads the client served by textual-serve as a client of a ``ravenry serve`` match
server; the page shows the lobby, joining a seat shows the board (a screenshot is taken), and Enter pressed in
the page makes a decision that the match server applies. Skipped where no Chromium is installed (``.ci/run``
installs Debian's ``chromium``). Loopback only; every wait is bounded."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from ravenry.net.client import Client
from websockets.asyncio.client import connect

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (.ci/run installs it)")

#: Runs in the page before its own scripts: keep the text of everything the client's terminal receives, so the
#: test can read the screen (xterm draws on a canvas, so the DOM has no text).
CAPTURE = """
(() => {
  window.__screen = "";
  const Native = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Native(...args);
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string") window.__screen += new TextDecoder().decode(new Uint8Array(e.data));
    });
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
})();
"""
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[PX^_].*?\x1b\\\\|\x1b\][^\x07]*\x07|\x1b.")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} never answered")


class Page:
    """One Chromium tab over CDP: commands by id, the page's text stream read back with Runtime.evaluate."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.next_id = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        ident = self.next_id
        await self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            msg = json.loads(await asyncio.wait_for(self.ws.recv(), 20))
            if msg.get("id") == ident:
                if "error" in msg:
                    raise AssertionError(f"{method}: {msg['error']}")
                return dict(msg.get("result", {}))

    async def screen(self) -> str:
        r = await self.call("Runtime.evaluate", expression="window.__screen || ''", returnByValue=True)
        return ANSI.sub("", str(r["result"].get("value", "")))

    async def until_text(self, text: str, timeout: float = 20) -> str:
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            seen = await self.screen()
            if text in seen:
                return seen
            await asyncio.sleep(0.25)
        raise AssertionError(f"the page never showed {text!r}; it showed: {seen[-500:]!r}")

    async def press(self, key: str, code: int) -> None:
        for kind in ("rawKeyDown", "char", "keyUp"):
            extra = {"text": "\r"} if kind == "char" else {}
            if kind == "char" and key != "Enter":
                continue
            await self.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code, **extra)

    async def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode((await self.call("Page.captureScreenshot", format="png"))["data"])
        path.write_bytes(data)
        return data


async def match_turn(url: str) -> tuple[str, int, bool]:
    async with Client(url) as c:
        m = (await c.request("list"))["matches"][0]
    return str(m["id"]), int(m["turn"]), bool(m["seats"][0]["taken"])


def test_the_browser_loads_the_client_shows_the_board_and_a_decision_reaches_the_server(tmp_path: Path) -> None:
    match_port, web_port, cdp_port = free_port(), free_port(), free_port()
    server_url = f"ws://127.0.0.1:{match_port}"
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    procs: list[subprocess.Popen[bytes]] = []
    profile = tempfile.mkdtemp(prefix="ravenry-chromium-")
    shots = Path(os.environ.get("RAVENRY_SCREENSHOTS", tmp_path))
    try:
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "ravenry.cli",
                    "serve",
                    "iron-throne",
                    "--players",
                    "3",
                    "--bots",
                    "1,2",
                    "--port",
                    str(match_port),
                ],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "ravenry.cli", "web", "--port", str(web_port), "--server", server_url],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        wait_http(f"http://127.0.0.1:{web_port}/")
        procs.append(
            subprocess.Popen(
                [
                    CHROMIUM or "chromium",
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--no-first-run",
                    f"--user-data-dir={profile}",
                    f"--remote-debugging-port={cdp_port}",
                    "--window-size=1700,1100",
                    "about:blank",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        wait_http(f"http://127.0.0.1:{cdp_port}/json/version")
        with urllib.request.urlopen(f"http://127.0.0.1:{cdp_port}/json/list", timeout=5) as r:
            target = next(t for t in json.load(r) if t["type"] == "page")

        async def drive() -> None:
            async with connect(target["webSocketDebuggerUrl"], max_size=64 * 1024 * 1024) as ws:
                page = Page(ws)
                await page.call("Page.enable")
                await page.call("Page.addScriptToEvaluateOnNewDocument", source=CAPTURE)
                await page.call("Page.navigate", url=f"http://127.0.0.1:{web_port}/")
                # The page loads the client: the lobby of the match server, listing its match.
                await page.until_text("Ravenry lobby")
                await page.until_text("join as player 1")
                await page.screenshot(shots / "web-lobby.png")
                _, _, taken = await match_turn(server_url)
                assert not taken
                # Enter on the highlighted line ("join as player 1"): the board of the game.
                await page.call(
                    "Input.dispatchMouseEvent", type="mousePressed", x=400, y=400, button="left", clickCount=1
                )
                await page.call(
                    "Input.dispatchMouseEvent", type="mouseReleased", x=400, y=400, button="left", clickCount=1
                )
                await page.press("Enter", 13)
                await page.until_text("Your choices")
                await asyncio.sleep(1.0)  # let the page paint the whole board before the screenshot
                png = await page.screenshot(shots / "web-iron-throne.png")
                text = await page.until_text("Lead with")
                assert "Choose your leader" in text and "Your cards" in text and "leader sheet" in text
                assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 30_000  # a full screen, not a blank page
                _, before, taken = await match_turn(server_url)
                assert taken  # the page's client holds seat 0 on the match server
                # Enter again chooses the highlighted leader: the server applies it and the turn moves on.
                await page.press("Enter", 13)
                deadline = time.monotonic() + 15
                after = before
                while after <= before and time.monotonic() < deadline:
                    await asyncio.sleep(0.25)
                    _, after, _ = await match_turn(server_url)
                assert after > before, "the decision made in the page never reached the server"

        asyncio.run(asyncio.wait_for(drive(), 50))
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(profile, ignore_errors=True)
