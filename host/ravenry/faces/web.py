"""``ravenry web``: the full-screen client served to browsers by textual-serve. Each browser tab runs its own
client process (``ravenry lobby``) whose screen textual-serve streams to the page: local matches against bots,
or, with ``--server``, the lobby of a ``ravenry serve`` match server, so friends play with nothing installed
but a browser. Bind to 127.0.0.1 (the default) unless the network is trusted: anyone who reaches the port gets
a client running on this machine.

The server owns every process it starts. A client runs in a process group of its own, started without a shell,
and ends with its browser session: asked to quit, then terminated, then killed, each after a bounded wait (a
Textual app whose page went away can block on its output and not quit by itself). Stopping ``ravenry web``
ends every session the same way, and a client whose server died without a word (SIGKILL) notices that its
parent is gone and exits (``exit_with_parent``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import sys
import threading
from collections import Counter
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ravenry.net.limits import address_range

log = logging.getLogger("textual-serve")

#: The variable that tells a client process which ``ravenry web`` started it.
PARENT_VARIABLE = "RAVENRY_WEB_PARENT"
#: Seconds a client is given to quit when asked, and again after SIGTERM, before the next step.
GRACE = 2.0
#: Browser sessions at once, in all and per address: each is a client process on this machine.
MAX_SESSIONS = 32
MAX_SESSIONS_PER_ADDRESS = 4
#: ... and per address range (IPv4 /24, IPv6 /64), so one network cannot take every session.
MAX_SESSIONS_PER_RANGE = 8
#: The terminal a page may ask for, in cells (the query string is the page's word, not a measurement).
MAX_COLUMNS, MAX_ROWS = 400, 150
MIN_COLUMNS, MIN_ROWS = 20, 8
#: textual-serve's page links a web-font stylesheet on a third-party host; the page loads the same font from
#: this server's own static files, so that link is dropped.
_THIRD_PARTY = re.compile(r"<link[^>]*https?://[^>]*>\s*", re.IGNORECASE)


def client_argv(server: str | None = None) -> list[str]:
    """The command each browser session runs: the lobby, local or of ``server``."""
    argv = [sys.executable, "-m", "ravenry.faces.cli", "lobby"]
    if server:
        argv += ["--server", server]
    return argv


def exit_with_parent(parent: int, every: float = 1.0) -> threading.Thread:
    """In a client process: end this process once ``parent`` is no longer its parent (the server died)."""

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(every)
        os._exit(1)  # nothing left to draw for: no clean-up can reach a page

    thread = threading.Thread(target=watch, name="exit-with-parent", daemon=True)
    thread.start()
    return thread


class ClientProcess(AppService):
    """One browser session's client: textual-serve's app service, owning its process group."""

    def __init__(self, argv: list[str], **kw: Any) -> None:
        super().__init__(" ".join(argv), **kw)
        self.argv = argv
        self._ending: asyncio.Future[None] | None = None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env[PARENT_VARIABLE] = str(os.getpid())
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width, height),
            start_new_session=True,  # its own group: whatever it starts ends with it
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def set_terminal_size(self, width: Any, height: Any) -> None:
        """A page's resize, bounded like its first size: the page's word, not a measurement."""
        await super().set_terminal_size(*terminal_size(width, height))

    async def stop(self) -> None:
        """Ask the client to quit; terminate, then kill its group if it does not. Returns once it has ended, and
        runs to the end even when the caller is cancelled (the page went away); callable any number of times."""
        if self._ending is None:
            self._ending = asyncio.ensure_future(self._end())
        await asyncio.shield(self._ending)

    async def _end(self) -> None:
        process = self._process
        if self._task is not None:
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
            await self.send_meta({"type": "quit"})
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._task), GRACE)
        if process is not None and process.returncode is None:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, sig)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(process.wait(), GRACE)
                if process.returncode is not None:
                    break
        if process is not None and process.returncode is not None:
            # The group may outlive its leader (a child the client started): end it too.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


class FirstPartyLoader(jinja2.FileSystemLoader):
    """textual-serve's templates, less any element that loads from another host."""

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Any]:
        source, filename, uptodate = super().get_source(environment, template)
        return _THIRD_PARTY.sub("", source), filename, uptodate


class WebServer(Server):
    """textual-serve's server, with sessions whose processes it owns and ends, capped in number (in all and per
    address) and in terminal size, and a page that loads nothing from another host."""

    def __init__(
        self,
        argv: list[str],
        max_sessions: int = MAX_SESSIONS,
        max_per_address: int = MAX_SESSIONS_PER_ADDRESS,
        **kw: Any,
    ) -> None:
        super().__init__(" ".join(argv), **kw)
        self.argv = argv
        self.max_sessions = max_sessions
        self.max_per_address = max_per_address
        self.sessions: set[ClientProcess] = set()
        self.by_address: Counter[str] = Counter()

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        aiohttp_jinja2.setup(app, loader=FirstPartyLoader(self.templates_path))
        return app

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(s.stop() for s in list(self.sessions)))

    def _refusal(self, address: str) -> str | None:
        if len(self.sessions) >= self.max_sessions:
            return f"this server runs at most {self.max_sessions} browser sessions at once"
        if self.by_address[address] >= self.max_per_address:
            return f"at most {self.max_per_address} browser sessions at once from one address"
        if self.by_address[address_range(address)] >= MAX_SESSIONS_PER_RANGE:
            return f"at most {MAX_SESSIONS_PER_RANGE} browser sessions at once from one network"
        return None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15)
        width, height = terminal_size(request.query.get("width"), request.query.get("height"))
        address = request.remote or "unknown"
        await websocket.prepare(request)
        refused = self._refusal(address)
        if refused is not None:
            # Said in the page's terminal, where the player looks; nothing is started.
            await websocket.send_bytes(f"\r\n  Ravenry: {refused}; try again later.\r\n".encode())
            await websocket.close()
            return websocket
        session = ClientProcess(
            self.argv,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.sessions.add(session)
        held = (address, address_range(address))  # one counter serves both: an address never looks like a range
        self.by_address.update(held)
        try:
            await session.start(width, height)
            await self._process_messages(websocket, session)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:  # a malformed frame from the page: this session ends, the others go on
            log.exception("browser session %s failed", session.app_service_id)
        finally:
            try:
                await session.stop()
            finally:
                self.sessions.discard(session)
                self.by_address.subtract(held)
                self.by_address = +self.by_address  # drop the counts that reached zero
        return websocket


def terminal_size(width: Any, height: Any) -> tuple[int, int]:
    """The terminal a page asks for, in bounds; anything that is not a whole number is the default 80x24."""

    def whole(raw: Any, default: int) -> int:
        try:
            return int(raw) if isinstance(raw, (int, str)) and not isinstance(raw, bool) else default
        except ValueError:
            return default

    return (
        min(MAX_COLUMNS, max(MIN_COLUMNS, whole(width, 80))),
        min(MAX_ROWS, max(MIN_ROWS, whole(height, 24))),
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    server: str | None = None,
    max_sessions: int = MAX_SESSIONS,
    max_per_address: int = MAX_SESSIONS_PER_ADDRESS,
) -> None:
    """Serve the client on http://host:port until interrupted; every session's process ends with it."""
    WebServer(client_argv(server), max_sessions, max_per_address, host=host, port=port, title="Ravenry").serve()
