"""The pieces under the server, one at a time: frame validation, bot-seat parsing, the store."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

import msgpack
import pytest
import ravenry
from hypothesis import given
from hypothesis import strategies as st
from ravenry.net.console import TerminalUI, clock_line
from ravenry.net.limits import Limits
from ravenry.net.protocol import BadFrame, decode_request, encode_spliced
from ravenry.net.server import Server, parse_bots
from ravenry.net.store import Store
from ravenry.net.table import Seat, Table, hash_token
from rich.console import Console


def frame(**kw: object) -> bytes:
    return msgpack.packb(kw, use_bin_type=True)


@pytest.mark.parametrize(
    ("data", "code", "says"),
    [
        ("text", "bad-frame", "binary"),
        (b"\xc1", "bad-frame", "not a msgpack"),
        (msgpack.packb([1, 2]), "bad-frame", "map"),
        (frame(t="fly"), "unknown-type", "'fly'"),
        (frame(t="act", match="m", token="k", turn=True, action=1), "bad-field", "'turn' must be an integer"),
        (frame(t="act", match="m", token="k", turn=1), "missing-field", "action"),
        (frame(t="act", match="m", token="k", turn=1, action=1, extra=1), "bad-field", "no field 'extra'"),
        (frame(t="join", match="m" * 300), "bad-field", "longer than"),
        (frame(t="ping", ref=-1), "bad-field", "'ref'"),
    ],
)
def test_decode_request_refuses_with_reasons(data: bytes | str, code: str, says: str) -> None:
    with pytest.raises(BadFrame) as e:
        decode_request(data)
    assert e.value.code == code and says in e.value.message


def test_decode_request_accepts_and_normalises() -> None:
    r = decode_request(frame(t="create", game="fixture", turn_seconds=3, seed=None, ref=4))
    assert (r.t, r.ref, r.args) == ("create", 4, {"game": "fixture", "turn_seconds": 3.0})


values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


@given(
    st.dictionaries(st.text(max_size=4).filter(lambda k: k not in ("view", "events")), values, max_size=20),
    values,
    values,
)
def test_spliced_frame_decodes_as_the_frame_with_its_packed_fields(fields: dict, view: object, events: object) -> None:
    # 0-20 plain fields: the map header is one byte below 16 entries and three from 16 on, on both sides of the splice
    data = encode_spliced(fields, {"view": msgpack.packb(view), "events": msgpack.packb(events)})
    assert msgpack.unpackb(data, strict_map_key=False) == {**fields, "view": view, "events": events}


def test_state_frame_carries_the_seat_view_and_its_events() -> None:
    m = ravenry.game("fixture").new_match(4, 3)
    table = Table("t", m, [Seat(i) for i in range(4)])
    for _ in range(6):
        p = m.to_act[0]
        m.apply(p, m.legal_actions(p)[0])
    data, next_event = table.state_frame(1, 2)
    frame = msgpack.unpackb(data, strict_map_key=False)
    assert frame["view"] == m.view(1) and frame["events"] == m.events(2, 1) != []
    assert frame["next_event"] == next_event == m.event_count and frame["turn"] == m.decisions


def test_parse_bots() -> None:
    """Seats typed from 1, as people number them, come back as the API's indices from 0."""
    assert parse_bots("2, 3=heuristic", 4) == {1: "random", 2: "heuristic"}
    assert parse_bots("1=ismcts:iterations=5,c=0.5,4", 4) == {0: "ismcts:iterations=5,c=0.5", 3: "random"}
    assert parse_bots(None, 2) == {}
    for bad in ("0", "5", "x", "-1"):
        with pytest.raises(ValueError, match="not a seat: seats are numbered 1 to 4"):
            parse_bots(bad, 4)


def test_store_round_trip_keeps_seats_and_skips_broken_saves(tmp_path: Path) -> None:
    async def go() -> None:
        m = ravenry.game("fixture").new_match(3, seed=77)
        table = Table("abc123", m, [Seat(0, token_hash=hash_token("t0")), Seat(1, bot="random"), Seat(2)], 30.0)
        store = Store(tmp_path)
        m.apply(m.to_act[0], m.legal_actions(m.to_act[0])[0])
        await store.save(table)
        (tmp_path / "junk.rvn").write_bytes(b"not a save")
        ((path, loaded),) = store.load_all()
        assert path.name == "abc123.rvn" and (tmp_path / "unreadable" / "junk.rvn").exists()
        back = Table.from_saved(loaded, None)
        assert back.id == "abc123" and back.turn_seconds == 30.0 and back.match.seed == 77
        assert [(s.bot, s.token_hash) for s in back.seats] == [(None, hash_token("t0")), ("random", None), (None, None)]
        assert back.seat_of("t0") == 0 and back.match.history() == m.history()
        assert back.match.event_count == m.event_count  # replayed: resuming seats can get what they missed
        assert "t0" not in (tmp_path / "abc123.rvn").read_bytes().decode("latin-1")  # only the hash is saved

    asyncio.run(go())


def test_store_saves_many_tables_at_once_and_the_newest_snapshot_wins(tmp_path: Path) -> None:
    async def go() -> None:
        store = Store(tmp_path, writers=3)
        tables = [Table(f"t{i}", ravenry.game("fixture").new_match(2, seed=i), [Seat(0), Seat(1)]) for i in range(30)]
        for _ in range(3):  # three rounds of saves, every table's in flight at the same time
            for t in tables:
                m = t.match
                if not m.is_over:
                    m.apply(m.to_act[0], m.legal_actions(m.to_act[0])[0])
            await asyncio.gather(*(store.save(t) for t in tables))
        # A waiter cancelled mid-write must not let an older snapshot land over a newer one.
        t = tables[0]
        first = asyncio.ensure_future(store.save(t))
        await asyncio.sleep(0)
        first.cancel()
        t.match.meta["marker"] = "newest"
        await store.save(t)
        store.close()
        loaded = {m.meta["net"]["id"]: m for _, m in store.load_all()}
        assert sorted(loaded) == sorted(t.id for t in tables)
        assert all(loaded[t.id].history() == t.match.history() for t in tables)
        assert loaded["t0"].meta["marker"] == "newest"
        assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"

    asyncio.run(go())


def test_store_save_that_cannot_be_written_raises_oserror_naming_the_file(tmp_path: Path) -> None:
    async def go() -> None:
        store = Store(tmp_path / "saves")
        (tmp_path / "saves").rmdir()  # the folder vanished under the server
        table = Table("gone", ravenry.game("fixture").new_match(2, seed=1), [Seat(0), Seat(1)])
        with pytest.raises(OSError, match="gone.rvn"):
            await store.save(table)
        store.close()

    asyncio.run(go())


def test_store_refuses_ids_that_escape_the_directory(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        Store(tmp_path).path("../evil")


def test_sweep_forgets_finished_unwatched_matches_only() -> None:
    async def go() -> None:
        server = Server(Limits(keep_finished_seconds=10))
        done = server.create("race-to-ten", 2, seed=0)
        playing = server.create("race-to-ten", 2, seed=0)
        m = done.match
        while not m.is_over:
            m.apply(m.to_act[0], m.legal_actions(m.to_act[0])[0])
        assert server.sweep(now=100.0) == []  # first seen over: the clock starts
        assert server.sweep(now=105.0) == []
        assert server.sweep(now=110.0) == [done.id]
        assert list(server.tables) == [playing.id]

    asyncio.run(go())


def test_a_failing_disk_stops_the_match_and_the_action_is_not_acknowledged(caplog: pytest.LogCaptureFixture) -> None:
    async def disk_full(table: Table) -> None:
        raise OSError(28, "No space left on device")

    async def go() -> None:
        m = ravenry.game("race-to-ten").new_match(2, seed=0)
        table = Table("t1", m, [Seat(0), Seat(1, bot="random")], saver=disk_full)
        token = table.claim(0)
        with pytest.raises(BadFrame) as refused:
            await table.act(token, 0, 1)
        assert refused.value.code == "save-failed" and "saving turn 1 failed on the server" in refused.value.message
        assert "No space left" not in refused.value.message  # the operator's error stays in the operator's log
        await asyncio.sleep(0.01)  # the seat-1 bot must not move on a halted table
        assert table.halted and m.decisions == 1
        with pytest.raises(BadFrame) as again:
            await table.act(token, 1, 1)
        assert again.value.code == "halted"
        with pytest.raises(BadFrame, match="takes no more players"):
            table.free_seat(None)

    asyncio.run(go())
    assert "saving turn 1 failed" in caplog.text and "No space left" in caplog.text


def test_terminal_ui_warns_as_the_clock_runs_down() -> None:
    out = io.StringIO()
    ui = TerminalUI(Console(file=out, width=80))
    asyncio.run(ui._warn(time.monotonic() + 5.15))  # 30 and 10 are already past; 5 s left comes in 0.15 s
    assert "5 s left to choose" in out.getvalue() and "10 s left" not in out.getvalue()
    assert clock_line({"clock": {1: 12.34, 0: 3.0}}) == "⏱ seat 1: 3 s  seat 2: 12 s"


def test_event_loop_is_uvloop_unless_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from ravenry.net import loop

    monkeypatch.setenv("RAVENRY_LOOP", "asyncio")
    assert loop.flavour() == "asyncio"
    assert loop.run(_loop_type()) == "_UnixSelectorEventLoop"
    monkeypatch.delenv("RAVENRY_LOOP")
    pytest.importorskip("uvloop")
    assert loop.flavour() == "uvloop"
    assert loop.run(_loop_type()) == "Loop"


async def _loop_type() -> str:
    return type(asyncio.get_running_loop()).__name__


def test_a_request_without_reply_times_out_and_closes_the_connection() -> None:
    from ravenry.net.client import Client, NetError
    from websockets.asyncio.server import ServerConnection, serve

    async def mute(ws: ServerConnection) -> None:
        async for _ in ws:  # reads every frame and answers none
            pass

    async def go() -> None:
        async with serve(mute, "127.0.0.1", 0) as srv:
            port = next(iter(srv.sockets)).getsockname()[1]
            c = await Client(f"ws://127.0.0.1:{port}").connect()
            t0 = time.monotonic()
            with pytest.raises(NetError, match="no reply to 'ping' within 0.2 s") as e:
                await c.request("ping", timeout=0.2)
            assert e.value.code == "closed" and 0.2 <= time.monotonic() - t0 < 2
            assert c._pending == {}

    asyncio.run(go())


def test_a_run_out_clock_is_played_by_the_game_s_heuristic() -> None:
    """The fallback for a seat whose clock ran out is the game's default bot (its heuristic), not random."""
    server = Server(Limits())
    assert server.create("iron-throne", 3, seed=0).fallback == "heuristic"
    assert server.create("race-to-ten", 2, seed=0).fallback == ravenry.game("race-to-ten").default_bot
