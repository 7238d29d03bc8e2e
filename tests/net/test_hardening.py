"""The adversarial suite, fast enough for CI, against a real server on loopback: bad saves at startup,
a port in use, SIGTERM, crash leftovers, failing saves, lobby floods, refused joins, error refs, list paging and
stalled readers. Long soak runs of the same attacks are in benches/net_attacks.py."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest
import ravenry
from ravenry.net.client import Client
from ravenry.net.limits import Limits

from .conftest import free_port, live_server, run


def server_proc(port: int, save_dir: Path | None, *extra: str) -> subprocess.Popen[str]:
    args = [sys.executable, "-u", "-m", "ravenry.net.server", *extra, "--port", str(port)]
    if save_dir is not None:
        args += ["--save-dir", str(save_dir)]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def wait_serving(proc: subprocess.Popen[str], seconds: float = 20) -> list[str]:
    lines: list[str] = []
    deadline = time.monotonic() + seconds
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip())
        if "serving on" in line:
            return lines
    proc.kill()
    raise AssertionError(f"server did not start: {lines}")


def good_save(save_dir: Path, match_id: str, game: str = "fixture", players: int = 2) -> Path:
    m = ravenry.game(game).new_match(players, 3)
    m.meta["net"] = {
        "id": match_id,
        "seats": [{"bot": None, "token": None} for _ in range(players)],
        "turn_seconds": None,
        "fallback": "random",
    }
    return m.save(save_dir / f"{match_id}.rvn")


def envelope(path: Path) -> dict[str, Any]:
    return msgpack.unpackb(path.read_bytes(), raw=False, strict_map_key=False)


BAD_SAVES = {
    "players-256": lambda d: d.update(players=256),
    "players-minus-1": lambda d: d.update(players=-1),
    "action-2-32": lambda d: d.update(actions=[[0, 2**32]]),
    "net-a-string": lambda d: d["meta"].update(net="a string"),
    "net-no-seats": lambda d: d["meta"]["net"].pop("seats"),
    "net-seats-short": lambda d: d["meta"]["net"].update(seats=[{"bot": None, "token": None}]),
    "net-seat-bot-int": lambda d: d["meta"]["net"]["seats"][0].update(bot=7),
    "net-unknown-bot": lambda d: d["meta"]["net"]["seats"][0].update(bot="nobody"),
    "variants-not-strings": lambda d: d.update(variants=[1, 2]),
    "not-msgpack": None,
}


def test_bad_saves_are_moved_aside_and_the_server_starts_with_the_others(tmp_path: Path) -> None:
    good_save(tmp_path, "good-one")
    for name, mutate in BAD_SAVES.items():
        path = good_save(tmp_path, name)
        if mutate is None:
            path.write_bytes(b"\x00 not a save")
            continue
        data = envelope(path)
        mutate(data)
        path.write_bytes(msgpack.packb(data, use_bin_type=True))
    leftover = tmp_path / ".good-one.rvn.4242.7.tmp"
    leftover.write_bytes(b"half a save")
    port = free_port()
    proc = server_proc(port, tmp_path)
    try:
        lines = wait_serving(proc)
        assert "(1 match(es) resumed)" in lines[-1], lines
        log = "\n".join(lines)
        for name in BAD_SAVES:
            assert f"moved {name}.rvn into unreadable/" in log, f"{name} not logged with its reason: {log}"
            assert (tmp_path / "unreadable" / f"{name}.rvn").exists()
        assert sorted(p.name for p in tmp_path.glob("*.rvn")) == ["good-one.rvn"]
        assert not leftover.exists(), "the crash's half-written temporary file is still there"

        async def listing() -> list[str]:
            async with Client(f"ws://127.0.0.1:{port}") as c:
                return [m["id"] for m in (await c.request("list"))["matches"]]

        assert run(listing()) == ["good-one"]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


def test_a_port_in_use_ends_serve_at_once_with_one_line(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        started = time.monotonic()
        r = subprocess.run(
            [sys.executable, "-m", "ravenry.faces.cli", "serve", "fixture", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert r.returncode != 0 and time.monotonic() - started < 20
    errors = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(errors) == 1 and f"cannot serve on 127.0.0.1:{port}" in errors[0], r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_sigterm_shuts_down_cleanly_and_tells_the_clients(tmp_path: Path) -> None:
    port = free_port()
    proc = server_proc(port, tmp_path, "fixture", "--players", "2")
    lines = wait_serving(proc)
    match_id = next(line for line in lines if line.startswith("match ")).split()[1].rstrip(":")
    url = f"ws://127.0.0.1:{port}"

    async def go() -> str:
        async with Client(url) as c:
            joined = await ask(c, "join", match=match_id, seat=0)
            assert joined["t"] == "joined"
            proc.send_signal(signal.SIGTERM)
            await next_frame(c, lambda f: f.get("t") == "closed", timeout=10)
            return c.close_reason

    try:
        reason = run(go(), timeout=30)
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert reason == "1001 server shutting down"
    assert not list(tmp_path.glob(".*.tmp")), "a half-written file was left"
    m = ravenry.load_match(tmp_path / f"{match_id}.rvn")
    assert m.meta["net"]["seats"][0]["token"] is not None, "the join was saved before the shutdown"


async def ask(c: Client, t: str, **args: Any) -> dict[str, Any]:
    """One request and its reply, error or not, without the client's resend of rate-limited frames."""
    return await c._request_once(t, 10.0, args)


async def next_frame(c: Client, pred: Any, timeout: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        f = await asyncio.wait_for(c.frames.get(), max(0.01, deadline - time.monotonic()))
        if pred(f):
            return f


def lobby_limits(**kw: Any) -> Limits:
    base: dict[str, Any] = {"matches_per_connection": 3, "matches_per_address": 5, "seats_per_connection": 2}
    return Limits(**{**base, **kw})


def test_one_client_cannot_fill_the_server_with_matches_or_seats() -> None:
    with live_server(lobby_limits()) as live:

        async def go() -> None:
            async with Client(live.url) as a, Client(live.url) as b:
                for _ in range(3):
                    await a.request("create", game="fixture", players=2)
                err = await ask(a, "create", game="fixture", players=2)
                assert err["code"] == "limit" and "per connection" in err["message"]
                for _ in range(2):
                    await ask(b, "create", game="fixture", players=2)
                err = await ask(b, "create", game="fixture", players=2)
                assert err["code"] == "limit" and "per address" in err["message"]
                ids = [m["id"] for m in (await a.request("list"))["matches"]]
                await ask(a, "join", match=ids[0])
                await a.request("join", match=ids[1])
                err = await ask(a, "join", match=ids[2])
                assert err["code"] == "limit" and "seats" in err["message"]

        run(go())
        assert len(live.server.tables) == 5


def test_abandoned_unfinished_matches_expire_and_their_saves_are_archived(tmp_path: Path) -> None:
    with live_server(lobby_limits(abandoned_seconds=0.2), save_dir=str(tmp_path)) as live:

        async def go() -> str:
            async with Client(live.url) as c:
                mid = (await ask(c, "create", game="fixture", players=2))["match"]
                await c.request("join", match=mid, seat=0)
            return str(mid)

        mid = run(go())
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and mid in live.server.tables:
            time.sleep(0.05)  # the server's own sweeper expires it
        assert mid not in live.server.tables
        assert (tmp_path / "expired" / f"{mid}.rvn").exists() and not (tmp_path / f"{mid}.rvn").exists()


def test_a_refused_join_changes_nothing_and_leave_frees_the_seat() -> None:
    with live_server(Limits(max_subscriptions=1)) as live:

        async def go() -> None:
            async with Client(live.url) as c:
                one = (await c.request("create", game="fixture", players=2))["match"]
                two = (await c.request("create", game="fixture", players=2))["match"]
                await c.request("watch", match=one)
                err = await ask(c, "join", match=two, seat=0)
                assert err["code"] == "limit"
                summary = next(m for m in (await c.request("list"))["matches"] if m["id"] == two)
                assert not summary["seats"][0]["taken"], "a refused join took the seat"
                await ask(c, "leave", match=one)
                joined = await c.request("join", match=two, seat=0)
                left = await c.request("leave", match=two)
                assert left["freed"] == [0]
                err = await ask(c, "resume", match=two, token=joined["token"])
                assert err["code"] == "bad-token", "the left seat's token still works"
                async with Client(live.url) as d:
                    assert (await ask(d, "join", match=two, seat=0))["seat"] == 0

        run(go())


MALFORMED = [
    {"t": "nope"},
    {"t": 5},
    {"t": "act", "match": "x"},
    {"t": "act", "match": "x", "token": "t", "turn": "one", "action": 1},
    {"t": "create", "game": "fixture", "players": True},
    {"t": "join", "match": "x", "colour": "red"},
    {"t": "list", "limit": 0},
    {"t": "list", "open": "yes"},
    {"t": "create", "game": "x" * 300},
    {"t": "join", "match": "nonexistent"},
]


@pytest.mark.parametrize("ref", [7, 2**60, -3, "abc"])
def test_every_error_frame_carries_the_ref_of_its_request(ref: Any) -> None:
    with live_server() as live:

        async def go() -> None:
            from websockets.asyncio.client import connect

            async with connect(live.url, compression=None) as ws:
                for frame in MALFORMED:
                    await ws.send(msgpack.packb({**frame, "ref": ref}, use_bin_type=True))
                    while True:
                        reply = msgpack.unpackb(await asyncio.wait_for(ws.recv(), 5), raw=False)
                        if reply.get("t") == "error":
                            break
                    assert reply["ref"] == ref, f"{frame} answered with ref {reply['ref']!r}"

        run(go())


def test_list_is_paged_filtered_and_charged_by_its_cost() -> None:
    limits = Limits(list_page=5, list_scan_per_token=4, rate=5, burst=8)
    with live_server(limits) as live:
        for i in range(12):
            live.call(live.server.create, "fixture" if i % 2 else "race-to-ten", 2)

        async def go() -> None:
            async with Client(live.url) as c:
                page = await c.request("list", game="fixture", limit=5)
                assert len(page["matches"]) == 5 and page["total"] == 6 and page["next"] == 5
                assert all(m["game"] == "fixture" for m in page["matches"])
                rest = await c.request("list", game="fixture", offset=5)
                assert len(rest["matches"]) == 1 and rest["next"] is None
                assert len((await c.request("list"))["matches"]) == 5, "a page is bounded"

        async def costly() -> None:
            async with Client(live.url) as c:
                # 12 matches at 4 a token, 5 summaries a token: a list costs 5 frames. Three of them overdraw a
                # burst of 8, so the next frame is refused, though it is only the fourth frame sent.
                for _ in range(3):
                    await ask(c, "list")
                assert (await ask(c, "ping"))["code"] == "rate-limited"

        run(go())
        run(costly())


def test_open_filter_lists_only_matches_with_a_free_seat() -> None:
    with live_server() as live:
        full = live.call(live.server.create, "fixture", 2, None, None, (), {0: "random", 1: "random"})
        free = live.call(live.server.create, "fixture", 2)

        async def go() -> list[str]:
            async with Client(live.url) as c:
                return [m["id"] for m in (await ask(c, "list", open=True))["matches"]]

        ids = run(go())
        assert free.id in ids and full.id not in ids


def test_a_failed_save_is_not_acknowledged_and_stops_the_match(tmp_path: Path) -> None:
    with live_server(save_dir=str(tmp_path)) as live:

        async def disk_full(table: Any) -> None:
            raise OSError(28, "No space left on device")

        async def go() -> None:
            async with Client(live.url) as c, Client(live.url) as w:
                mid = (await c.request("create", game="fixture", players=2, bots={1: "random"}))["match"]
                joined = await c.request("join", match=mid, seat=0)
                await w.request("watch", match=mid)
                state = await next_frame(c, lambda f: f.get("t") == "state" and f.get("actions"))
                on_disk = ravenry.load_match(tmp_path / f"{mid}.rvn").history()
                live.call(setattr, live.server.tables[mid], "saver", disk_full)
                err = await ask(
                    c, "act", match=mid, token=joined["token"], turn=state["turn"], action=state["actions"][0]["code"]
                )
                assert err["t"] == "error" and err["code"] == "save-failed", err
                # The client hears that the save failed; the system's words stay in the operator's log.
                assert "failed on the server" in err["message"] and "No space left" not in err["message"]
                notice = await next_frame(w, lambda f: f.get("t") == "notice" and f.get("kind") == "halted")
                assert "saving" in notice["message"]
                again = await ask(c, "act", match=mid, token=joined["token"], turn=state["turn"], action=0)
                assert again["code"] == "halted"
                assert ravenry.load_match(tmp_path / f"{mid}.rvn").history() == on_disk

        run(go())


def test_stalled_readers_are_dropped_after_the_write_timeout() -> None:
    """A watcher that stops reading while a bots-only match streams states: its socket backs up, and after the
    write timeout the server drops it instead of keeping its buffers and flush slots."""
    with live_server(Limits(write_timeout=0.3)) as live:
        from websockets.asyncio.client import connect

        async def stall() -> int:
            ws = await connect(live.url, max_queue=1, compression=None)
            sock = ws.transport.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            ws.transport.pause_reading()
            for _ in range(40):
                mid = live.call(
                    live.server.create, "agot-board", 3, None, None, (), {0: "random", 1: "random", 2: "random"}
                )
                live.call(mid.start)
                await ws.send(msgpack.packb({"t": "watch", "match": mid.id}, use_bin_type=True))
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline and live.server.connections > 0:
                await asyncio.sleep(0.1)
            return int(live.server.connections)

        assert run(stall(), timeout=30) == 0, "a reader that never reads is still connected"


def test_slowloris_connections_are_cut_off_and_honest_clients_still_get_in() -> None:
    with live_server(Limits(handshake_seconds=0.5)) as live:

        async def closed_by_server(r: asyncio.StreamReader) -> bool:
            try:
                await asyncio.wait_for(r.read(), 5)  # EOF (or an HTTP error) once the server gives up on it
                return True
            except (asyncio.TimeoutError, TimeoutError):
                return False
            except (ConnectionError, OSError):
                return True

        async def go() -> list[bool]:
            dribblers = []
            for _ in range(20):
                r, w = await asyncio.open_connection("127.0.0.1", live.server.port)
                w.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the rest of the handshake
                dribblers.append((r, w))
            async with Client(live.url) as c:
                assert (await c.request("ping"))["t"] == "pong"
            cut = await asyncio.gather(*(closed_by_server(r) for r, _ in dribblers))
            for _, w in dribblers:
                w.close()
            return list(cut)

        assert all(run(go()))
