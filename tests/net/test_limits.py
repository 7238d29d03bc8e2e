"""Limits: oversized frames, floods of malformed frames and idle connections cost the offender its connection,
and other matches play on."""

from __future__ import annotations

import asyncio

import msgpack
from ravenry.net.client import Client
from ravenry.net.limits import Limits, TokenBucket
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .conftest import bot_players, create, live_server, run


def test_token_bucket_allows_burst_then_rate() -> None:
    b = TokenBucket(rate=0.001, burst=3)  # effectively no refill during the test
    assert [b.take() for _ in range(5)] == [True, True, True, False, False]


def test_flood_of_malformed_frames_closes_only_the_flooder() -> None:
    limits = Limits(rate=50, burst=20, strikes=30)
    with live_server(limits) as live:

        async def go() -> tuple[list[str], int | None, list[dict]]:
            mid = await create(live.url, "fixture", 4, seed=4)
            match = asyncio.gather(*(p.run() for p in bot_players(live.url, mid, 4)))
            codes: list[str] = []
            async with connect(live.url) as ws:

                async def reader() -> None:
                    try:
                        async for data in ws:
                            codes.append(msgpack.unpackb(data)["code"])
                    except ConnectionClosed:
                        pass

                r = asyncio.ensure_future(reader())
                try:
                    for i in range(2000):
                        await ws.send(b"\xc1garbage" + bytes([i % 256]))
                except ConnectionClosed:
                    pass
                await asyncio.wait_for(r, 5)
                close_code = ws.close_code
            return codes, close_code, await match

        codes, close_code, finals = run(go())
        assert close_code == 1008  # policy violation: the flooder is cut off
        assert codes[:20] == ["bad-frame"] * 20 and "rate-limited" in codes
        assert len(codes) <= 20 + 30 + 1 + 50 * 5  # burst + strikes (+ refill while it ran): bounded work
        assert all(f["over"] for f in finals)


def test_oversized_frame_closes_connection_with_1009() -> None:
    with live_server(Limits(max_frame=1024)) as live:

        async def go() -> tuple[int | None, str]:
            async with connect(live.url) as ws:
                await ws.send(msgpack.packb({"t": "ping", "pad": "x" * 5000}))
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except ConnectionClosed:
                    pass
                code = ws.close_code
            async with connect(live.url) as ws:  # the server itself is fine
                await ws.send(msgpack.packb({"t": "ping", "ref": 1}))
                pong = msgpack.unpackb(await ws.recv())["t"]
            return code, pong

        assert run(go()) == (1009, "pong")


def test_idle_connection_is_closed() -> None:
    with live_server(Limits(idle_seconds=0.3)) as live:

        async def go() -> tuple[int | None, str | None]:
            async with connect(live.url) as ws:
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except ConnectionClosed:
                    pass
                return ws.close_code, ws.close_reason

        code, reason = run(go())
        assert code == 1000 and reason is not None and "idle" in reason


def test_rate_limited_frame_is_refused_with_its_ref_and_bots_that_back_off_play_on() -> None:
    # Burst 2 at 20 frames/s, strikes 2. A client sending back to back is throttled on every other request, never
    # twice in a row, since Client.request waits 50 ms (one token) before it sends a dropped frame again; strikes
    # count a run, not a total. Bots in a match are throttled too, but how often depends on how fast their turns
    # come round, so the match only shows that throttled seats play on.
    limits = Limits(rate=20, burst=2, strikes=2)
    with live_server(limits) as live:

        async def go() -> tuple[list[dict], int, list[str], list[dict], list[int], list[int]]:
            async with connect(live.url) as ws:
                for ref in (1, 2, 3):
                    await ws.send(msgpack.packb({"t": "ping", "ref": ref}))
                replies = [msgpack.unpackb(await ws.recv()) for _ in range(3)]
            async with Client(live.url) as c:
                pongs = [(await c.request("ping"))["t"] for _ in range(12)]
                throttled_pinger = c.throttled
            mid = await create(live.url, "fixture", 4, seed=5)
            players = bot_players(live.url, mid, 4)
            finals = await asyncio.gather(*(p.run() for p in players))
            throttled = [p.client.throttled if p.client else 0 for p in players]
            return replies, throttled_pinger, pongs, list(finals), throttled, [p.reconnects for p in players]

        replies, throttled_pinger, pongs, finals, throttled, reconnects = run(go(), timeout=60)
        assert [r["t"] for r in replies[:2]] == ["pong", "pong"]
        assert replies[2]["code"] == "rate-limited" and replies[2]["ref"] == 3
        # Throttled more often than the strike limit, and never dropped: every ping got its pong.
        assert throttled_pinger > limits.strikes and pongs == ["pong"] * 12
        # Seats that were throttled played the match out without being dropped (a dropped seat reconnects).
        assert sum(throttled) > 0 and all(f["over"] for f in finals) and reconnects == [0, 0, 0, 0]
