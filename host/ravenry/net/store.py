"""Persistence of hosted matches: one design §6 snapshot per match (``<id>.rvn``) in the save directory, written
atomically after every applied action. Seat tokens (hashed), bot seats, the clock and takeover settings and the
record of the decisions bots made for people travel in the snapshot's ``meta["net"]``, so one atomic write covers
everything and there is no side file to fall out of step.

The save directory holds only matches that can still be played: a finished match's save is archived into
``DIR/finished/`` once its last write has landed, so a restart reads what it can host and nothing that grows with
history. Archived saves are deleted after ``Limits.keep_archived_days``.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import re
import time
from collections import deque
from pathlib import Path

from ravenry import _core
from ravenry.errors import RavenryError
from ravenry.model.match import MatchBase
from ravenry.model.snapshot import load_match
from ravenry.net.table import Table
from ravenry.net.takeover import check_meta as check_takeover_meta

log = logging.getLogger("ravenry.net")
MATCH_ID = re.compile(r"^[a-z0-9-]{1,64}$")


class Store:
    def __init__(self, directory: str | Path, writers: int = 4) -> None:
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        # Saves run on Rust threads that never take the GIL (Python writer threads waking from fsync fought the
        # event loop for it: p99 of an action's round trip 40-80 ms with four of them, 123 ms with 32). The loop
        # hears of finished saves through the writer's socket, a batch per wake-up.
        self._writer = _core.DurableWriter(writers)
        self._tickets = itertools.count()
        self._waiting: dict[int, asyncio.Future[None]] = {}
        self._in_flight: dict[str, asyncio.Future[None]] = {}  # match id -> its save on the disk now
        self._loop: asyncio.AbstractEventLoop | None = None
        # How long archived saves are kept, in seconds (None: forever); the server sets it from its limits.
        self.keep_archived: float | None = None
        # Archived saves, (time archived, match id), oldest first: the sweeper prunes from the front and never
        # lists the folder. Filled by ``scan_archive`` once at start-up and by every ``archive`` after it; kept
        # only while saves are pruned at all. About 150 bytes a save kept (300,000 in the retention: 45 MB).
        self._archived: deque[tuple[float, str]] = deque()

    def path(self, match_id: str) -> Path:
        if not MATCH_ID.match(match_id):  # ids become file names; never let one climb out of the directory
            raise ValueError(f"bad match id {match_id!r}")
        return self.dir / f"{match_id}.rvn"

    def archived_path(self, match_id: str) -> Path:
        return self.dir / FINISHED / self.path(match_id).name

    def taken(self, match_id: str) -> bool:
        """Whether a save with this id exists, live or moved into any subfolder: a new match must not take the id
        of one a person may still look up (``ravenry replay DIR/finished/<id>.rvn``) or that may come back."""
        live = self.path(match_id)
        return live.exists() or any((self.dir / sub / live.name).exists() for sub in (FINISHED, EXPIRED, UNREADABLE))

    async def save(self, table: Table) -> None:
        """Snapshot under the table's lock (the caller holds it) and return once it is on disk; other tables keep
        moving while the disk works. Raises OSError if the write failed."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            if self._loop is not None and not self._loop.is_closed():
                self._loop.remove_reader(self._writer.fileno())
            loop.add_reader(self._writer.fileno(), self._collect)
            self._loop = loop
        earlier = self._in_flight.get(table.id)
        if earlier is not None and not earlier.done():
            # Only if a waiter was cancelled while its write went on: the writer does not order two writes of one
            # file, so the newer snapshot waits for the older to land.
            await asyncio.wait([earlier])
        table.match.meta["net"] = table.net_meta()
        data = table.match.to_bytes()
        ticket = next(self._tickets)
        done = self._waiting[ticket] = self._in_flight[table.id] = loop.create_future()
        try:
            self._writer.submit(ticket, self.path(table.id), data)
        except OSError:
            del self._waiting[ticket], self._in_flight[table.id]
            raise
        await asyncio.shield(done)
        if self._in_flight.get(table.id) is done:
            del self._in_flight[table.id]
        if table.match.is_over:
            # Only now that the final save has landed (whole, fsynced, its rename durable). A crash before this
            # move leaves it in the live folder, where the next start-up archives it; the move is one rename, so
            # the save is whole in one folder or the other. A later save of the match (a seat joined after the
            # end) lands in the live folder again and is moved over this one.
            self.archive(table.id)

    def _collect(self) -> None:
        for ticket, error in self._writer.completed():
            done = self._waiting.pop(ticket, None)
            if done is None or done.done():
                continue
            if error is None:
                done.set_result(None)
            else:
                done.set_exception(OSError(error))

    def close(self) -> None:
        """Finish the saves in flight and stop the writer threads."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._writer.fileno())
            self._loop = None
        self._writer.close()

    def clean_temporaries(self) -> list[Path]:
        """Remove the half-written temporary files a crash mid-save left (``.<id>.rvn.<pid>.<n>.tmp``); the save
        they were replacing is still whole beside them. Only at startup, before any write of ours."""
        gone = []
        for p in self.dir.glob(".*.tmp"):
            try:
                p.unlink()
                gone.append(p)
            except OSError as e:
                log.warning("cannot remove the temporary file %s: %s", p, e.strerror or e)
        if gone:
            log.info("removed %d half-written temporary file(s) left by a crash", len(gone))
        return gone

    def set_aside(self, path: Path, folder: str, why: str) -> Path | None:
        """Move a save the server will not host into ``DIR/<folder>/`` (kept for a person to look at, never loaded
        again), logging why."""
        dest_dir = self.dir / folder
        try:
            dest_dir.mkdir(exist_ok=True)
            dest = dest_dir / path.name
            path.replace(dest)
        except OSError as e:
            log.error("cannot move %s aside into %s/: %s", path, folder, e.strerror or e)
            return None
        log.warning("moved %s into %s/: %s", path.name, folder, why)
        return dest

    def archive(self, match_id: str) -> Path | None:
        """Move a finished match's save from the live folder into ``DIR/finished/`` (replacing an earlier one of the
        same match); None if there was none to move or the move failed (logged: the save stays where it was, and
        the next start-up tries again)."""
        src = self.path(match_id)
        dest = self.archived_path(match_id)
        try:
            dest.parent.mkdir(exist_ok=True)
            src.replace(dest)  # keeps the save's mtime: the time of the match's last write, which pruning reads
        except FileNotFoundError:
            if src.exists():
                log.error("cannot archive %s into %s/: the folder vanished", src, FINISHED)
            return None  # else archived already (the sweeper and the last save's waiter can both try)
        except OSError as e:
            log.error("cannot archive %s into %s/: %s", src, FINISHED, e.strerror or e)
            return None
        if self.keep_archived is not None:
            self._archived.append((time.time(), match_id))
        return dest

    def scan_archive(self, now: float | None = None) -> list[tuple[float, str]]:
        """List ``DIR/finished/`` once: delete the saves older than ``keep_archived`` and return the others as
        (mtime, id). The one pass over the archive, whose size grows with history: the server runs it in a thread
        after it has started serving, and hands the result to ``remember_archived``."""
        if self.keep_archived is None:
            return []
        cutoff = (time.time() if now is None else now) - self.keep_archived
        kept: list[tuple[float, str]] = []
        removed = 0
        try:
            with os.scandir(self.dir / FINISHED) as entries:
                for e in entries:
                    if not e.name.endswith(".rvn") or not MATCH_ID.match(e.name[:-4]):
                        continue
                    try:
                        mtime = e.stat(follow_symlinks=False).st_mtime
                        if mtime >= cutoff:
                            kept.append((mtime, e.name[:-4]))
                            continue
                        os.unlink(e.path)
                        removed += 1
                    except FileNotFoundError:
                        continue
                    except OSError as err:
                        log.warning("cannot remove the archived save %s: %s", e.path, err.strerror or err)
        except FileNotFoundError:
            pass  # nothing archived yet
        except OSError as err:
            # Never fatal: the sweeper that runs this goes on expiring matches; the next start-up tries again.
            log.error("cannot list %s/ to prune it: %s", self.dir / FINISHED, err.strerror or err)
        if removed:
            log.info("removed %d archived save(s) older than %g days", removed, self.keep_archived / 86_400)
        return kept

    def remember_archived(self, found: list[tuple[float, str]]) -> None:
        """Merge what ``scan_archive`` found with the saves archived while it ran, oldest first."""
        self._archived = deque(sorted([*found, *self._archived]))

    def prune_archive(self, now: float | None = None, at_most: int = 1_000) -> list[str]:
        """Delete the archived saves older than ``keep_archived``, from the front of the in-memory list: nothing
        when none is due, and at most ``at_most`` files a call, so one sweep of the event loop stays short."""
        if self.keep_archived is None:
            return []
        cutoff = (time.time() if now is None else now) - self.keep_archived
        gone = []
        for _ in range(at_most):
            if not self._archived or self._archived[0][0] >= cutoff:
                break
            _, match_id = self._archived.popleft()
            p = self.archived_path(match_id)
            try:
                if p.stat().st_mtime >= cutoff:
                    continue  # archived again since (a later save of the match): its newer entry is further on
                p.unlink()
            except FileNotFoundError:
                continue
            except OSError as e:
                log.warning("cannot remove the archived save %s: %s", p, e.strerror or e)
                continue
            gone.append(match_id)
        if gone:
            log.info("removed %d archived save(s) older than %g days", len(gone), self.keep_archived / 86_400)
        return gone

    def load_all(self) -> list[tuple[Path, MatchBase]]:
        """Every saved match that can still be played, replayed from its seed (``verify``) so the event log is
        whole again for seats that resume and ask for what they missed. Only the live folder is read. A save that
        does not load, or whose ``meta.net`` is not the server's, is logged with its reason and moved into
        ``DIR/unreadable/``: one bad file must not keep the other matches down, nor be tried again at every start.
        A finished one (an older server's, or a crash between its last write and its move) is archived."""
        out = []
        archived = 0
        for p in sorted(self.dir.glob("*.rvn")):
            try:
                m = load_match(p, verify=True)
                check_net_meta(m.meta.get("net"), m.players, p.stem)
            except (RavenryError, ValueError) as e:
                log.error("cannot resume %s: %s", p, e)
                self.set_aside(p, UNREADABLE, str(e))
                continue
            if m.is_over:
                archived += self.archive(p.stem) is not None
                continue
            out.append((p, m))
        if archived:
            log.info("archived %d finished save(s) found in the save folder into %s/", archived, FINISHED)
        return out


UNREADABLE = "unreadable"
EXPIRED = "expired"
FINISHED = "finished"


def check_net_meta(net: object, players: int, stem: str) -> None:
    """Check the server's own part of a save (``meta.net``, written by ``Table.net_meta``): raises ValueError
    saying what is wrong, so a forged or damaged one is refused before a table is built on it."""
    if net is None:
        raise ValueError("it was not saved by a server (no meta.net)")
    if not isinstance(net, dict):
        raise ValueError(f"meta.net is a {type(net).__name__}, not a map")
    if net.get("id") != stem or not isinstance(net.get("id"), str) or not MATCH_ID.match(net["id"]):
        raise ValueError(f"meta.net.id {net.get('id')!r:.40} does not name this file")
    seats = net.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise ValueError(f"meta.net.seats must list the match's {players} seats")
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise ValueError(f"meta.net.seats[{i}] is not a map")
        bot, token = s.get("bot"), s.get("token")
        if bot is not None and not isinstance(bot, str):
            raise ValueError(f"meta.net.seats[{i}].bot is not a bot name")
        if token is not None and not (isinstance(token, str) and len(token) == 64):
            raise ValueError(f"meta.net.seats[{i}].token is not a token hash")
    turn = net.get("turn_seconds")
    if turn is not None and (
        isinstance(turn, bool) or not isinstance(turn, (int, float)) or not 0.05 <= turn <= 86_400
    ):
        raise ValueError("meta.net.turn_seconds is not a clock from 0.05 to 86400 seconds")
    if not isinstance(net.get("fallback", "random"), str):
        raise ValueError("meta.net.fallback is not a bot name")
    check_takeover_meta(net, players)
