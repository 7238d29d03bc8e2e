"""Persistence of hosted matches: one design §6 snapshot per match (``<id>.rvn``) in the save directory, written
atomically after every applied action. Seat tokens (hashed), bot seats and the clock setting travel in the
snapshot's ``meta["net"]``, so one atomic write covers everything and there is no side file to fall out of step.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
from pathlib import Path

from ravenry import _core
from ravenry.errors import RavenryError
from ravenry.match import MatchBase
from ravenry.net.table import Table
from ravenry.snapshot import load_match

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

    def path(self, match_id: str) -> Path:
        if not MATCH_ID.match(match_id):  # ids become file names; never let one climb out of the directory
            raise ValueError(f"bad match id {match_id!r}")
        return self.dir / f"{match_id}.rvn"

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

    def load_all(self) -> list[MatchBase]:
        """Every saved match, replayed from its seed (``verify``) so the event log is whole again for seats that
        resume and ask for what they missed. A save that does not load is logged and skipped, not fatal: one
        bad file must not keep the other matches down."""
        out = []
        for p in sorted(self.dir.glob("*.rvn")):
            try:
                m = load_match(p, verify=True)
            except RavenryError as e:
                log.error("cannot resume %s: %s", p, e)
                continue
            if "net" not in m.meta:
                log.error("cannot resume %s: it was not saved by a server (no meta.net)", p)
                continue
            out.append(m)
        return out
