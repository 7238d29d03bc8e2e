"""docs/plugins.md documents every hook with its exact signature (the datasette guard)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import ravenry
from ravenry.registry import hookspecs

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


def test_readme_quick_tour_names_only_real_games() -> None:
    # `ravenry info fixture` fails after a normal install: the tour must use games a user has.
    readme = (ROOT / "README.md").read_text()
    tour = readme.split("## A quick tour of the CLI", 1)[1].split("## A quick tour of the API", 1)[0]
    real = {i.id for i in ravenry.games()} - {"fixture"}
    named = re.findall(r"ravenry (?:play|watch|info|sim|serve) ([a-z-]+)", tour)
    assert named and set(named) <= real, set(named) - real
    assert "fixture" not in readme.split("## Writing a plugin", 1)[0].split("## A quick tour of the CLI", 1)[1]
