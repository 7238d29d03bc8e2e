"""The load bench's lean bots (benches/net_bots.py) speak the real protocol: whole matches of every registered
game, every decision one of their acknowledged acts, each match left when it ends."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import msgpack
import pytest

from .conftest import GAMES, LiveServer, run, seats_for

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benches"))
import net_bots  # noqa: E402


@pytest.mark.parametrize("game", GAMES)
def test_lean_bots_play_match_after_match_on_kept_connections(live: LiveServer, game: str) -> None:
    n = seats_for(game)

    async def go() -> tuple[list[str], list[net_bots.LeanSeat], list[dict]]:
        rngs = [random.Random(s) for s in range(n)]
        bots = [
            await net_bots.connect(live.url, lambda st, r=rngs[s]: r.choice(st["actions"])["code"], lambda: 0.0)
            for s in range(n)
        ]
        ids, finals = [], []
        for round_ in range(2):
            mid = (await bots[0].request("create", game=game, players=n, seed=round_))["match"]
            finals += await asyncio.gather(*(bot.play(mid, s) for s, bot in enumerate(bots)))
            ids.append(mid)
        for bot in bots:
            await bot.close()
        return ids, bots, finals

    ids, bots, finals = run(go(), timeout=30)
    tables = [live.server.tables[mid] for mid in ids]
    assert all(t.match.is_over and t.subscribers == set() for t in tables)
    # Every decision of both matches came from a bot's acknowledged act, and every bot saw its match's last turn.
    assert sum(len(b.latencies) for b in bots) == sum(t.match.decisions for t in tables)
    assert sorted(f["turn"] for f in finals) == sorted(t.match.decisions for t in tables for _ in range(n))
    races = {"stale", "not-your-turn", "match-over", "rate-limited"}  # a fast bot is throttled and sends again
    assert [e["code"] for b in bots for e in b.errors if e["code"] not in races] == []


def test_bots_decode_every_field_but_the_view_and_events() -> None:
    frame = {"t": "state", "turn": 7, "view": {"hand": [1, 2]}, "events": [{"index": 0}], "actions": [{"code": 3}]}
    for n in (0, 20):  # a one-byte map header and a three-byte one
        padded = {**frame, **{f"x{i}": i for i in range(n)}}
        expect = {k: v for k, v in padded.items() if k not in ("view", "events")}
        assert net_bots.decode_for_bot(msgpack.packb(padded)) == expect
