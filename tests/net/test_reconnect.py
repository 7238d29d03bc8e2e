"""A client that drops mid-match comes back with its token and resumes; the turn clock hands a silent seat to
its fallback bot and tells the table."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from ravenry.net.client import Client, NetError, SeatPlayer, random_chooser

from .conftest import LiveServer, Recorder, bot_players, create, live_server, run, seats_for


def test_client_killed_mid_match_resumes_with_token(live: LiveServer) -> None:
    game = "fixture"
    n = seats_for(game)
    rec = Recorder()

    async def go() -> tuple[SeatPlayer, str]:
        mid = await create(live.url, game, n, seed=3)
        others = bot_players(live.url, mid, n)[1:]
        base = random_chooser(7)
        prompts = 0

        async def choose_then_drop(state: dict) -> int | None:
            nonlocal prompts
            prompts += 1
            if prompts in (2, 4):  # the 2nd and 4th time it is asked, the client "crashes" instead of answering
                # Kill the TCP connection under the client, as a crash or a lost network would: no close frame.
                assert victim.client is not None and victim.client._ws is not None
                victim.client._ws.transport.abort()
                return None
            return await base(state)

        victim = SeatPlayer(live.url, mid, seat=0, choose=choose_then_drop, record=rec)
        await asyncio.gather(victim.run(), *(p.run() for p in others))
        return victim, mid

    victim, mid = run(go())
    m = live.server.tables[mid].match
    assert m.is_over and victim.reconnects == 2
    # After each resume the seat got the events it missed, and over the whole match exactly its story.
    got = {e["index"]: e for f in rec.states() for e in f["events"]}
    assert got == {e["index"]: e for e in m.events(0, 0)}
    assert victim.last is not None and victim.last["view"] == m.view(0)


def test_resume_needs_the_right_token(live: LiveServer) -> None:
    async def go() -> tuple[str, dict]:
        mid = await create(live.url, "fixture", 2, seed=3)
        async with Client(live.url) as c:
            joined = await c.request("join", match=mid, seat=1)
        async with Client(live.url) as c:
            try:
                await c.request("resume", match=mid, token=joined["token"][:-2] + "xx")
            except NetError as e:
                code = e.code
            again = await c.request("resume", match=mid, token=joined["token"])
        return code, again

    code, again = run(go())
    assert code == "bad-token" and again["seat"] == 1


def test_turn_clock_lets_fallback_bot_act_and_tells_the_table() -> None:
    with live_server(turn_seconds=0.15) as live:
        notices: list[dict] = []

        async def go() -> tuple[dict, str]:
            mid = await create(live.url, "race-to-ten", 2, seed=0)
            active = SeatPlayer(live.url, mid, seat=0, choose=random_chooser(1))
            # Seat 1 joins but never chooses: every one of its turns must be played by the clock's fallback bot.
            idle = SeatPlayer(
                live.url,
                mid,
                seat=1,
                choose=None,
                on_frame=lambda f: notices.append(f) if f["t"] in ("notice", "state") else None,
            )
            finals = await asyncio.gather(active.run(), idle.run())
            return finals[1], mid

        final, mid = run(go())
        m = live.server.tables[mid].match
        seat1_moves = sum(1 for p, _ in m.history() if p == 1)
        assert final["over"] and seat1_moves >= 1
        assert [n["seat"] for n in notices if n["t"] == "notice" and n["kind"] == "timeout"] == [1] * seat1_moves
        # The table sees the clock running: seat 1's states show its seconds left while it is to act.
        clocks = [f["clock"] for f in notices if f["t"] == "state" and 1 in f["to_act"]]
        assert clocks and all(c is not None and 0 <= c[1] <= 0.15 for c in clocks)
        # Seat 0 always answered at once, so the clock never fired for it.
        # The notice is for people, who count seats from 1: seat index 1 is "seat 2".
        assert all("seat 2's clock ran out" in n["message"] for n in notices if n["t"] == "notice")


def test_join_process_killed_and_started_again_resumes_its_seat(live: LiveServer, tmp_path: Path) -> None:
    """The whole client process dies (SIGKILL) mid-match; `ravenry join` started again resumes the seat with the
    token it saved, sees what it missed and plays on."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    mid = run(create(live.url, "race-to-ten", 2, seed=0))  # seat 0 moves first
    cmd = [
        sys.executable,
        "-c",
        "from ravenry.net.commands import join; join()",
        live.url,
        "--match",
        mid,
        "--seat",
        "1",  # seat index 0: the command line counts from 1
        "--bot",
        "first",
    ]
    gate = threading.Event()

    async def held(state: dict) -> int | None:
        await asyncio.to_thread(gate.wait, 10)  # seat 1 waits until the test lets it move
        return int(state["actions"][0]["code"])

    def moves(seat: int) -> int:
        return sum(1 for p, _ in live.call(lambda: live.server.tables[mid].match.history()) if p == seat)

    seat1 = SeatPlayer(live.url, mid, seat=1, choose=held)
    t1 = threading.Thread(target=lambda: run(seat1.run(), timeout=30), daemon=True)
    t1.start()
    first = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 15
    while moves(0) < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert moves(0) == 1  # seat 0 moved; it is now seat 1's turn, which the gate holds
    first.send_signal(signal.SIGKILL)
    first.wait(5)
    gate.set()  # seat 1 moves while seat 0's client is dead
    while moves(1) < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    again = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=30)
    t1.join(30)
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"resumed match {mid} (seat 1)" in again.stdout and "final result" in again.stdout
    m = live.server.tables[mid].match
    assert m.is_over and moves(0) >= 2


def test_turn_clock_waits_for_a_seat_to_be_claimed() -> None:
    with live_server(turn_seconds=0.1) as live:
        mid = run(create(live.url, "race-to-ten", 2, seed=0))  # seat 0 is to act, and nobody has sat down
        time.sleep(0.4)
        history = live.call(lambda: live.server.tables[mid].match.history())
        assert history == []

        async def sit_and_wait() -> list:
            async with Client(live.url) as c:
                await c.request("join", match=mid, seat=0)
                await asyncio.sleep(0.4)  # the player has sat down and says nothing: now the clock runs
            return live.call(lambda: live.server.tables[mid].match.history())

        moved = run(sit_and_wait())
        assert len(moved) >= 1 and moved[0][0] == 0  # seat 0's fallback bot moved for it
