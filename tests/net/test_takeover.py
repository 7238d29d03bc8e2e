"""A seated player who drops is replaced by the match's takeover bot after the grace period; every seat is told;
the match goes on to its end; the player who resumes with their token plays again from the next decision and is
told, alone, what was played for them. Nothing hidden reaches anyone on the way."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest
import ravenry
from click.testing import CliRunner
from ravenry.model.snapshot import load_match
from ravenry.net.client import Client, NetError, SeatPlayer, random_chooser
from ravenry.net.commands import join, serve
from ravenry.net.limits import Limits
from ravenry.net.server import Server
from ravenry.net.store import Store, check_net_meta
from ravenry.net.takeover import Takeover, stood_in
from ravenry.services.tournament.ratings import RatedMatch, bootstrap, rate

from .conftest import LiveServer, Recorder, create, live_server, replay_moments, run
from .test_secrecy import check_frames

FAST = Limits(takeover_after_seconds=0.2, takeover_bot="ismcts:ms=20")


def _record(live: LiveServer, mid: str) -> tuple[list[list[Any]], list[list[list[Any]]]]:
    def read() -> tuple[list[list[Any]], list[list[list[Any]]]]:
        r = live.server.tables[mid].record
        assert r is not None
        return [list(x) for x in r.made_for], [[list(x) for x in s] for s in r.played_for]

    return live.call(read)  # type: ignore[no-any-return]


def test_a_dropped_player_is_replaced_the_match_goes_on_and_they_take_their_seat_back() -> None:
    with live_server(FAST) as live:
        recs = [Recorder() for _ in range(3)]
        watch_rec = Recorder()
        victim_frames: list[dict[str, Any]] = []
        back = asyncio.Event()
        state: dict[str, Any] = {}

        async def go() -> str:
            mid = await create(live.url, "fixture", 3, seed=11)
            prompts = 0

            def taken_over() -> int:
                return sum(1 for _, seat, kind in _record(live, mid)[0] if seat == 0 and kind == "takeover")

            async def victim_choose(frame: dict[str, Any]) -> int | None:
                nonlocal prompts
                prompts += 1
                if prompts == 2:
                    # The connection dies under the client (no close frame), and it stays away until the bot has
                    # made two of its decisions.
                    assert victim.client is not None and victim.client._ws is not None
                    victim.client._ws.transport.abort()
                    while await asyncio.to_thread(taken_over) < 2:
                        await asyncio.sleep(0.02)
                    state["count_at_return"] = await asyncio.to_thread(taken_over)
                    return None
                if prompts > 2:
                    state.setdefault("first_own_turn", frame["turn"])
                return await random_chooser(7)(frame)

            def others(seat: int) -> Any:
                base = random_chooser(100 + seat)

                async def choose(frame: dict[str, Any]) -> int | None:
                    # Once the bot has played twice for seat 1, hold on until its player is back, so there are
                    # decisions left for them to make.
                    if not back.is_set() and await asyncio.to_thread(taken_over) >= 2:
                        await back.wait()
                    return await base(frame)

                return choose

            def victim_frame(frame: dict[str, Any]) -> None:
                victim_frames.append(frame)
                if frame["t"] == "notice" and frame["kind"] == "reclaimed":
                    back.set()

            victim = SeatPlayer(live.url, mid, seat=0, choose=victim_choose, record=recs[0], on_frame=victim_frame)
            players = [SeatPlayer(live.url, mid, seat=s, choose=others(s), record=recs[s]) for s in (1, 2)]
            watcher = SeatPlayer(live.url, mid, watch=True, record=watch_rec)
            await asyncio.gather(victim.run(), *(p.run() for p in players), watcher.run())
            assert victim.reconnects == 1
            return mid

        mid = run(go(), timeout=60)
        table = live.server.tables[mid]
        m = table.match
        assert m.is_over
        made, played = _record(live, mid)
        mine = [turn for turn, seat, kind in made if seat == 0 and kind == "takeover"]
        assert len(mine) >= 2 and all(seat == 0 for _, seat, _ in made)
        # Back in control from the next decision: no takeover decision after the one the player made themselves.
        assert state["count_at_return"] <= len(mine) <= state["count_at_return"] + 1
        assert max(mine) < state["first_own_turn"]
        assert any(p == 0 for p, _ in m.history()[state["first_own_turn"] :])

        # Every seat (and the watcher) was told, naming the seat as people count it, and nothing of what was chosen.
        for rec in [*recs, watch_rec]:
            notices = [f for f in rec.frames if f["t"] == "notice"]
            kinds = [(n["kind"], n["seat"]) for n in notices]
            assert ("takeover", 0) in kinds or rec is recs[0]  # the victim was away when it was taken over
            assert ("reclaimed", 0) in kinds
            took = [n for n in notices if n["kind"] == "takeover"]
            assert all("player 1 has been away" in n["message"] and "label" not in n for n in took)

        # What was played for them came to them alone, in their own words, in the first state after the resume.
        history = m.history()
        shadow = ravenry.game("fixture").new_match(3, m.seed, m.options)
        expected = []
        for turn, (p, a) in enumerate(history):
            if turn in mine:
                expected.append({"turn": turn, "label": shadow.describe(a, 0)["label"]})
            shadow.apply(p, a)
        resumed = [f for f in recs[0].states() if f.get("played_for")]
        assert resumed and resumed[0]["played_for"] == expected
        assert not any(f.get("played_for") for rec in [*recs[1:], watch_rec] for f in rec.states())
        assert played[0] == []  # cleared once they acted themselves
        assert any("takeover bot made" in f.get("message", "") for f in victim_frames if f["t"] == "notice")

        # And the redaction oracle over every frame every client got.
        moments = replay_moments(m)
        all_events = m.events(0, None, all=True)
        checked = sum(check_frames(recs[s], s, moments, all_events) for s in range(3))
        checked += check_frames(watch_rec, None, moments, all_events)
        assert checked > m.decisions

        summary = live.call(table.summary)
        assert [s["bot_decisions"] for s in summary["seats"]] == [len(mine), 0, 0]
        assert summary["takeover"] == {"bot": "ismcts:ms=20", "after": 0.2}


def test_nobody_is_taken_over_while_no_other_player_is_here() -> None:
    """A match all of whose players have gone waits for them (and expires as abandoned): no bot plays it out."""
    with live_server(FAST) as live:

        async def go() -> str:
            mid = await create(live.url, "fixture", 2, seed=3)
            async with Client(live.url) as c:
                await c.request("join", match=mid, seat=0)
            async with Client(live.url) as c:
                await c.request("join", match=mid, seat=1)
            await asyncio.sleep(0.6)
            return mid

        mid = run(go())
        seats = live.call(lambda: [(s.standin, s.away_since is not None) for s in live.server.tables[mid].seats])
        assert seats == [(False, True), (False, True)]  # both away past the grace, but nobody is here to play
        assert _record(live, mid)[0] == [] and live.call(lambda: live.server.tables[mid].match.decisions) == 0


def test_restart_mid_takeover_keeps_who_plays_and_what_was_played(tmp_path: Path) -> None:
    saves = str(tmp_path)

    async def first(url: str) -> tuple[str, str, str, Client]:
        mid = await create(url, "fixture", 2, seed=5)
        async with Client(url) as c:
            victim = (await c.request("join", match=mid, seat=0))["token"]
        other = await Client(url).connect()
        token = (await other.request("join", match=mid, seat=1))["token"]
        return mid, victim, token, other

    with live_server(FAST, save_dir=saves) as live:

        async def go() -> tuple[str, str, str]:
            mid, victim, token, other = await first(live.url)
            # Seat 2 stays and does not act: the bot commits for seat 1 once, then the round waits for seat 2.
            while not await asyncio.to_thread(lambda: _record(live, mid)[0]):
                await asyncio.sleep(0.02)
            await other.close()
            return mid, victim, token

        mid, victim, token = run(go())
        before = _record(live, mid)
    assert len(before[0]) == 1 and len(before[1][0]) == 1

    saved = Store(saves).load_all()
    net = saved[0][1].meta["net"]
    assert net["seats"][0]["standin"] is True and net["made_for"] == before[0] and net["played_for"] == before[1]

    with live_server(FAST, save_dir=saves) as live:
        table = live.server.tables[mid]
        assert table.seats[0].standin and _record(live, mid) == before

        async def back() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            async with Client(live.url) as other, Client(live.url) as me:
                await other.request("resume", match=mid, token=token)
                await me.request("resume", match=mid, token=victim)
                mine: list[dict[str, Any]] = []
                while not any(f["t"] == "state" for f in mine):
                    mine.append(await me.frames.get())
                theirs = []
                while not any(f["t"] == "notice" and f["kind"] == "reclaimed" for f in theirs):
                    theirs.append(await other.frames.get())
                return mine, theirs

        mine, theirs = run(back())
        first_state = next(f for f in mine if f["t"] == "state")
        assert [d["turn"] for d in first_state["played_for"]] == [before[1][0][0][0]]
        assert not live.call(lambda: table.seats[0].standin)
        assert any(f["t"] == "notice" and f["kind"] == "reclaimed" and f["decisions"] == 1 for f in mine)


@pytest.mark.parametrize(
    ("ask", "words"),
    [
        ({"takeover_bot": "nosuch"}, "fixture has no bot 'nosuch'"),
        ({"takeover_bot": "ismcts:ms=abc"}, 'ms="abc"'),
        ({"takeover_after": 0.1}, "from 0.2 s (this server's grace)"),
        ({"takeover_after": 100_000.0}, "to 86400 s"),
    ],
)
def test_a_bad_takeover_choice_is_refused_and_creates_nothing(ask: dict[str, Any], words: str) -> None:
    with live_server(FAST) as live:

        async def go() -> NetError:
            async with Client(live.url) as c:
                with pytest.raises(NetError) as e:
                    await c.request("create", game="fixture", players=2, **ask)
            return e.value

        err = run(go())
        assert err.code == "bad-takeover" and words in err.message
        assert live.call(lambda: len(live.server.tables)) == 0


def test_the_creator_s_choice_is_bounded_and_off_turns_it_off() -> None:
    with live_server(FAST) as live:

        async def go() -> list[dict[str, Any]]:
            async with Client(live.url) as c:
                asks = [{"takeover_bot": "ismcts:iterations=100000,workers=8"}, {"takeover_bot": "off"}, {}]
                asks.append({"takeover_bot": "random", "takeover_after": 5.0})
                return [(await c.request("create", game="fixture", players=2, **a))["summary"] for a in asks]

        bounded, off, default, chosen = (s["takeover"] for s in run(go()))
        assert bounded == {"bot": "ismcts:iterations=100000,max_seconds=2", "after": 0.2}  # the server's cap
        assert off is None
        assert default == {"bot": "ismcts:ms=20", "after": 0.2}
        assert chosen == {"bot": "random", "after": 5.0}
    # A game without the server's takeover bot gets its own default bot.
    with live_server(FAST) as live:
        mid = run(create(live.url, "race-to-ten", 2))
        assert live.call(lambda: live.server.tables[mid].takeover) == Takeover("random", 0.2)


def test_a_server_without_takeovers_refuses_a_creator_s_choice() -> None:
    with live_server(dataclasses.replace(FAST, takeover_after_seconds=None)) as live:

        async def go() -> NetError:
            async with Client(live.url) as c:
                assert (await c.request("create", game="fixture", players=2))["summary"]["takeover"] is None
                off = await c.request("create", game="fixture", players=2, takeover_bot="off")  # as it is: fine
                assert off["summary"]["takeover"] is None
                with pytest.raises(NetError) as e:
                    await c.request("create", game="fixture", players=2, takeover_bot="random")
            return e.value

        err = run(go())
        assert err.code == "bad-takeover" and "does not take over dropped seats" in err.message


@pytest.mark.parametrize(
    ("limits", "words"),
    [
        (Limits(takeover_bot="ismcts:iterations=1000"), "has no time budget"),
        (Limits(takeover_after_seconds=0.0), "grace must be from more than 0"),
    ],
)
def test_the_operator_s_setting_is_checked_at_start(limits: Limits, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Server(limits)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"made_for": [[3, 9, "takeover"]]}, r"made_for\[0\] is not \[turn, seat"),
        ({"made_for": [[3, 0, "ghost"]]}, r"made_for\[0\]"),
        ({"played_for": [[[1, 2]], []]}, r"played_for\[0\] is not a list of \[turn, label\]"),
        ({"played_for": [[]]}, "must list the match's 2 seats"),
        ({"takeover": {"bot": "random", "after": -1}}, "takeover.after"),
        ({"takeover": "ismcts"}, "meta.net.takeover is not a map"),
    ],
)
def test_a_damaged_takeover_record_is_refused_with_what_is_wrong(change: dict[str, Any], words: str) -> None:
    net: dict[str, Any] = {
        "id": "abcd",
        "seats": [{"bot": None, "token": None, "standin": False}] * 2,
        "takeover": {"bot": "random", "after": 1.0},
        "made_for": [],
        "played_for": [[], []],
    }
    check_net_meta(net, 2, "abcd")
    with pytest.raises(ValueError, match=words):
        check_net_meta({**net, **change}, 2, "abcd")
    bad_seat = {**net, "seats": [{"bot": None, "token": None, "standin": "yes"}] * 2}
    with pytest.raises(ValueError, match=r"seats\[0\].standin"):
        check_net_meta(bad_seat, 2, "abcd")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--takeover-bot", "ismcts:iterations=5"], "has no time budget"),
        (["--takeover-bot", "ismcs:ms=5"], "no installed game has a bot 'ismcs'"),
        (["--takeover-bot", "ismcts:ms=abc"], 'ms="abc"'),
        (["--takeover-after", "soon"], "takes seconds or 'off', not 'soon'"),
        (["--takeover-after", "0"], "more than 0"),
    ],
)
def test_serve_refuses_a_bad_takeover_setting_before_it_serves(args: list[str], words: str) -> None:
    r = CliRunner().invoke(serve, ["fixture", *args])
    assert r.exit_code != 0 and words in r.output and "serving" not in r.output


def test_join_create_passes_the_creator_s_takeover_choice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    with live_server(FAST) as live:
        args = [live.url, "--create", "fixture", "--players", "2", "--bots", "2=random", "--bot", "random"]
        r = CliRunner().invoke(join, [*args, "--takeover-bot", "random", "--takeover-after", "7"])
        assert r.exit_code == 0, r.output
        (table,) = live.call(lambda: list(live.server.tables.values()))
        assert table.takeover == Takeover("random", 7.0) and table.match.is_over
        r = CliRunner().invoke(join, [*args, "--takeover-bot", "nosuch"])
        assert r.exit_code != 0 and "takeover bot: fixture has no bot 'nosuch'" in r.output
    r = CliRunner().invoke(join, ["ws://127.0.0.1:1", "--match", "x", "--takeover-after", "5"])
    assert r.exit_code != 0 and "go with --create" in r.output


def test_a_finished_match_s_record_marks_the_seat_a_bot_played_and_ratings_can_leave_it_out(tmp_path: Path) -> None:
    with live_server(FAST, save_dir=str(tmp_path)) as live:

        async def go() -> tuple[str, str]:
            dropped = await create(live.url, "fixture", 2, seed=1)
            async with Client(live.url) as c:
                await c.request("join", match=dropped, seat=0)  # and gone: the bot plays seat 1 to the end
            await SeatPlayer(live.url, dropped, seat=1, choose=random_chooser(1)).run()
            whole = await create(live.url, "fixture", 2, seed=2)
            await asyncio.gather(*(SeatPlayer(live.url, whole, seat=s, choose=random_chooser(s)).run() for s in (0, 1)))
            return dropped, whole

        dropped, whole = run(go())
    rated = []
    for deal, mid in enumerate((dropped, whole)):
        m = load_match(tmp_path / "finished" / f"{mid}.rvn")
        marked = stood_in(m.meta["net"])
        if mid == dropped:
            assert marked == {0: sum(1 for p, _ in m.history() if p == 0)} and marked[0] >= 1
        else:
            assert marked == {}
        rated.append(RatedMatch(deal, (0, 1), tuple(m.outcome["ranks"]), tuple(sorted(marked))))
    assert rate(2, rated, leave_out_stood_in=True) == rate(2, rated[1:])
    assert rate(2, rated) != rate(2, rated[1:])  # without the option the match counts
    assert bootstrap(2, rated, 20, 1, leave_out_stood_in=True) == bootstrap(2, rated[1:], 20, 1)


def test_the_clock_s_fallback_is_marked_too_and_a_taken_over_seat_is_off_the_clock() -> None:
    """A seat whose clock runs out is played by the fallback: marked ``clock`` in the record (a bot decided for a
    person), not listed in ``played_for`` (the player was here and was told). A taken-over seat has no clock."""
    with live_server(FAST, turn_seconds=0.15) as live:

        async def go() -> tuple[str, list[dict[str, Any]]]:
            mid = await create(live.url, "race-to-ten", 2, seed=0)
            frames: list[dict[str, Any]] = []
            active = SeatPlayer(live.url, mid, seat=0, choose=random_chooser(1), on_frame=frames.append)
            idle = SeatPlayer(live.url, mid, seat=1, choose=None)  # here, but never chooses: the clock plays it
            await asyncio.gather(active.run(), idle.run())
            return mid, frames

        mid, frames = run(go())
        made, played = _record(live, mid)
        m = live.call(lambda: live.server.tables[mid].match)
        assert made and made == [[t, 1, "clock"] for t, (p, _) in enumerate(m.history()) if p == 1]
        assert played == [[], []]

        async def dropped() -> tuple[str, list[dict[str, Any]]]:
            mid = await create(live.url, "race-to-ten", 2, seed=0)
            async with Client(live.url) as c:
                await c.request("join", match=mid, seat=1)  # and gone
            frames: list[dict[str, Any]] = []
            await SeatPlayer(live.url, mid, seat=0, choose=random_chooser(1), on_frame=frames.append).run()
            return mid, frames

        mid, frames = run(dropped())
        made, _ = _record(live, mid)
        kinds = [kind for _, seat, kind in made if seat == 1]
        # Seat 2 may lose a first decision to its clock before the grace is over; from the takeover on, only the bot.
        assert kinds and kinds[-1] == "takeover" and "clock" not in kinds[kinds.index("takeover") :]
        taken = next(i for i, f in enumerate(frames) if f["t"] == "notice" and f["kind"] == "takeover")
        later = [f for f in frames[taken:] if f["t"] == "state"]
        assert later and all(1 not in (f["clock"] or {}) for f in later)
