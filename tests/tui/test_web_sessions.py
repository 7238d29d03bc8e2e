"""Every process ``ravenry web`` starts ends with its browser session or with ``ravenry web`` itself,
and a page cannot make it start more than its caps allow or load anything from another host:
a page that goes away, a server stopped by SIGTERM, and a server killed outright (its clients notice their parent
is gone). The page is a plain websocket client of textual-serve's ``/ws`` endpoint, so no browser is needed;
clients are found by the variable ``ravenry web`` sets in their environment. Linux (``/proc``) only."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from ravenry.faces.web import PARENT_VARIABLE
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


@contextmanager
def serving(tmp_path: Path, *extra: str) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """``ravenry web`` on a free port, answering; stopped (and any client it left, killed) on the way out."""
    port = free_port()
    web = start(["web", "--port", str(port), *extra], dict(os.environ, XDG_STATE_HOME=str(tmp_path)))
    try:
        wait_http(f"http://127.0.0.1:{port}/")
        yield web, port
    finally:
        stop([web])
        for pid in clients(web.pid):  # never leave one behind, even when the test fails
            os.kill(pid, signal.SIGKILL)


def test_a_session_s_client_ends_when_its_page_goes_away(tmp_path: Path) -> None:
    with serving(tmp_path) as (web, port):

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


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_every_client_ends_when_ravenry_web_stops(tmp_path: Path, how: signal.Signals) -> None:
    with serving(tmp_path) as (web, port):

        async def go() -> None:
            pages = await open_sessions(port, 2)
            assert await wait_for(lambda: len(clients(web.pid)) == 2, 10), clients(web.pid)
            web.send_signal(how)
            web.wait(15)
            assert await wait_for(lambda: not clients(web.pid), 10), f"left running: {clients(web.pid)}"
            for page in pages:
                await page.close()  # type: ignore[attr-defined]

        asyncio.run(asyncio.wait_for(go(), 60))


def _environ(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(p.decode(errors="replace").partition("=")[::2] for p in pairs if b"=" in p)


def test_sessions_are_capped_in_all_and_per_address_and_the_size_is_bounded(tmp_path: Path) -> None:
    """A refused page is told why in its terminal and starts nothing; a page asking for a 4000x4000 terminal gets
    the largest there is."""
    with serving(tmp_path, "--max-sessions", "3", "--max-sessions-per-address", "2") as (web, port):

        async def page(source: str, query: str = "width=100&height=30") -> tuple[object, str]:
            ws = await connect(f"ws://127.0.0.1:{port}/ws?{query}", max_size=None, local_addr=(source, 0))
            first = await asyncio.wait_for(ws.recv(), 20)
            return ws, first.decode(errors="replace") if isinstance(first, bytes) else first

        async def go() -> None:
            big, _ = await page("127.0.0.1", "width=4000&height=4000")
            second, _ = await page("127.0.0.1")
            assert await wait_for(lambda: len(clients(web.pid)) == 2, 10)
            env = [_environ(pid) for pid in clients(web.pid)]
            assert sorted((e["COLUMNS"], e["ROWS"]) for e in env) == [("100", "30"), ("400", "150")]
            # A resize is bounded like the first size (textual-serve passes it on as the page sent it).
            await big.send(json.dumps(["resize", {"width": 10**9, "height": "x"}]))  # type: ignore[attr-defined]
            _, said = await page("127.0.0.1")
            assert "at most 2 browser sessions at once from one address" in said, said
            third, _ = await page("127.0.0.2")  # another address: its own allowance
            _, said = await page("127.0.0.3")
            assert "at most 3 browser sessions at once" in said, said
            assert len(clients(web.pid)) == 3
            for ws in (big, second, third):
                await ws.close()  # type: ignore[attr-defined]
            assert await wait_for(lambda: not clients(web.pid), 10)

        asyncio.run(asyncio.wait_for(go(), 60))


def test_the_page_loads_nothing_from_another_host(tmp_path: Path) -> None:
    with serving(tmp_path) as (_, port):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
            html = r.read().decode()
        urls = re.findall(r"""(?:href|src)\s*=\s*["']([^"']+)""", html)
        assert urls and "terminal" in html
        foreign = [
            u for u in urls if re.match(r"(?i)(https?:)?//", u) and not u.startswith(f"http://127.0.0.1:{port}/")
        ]
        assert not foreign, foreign


def test_a_page_s_sizes_are_bounded() -> None:
    from ravenry.faces.web import MAX_COLUMNS, MAX_ROWS, terminal_size

    assert terminal_size("4000", 4000) == (MAX_COLUMNS, MAX_ROWS)
    assert terminal_size(10**9, "x") == (MAX_COLUMNS, 24)
    assert terminal_size(["1"], None) == terminal_size(True, {}) == (80, 24)
    assert terminal_size("-5", "3") == (20, 8)
