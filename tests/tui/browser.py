"""Headless Chromium driven through its DevTools protocol (CDP, spoken with the ``websockets`` package), for the
browser test (test_web.py) and ``scripts/web_playthrough``: start ``ravenry web`` and Chromium, open the page,
press keys in it and read back the text its terminal received. Loopback only; every wait is bounded."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from ravenry.model.game import games
from websockets.asyncio.client import connect

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)

#: Runs in the page before its own scripts: keep the text of everything the client's terminal receives, so a
#: driver can read the screen (xterm draws on a canvas, so the DOM has no text).
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

#: CDP key names and their Windows virtual key codes
KEYS = {"Enter": 13, "Tab": 9, "Backspace": 8, "Escape": 27, "ArrowDown": 40, "ArrowUp": 38}


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

    async def raw_length(self) -> int:
        r = await self.call("Runtime.evaluate", expression="(window.__screen || '').length", returnByValue=True)
        return int(r["result"].get("value", 0))

    async def screen(self, since: int = 0) -> str:
        """The text the terminal received (from character ``since`` of the raw stream), escapes removed."""
        expr = f"(window.__screen || '').slice({int(since)})"
        r = await self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        return ANSI.sub("", str(r["result"].get("value", "")))

    async def until_text(self, text: str, timeout: float = 20, since: int = 0) -> str:
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            seen = await self.screen(since)
            if text in seen:
                return seen
            await asyncio.sleep(0.25)
        raise AssertionError(f"the page never showed {text!r}; it showed: {seen[-500:]!r}")

    async def settle(self, since: int, timeout: float = 3.0, quiet: float = 0.15) -> int:
        """Wait for the terminal to receive something after ``since`` and then go quiet; the new length."""
        deadline = time.monotonic() + timeout
        length = await self.raw_length()
        while length <= since and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            length = await self.raw_length()
        while time.monotonic() < deadline:
            await asyncio.sleep(quiet)
            now = await self.raw_length()
            if now == length:
                break
            length = now
        return length

    async def press(self, key: str, shift: bool = False) -> None:
        """A key pressed in the page (xterm.js turns it into the terminal's bytes)."""
        code = KEYS[key]
        mods = 8 if shift else 0
        await self.call(
            "Input.dispatchKeyEvent", type="rawKeyDown", key=key, code=key, windowsVirtualKeyCode=code, modifiers=mods
        )
        if key == "Enter":
            await self.call("Input.dispatchKeyEvent", type="char", key=key, code=key, text="\r", modifiers=mods)
        await self.call(
            "Input.dispatchKeyEvent", type="keyUp", key=key, code=key, windowsVirtualKeyCode=code, modifiers=mods
        )

    async def type(self, text: str) -> None:
        """Characters typed in the page."""
        for ch in text:
            code = ord(ch.upper())
            await self.call("Input.dispatchKeyEvent", type="rawKeyDown", key=ch, windowsVirtualKeyCode=code)
            await self.call("Input.dispatchKeyEvent", type="char", key=ch, text=ch)
            await self.call("Input.dispatchKeyEvent", type="keyUp", key=ch, windowsVirtualKeyCode=code)

    async def focus(self) -> None:
        """Give the terminal the keyboard without a click: a click lands on whatever row the page's size puts
        under it, and selects it when it is a choice."""
        expr = "document.querySelector('.xterm-helper-textarea').focus(); document.activeElement.className"
        r = await self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        assert "xterm-helper-textarea" in str(r["result"].get("value")), f"the terminal took no focus: {r}"

    async def click(self, x: int, y: int) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            await self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    async def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode((await self.call("Page.captureScreenshot", format="png"))["data"])
        path.write_bytes(data)
        return data


def start(args: list[str], env: dict[str, str] | None = None, log: Path | None = None) -> subprocess.Popen[bytes]:
    """``ravenry ARGS`` in the background: its output in ``log`` (for ``ravenry web``, that is where a client's
    traceback goes when its session ends), else nowhere."""
    out = log.open("wb") if log is not None else subprocess.DEVNULL
    return subprocess.Popen(
        [sys.executable, "-m", "ravenry.faces.cli", *args], env=env, stdout=out, stderr=subprocess.STDOUT
    )


def log_tail(log: Path, chars: int = 4000) -> str:
    """The end of a ``start`` log, for a failure's message."""
    return log.read_text(errors="replace")[-chars:] if log.exists() else "(no log)"


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in reversed(procs):
        p.terminate()
    for p in procs:
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)


@contextmanager
def chromium(size: tuple[int, int] = (1280, 800)) -> Iterator[str]:
    """A headless Chromium with its DevTools port open; yields the page target's websocket URL."""
    if CHROMIUM is None:
        raise RuntimeError("no Chromium installed")
    port = free_port()
    profile = tempfile.mkdtemp(prefix="ravenry-chromium-")
    proc = subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={profile}",
            f"--remote-debugging-port={port}",
            f"--window-size={size[0]},{size[1]}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_http(f"http://127.0.0.1:{port}/json/version")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as r:
            target = next(t for t in json.load(r) if t["type"] == "page")
        yield str(target["webSocketDebuggerUrl"])
    finally:
        stop([proc])  # type: ignore[list-item]
        shutil.rmtree(profile, ignore_errors=True)


@asynccontextmanager
async def open_page(target: str, url: str) -> AsyncIterator[Page]:
    """The tab at ``target`` navigated to ``url``, capturing its terminal's text from the first byte."""
    async with connect(target, max_size=64 * 1024 * 1024) as ws:
        page = Page(ws)
        await page.call("Page.enable")
        await page.call("Page.addScriptToEvaluateOnNewDocument", source=CAPTURE)
        await page.call("Page.navigate", url=url)
        yield page


async def start_local_match(page: Page, game_id: str, players: int) -> None:
    """In the local lobby: the player count typed on the list (a digit), the game's line chosen by arrow keys,
    Enter for its form, Enter on the form's Create."""
    ids = [g.id for g in games()]  # the lobby lists the installed games in this order
    await page.until_text("Ravenry lobby", timeout=30)
    await asyncio.sleep(0.5)
    await page.focus()
    await page.type(str(players))  # a digit on the list: the form's player count
    for _ in range(ids.index(game_id)):
        await page.press("ArrowDown")
    mark = await page.raw_length()
    await page.press("Enter")
    await page.until_text("New match here", timeout=30, since=mark)
    mark = await page.raw_length()
    await page.press("Enter")
    await page.until_text("Your choice", timeout=30, since=mark)


async def play_to_the_end(
    page: Page,
    marker: str,
    mid: Path | None,
    end: Path | None,
    max_presses: int = 3000,
    timeout: float = 900,
) -> dict[str, Any]:
    """Press Enter in the page (the highlighted choice: a step in, or the decision) until the client says the
    match is over. ``marker`` is text of a decision worth a screenshot (``mid``), taken the first time it shows
    after the fifth key. Returns what happened: keys pressed, seconds, the end screen's text."""
    t0 = time.monotonic()
    presses = 0
    shot = mid is None
    mark = await page.raw_length()
    while presses < max_presses and time.monotonic() - t0 < timeout:
        new = await page.screen(mark)
        if "match over" in new:
            break
        if not shot and presses >= 5 and marker in new:
            await asyncio.sleep(0.5)  # the whole decision painted
            assert mid is not None
            await page.screenshot(mid)
            shot = True
        mark = await page.raw_length()
        await page.press("Enter")
        presses += 1
        await page.settle(mark)
    else:
        raise AssertionError(f"no end of match after {presses} keys and {time.monotonic() - t0:.0f} s")
    await asyncio.sleep(1.0)  # the end screen painted in full
    if end is not None:
        await page.screenshot(end)
    text = await page.screen(mark)
    return {"presses": presses, "seconds": round(time.monotonic() - t0, 1), "mid_shot": shot, "end_text": text}
