"""docs/plugins.md documents every hook with its exact signature (the datasette guard)."""

from __future__ import annotations

import inspect
from pathlib import Path

from ravenry import hookspecs

ROOT = Path(__file__).resolve().parents[2]


def test_plugin_hooks_are_documented() -> None:
    doc = (ROOT / "docs" / "plugins.md").read_text()
    for name in dir(hookspecs):
        if name.startswith("ravenry_"):
            args = ", ".join(inspect.signature(getattr(hookspecs, name)).parameters)
            assert f"## {name}({args})" in doc, f"docs/plugins.md has no heading for {name}({args})"


def test_readme_has_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "pip install" in readme and ".ci/run" in readme
