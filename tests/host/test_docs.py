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


# Every game's page has these sections, in this order (docs/games/hearts.md is the model), so a reader finds the
# same thing in the same place in each; a heading may say more after its name, e.g. "(`observe.rs`)".
GAME_DOC_SECTIONS = [
    "What it is, and its sources",
    "Options and variants",
    "How to play it",
    "Rulebook decisions as actions",
    "Readings where the rulebook is silent",
    "Rules and their tests",
    "Not implemented",
    "Bots",
    "Balance",
    "Observation tensor and action space",
]
# tests/fixture_plugin's games: no page, no user plays them
TEST_ONLY_GAMES = {i.id for i in ravenry.games() if ravenry.game(i.id).plugin == "fixture"}


def test_every_game_doc_has_the_ten_sections_in_order() -> None:
    for game in sorted({i.id for i in ravenry.games()} - TEST_ONLY_GAMES):
        path = ROOT / "docs" / "games" / f"{game.replace('-', '_')}.md"
        headings = re.findall(r"(?m)^## (.+)$", path.read_text())
        assert len(headings) == len(GAME_DOC_SECTIONS), f"{path.name}: {headings}"
        for heading, name in zip(headings, GAME_DOC_SECTIONS):
            assert heading.startswith(name), f"{path.name}: {heading!r} where {name!r} belongs"


def test_no_game_doc_is_over_700_lines() -> None:
    for path in sorted((ROOT / "docs" / "games").rglob("*.md")):
        assert len(path.read_text().splitlines()) <= 700, f"{path.relative_to(ROOT)} is over 700 lines"


def test_game_docs_cite_rulebooks_by_title_not_by_a_path_outside_the_repository() -> None:
    for path in sorted((ROOT / "docs" / "games").rglob("*.md")):
        assert "shared/" not in path.read_text(), f"{path.relative_to(ROOT)} cites a shared/ path"


def test_every_cited_results_file_exists() -> None:
    # A results file is named by the question it answers and replaced by the next run, so a citation of a file
    # that was renamed or deleted is a dead end for the reader: every one must name a file in benches/results/.
    results = ROOT / "benches" / "results"
    sources = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    for folder in ("benches", "plugins", "tests"):
        sources += [p for p in (ROOT / folder).rglob("*") if p.suffix in {".md", ".py", ".sh"}]
    cited = {}
    for path in sources:
        text = path.read_text(encoding="utf-8")
        names = re.findall(r"benches/results/([\w.-]+\.json)", text)
        if path == ROOT / "benches" / "README.md":
            names += re.findall(r"`results/([\w.-]+\.json)`", text)
        for name in names:
            cited.setdefault(name, path.relative_to(ROOT))
    assert cited, "the pattern found no citation at all"
    missing = {name: str(where) for name, where in cited.items() if not (results / name).is_file()}
    assert not missing, missing
