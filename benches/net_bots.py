"""Lean remote bots for the load bench. Each seat's bot is an ``asyncio.Protocol`` driving websockets' Sans-I/O
client (``websockets.client.ClientProtocol``): the same WebSocket frames and the same protocol as
``ravenry.net.client.SeatPlayer`` (join, state, act with the turn it was chosen at, ok or error, leave), without its
reader task, frame queue and per-request futures, and without decoding the views and events a random bot never
reads.

Why: the bench's clients share the machine with the server they measure, and ``SeatPlayer`` costs more CPU per
action than the server does, so with it the bench partly measures its own clients. A load generator should cost
as little as it can; ``benches/net_load.py --full-clients`` still plays with ``SeatPlayer``, to show what the real
client costs.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from typing import Any, cast

import msgpack
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

State = dict[str, Any]
REPLY_SECONDS = 10.0
RATE_LIMITED_PAUSE = 0.05  # as ravenry.net.client: wait this long before sending a rate-limited act again


UNREAD = frozenset({"view", "events"})  # what a random bot never looks at: skipped, not built


def decode_for_bot(data: bytes) -> State:
    """Decode a server frame without building its view and events: a random bot chooses from ``actions`` alone,
    and a game's view can be kilobytes (roll-player: about 7 KiB), decoded four times per action."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
    unpacker.feed(data)
    frame: State = {}
    for _ in range(unpacker.read_map_header()):
        key = unpacker.unpack()
        if key in UNREAD:
            unpacker.skip()
        else:
            frame[key] = unpacker.unpack()
    return frame


class LeanSeat(asyncio.Protocol):
    """One connection, one seat at a time: ``play`` joins a match, acts whenever the latest state offers actions
    (after ``think()`` seconds, choosing with ``choose``), and returns the final state once the match is over."""

    def __init__(self, url: str, choose: Callable[[State], int], think: Callable[[], float]) -> None:
        self.ws = ClientProtocol(parse_uri(url), max_size=16 * 1024 * 1024)
        self.choose = choose
        self.think = think
        self.loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = self.loop.create_future()
        self.transport: asyncio.Transport | None = None
        self.refs = itertools.count(1)
        self.replies: dict[int, asyncio.Future[State]] = {}
        self.latencies: list[float] = []  # act sent -> ok received, in seconds, per applied action
        self.errors: list[State] = []  # error frames: to an act, or unasked
        self._new_match("", None)

    def _new_match(self, match: str, done: asyncio.Future[State] | None) -> None:
        self.match = match
        self.done = done
        self.token: str | None = None
        self.latest: State | None = None
        self.floor = -1  # the turn right after our last applied action: older states are history
        self.chosen_at = -1  # never answer one state twice
        self.busy = False  # thinking, or an act in flight
        self.act_ref = -1
        self.acting: State = {}  # the turn and action of the act in flight
        self.sent_at = 0.0

    # -- the match -----------------------------------------------------------------------------------------
    async def play(self, match: str, seat: int) -> State:
        done: asyncio.Future[State] = self.loop.create_future()
        self._new_match(match, done)
        await self.request("join", match=match, seat=seat)
        final = await asyncio.wait_for(done, 600)
        await self.request("leave", match=match)
        return final

    def _consider(self) -> None:
        state = self.latest
        if self.busy or state is None or self.token is None or not state["actions"]:
            return
        if state["turn"] < self.floor or state["turn"] == self.chosen_at:
            return
        self.busy = True
        self.chosen_at = state["turn"]
        delay = self.think()
        if delay > 0:
            self.loop.call_later(delay, self._act, state)
        else:
            self._act(state)

    def _act(self, state: State) -> None:
        if state["match"] != self.match or self.done is None or self.done.done():
            self.busy = False
            return
        self.acting = {"turn": state["turn"], "action": self.choose(state)}
        self.sent_at = time.perf_counter()
        self._send_act()

    def _send_act(self) -> None:
        self.act_ref = next(self.refs)
        self._send({"t": "act", "ref": self.act_ref, "match": self.match, "token": self.token, **self.acting})

    def _acted(self, reply: State) -> None:
        if reply.get("code") == "rate-limited":  # dropped unread for coming too fast: the same choice, later
            self.errors.append(reply)
            self.loop.call_later(RATE_LIMITED_PAUSE, self._send_act)
            return
        if reply["t"] == "ok":
            self.latencies.append(time.perf_counter() - self.sent_at)
            self.floor = reply["turn"]
        else:  # stale or not-your-turn after another seat's move: the server sends the state to choose from again
            self.errors.append(reply)
        self.busy = False
        self._consider()

    def _frame(self, frame: State) -> None:
        ref = frame.get("ref")
        if ref is not None and ref == self.act_ref:
            self.act_ref = -1
            self._acted(frame)
            return
        fut = self.replies.pop(ref, None) if ref is not None else None
        if fut is not None:
            if frame["t"] == "joined":
                self.token = frame["token"]  # before the state that follows in the same read
            if not fut.done():
                fut.set_result(frame)
            return
        if frame["t"] == "error":
            self.errors.append(frame)
        elif frame["t"] == "state" and frame["match"] == self.match and self.done is not None:
            if frame["over"]:
                if not self.done.done():
                    self.done.set_result(frame)
                return
            self.latest = frame
            self._consider()

    # -- requests -------------------------------------------------------------------------------------------
    async def request(self, t: str, **args: Any) -> State:
        while True:
            ref = next(self.refs)
            fut: asyncio.Future[State] = self.loop.create_future()
            self.replies[ref] = fut
            self._send({"t": t, "ref": ref, **args})
            reply = await asyncio.wait_for(fut, REPLY_SECONDS)
            if reply.get("code") != "rate-limited":
                break
            self.errors.append(reply)  # dropped unread: the same request, later
            await asyncio.sleep(RATE_LIMITED_PAUSE)
        if reply["t"] == "error":
            raise RuntimeError(f"{t}: {reply['code']}: {reply['message']}")
        return reply

    def _send(self, frame: State) -> None:
        self.ws.send_binary(msgpack.packb(frame, use_bin_type=True))
        self._write()

    def _write(self) -> None:
        assert self.transport is not None
        for data in self.ws.data_to_send():
            if data:
                self.transport.write(data)
            else:  # the protocol asks for the end of the stream after a close
                self.transport.close()

    async def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.ws.send_close()
            self._write()
            self.transport.close()

    # -- asyncio.Protocol ------------------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports do not subclass asyncio's
        self.ws.send_request(self.ws.connect())
        self._write()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Frame):
                if event.opcode is Opcode.BINARY:
                    self._frame(decode_for_bot(event.data))
            elif not self.opened.done():  # the handshake's response
                exc = self.ws.handshake_exc
                if exc is None:
                    self.opened.set_result(None)
                else:
                    self.opened.set_exception(exc)
        self._write()  # pongs to the server's pings, the close handshake

    def connection_lost(self, exc: Exception | None) -> None:
        lost = ConnectionError(f"connection lost ({exc})")
        for fut in [self.opened, *self.replies.values(), *([self.done] if self.done else [])]:
            if not fut.done():
                fut.set_exception(lost)


def table_address(table: int) -> str:
    """A loopback address of its own for each table's players, as players at different homes have: the server
    caps connections and matches per address, and a whole load bench from 127.0.0.1 would be one flooding home."""
    return f"127.0.{table % 250 + 1}.{table // 250 % 250 + 1}"  # a /24 of its own, as homes have


async def connect(
    url: str, choose: Callable[[State], int], think: Callable[[], float], source: str | None = None
) -> LeanSeat:
    uri = parse_uri(url)
    loop = asyncio.get_running_loop()
    local = (source, 0) if source else None
    _, bot = await loop.create_connection(lambda: LeanSeat(url, choose, think), uri.host, uri.port, local_addr=local)
    await asyncio.wait_for(bot.opened, REPLY_SECONDS)
    return bot
