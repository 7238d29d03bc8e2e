"""The one result envelope every bench writes: what ran, from which revision, when, where, and how busy the machine was.

    run = Run("search strength")          # at the start: the command, the revision and the load before
    ...
    run.write(data, RESULTS / "search_strength_hearts_4p.json")   # the envelope under "envelope", then `data`

Every file under ``benches/results/`` written by a bench carries the same block, so a reader compares two runs
without learning each script's own keys. The load averages matter on the project's shared 2-core machine: a
wall-clock figure recorded at load 7 is not the same claim as one at load 0.5, so both ends of the run are kept.
"""

from __future__ import annotations

import json
import os
import platform
import shlex
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

BENCHES = Path(__file__).resolve().parent
RESULTS = BENCHES / "results"


def git_revision() -> str | None:
    """The checked-out commit, with ``-dirty`` when the work tree differs from it; None outside a git checkout."""
    try:
        rev = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=BENCHES, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], cwd=BENCHES, capture_output=True, text=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return f"{rev}-dirty" if dirty else rev


def command() -> str:
    """The command line as typed from the repository root (``python benches/search.py strength hearts 4 …``)."""
    script = Path(sys.argv[0])
    try:
        script = script.resolve().relative_to(BENCHES.parent)
    except ValueError:
        pass
    return shlex.join(["python", script.as_posix(), *sys.argv[1:]])


class Run:
    """One bench run: made at the start (the load before), written at the end (the load after)."""

    def __init__(self, bench: str) -> None:
        self.bench = bench
        self.command = command()
        self.revision = git_revision()
        self.started = datetime.now(timezone.utc)
        self.load_before = list(os.getloadavg())
        self._clock = time.perf_counter()

    def envelope(self) -> dict[str, Any]:
        return {
            "bench": self.bench,
            "command": self.command,
            "git_revision": self.revision,
            "started": self.started.isoformat(timespec="seconds"),
            "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "wall_seconds": round(time.perf_counter() - self._clock, 3),
            "machine": {
                "cpus": os.cpu_count(),
                "platform": platform.platform(),
                "python": platform.python_version(),
            },
            "load_average_before": self.load_before,
            "load_average_after": list(os.getloadavg()),
        }

    def write(self, data: dict[str, Any], path: Path | str) -> Path:
        """Write ``{"envelope": …, **data}`` as indented JSON to ``path`` (its folder made if missing)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        doc = {"envelope": self.envelope(), **data}
        path.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
        print(f"wrote {path}", file=sys.stderr)
        return path
