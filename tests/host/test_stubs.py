"""host/ravenry/_core.pyi matches the built extension (mypy's stubtest)."""

from __future__ import annotations

import subprocess
import sys


def test_core_stubs_match_the_extension() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "ravenry._core"], capture_output=True, text=True, timeout=600
    )
    assert r.returncode == 0, r.stdout + r.stderr
