"""Whole matches of every registered game, every seat played by a remote bot client over loopback."""

from __future__ import annotations

import asyncio

import pytest
from ravenry.net.client import Client, SeatPlayer, random_chooser

from .conftest import GAMES, LiveServer, bot_players, create, run, seats_for


@pytest.mark.parametrize("game", GAMES)
def test_whole_match_by_remote_bots(live: LiveServer, game: str) -> None:
    n = seats_for(game)

    async def go() -> tuple[list[dict], list[SeatPlayer], dict]:
        mid = await create(live.url, game, n, seed=11)
        players = bot_players(live.url, mid, n)
        watcher = SeatPlayer(live.url, mid, watch=True)
        finals = await asyncio.gather(*(p.run() for p in players), watcher.run())
        return list(finals), players, {"id": mid}

    finals, players, info = run(go())
    table = live.server.tables[info["id"]]
    m = table.match
    assert m.is_over
    # Every seat and the spectator end on the server's final turn with the server's outcome.
    for f in finals:
        assert f["over"] and f["turn"] == m.decisions and f["outcome"] == m.outcome
    # Every decision of the match came from a client's act frame: the clients' acks add up to the history.
    assert sum(len(p.latencies) for p in players) == len(m.history()) == m.decisions
    # Racing another seat's move is normal (it can change or end this seat's turn); anything else is a bug.
    races = {"stale", "not-your-turn", "match-over"}
    for p in players:
        assert [e["code"] for e in p.errors if e["code"] not in races] == []


def test_lobby_lists_games_and_matches(live: LiveServer) -> None:
    async def go() -> tuple[dict, dict, dict]:
        async with Client(live.url) as c:
            games = await c.request("games")
            created = await c.request("create", game=GAMES[0], players=seats_for(GAMES[0]), bots={1: "random"})
            joined = await c.request("join", match=created["match"])
            listing = await c.request("list")
        return games, joined, listing

    games, joined, listing = run(go())
    assert {g["id"] for g in games["games"]} == set(GAMES)
    (summary,) = [m for m in listing["matches"] if m["id"] == joined["match"]]
    assert joined["seat"] == 0 and len(joined["token"]) >= 32
    assert summary["seats"][0]["taken"] and summary["seats"][1]["bot"] == "random"
    assert "token" not in str(summary)  # the lobby never shows tokens or their hashes


def test_bots_play_match_after_match_on_the_connections_they_keep(live: LiveServer) -> None:
    game = "fixture"
    n = seats_for(game)

    async def go() -> tuple[list[list[dict]], list[str], bool]:
        clients = [await Client(live.url).connect() for _ in range(n)]
        finals, ids = [], []
        for round_ in range(3):
            mid = (await clients[0].request("create", game=game, players=n, seed=round_))["match"]
            players = [
                SeatPlayer(live.url, mid, seat=s, choose=random_chooser(s), connection=clients[s]) for s in range(n)
            ]
            finals.append(list(await asyncio.gather(*(p.run() for p in players))))
            ids.append(mid)
            assert all(p.reconnects == 0 and p.client is clients[p.seat] for p in players)  # type: ignore[index]
        still_open = [(await c.request("ping"))["t"] for c in clients] == ["pong"] * n
        for c in clients:
            await c.close()
        return finals, ids, still_open

    finals, ids, still_open = run(go())
    assert still_open and len(set(ids)) == 3
    for mid, round_finals in zip(ids, finals):
        m = live.server.tables[mid].match
        # Each player ends on its own match's final state, not on a frame of the match before it on that connection.
        assert all(f["match"] == mid and f["over"] and f["turn"] == m.decisions for f in round_finals)
        # Every seat left its match when it ended: nobody is subscribed any more.
        assert live.server.tables[mid].subscribers == set()
