"""Whole matches of every registered game, every seat played by a remote bot client over loopback."""

from __future__ import annotations

import asyncio

import pytest
from ravenry.net.client import Client, SeatPlayer

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
