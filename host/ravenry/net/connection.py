"""One client connection: its reader (rate limit, idle watchdog, frame validation, dispatch to the server) and
its writer, which sends queued replies and, for each subscription marked dirty, a freshly composed state frame.
Updates coalesce, so a slow reader costs the server one flag per subscription, never a growing queue."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from ravenry.errors import RavenryError
from ravenry.net.limits import Limits, TokenBucket
from ravenry.net.protocol import BadFrame, decode_request, encode, error
from ravenry.net.table import Table

if TYPE_CHECKING:
    from ravenry.net.server import Server

log = logging.getLogger("ravenry.net")


@dataclass(eq=False)
class Subscription:
    """A connection's interest in one table, as one seat or (seat None) as a spectator."""

    conn: Connection
    table: Table
    seat: int | None
    cursor: int  # index of the next event this subscriber has not been sent
    dirty: bool = True

    def mark(self) -> None:
        self.dirty = True
        self.conn.wake.set()


@dataclass(eq=False)
class Connection:
    server: Server
    ws: ServerConnection
    limits: Limits
    outbox: deque[dict[str, Any]] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    subs: dict[tuple[str, int | None], Subscription] = field(default_factory=dict)
    strikes: int = 0
    closing: bool = False

    def send(self, frame: dict[str, Any]) -> None:
        if len(self.outbox) >= self.limits.outbox:
            # Not reading its replies: drop it rather than let the queue grow without end.
            self.closing = True
        else:
            self.outbox.append(frame)
        self.wake.set()

    async def writer(self) -> None:
        try:
            await self._write()
        except ConnectionClosed:
            pass  # the reader sees the close too and cleans up

    async def _write(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.closing:
                await self.kick(1008, "too many unread frames")
                return
            while self.outbox:
                await self.ws.send(encode(self.outbox.popleft()))
            for sub in list(self.subs.values()):
                if sub.dirty:
                    sub.dirty = False
                    try:
                        async with sub.table.lock:
                            frame = sub.table.state_frame(sub.seat, sub.cursor)
                    except Exception as e:  # a plugin's view or describe failed: say so, keep the connection
                        log.exception("match %s: cannot compose the state for seat %s", sub.table.id, sub.seat)
                        frame = error("internal", f"the server cannot show this match's state ({type(e).__name__})")
                        await self.ws.send(encode(frame))
                        continue
                    sub.cursor = frame["next_event"]
                    await self.ws.send(encode(frame))

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        writer = loop.create_task(self.writer())
        # One timer per connection, re-armed lazily, instead of a wait_for (a task and a timer) around every recv:
        # this is the hot path of every action.
        self.last_seen = loop.time()
        watchdog = loop.call_later(self.limits.idle_seconds, self._check_idle)
        self._watchdog = watchdog
        try:
            async for data in self.ws:
                self.last_seen = loop.time()
                await self.handle(data)
                if writer.done():
                    break
                # recv returns at once while frames are queued: yield, or one busy client would starve every other
                # connection (and its own writer) until its queue ran dry.
                await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        finally:
            self._watchdog.cancel()
            writer.cancel()
            for sub in self.subs.values():
                sub.table.subscribers.discard(sub)

    def _check_idle(self) -> None:
        loop = asyncio.get_running_loop()
        quiet = loop.time() - self.last_seen
        if quiet >= self.limits.idle_seconds:
            loop.create_task(self.ws.close(1000, f"idle for {self.limits.idle_seconds:g} s"))
        else:
            self._watchdog = loop.call_later(self.limits.idle_seconds - quiet, self._check_idle)

    async def kick(self, code: int, reason: str) -> None:
        """Close on a misbehaving client without waiting politely: its answer to our close frame may sit behind
        thousands of its own queued frames, which we will not read."""
        self.ws.close_timeout = 0.2
        await self.ws.close(code, reason)

    async def handle(self, data: bytes | str) -> None:
        if not self.bucket.take():
            self.strikes += 1
            if self.strikes > self.limits.strikes:
                await self.kick(1008, "rate limit exceeded")
                return
            self.send(error("rate-limited", f"more than {self.limits.rate:g} frames a second; frame dropped"))
            return
        ref = None
        try:
            req = decode_request(data)
            ref = req.ref
            t0 = time.perf_counter()
            reply = await self.server.dispatch(self, req)
            if req.t == "act":
                self.server.act_seconds.append(time.perf_counter() - t0)
            if reply is not None:
                reply["ref"] = ref
                self.send(reply)
        except BadFrame as e:
            self.send(error(e.code, e.message, ref))
            if e.code == "stale":
                for sub in self.subs.values():
                    sub.mark()  # the client raced a change: hand it the current state to choose from again
        except RavenryError as e:
            self.send(error(type(e).__name__, str(e), ref))
        except Exception as e:  # a server bug must cost one frame, never the server or the other tables
            log.exception("internal error serving %r", data[:64])
            self.send(error("internal", f"internal server error ({type(e).__name__}); the match is unchanged", ref))

    def subscribe(self, table: Table, seat: int | None, since: int) -> Subscription:
        key = (table.id, seat)
        sub = self.subs.get(key)
        if sub is None:
            if len(self.subs) >= self.limits.max_subscriptions:
                raise BadFrame("limit", f"at most {self.limits.max_subscriptions} subscriptions per connection")
            sub = self.subs[key] = Subscription(self, table, seat, 0)
            table.subscribers.add(sub)
        sub.cursor = max(0, min(since, table.match.event_count))
        sub.mark()
        return sub

    def __post_init__(self) -> None:
        self.bucket = TokenBucket(self.limits.rate, self.limits.burst)
