"""One client connection: its reader (rate limit, idle watchdog, frame validation, dispatch to the server) and
its flush, which writes the queued replies and, for each subscription marked dirty, a freshly composed state
frame, all in one write. Updates coalesce, so a slow reader costs the server one flag per subscription, never a
growing queue."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from ravenry.errors import RavenryError
from ravenry.net.limits import Limits, TokenBucket, address_range
from ravenry.net.protocol import BadFrame, Request, decode_request, encode, error, peek_ref
from ravenry.net.table import Table
from ravenry.words import seat_number

log = logging.getLogger("ravenry.net")


class Dispatcher(Protocol):
    """What a connection needs of its server: ``ravenry.net.server.Server``, typed structurally because the server
    sits above the connections it owns (docs/architecture.md)."""

    act_seconds: deque[float]

    async def dispatch(self, conn: Connection, req: Request) -> dict[str, Any] | None: ...


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
        self.conn.schedule()


@dataclass(eq=False)
class Connection:
    server: Dispatcher
    ws: ServerConnection
    limits: Limits
    outbox: deque[dict[str, Any]] = field(default_factory=deque)
    subs: dict[tuple[str, int | None], Subscription] = field(default_factory=dict)
    strikes: int = 0
    closing: bool = False
    # For the lobby's caps: matches this connection created, seats (match id, seat) it holds.
    created: set[str] = field(default_factory=set)
    seats: set[tuple[str, int]] = field(default_factory=set)
    _scheduled: bool = False
    _draining: asyncio.Task[None] | None = None
    _kicking: asyncio.Task[None] | None = None

    def send(self, frame: dict[str, Any]) -> None:
        if len(self.outbox) >= self.limits.outbox:
            # Not reading its replies: drop it rather than let the queue grow without end.
            self.closing = True
        else:
            self.outbox.append(frame)
        self.schedule()

    def schedule(self) -> None:
        """Flush soon: after the callbacks already due run, so the replies and states of everything that happens
        meanwhile (a reply, the state it changed, other seats' moves) go out together."""
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Write every queued reply and the current state of every dirty subscription with one system call.

        A plain callback, not a writer task per connection: waking a task for each frame cost more than
        composing it. It writes through the connection's Sans-I/O ``protocol`` and its ``transport``, as
        websockets' own ``send`` does, but all frames at once (pyproject.toml bounds the websockets version for
        these). When the socket is backed up (websockets' write buffer above its high-water mark) nothing is
        written until it drains; the dirty flags keep, so the reader then gets the latest state, not every state
        in between."""
        self._scheduled = False
        ws = self.ws
        if self.closing:
            if self._kicking is None:
                self._kicking = asyncio.get_running_loop().create_task(self.kick(1008, "too many unread frames"))
            return
        if ws.protocol.state is not State.OPEN:
            return  # closing or closed: the reader sees it and cleans up
        if ws.paused:
            if self._draining is None:
                self._draining = asyncio.get_running_loop().create_task(self._drain())
            return
        messages = [encode(frame) for frame in self.outbox]
        self.outbox.clear()
        for sub in self.subs.values():
            if sub.dirty:
                data = self._compose(sub)
                if data is not None:
                    messages.append(data)
        if messages:
            for data in messages:
                ws.protocol.send_binary(data)
            ws.transport.writelines(ws.protocol.data_to_send())

    def _compose(self, sub: Subscription) -> bytes | None:
        table = sub.table
        if table.halted:
            # Its last action never reached the disk: the state in memory is one a restart would take back.
            sub.dirty = False
            return None
        if table.lock.locked():
            # An action is applied but maybe not yet on disk: showing it now could show a state that a crash
            # takes back. The lock marks the subscription again when it is released.
            table.lock.hold_back(sub)
            return None
        sub.dirty = False
        try:
            data, sub.cursor = table.state_frame(sub.seat, sub.cursor)
        except Exception as e:  # a plugin's view or describe failed: say so, keep the connection
            who = "a spectator" if sub.seat is None else f"seat {seat_number(sub.seat)}"
            log.exception("match %s: cannot compose the state for %s", table.id, who)
            return encode(error("internal", f"the server cannot show this match's state ({type(e).__name__})"))
        return data

    async def _drain(self) -> None:
        # A reader that lets the socket stay backed up this long is stalled: drop it, so it holds neither memory
        # nor a flush slot, and its seat waits for a reconnect like any dropped connection.
        try:
            await asyncio.wait_for(self.ws.drain(), self.limits.write_timeout)
        except (asyncio.TimeoutError, TimeoutError):
            log.info("%s dropped: not reading for %g s", self.address, self.limits.write_timeout)
            self.ws.transport.abort()
            return
        except ConnectionClosed:
            return
        finally:
            self._draining = None
        self.schedule()

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        log.info("%s connected", self.address)
        # One timer per connection, re-armed lazily, instead of a wait_for (a task and a timer) around every recv:
        # this is the hot path of every action.
        self.last_seen = loop.time()
        watchdog = loop.call_later(self.limits.idle_seconds, self._check_idle)
        self._watchdog = watchdog
        try:
            async for data in self.ws:
                self.last_seen = loop.time()
                await self.handle(data)
                if self._kicking is not None:
                    await self._kicking  # our close code must go out before the handler's own normal close
                    break
                # recv returns at once while frames are queued: yield, or one busy client would starve every other
                # connection (and its own replies) until its queue ran dry.
                await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        finally:
            self._watchdog.cancel()
            if self._draining is not None:
                self._draining.cancel()
            for sub in self.subs.values():
                sub.table.subscribers.discard(sub)
                sub.table.presence()  # the abandoned-match expiry and the takeover grace start here
            log.info("%s disconnected", self.address)

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
                self._kicking = asyncio.get_running_loop().create_task(self.kick(1008, "rate limit exceeded"))
                return
            message = f"more than {self.limits.rate:g} frames a second; frame dropped, send it again later"
            self.send(error("rate-limited", message, peek_ref(data)))
            return
        self.strikes = 0  # a client that backs off is throttled, not dropped
        ref = peek_ref(data)  # every error answers its request, even one too malformed to decode
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

    def charge(self, cost: int) -> None:
        """Charge a request that does ``cost`` frames' worth of work (it has paid one already): the frames after
        it wait until the rate limit has paid for it."""
        if cost > 1:
            self.bucket.charge(cost - 1)

    def can_subscribe(self, table: Table, seat: int | None) -> None:
        if (table.id, seat) not in self.subs and len(self.subs) >= self.limits.max_subscriptions:
            raise BadFrame("limit", f"at most {self.limits.max_subscriptions} subscriptions per connection")

    def subscribe(self, table: Table, seat: int | None, since: int) -> Subscription:
        key = (table.id, seat)
        sub = self.subs.get(key)
        if sub is None:
            self.can_subscribe(table, seat)
            sub = self.subs[key] = Subscription(self, table, seat, 0)
            table.subscribers.add(sub)
            table.presence()  # a returning player gets their seat back from its takeover bot
        sub.cursor = max(0, min(since, table.match.event_count))
        sub.mark()
        return sub

    def __post_init__(self) -> None:
        self.bucket = TokenBucket(self.limits.rate, self.limits.burst)
        self.address = peer_address(self.ws)
        self.range = address_range(self.address)  # once a connection: parsing an address is not free


def peer_address(ws: Any) -> str:
    """The client's IP address, the key of every per-address cap."""
    peer = getattr(ws, "remote_address", None)
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
