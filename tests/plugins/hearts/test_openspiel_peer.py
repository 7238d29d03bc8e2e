"""The hearts-vs-OpenSpiel harness (benches/peers/hearts_openspiel.py): both engines are put in the same position
before a row is timed, and a short run gives every like-for-like row with a rate on each side. ``ravenry bench``
measures Ravenry only; this harness lives with the benches, so it is loaded from its file here."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.scripts import BENCHES, load

pyspiel = pytest.importorskip("pyspiel", reason="the harness needs OpenSpiel (the peers extra)")

HARNESS = BENCHES / "peers" / "hearts_openspiel.py"


@pytest.fixture(scope="module")
def harness() -> ModuleType:
    return load(HARNESS, "hearts_openspiel")


@pytest.mark.parametrize("decisions", [0, 5, 12, 36])
def test_both_engines_reach_the_same_position(harness: ModuleType, decisions: int) -> None:
    m, s = harness._mid_games(pyspiel.load_game("hearts"), decisions)
    seat = s.current_player()
    assert seat in m.to_act
    # OpenSpiel numbers a card rank * 4 + suit, Ravenry suit * 13 + rank.
    ours = sorted((a % 13) * 4 + a // 13 for a in m.legal_actions(seat))
    assert ours == sorted(s.legal_actions())


def test_a_short_run_gives_every_row(harness: ModuleType) -> None:
    result = harness.measure(0.05)
    rows = {r["row"]: r for r in result["rows"]}
    assert len(rows) == 7 and "ISMCTS iterations at the first trick" in rows
    for r in rows.values():
        assert r["ravenry"] > 0 and r["open_spiel"] > 0 and r["ratio"] == r["ravenry"] / r["open_spiel"]
