"""Finished matches leave the save folder: their final save is archived into ``DIR/finished/``, a
restarted server reads only what can still be played, archived saves are pruned by age without listing the
folder at every sweep, and no new match takes an id a save on disk still holds."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
import ravenry
from ravenry.net import server as server_module
from ravenry.net.client import Client
from ravenry.net.limits import Limits
from ravenry.net.server import Server
from ravenry.net.store import Store
from ravenry.net.table import Seat, Table

from .conftest import live_server, run

DAY = 86_400.0


def finished_match(match_id: str, seed: int = 0) -> Table:
    """A race-to-ten match played to its end, as a table with a server's ``meta.net``."""
    m = ravenry.game("race-to-ten").new_match(2, seed)
    while not m.is_over:
        m.apply(m.to_act[0], m.legal_actions(m.to_act[0])[0])
    table = Table(match_id, m, [Seat(0), Seat(1)])
    m.meta["net"] = table.net_meta()
    return table


def unfinished_save(save_dir: Path, match_id: str) -> Path:
    m = ravenry.game("fixture").new_match(2, 3)
    m.meta["net"] = Table(match_id, m, [Seat(0), Seat(1)]).net_meta()
    return m.save(save_dir / f"{match_id}.rvn")


def wait_for(pred: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not pred():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_finished_match_is_archived_and_a_restarted_server_does_not_host_it(tmp_path: Path) -> None:
    with live_server(save_dir=str(tmp_path)) as live:

        async def create() -> tuple[str, str]:
            async with Client(live.url) as c:
                done = await c.request("create", game="race-to-ten", players=2, seed=5, bots={0: "random", 1: "random"})
                waiting = await c.request("create", game="fixture", players=2, seed=5)
            return done["match"], waiting["match"]

        done, waiting = run(create())
        archived = tmp_path / "finished" / f"{done}.rvn"
        wait_for(archived.exists)  # the bots play it to the end
        assert not (tmp_path / f"{done}.rvn").exists() and (tmp_path / f"{waiting}.rvn").exists()
        match = live.call(lambda: live.server.tables[done].match)

        async def watch() -> dict:
            async with Client(live.url) as c:
                await c.request("watch", match=done)
                while True:
                    f = await c.frames.get()
                    if f.get("t") == "state":
                        return f

        state = run(watch())  # still in memory for watchers, as before
        assert state["over"] and state["turn"] == match.decisions
        saved = ravenry.load_match(archived, verify=True)
        assert saved.is_over and saved.history() == match.history()  # the whole final save, not an earlier one

    with live_server(save_dir=str(tmp_path)) as again:
        assert again.call(lambda: sorted(again.server.tables)) == [waiting]
    assert archived.exists() and not (tmp_path / f"{done}.rvn").exists()


def test_a_finished_save_left_in_the_save_folder_is_archived_at_startup(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # An older server's save, or a crash between the final write and its move.
    table = finished_match("old0done")
    left = table.match.save(tmp_path / "old0done.rvn")
    unfinished_save(tmp_path, "old0open")
    with caplog.at_level("INFO", logger="ravenry.net"), live_server(save_dir=str(tmp_path)) as live:
        assert live.call(lambda: sorted(live.server.tables)) == ["old0open"]
    assert not left.exists() and (tmp_path / "finished" / "old0done.rvn").exists()
    assert ravenry.load_match(tmp_path / "finished" / "old0done.rvn").history() == table.match.history()
    assert "archived 1 finished save(s)" in caplog.text
    assert not (tmp_path / "unreadable").exists()  # archived, not mistaken for a bad save


def archive_file(save_dir: Path, match_id: str, age_days: float) -> Path:
    path = finished_match(match_id).match.save(save_dir / "finished" / f"{match_id}.rvn")
    then = time.time() - age_days * DAY
    os.utime(path, (then, then))
    return path


def test_archived_saves_older_than_the_limit_are_pruned_at_startup(tmp_path: Path) -> None:
    (tmp_path / "finished").mkdir()
    old, recent = archive_file(tmp_path, "aaaa0old", 31), archive_file(tmp_path, "aaaa0new", 29)
    forever = archive_file(tmp_path, "aaaa0ancient", 3650)
    with live_server(Limits(keep_archived_days=30), save_dir=str(tmp_path)) as live:
        store = live.server.store
        assert store is not None
        # The scan runs in a thread once the server listens; it is over when the sweeper has its list.
        wait_for(lambda: live.call(lambda: [mid for _, mid in store._archived]) == ["aaaa0new"])
        assert recent.exists() and not old.exists() and not forever.exists()
    archive_file(tmp_path, "aaaa0ancient", 3650)
    with live_server(Limits(keep_archived_days=None), save_dir=str(tmp_path)) as live:
        assert live.server.store is not None and live.server.store.keep_archived is None
        live.server.store.scan_archive()  # what the server ran at its start: None keeps them forever
        assert forever.exists() and recent.exists()


def test_the_sweeper_prunes_the_archive_from_memory_not_by_listing_the_folder(tmp_path: Path) -> None:
    async def go() -> None:
        store = Store(tmp_path)
        server = Server(Limits(keep_archived_days=1), store)
        (tmp_path / "finished").mkdir()
        known = archive_file(tmp_path, "bbbb0old", 0.5)
        store.remember_archived(store.scan_archive())
        table = finished_match("bbbb0end")
        await store.save(table)  # the final save lands and is archived; the index learns of it
        fresh = tmp_path / "finished" / "bbbb0end.rvn"
        assert fresh.exists() and not store.path("bbbb0end").exists()
        # Put in the folder behind the store's back: only a listing of the folder would find it.
        stranger = archive_file(tmp_path, "bbbb0stranger", 5)
        assert server.sweep() == [] and known.exists()  # not yet a day old
        assert store.prune_archive(now=time.time() + 0.6 * DAY) == ["bbbb0old"] and not known.exists()
        assert fresh.exists() and stranger.exists()
        assert store.prune_archive(now=time.time() + 1.1 * DAY) == ["bbbb0end"] and not fresh.exists()
        assert stranger.exists()  # the sweeper never listed the folder; the next start-up's scan will
        assert store.scan_archive() == [] and not stranger.exists()
        # A match archived again (a save after its end) keeps its newer save, whatever the older entry says.
        again = archive_file(tmp_path, "bbbb0again", 0)
        store.remember_archived([(time.time() - 2 * DAY, "bbbb0again")])
        assert store.prune_archive() == [] and again.exists()
        store.close()

    asyncio.run(go())


def test_the_sweeper_archives_a_forgotten_finished_save_that_was_not_moved(tmp_path: Path) -> None:
    async def go() -> None:
        store = Store(tmp_path)
        server = Server(Limits(keep_finished_seconds=10), store)
        table = server.create("race-to-ten", 2, seed=0)
        m = table.match
        while not m.is_over:
            m.apply(m.to_act[0], m.legal_actions(m.to_act[0])[0])
        m.meta["net"] = table.net_meta()
        m.save(store.path(table.id))  # as if the last save's waiter was cancelled before the move
        assert server.sweep(now=100.0) == []
        assert server.sweep(now=110.0) == [table.id]
        assert store.archived_path(table.id).exists() and not store.path(table.id).exists()
        store.close()

    asyncio.run(go())


def test_a_new_match_never_takes_the_id_of_a_save_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for folder, match_id in (("finished", "aaaa0001"), ("expired", "bbbb0002"), ("unreadable", "cccc0003")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / f"{match_id}.rvn").write_bytes(b"a save")
    (tmp_path / "dddd0004.rvn").write_bytes(b"a save")
    ids = iter(["aaaa0001", "bbbb0002", "cccc0003", "dddd0004", "eeee0005"])
    monkeypatch.setattr(server_module.secrets, "token_hex", lambda n: next(ids))
    store = Store(tmp_path)
    try:
        assert Server(store=store).create("fixture", 2).id == "eeee0005"
    finally:
        store.close()


def test_an_archive_that_cannot_be_listed_is_logged_and_the_sweeper_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "finished").write_text("a file where the folder should be")
    store = Store(tmp_path)
    try:
        Server(Limits(keep_archived_days=1), store)
        assert store.scan_archive() == []  # not an exception: it would end the sweeper's task
        assert "cannot list" in caplog.text
    finally:
        store.close()
