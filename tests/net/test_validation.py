"""The server is the only authority: forged tokens, other seats' actions, stale and illegal actions and fuzzed
frames all get error frames that say why, and the match goes on."""

from __future__ import annotations

import asyncio

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ravenry.net.client import Client, NetError, SeatPlayer, random_chooser
from ravenry.net.protocol import REQUESTS
from websockets.sync.client import connect

from .conftest import LiveServer, bot_players, create, live_server, run


async def refused(c: Client, t: str, **args: object) -> str:
    try:
        await c.request(t, **args)
    except NetError as e:
        assert e.message  # every refusal says why
        return e.code
    raise AssertionError(f"{t} {args} was accepted")


def test_bad_actions_get_error_frames_and_the_match_continues(live: LiveServer) -> None:
    async def go() -> tuple[list[str], dict]:
        mid = await create(live.url, "race-to-ten", 2, seed=0)  # seat 0 moves first
        async with Client(live.url) as c:
            s0 = await c.request("join", match=mid, seat=0)
            s1 = await c.request("join", match=mid, seat=1)
            codes = [
                await refused(c, "act", match=mid, token="forged-" + "x" * 30, turn=0, action=1),
                await refused(c, "act", match=mid, token=s0["token"], turn=0, action=1, seat=1),  # other seat
                await refused(c, "act", match=mid, token=s1["token"], turn=0, action=1),  # not seat 1's turn
                await refused(c, "act", match=mid, token=s0["token"], turn=0, action=7),  # illegal code
                await refused(c, "act", match=mid, token=s0["token"], turn=5, action=1),  # from the future
                await refused(c, "act", match="nope", token=s0["token"], turn=0, action=1),
                await refused(c, "join", match=mid, seat=0),  # taken
                await refused(c, "join", match=mid, seat=9),
                await refused(c, "create", game="no-such-game"),
                await refused(c, "create", game="race-to-ten", players=9),
                await refused(c, "create", game="race-to-ten", bots={0: "no-such-bot"}),
            ]
            assert (await c.request("act", match=mid, token=s0["token"], turn=0, action=1))["t"] == "ok"
            # Seat 0 resends the same action at the same turn (a double click or a retry): refused, not re-applied.
            codes.append(await refused(c, "act", match=mid, token=s0["token"], turn=0, action=1))
            await c.request("act", match=mid, token=s1["token"], turn=1, action=2)
            # Seat 0's options changed since turn 0 (its own move and seat 1's): an action chosen then is stale.
            codes.append(await refused(c, "act", match=mid, token=s0["token"], turn=0, action=1))
        # The match is unharmed: two clients with those tokens finish it.
        a = SeatPlayer(live.url, mid, token=s0["token"], choose=random_chooser(1))
        b = SeatPlayer(live.url, mid, token=s1["token"], choose=random_chooser(2))
        finals = await asyncio.gather(a.run(), b.run())
        return codes, finals[0]

    codes, final = run(go())
    assert codes == [
        "bad-token",
        "wrong-seat",
        "not-your-turn",
        "illegal",
        "stale",
        "no-match",
        "seat-taken",
        "no-seat",
        "UnknownGame",
        "bad-players",
        "bad-bots",
        "not-your-turn",
        "stale",
    ]
    assert final["over"]


def test_simultaneous_commits_are_not_stale(live: LiveServer) -> None:
    """In a secret simultaneous commit, another seat committing first does not make a seat's choice stale."""

    async def go() -> list[str]:
        mid = await create(live.url, "fixture", 3, seed=2)
        async with Client(live.url) as c:
            seats = [await c.request("join", match=mid, seat=s) for s in range(3)]
            state = None
            while state is None or state.get("t") != "state" or state["seat"] != 2:
                state = await c.frames.get()
            turn = state["turn"]
            out = []
            for s in (0, 1, 2):
                r = await c.request(
                    "act", match=mid, token=seats[s]["token"], turn=turn, action=_first_legal(live, mid, s)
                )
                out.append(r["t"])
        return out

    assert run(go()) == ["ok", "ok", "ok"]


def _first_legal(live: LiveServer, mid: str, seat: int) -> int:
    return int(live.call(lambda: live.server.tables[mid].match.legal_actions(seat)[0]))


ints = st.integers(-(2**63), 2**64 - 1)
values = st.one_of(
    st.none(),
    st.booleans(),
    ints,
    st.floats(),
    st.text(max_size=300),
    st.binary(max_size=20),
    st.lists(ints, max_size=3),
    st.dictionaries(ints, st.text(max_size=20), max_size=3),
)
fields = st.dictionaries(
    st.sampled_from(
        [
            "ref",
            "match",
            "token",
            "turn",
            "action",
            "seat",
            "game",
            "players",
            "bots",
            "options",
            "variants",
            "since",
            "turn_seconds",
            "seed",
            "zz",
        ]
    ),
    values,
    max_size=6,
)
# Mostly well-typed frame types with random fields (to reach the field checks), plus plain garbage.
frames = st.one_of(
    st.builds(
        lambda t, rest: msgpack.packb({"t": t, **rest}, use_bin_type=True),
        st.sampled_from([*REQUESTS, "bogus"]) | values,
        fields,
    ),
    st.binary(max_size=200),
    st.text(max_size=50),
    values.map(lambda v: msgpack.packb(v, use_bin_type=True)),
)


def test_fuzzed_frames_get_error_frames() -> None:
    with live_server() as live:
        mid = run(create(live.url, "fixture", 2, seed=9))
        # A generous rate: this test is about malformed content, not flooding (test_limits covers that).
        live.server.limits = live.server.limits.__class__(rate=10_000, burst=10_000)
        with connect(live.url) as ws:

            @settings(deadline=None, suppress_health_check=list(HealthCheck))  # example count: the profile
            @given(frames)
            def one(data: bytes | str) -> None:
                ws.send(data)
                reply = msgpack.unpackb(ws.recv(timeout=5), raw=False, strict_map_key=False)
                assert reply["t"] in {
                    "error",
                    "pong",
                    "games",
                    "matches",
                    "created",
                    "joined",
                    "watching",
                    "left",
                    "ok",
                    "state",
                }
                if reply["t"] == "error":
                    assert reply["code"] != "internal", reply
                    assert reply["message"]
                while True:  # drain state frames a successful join/watch may have queued
                    try:
                        ws.recv(timeout=0.01)
                    except TimeoutError:
                        break

            one()
            ws.send(msgpack.packb({"t": "ping", "ref": 1}))
            assert msgpack.unpackb(ws.recv(timeout=5))["t"] == "pong"

        # The match still plays to the end.
        async def finish() -> list[dict]:
            return list(await asyncio.gather(*(p.run() for p in bot_players(live.url, mid, 2))))

        finals = run(finish())
        assert all(f["over"] for f in finals)
