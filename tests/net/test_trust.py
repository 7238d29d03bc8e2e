"""Server trust: what a network client sends is never a way into the server's files. A ``create`` whose
options name a file (any path, ``/proc``, a device, a name of 4,000 characters) is refused with one
``OptionError`` line that quotes only what the client sent; a deck travels as its text, bounded in size."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
import ravenry
from ravenry.model.options import MAX_TEXT
from ravenry.net.client import Client, NetError
from ravenry.net.limits import Limits, address_range
from ravenry.net.server import Server

from .conftest import live_server, run
from .test_hardening import ask


def _stark_list() -> str:
    content = ravenry.game("agot-ccg").spec.content
    c: Any = content() if callable(content) else content
    name = {card["code"]: card["name"] for card in c["cards"]}
    deck = next(d for d in c["decks"] if d["house"] == "stark")
    lines = ["House: Stark", "Agenda: none"] + [f"1x {name[p]}" for p in deck["plots"]]
    return "\n".join(lines + [f"{n}x {name[code]}" for code, n in deck["cards"]]) + "\n"


@pytest.mark.parametrize(
    "deck",
    ["/etc/hostname", "/proc/self/environ", "/dev/zero", "SECRET", "../" * 20 + "etc/passwd", "d/" + "x" * 4000],
)
def test_a_client_cannot_make_the_server_read_a_file(tmp_path: Path, deck: str) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("House: Stark\n1x the server's secret\n", encoding="utf-8")
    deck = str(secret) if deck == "SECRET" else deck
    with live_server() as live:

        async def go() -> None:
            async with Client(live.url) as c:
                for options in ({"deck": deck}, {"decks": [deck, "lannister"]}):
                    err = await ask(c, "create", game="agot-ccg", players=2, options=options)
                    assert err["t"] == "error" and err["code"] == "OptionError", err
                    message = err["message"]
                    assert "names a file" in message and "\n" not in message
                    assert "secret" not in message.replace(str(secret), ""), "the reply quotes the file"

        run(go())
        assert not live.server.tables  # nothing was created


def test_a_deck_travels_as_its_text_bounded_in_size() -> None:
    with live_server() as live:

        async def go() -> None:
            async with Client(live.url) as c:
                made = await ask(
                    c, "create", game="agot-ccg", players=2, options={"decks": [_stark_list(), "baratheon"]}
                )
                assert made["t"] != "error", made
                big = _stark_list() + "# padding\n" * (MAX_TEXT // 10)
                err = await ask(c, "create", game="agot-ccg", players=2, options={"decks": [big]})
                assert err["code"] in ("OptionError", "too-large"), err

        run(go())
        seats = live.call(lambda: next(iter(live.server.tables.values())).match.view(None)["seats"])
        assert [s["house"] for s in seats] == ["stark", "baratheon"]


def test_a_deck_s_many_problems_come_back_as_one_bounded_line() -> None:
    with live_server() as live:

        async def go() -> dict[str, Any]:
            async with Client(live.url) as c:
                return await ask(c, "create", game="agot-ccg", players=2, options={"deck": "No Such Card\n" * 900})

        err = run(go())
        assert err["code"] == "OptionError" and "\n" not in err["message"] and len(err["message"]) <= 400, err
        assert "breaks the deck rules" in err["message"] and "more)" in err["message"]


def test_creates_racing_from_many_connections_cannot_pass_the_caps(tmp_path: Path) -> None:
    """The count is reserved the moment a match exists, before its save is awaited: 40 connections of one address
    creating at once get exactly the per-address allowance."""
    with live_server(Limits(matches_per_address=5, matches_per_connection=5), save_dir=str(tmp_path)) as live:

        async def go() -> list[dict[str, Any]]:
            clients = [await Client(live.url).connect() for _ in range(40)]
            try:
                return list(await asyncio.gather(*(ask(c, "create", game="fixture", players=2) for c in clients)))
            finally:
                await asyncio.gather(*(c.close() for c in clients))

        replies = run(go(), 60)
        made = [r for r in replies if r["t"] == "created"]
        assert len(made) == 5, [r.get("message") for r in replies if r["t"] == "error"][:3]
        assert all(r["code"] == "limit" and "per address" in r["message"] for r in replies if r["t"] == "error")
        assert len(live.server.tables) == 5


def test_joins_racing_from_many_connections_cannot_pass_the_seat_cap(tmp_path: Path) -> None:
    """A seat is held the moment it is claimed, before its save is awaited: 20 connections of one address joining
    at once get exactly the per-address allowance of seats, and the refused joins leave their seats free."""
    with live_server(Limits(seats_per_address=3), save_dir=str(tmp_path)) as live:

        async def go() -> list[dict[str, Any]]:
            async with Client(live.url, source="127.0.0.1") as owner:
                mids = [(await owner.request("create", game="fixture", players=4))["match"] for _ in range(5)]
            clients = [await Client(live.url, source="127.0.1.7").connect() for _ in range(20)]
            try:
                joins = (ask(c, "join", match=mids[i % 5]) for i, c in enumerate(clients))
                return list(await asyncio.gather(*joins))
            finally:
                await asyncio.gather(*(c.close() for c in clients))

        replies = run(go(), 60)
        assert sum(r["t"] == "joined" for r in replies) == 3, [r.get("message") for r in replies][:5]
        assert all(r["code"] == "limit" for r in replies if r["t"] == "error")
        taken = live.call(lambda: sum(s.token_hash is not None for t in live.server.tables.values() for s in t.seats))
        assert taken == 3


def test_one_address_range_cannot_take_the_server_and_a_newcomer_still_creates() -> None:
    """Addresses of one /24 share one allowance; an address of another network creates as usual."""
    assert address_range("127.0.0.9") == address_range("127.0.0.200") == "127.0.0.0/24"
    assert address_range("2001:db8::1") == address_range("2001:db8::ffff") == "2001:db8::/64"
    assert address_range("::ffff:10.1.2.3") == "10.1.2.0/24"
    with live_server(Limits(matches_per_range=4, matches_per_address=3)) as live:

        async def go() -> None:
            for i, want in enumerate(["created"] * 3 + ["limit"]):  # 3 from one address: its own cap
                async with Client(live.url, source="127.0.0.1") as c:
                    r = await ask(c, "create", game="fixture", players=2)
                    assert (r["t"] if want == "created" else r.get("code")) == want, (i, r)
            async with Client(live.url, source="127.0.0.2") as c:  # the same /24: one left in the range
                assert (await ask(c, "create", game="fixture", players=2))["t"] == "created"
                r = await ask(c, "create", game="fixture", players=2)
                assert r["code"] == "limit" and "per address range" in r["message"], r
            async with Client(live.url, source="127.0.1.1") as c:  # a newcomer from another network
                assert (await ask(c, "create", game="fixture", players=2))["t"] == "created"

        run(go())


def test_matches_nobody_joins_expire_sooner_than_abandoned_ones() -> None:
    with live_server(Limits(unjoined_seconds=60, abandoned_seconds=3600)) as live:

        async def go() -> tuple[str, str]:
            async with Client(live.url) as c:
                empty = (await c.request("create", game="fixture", players=2))["match"]
                joined = (await c.request("create", game="fixture", players=2))["match"]
                await c.request("join", match=joined)
            return empty, joined

        empty, joined = run(go())
        now = time.monotonic()
        live.call(lambda: live.server.sweep(now))  # both are alone from now on
        assert live.call(lambda: live.server.sweep(now + 61)) == [empty]
        assert live.call(lambda: sorted(live.server.tables)) == [joined]


def test_connections_per_address_are_capped() -> None:
    with live_server(Limits(connections_per_address=3)) as live:

        async def go() -> None:
            held = [await Client(live.url).connect() for _ in range(3)]
            try:
                for c in held:
                    assert (await c.request("ping"))["t"] == "pong"
                extra = await Client(live.url).connect()
                with pytest.raises(NetError):
                    await extra.request("ping", timeout=5)
                assert "per address" in extra.close_reason
                await extra.close()
            finally:
                for c in held:
                    await c.close()
            async with Client(live.url) as again:  # closed connections give their places back
                assert (await again.request("ping"))["t"] == "pong"

        run(go())


def test_a_search_a_client_asks_for_is_bounded_by_the_server() -> None:
    server = Server(Limits(bot_seconds=0.5))
    assert server.bounded_bot("fixture", "ismcts:iterations=1000000,workers=8") == (
        "ismcts:iterations=1000000,max_seconds=0.5"
    )
    assert server.bounded_bot("fixture", "ismcts:seconds=30,max_seconds=60") == "ismcts:seconds=0.5,max_seconds=0.5"
    assert server.bounded_bot("fixture", "ismcts") == "ismcts:max_seconds=0.5"
    assert server.bounded_bot("fixture", "ismcts:c=1,workers =64") == "ismcts:c=1,max_seconds=0.5"  # spaced keys
    assert server.bounded_bot("fixture", "ismcts:c=0.7, workers=200") == "ismcts:c=0.7,max_seconds=0.5"
    assert server.bounded_bot("fixture", "random") == "random"
    assert server.bounded_bot("iron-throne", "heuristic") == "heuristic"


def test_cheap_bots_answer_while_other_matches_search_at_the_cap() -> None:
    """Six bots-only matches whose searches ask for a hundred million iterations a move (what one connection may
    send) do not hold up a match of random bots: it plays to its end while they search, each at the server's cap."""
    with live_server(Limits(bot_seconds=0.5, search_matches_per_address=6)) as live:
        greedy = {0: "ismcts:iterations=100000000", 1: "ismcts:iterations=100000000"}

        async def go() -> tuple[str, float]:
            async with Client(live.url) as c:
                for _ in range(6):
                    await c.request("create", game="fixture", players=2, bots=greedy)
                honest = await c.request("create", game="fixture", players=2, bots={0: "random", 1: "random"})
                t0 = time.monotonic()
                while not live.call(lambda: live.server.tables[honest["match"]].match.is_over):
                    assert time.monotonic() - t0 < 20, "the random bots were starved"
                    await asyncio.sleep(0.05)
                return honest["match"], time.monotonic() - t0

        honest, took = run(go(), 40)
        searching = [t for t in live.server.tables.values() if t.id != honest]
        assert all(s.bot == "ismcts:iterations=100000000,max_seconds=0.5" for t in searching for s in t.seats)
        assert live.call(lambda: live.server.tables[honest].match.decisions) > 0


def test_a_negative_since_is_refused_not_read_as_zero() -> None:
    with live_server() as live:

        async def go() -> None:
            async with Client(live.url) as c:
                mid = (await c.request("create", game="fixture", players=2))["match"]
                for t, args in (("watch", {}), ("join", {})):
                    err = await ask(c, t, match=mid, since=-1, **args)
                    assert err["code"] == "bad-field" and "'since' must be 0 or more" in err["message"], err

        run(go())


def test_one_client_s_share_of_the_search_threads_is_bounded() -> None:
    """Searches share one pool: an address may keep three unfinished matches with search bots (six per range),
    however many plain matches it may create."""
    with live_server(Limits(bot_seconds=0.05, search_matches_per_address=3)) as live:
        search = {0: "ismcts:iterations=50", 1: "random"}

        async def go() -> None:
            async with Client(live.url) as c:
                for _ in range(3):
                    await c.request("create", game="fixture", players=2, bots=search)
                err = await ask(c, "create", game="fixture", players=2, bots=search)
                assert err["code"] == "limit" and "with search bots created per address" in err["message"], err
                assert (await ask(c, "create", game="fixture", players=2, bots={1: "random"}))["t"] == "created"

        run(go())


def _threads() -> int:
    """Every thread of this process, the core's native ones too."""
    return len(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs /proc")
def test_a_refused_create_starts_no_thread() -> None:
    """Checking a bot spec builds no search (a search's thread pool lives as long as the process)."""
    before = _threads()
    with live_server() as live:

        async def go() -> None:
            async with Client(live.url) as c:
                bots = {100 + w: f"ismcts:c=1, workers ={w}" for w in range(2, 40)}  # keys as the core trims them
                err = await ask(c, "create", game="fixture", players=2, bots=bots)
                assert err["code"] == "bad-bots", err

        run(go())
    assert _threads() <= before + 8  # the server's own threads, not 700 searchers


def test_seats_are_capped_per_address_range() -> None:
    with live_server(Limits(seats_per_address=3, seats_per_range=4)) as live:

        async def go() -> None:
            async with Client(live.url, source="127.0.0.1") as owner:
                mids = [(await owner.request("create", game="fixture", players=4))["match"] for _ in range(2)]
            async with Client(live.url, source="127.0.0.11") as a, Client(live.url, source="127.0.0.12") as b:
                for _ in range(3):
                    await a.request("join", match=mids[0])
                await b.request("join", match=mids[1])  # the range's fourth seat
                err = await ask(b, "join", match=mids[1])
                assert err["code"] == "limit" and "per address range" in err["message"], err
            async with Client(live.url, source="127.0.5.1") as newcomer:
                assert (await newcomer.request("join", match=mids[1]))["t"] == "joined"

        run(go())


def test_a_match_with_a_bounded_search_bot_resumes_after_a_restart(tmp_path: Path) -> None:
    """The bounded spec (``ismcts:…,max_seconds=2``) is saved as it runs, and a restarted server resumes it."""
    with live_server(save_dir=str(tmp_path)) as live:

        async def go() -> str:
            async with Client(live.url) as c:
                made = await c.request("create", game="fixture", players=2, bots={1: "ismcts:iterations=20"})
                return str(made["match"])

        mid = run(go())
    with live_server(save_dir=str(tmp_path)) as again:
        seats = again.call(lambda: [s.bot for s in again.server.tables[mid].seats])
        assert seats == [None, "ismcts:iterations=20,max_seconds=2"]  # resumed, not moved aside as unreadable
