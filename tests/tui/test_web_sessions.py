"""Every process ``ravenry web`` starts ends with its browser session or with ``ravenry web`` itself (issue 36):
a page that goes away, a server stopped by SIGTERM, and a server killed outright (its clients notice their parent
is gone). The page is a plain websocket client of textual-serve's ``/ws`` endpoint, so no browser is needed;
clients are found by the variable ``ravenry web`` sets in their environment. Linux (``/proc``) only."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from ravenry.web import PARENT_VARIABLE
from websockets.asyncio.client import connect

from tests.tui.browser import free_port, start, stop, wait_http

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")


def clients(web_pid: int) -> list[int]:
    """The live processes started for ``ravenry web`` at ``web_pid`` (wherever they were reparented)."""
    mark = f"{PARENT_VARIABLE}={web_pid}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if mark in (entry / "environ").read_bytes().split(b"\0") and "Z" not in _state(entry):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _state(proc: Path) -> str:
    return (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]


async def wait_for(ready: Callable[[], bool], timeout: float) -> bool:
    """Poll ``ready`` while the event loop runs (the pages' sockets are served meanwhile)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return True
        await asyncio.sleep(0.1)
    return ready()


async def open_sessions(port: int, n: int) -> list[object]:
    """``n`` pages' websockets, each with its client drawing (its first screen received)."""
    pages = []
    for _ in range(n):
        ws = await connect(f"ws://127.0.0.1:{port}/ws?width=100&height=30", max_size=None)
        await asyncio.wait_for(ws.recv(), 20)
        pages.append(ws)
    return pages


def test_a_session_s_client_ends_when_its_page_goes_away(tmp_path: Path) -> None:
    port = free_port()
    web = start(["web", "--port", str(port)], dict(os.environ, XDG_STATE_HOME=str(tmp_path)))
    try:
        wait_http(f"http://127.0.0.1:{port}/")

        async def go() -> None:
            pages = await open_sessions(port, 2)
            assert await wait_for(lambda: len(clients(web.pid)) == 2, 10), clients(web.pid)
            first = clients(web.pid)
            await pages[0].close()  # type: ignore[attr-defined]
            assert await wait_for(lambda: len(clients(web.pid)) == 1, 10), "a closed page left its client running"
            pages[1].transport.abort()  # type: ignore[attr-defined]  # gone without a closing handshake
            assert await wait_for(lambda: not clients(web.pid), 10), f"left running: {clients(web.pid)} of {first}"

        asyncio.run(asyncio.wait_for(go(), 60))
        assert web.poll() is None  # the server goes on serving
    finally:
        stop([web])


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_every_client_ends_when_ravenry_web_stops(tmp_path: Path, how: signal.Signals) -> None:
    port = free_port()
    web = start(["web", "--port", str(port)], dict(os.environ, XDG_STATE_HOME=str(tmp_path)))
    try:
        wait_http(f"http://127.0.0.1:{port}/")

        async def go() -> None:
            pages = await open_sessions(port, 2)
            assert await wait_for(lambda: len(clients(web.pid)) == 2, 10), clients(web.pid)
            web.send_signal(how)
            web.wait(15)
            assert await wait_for(lambda: not clients(web.pid), 10), f"left running: {clients(web.pid)}"
            for page in pages:
                await page.close()  # type: ignore[attr-defined]

        asyncio.run(asyncio.wait_for(go(), 60))
    finally:
        stop([web])
        for pid in clients(web.pid):  # never leave one behind, even when the test fails
            os.kill(pid, signal.SIGKILL)
