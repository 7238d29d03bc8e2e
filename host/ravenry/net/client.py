"""The client side: a connection that pairs requests with replies, and ``SeatPlayer``, which holds one seat (or
watches) through disconnects, resuming with its token. The terminal UI (console.py), ``ravenry join --bot``,
the tests and the load bench all drive matches through these two classes.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ravenry.net.protocol import decode_any, encode
from ravenry.words import seat_number

Frame = dict[str, Any]


class NetError(Exception):
    """An error frame from the server (``code`` says which kind) or a lost connection (code ``closed``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


CLOSED: Frame = {"t": "closed"}  # put on the frame queue when the connection ends
RATE_LIMITED_PAUSE = 0.05  # seconds before a request the server dropped as too fast is sent again


def _expire(fut: asyncio.Future[Frame]) -> None:
    if not fut.done():
        fut.set_exception(asyncio.TimeoutError())


class Client:
    """One WebSocket connection to a server. Replies to ``request`` come back paired by ``ref``; everything the
    server sends unasked (state, notices) lands on ``frames``."""

    def __init__(
        self,
        url: str,
        record: Callable[[bytes, Frame], None] | None = None,
        keepalive: float = 30.0,
        source: str | None = None,
    ) -> None:
        self.url = url
        self.source = source  # the local address to connect from (a machine with several), else the system's choice
        self.record = record
        self.keepalive = keepalive
        self.frames: asyncio.Queue[Frame] = asyncio.Queue()
        self._pending: dict[int, asyncio.Future[Frame]] = {}
        self._refs = itertools.count(1)
        self._ws: ClientConnection | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.close_reason = ""
        self.throttled = 0  # requests the server dropped as rate-limited, and that were sent again

    async def connect(self) -> Client:
        try:
            local: dict[str, Any] = {"local_addr": (self.source, 0)} if self.source else {}
            self._ws = await connect(self.url, max_size=16 * 1024 * 1024, compression=None, open_timeout=5, **local)
        except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as e:
            raise NetError("closed", f"cannot connect to {self.url}: {e}") from None
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._read()), loop.create_task(self._ping())]
        return self

    async def __aenter__(self) -> Client:
        return await self.connect()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        for t in self._tasks:
            t.cancel()
        if self._ws is not None:
            await self._ws.close()

    async def wait_closed(self) -> None:
        """Return when the connection has ended (a UI waiting for a human shows a lost connection at once)."""
        if self._tasks:
            await asyncio.shield(self._tasks[0])

    async def send_raw(self, data: bytes | str) -> None:
        """Send bytes as they are (tests use it to send what no honest client would)."""
        assert self._ws is not None
        try:
            await self._ws.send(data)
        except ConnectionClosed as e:
            raise NetError("closed", f"connection closed: {e}") from None

    async def request(self, t: str, timeout: float = 10.0, **args: Any) -> Frame:
        """Send a frame and wait for its reply; an error reply raises ``NetError``. A frame the server dropped
        unread for coming too fast (``rate-limited``) is sent again after a pause; ``throttled`` counts them."""
        while True:
            reply = await self._request_once(t, timeout, args)
            if reply.get("code") != "rate-limited":
                break
            self.throttled += 1
            await asyncio.sleep(RATE_LIMITED_PAUSE)
        if reply.get("t") == "error":
            raise NetError(str(reply.get("code")), str(reply.get("message")))
        return reply

    async def _request_once(self, t: str, timeout: float, args: dict[str, Any]) -> Frame:
        ref = next(self._refs)
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Frame] = loop.create_future()
        self._pending[ref] = fut
        # A timer on the reply future itself, rather than wait_for's wrapper: this is every bot action's path.
        timer = loop.call_later(timeout, _expire, fut)
        try:
            await self.send_raw(encode({"t": t, "ref": ref, **args}))
            return await fut
        except asyncio.TimeoutError:
            # A server that does not answer is as good as gone: callers reconnect (and resume) as for a drop.
            await self.close()
            raise NetError("closed", f"no reply to {t!r} within {timeout:g} s") from None
        finally:
            timer.cancel()
            self._pending.pop(ref, None)

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for data in self._ws:
                frame = decode_any(data)
                if self.record is not None:
                    self.record(data if isinstance(data, bytes) else data.encode(), frame)
                fut = self._pending.get(frame.get("ref")) if frame.get("ref") is not None else None
                if fut is not None and not fut.done():
                    fut.set_result(frame)
                else:
                    self.frames.put_nowait(frame)
        except ConnectionClosed:
            pass
        finally:
            code = self._ws.close_code
            self.close_reason = f"{code} {self._ws.close_reason or ''}".strip() if code else "connection lost"
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(NetError("closed", f"connection closed ({self.close_reason})"))
            self.frames.put_nowait(CLOSED)

    async def _ping(self) -> None:
        # Application-level pings keep the server's idle timer from closing a quiet spectator or a thinking human.
        while True:
            await asyncio.sleep(self.keepalive)
            try:
                await self.send_raw(encode({"t": "ping"}))
            except NetError:
                return


Chooser = Callable[[Frame], Awaitable[int | None]]


def random_chooser(seed: int = 0) -> Chooser:
    """A client-side bot: uniform among the actions the server offered. (The server's own bots, which see the
    whole match, play through ``--bots``; a remote client only has its view.)"""
    rng = random.Random(seed)

    async def choose(state: Frame) -> int | None:
        return rng.choice(state["actions"])["code"] if state["actions"] else None

    return choose


def first_chooser() -> Chooser:
    async def choose(state: Frame) -> int | None:
        return state["actions"][0]["code"] if state["actions"] else None

    return choose


CHOOSERS: dict[str, Callable[[int], Chooser]] = {"random": random_chooser, "first": lambda seed: first_chooser()}


def played_for_text(frame: Frame, shown: int = 5) -> str | None:
    """A state's ``played_for`` (the decisions the takeover bot made for this seat while its player was away) as
    one line for the player, or None when there are none. Seats are the player's own: the server sends it to
    that seat alone."""
    played = frame.get("played_for") or []
    if not played:
        return None
    items = [f"turn {d['turn']}: {d['label']}" for d in played[:shown]]
    more = f" (and {len(played) - shown} more)" if len(played) > shown else ""
    return f"while you were away the takeover bot played for you: {'; '.join(items)}{more}"


@dataclass
class SeatPlayer:
    """Plays one seat (``seat`` None with ``watch``: spectates) until the match is over, reconnecting with the
    token when the connection drops. ``on_frame`` sees every frame (for rendering or recording).

    ``connection``: an open ``Client`` to play on instead of opening one, as a bot playing match after match
    keeps its connection. It stays open when the match ends (the player sends ``leave``) and belongs to the
    caller; ``record`` only sees connections the player opens itself. Should it drop, the player reconnects on
    a connection of its own."""

    url: str
    match: str
    seat: int | None = None
    token: str | None = None
    watch: bool = False
    choose: Chooser | None = None
    on_frame: Callable[[Frame], None] | None = None
    on_token: Callable[[int, str], None] | None = None  # called with (seat, token) as soon as a seat is claimed
    record: Callable[[bytes, Frame], None] | None = None
    reconnect_for: float = 15.0  # give up after this long without a connection
    latencies: list[float] = field(default_factory=list)
    acks: list[tuple[int, int, float]] = field(default_factory=list)  # (turn, action, time.monotonic()) per "ok"
    next_event: int = 0
    last: Frame | None = None
    errors: list[Frame] = field(default_factory=list)
    reconnects: int = 0
    client: Client | None = None
    connection: Client | None = None

    async def run(self) -> Frame:
        """Returns the final state frame."""
        try:
            return await self._run()
        except BaseException:
            # Whatever stopped us (a human's EOF, Ctrl-C, an error), leave the server a clean close, not a dead
            # socket it must time out.
            if self.client is not None:
                await asyncio.shield(self.client.close())
            raise

    async def _run(self) -> Frame:
        down_since: float | None = None
        attached = False
        while True:
            try:
                if self.connection is not None and self.client is None:
                    self.client = self.connection
                else:
                    self.connection = None  # the lent connection dropped: it is the caller's to close
                    self.client = await Client(self.url, record=self.record).connect()
                await self._attach(self.client)
                down_since, attached = None, True
                final = await self._play(self.client)
                if final is not None:
                    if self.client is self.connection:
                        await self.client.request("leave", match=self.match)
                    else:
                        await self.client.close()
                    return final
                self._status(f"connection lost ({self.client.close_reason}); reconnecting…")
            except NetError as e:
                if e.code != "closed" or not attached:  # a wrong address should fail at once, not after retries
                    if self.client is not None and self.client is not self.connection:
                        await self.client.close()
                    raise
                self._status(f"no connection ({e.message}); retrying…")
            if self.client is not None and self.client is not self.connection:
                await self.client.close()
            now = time.monotonic()
            down_since = down_since or now
            if now - down_since > self.reconnect_for:
                raise NetError("closed", f"lost the connection to {self.url} and could not get it back")
            self.reconnects += 1
            await asyncio.sleep(min(1.0, 0.05 * 2 ** min(self.reconnects, 5)))

    async def _choose_hearing(self, c: Client, frame: Frame, backlog: deque[Frame]) -> int | None:
        """``choose`` while still reading: a notice (a seat taken over, a clock run out) reaches ``on_frame`` as
        it comes, not once a human has decided; every other frame waits in ``backlog``, in order."""
        assert self.choose is not None
        choosing = asyncio.ensure_future(self.choose(frame))
        try:
            while not choosing.done():
                reading = asyncio.ensure_future(c.frames.get())
                await asyncio.wait({choosing, reading}, return_when=asyncio.FIRST_COMPLETED)
                if not reading.done():
                    reading.cancel()
                    continue
                f = reading.result()
                notice = f is not CLOSED and f.get("t") == "notice" and f.get("match", self.match) == self.match
                if notice and self.on_frame is not None:
                    self.on_frame(f)
                else:
                    backlog.append(f)
            return choosing.result()
        finally:
            choosing.cancel()

    def _status(self, message: str) -> None:
        if self.on_frame is not None:
            self.on_frame({"t": "status", "message": message})

    async def _attach(self, c: Client) -> None:
        if self.watch:
            await c.request("watch", match=self.match, since=self.next_event)
            how = "watching"
        elif self.token is not None:
            self.seat = (await c.request("resume", match=self.match, token=self.token, since=self.next_event))["seat"]
            how = "resumed"
        else:
            reply = await c.request("join", match=self.match, seat=self.seat, since=self.next_event)
            self.seat, self.token = reply["seat"], reply["token"]
            if self.on_token is not None:
                self.on_token(reply["seat"], reply["token"])
            how = "joined"
        seat = "" if self.watch or self.seat is None else f" (seat {seat_number(self.seat)})"
        self._status(f"{how} match {self.match}{seat}")

    async def _play(self, c: Client) -> Frame | None:
        """Handle frames until the match is over (returns the last state) or the connection drops (None)."""
        chosen_at = -1  # the turn of the state we last chose from: never answer one state twice
        floor = -1  # the turn right after our last applied action: older states queued meanwhile are history
        backlog: deque[Frame] = deque()  # frames read while choosing, in the order they came
        while True:
            frame = backlog.popleft() if backlog else await c.frames.get()
            if frame is CLOSED:
                return None
            if frame.get("match", self.match) != self.match:
                continue  # another match on a shared connection (the one before, still draining)
            if self.on_frame is not None:
                self.on_frame(frame)
            if frame["t"] == "error":
                self.errors.append(frame)
                continue
            if frame["t"] != "state":
                continue
            self.last = frame
            self.next_event = frame["next_event"]
            if frame["over"]:
                return frame
            if self.choose is None or not frame["actions"] or frame["turn"] < floor or frame["turn"] == chosen_at:
                continue
            action = await self._choose_hearing(c, frame, backlog)
            if action is None:
                continue
            chosen_at = frame["turn"]
            assert self.token is not None
            t0 = time.perf_counter()
            try:
                ok = await c.request("act", match=self.match, token=self.token, turn=frame["turn"], action=action)
                self.latencies.append(time.perf_counter() - t0)
                floor = ok["turn"]
                self.acks.append((frame["turn"], action, time.monotonic()))
            except NetError as e:
                if e.code == "closed":
                    return None
                if self.on_frame is not None:
                    self.on_frame({"t": "error", "code": e.code, "message": e.message})
                # Stale (another seat's move changed our options) or our clock ran out first: the server sends
                # the current state, and we choose again from that.
                self.errors.append({"t": "error", "code": e.code, "message": e.message})
