"""Helpers for the network tests: a server on loopback in a background thread (so tests can also talk to it
with blocking clients, as hypothesis needs), bot seats, and the redaction oracle used by the leak checks."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgpack
import pytest
import ravenry
from ravenry.net.client import Client, SeatPlayer, random_chooser
from ravenry.net.limits import Limits
from ravenry.net.server import Server
from ravenry.net.store import Store

GAMES = [g.id for g in ravenry.games()]


def seats_for(game_id: str) -> int:
    """Four players where the game allows, else its maximum (the brief's rule for whole-match tests)."""
    lo, hi = ravenry.game(game_id).info.players
    return max(lo, min(4, hi))


def run(coro: Coroutine[Any, Any, Any], timeout: float = 20.0) -> Any:
    """Run a client-side coroutine with a hard time bound, so a hung test fails instead of hanging."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@dataclass
class LiveServer:
    server: Server
    url: str
    loop: asyncio.AbstractEventLoop

    def call(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(*args)`` on the server's loop and return its result (for reading server state safely)."""

        async def wrapper() -> Any:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(wrapper(), self.loop).result(5)


@contextlib.contextmanager
def live_server(
    limits: Limits | None = None, save_dir: str | None = None, turn_seconds: float | None = None
) -> Iterator[LiveServer]:
    server = Server(limits, Store(save_dir) if save_dir else None, turn_seconds)
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    stop: asyncio.Event | None = None

    def main() -> None:
        nonlocal stop
        asyncio.set_event_loop(loop)
        stop = asyncio.Event()
        started = asyncio.Event()

        async def go() -> None:
            task = asyncio.ensure_future(server.run("127.0.0.1", 0, started, stop))
            await started.wait()
            ready.set()
            await task

        loop.run_until_complete(go())
        loop.close()

    thread = threading.Thread(target=main, daemon=True)
    thread.start()
    assert ready.wait(10), "server did not start"
    try:
        yield LiveServer(server, f"ws://127.0.0.1:{server.port}", loop)
    finally:
        loop.call_soon_threadsafe(stop.set)  # type: ignore[union-attr]
        thread.join(10)


@pytest.fixture
def live() -> Iterator[LiveServer]:
    with live_server() as s:
        yield s


async def create(url: str, game: str, players: int, seed: int = 1, **kw: Any) -> str:
    async with Client(url) as c:
        reply = await c.request("create", game=game, players=players, seed=seed, **kw)
    return str(reply["match"])


@dataclass
class Recorder:
    """Every frame one client received, raw and decoded."""

    raw: list[bytes] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)

    def __call__(self, data: bytes, frame: dict[str, Any]) -> None:
        self.raw.append(data)
        self.frames.append(frame)

    def states(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("t") == "state"]


def bot_players(url: str, match: str, n: int, recorders: list[Recorder] | None = None, **kw: Any) -> list[SeatPlayer]:
    return [
        SeatPlayer(url, match, seat=i, choose=random_chooser(100 + i), record=recorders[i] if recorders else None, **kw)
        for i in range(n)
    ]


# -- the redaction oracle -------------------------------------------------------------------------------------
def flatten(x: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    if isinstance(x, dict):
        out: dict[tuple[Any, ...], Any] = {}
        for k, v in x.items():
            out.update(flatten(v, (*path, k)))
        return out
    if isinstance(x, list):
        out = {}
        for i, v in enumerate(x):
            out.update(flatten(v, (*path, i)))
        return out
    return {path: x}


@dataclass
class Moment:
    """What every viewer may know at one turn of a replayed match, and what nobody but the engine may."""

    views: dict[int | None, dict[str, Any]]
    legal: dict[int, list[int]]
    private: dict[int, dict[tuple[Any, ...], Any]]  # seat -> leaves of its view that the public view lacks
    secrets: dict[int | None, list[bytes]]  # per viewer: packed hidden state no frame to it may contain


def hidden_values(real: Any, resampled: Any, out: list[bytes]) -> None:
    """Packed values (>= 5 bytes, so a match in a frame is not chance) of every part of ``real`` that
    ``resampled`` (a determinized copy) changed: exactly what the viewer cannot know (deck order, others' hands,
    face-down commits, the RNG)."""
    if real == resampled:
        return
    blob = msgpack.packb(real, use_bin_type=True)
    if len(blob) >= 5:
        out.append(blob)
    if isinstance(real, dict) and isinstance(resampled, dict):
        for k, v in real.items():
            if k != "decisions":  # the turn counter, which every frame carries on purpose
                hidden_values(v, resampled.get(k), out)
    elif isinstance(real, list) and isinstance(resampled, list) and len(real) == len(resampled):
        for a, b in zip(real, resampled):
            hidden_values(a, b, out)


def secret_blobs(match: Any) -> dict[int | None, list[bytes]]:
    """Per viewer, the hidden state no frame to it may contain: what determinizing for that seat resamples
    (two resamples, so a value that happens to come out the same is still caught). The public may know nothing
    any seat may not."""
    out: dict[int | None, list[bytes]] = {}
    if not hasattr(match, "determinized"):  # pure-Python games declare no hidden state
        return {s: [] for s in [None, *range(match.players)]}
    state = match.state()
    for s in range(match.players):
        out[s] = []
        for k in (1, 2):
            hidden_values(state, match.determinized(s, seed=k).state(), out[s])
    out[None] = [b for s in range(match.players) for b in out[s]]
    return out


def replay_moments(match: Any) -> dict[int, Moment]:
    """Replay ``match``'s actions from its seed and record, for every turn, each seat's view and secrets."""
    g = ravenry.game(match.game.id)
    shadow = g.new_match(match.players, match.seed, match.options, variants=match.variants)
    moments: dict[int, Moment] = {}

    def snap() -> None:
        public = shadow.view(None)
        views: dict[int | None, dict[str, Any]] = {None: public}
        private = {}
        flat_public = flatten(public)
        for s in range(shadow.players):
            views[s] = shadow.view(s)
            private[s] = {p: v for p, v in flatten(views[s]).items() if flat_public.get(p, object()) != v}
        legal = {s: list(shadow.legal_actions(s)) if s in shadow.to_act else [] for s in range(shadow.players)}
        moments[shadow.decisions] = Moment(views, legal, private, secret_blobs(shadow))

    snap()
    for p, a in match.history():
        shadow.apply(p, a)
        snap()
    return moments


def visible(vis: Any, seat: int | None) -> bool:
    """The engine's event visibility, written out independently of the server."""
    if vis == "All":
        return True
    if isinstance(vis, dict) and "Only" in vis:
        return seat is not None and bool(vis["Only"] >> seat & 1)
    if isinstance(vis, dict) and "Except" in vis:
        return seat is None or not vis["Except"] >> seat & 1
    raise AssertionError(f"unknown visibility {vis!r}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
