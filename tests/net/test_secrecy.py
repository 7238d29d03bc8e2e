"""Seats see only their own view and the events they may see; spectators see the public view. Checked the hard
way: every frame each client received over whole matches, against a replay of the match from its seed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from ravenry.net.client import SeatPlayer

from .conftest import (
    GAMES,
    LiveServer,
    Moment,
    Recorder,
    bot_players,
    create,
    flatten,
    replay_moments,
    run,
    seats_for,
    visible,
)


def check_frames(rec: Recorder, seat: int | None, moments: dict[int, Moment], all_events: list[dict]) -> int:
    """Assert nothing in ``rec`` leaks; returns how many state frames were checked."""
    seen_events: dict[int, dict[str, Any]] = {}
    # Each frame against what was hidden when it was sent (the turn of the last state frame): a value hidden then
    # and revealed later (face-down setup cards turned up) may appear in later frames.
    turn = min(moments)
    for raw, frame in zip(rec.raw, rec.frames):
        if frame.get("t") == "state":
            turn = frame["turn"]
        for blob in moments[turn].secrets[seat]:
            assert blob not in raw, f"hidden state {blob!r} at turn {turn} reached seat {seat}"
    states = rec.states()
    for f in states:
        assert f["seat"] == seat
        moment = moments[f["turn"]]
        # Exactly the redacted view, nothing added: compared with the engine's own view for this viewer.
        assert f["view"] == moment.views[seat]
        flat = flatten(f["view"])
        for other, leaves in moment.private.items():
            if other == seat:
                continue
            for path, value in leaves.items():
                assert flat.get(path, object()) != value, f"seat {other}'s private {path}={value!r} sent to {seat}"
        offered = [a["code"] for a in f["actions"]]
        assert offered == (moment.legal[seat] if seat is not None else [])
        for e in f["events"]:
            assert visible(e["vis"], seat), f"event {e} sent to {seat}"
            seen_events[e["index"]] = e
    # The story each viewer got is exactly the one it may know: no gaps, nothing extra.
    expected = {e["index"]: e for e in all_events if visible(e["vis"], seat)}
    assert seen_events == expected
    return len(states)


@pytest.mark.parametrize("game", GAMES)
def test_no_frame_leaks_hidden_information(live: LiveServer, game: str) -> None:
    n = seats_for(game)
    recs = [Recorder() for _ in range(n)]
    watch_rec = Recorder()

    async def go() -> str:
        mid = await create(live.url, game, n, seed=23)
        players = bot_players(live.url, mid, n, recs)
        watcher = SeatPlayer(live.url, mid, watch=True, record=watch_rec)
        await asyncio.gather(*(p.run() for p in players), watcher.run())
        return mid

    mid = run(go())
    m = live.server.tables[mid].match
    moments = replay_moments(m)
    all_events = m.events(0, None, all=True)
    checked = sum(check_frames(recs[s], s, moments, all_events) for s in range(n))
    checked += check_frames(watch_rec, None, moments, all_events)
    assert checked > m.decisions  # every seat saw many states: the checks above really ran


def test_spectator_sees_only_public_view(live: LiveServer) -> None:
    """A spectator who joins mid-match (and one from the start) gets the public view only."""
    game = "fixture" if "fixture" in GAMES else GAMES[0]
    n = seats_for(game)
    early, late = Recorder(), Recorder()

    async def go() -> str:
        mid = await create(live.url, game, n, seed=5, bots={s: "random" for s in range(1, n)})
        w1 = SeatPlayer(live.url, mid, watch=True, record=early)
        t1 = asyncio.ensure_future(w1.run())
        seat0 = bot_players(live.url, mid, 1)[0]
        t0 = asyncio.ensure_future(seat0.run())
        while seat0.last is None or seat0.last["turn"] < 3:
            await asyncio.sleep(0.01)
        w2 = SeatPlayer(live.url, mid, watch=True, record=late)
        await asyncio.gather(t0, t1, w2.run())
        return mid

    mid = run(go())
    m = live.server.tables[mid].match
    moments = replay_moments(m)
    all_events = m.events(0, None, all=True)
    assert check_frames(early, None, moments, all_events) > 0
    assert check_frames(late, None, moments, all_events) > 0
    assert all(f["actions"] == [] for f in early.states() + late.states())
