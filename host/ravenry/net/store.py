"""Persistence of hosted matches: one design §6 snapshot per match (``<id>.rvn``) in the save directory, written
atomically after every applied action. Seat tokens (hashed), bot seats and the clock setting travel in the
snapshot's ``meta["net"]``, so one atomic write covers everything and there is no side file to fall out of step.
"""

from __future__ import annotations

import asyncio
import logging
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ravenry.errors import RavenryError
from ravenry.match import MatchBase
from ravenry.net.table import Table
from ravenry.snapshot import load_match, write_atomic

log = logging.getLogger("ravenry.net")
MATCH_ID = re.compile(r"^[a-z0-9-]{1,64}$")


class Store:
    def __init__(self, directory: str | Path, writers: int = 4) -> None:
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        # A few writer threads: a save mostly waits on fsync, so saves of different tables overlap; but every
        # extra thread wakes from fsync and competes with the event loop for the GIL (benches/net_load.py with
        # saving: p99 123 ms with 32 writers, 40-80 ms with 4).
        self._writers = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="ravenry-save")

    def path(self, match_id: str) -> Path:
        if not MATCH_ID.match(match_id):  # ids become file names; never let one climb out of the directory
            raise ValueError(f"bad match id {match_id!r}")
        return self.dir / f"{match_id}.rvn"

    async def save(self, table: Table) -> None:
        """Snapshot under the table's lock (the caller holds it), write and fsync in a worker thread so other
        tables keep moving while the disk works."""
        table.match.meta["net"] = table.net_meta()
        data = table.match.to_bytes()
        await asyncio.get_running_loop().run_in_executor(self._writers, write_atomic, self.path(table.id), data)

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
