"""The search duel against OpenSpiel's ISMCTS (benches/peers/hearts_duel.py): both engines hold the same hand
through every card, each deal is played with the sides' seats swapped, OpenSpiel's simulation count follows the
measured clock, and a short duel reports what the docs quote."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.scripts import BENCHES, load

pyspiel = pytest.importorskip("pyspiel", reason="the duel needs OpenSpiel (the peers extra)")

DUEL = BENCHES / "peers" / "hearts_duel.py"


@pytest.fixture(scope="module")
def duel() -> ModuleType:
    return load(DUEL, "hearts_duel")


def test_the_card_mapping_is_a_bijection_both_ways(duel: ModuleType) -> None:
    assert sorted(duel.theirs(c) for c in range(52)) == list(range(52))
    assert all(duel.ours(duel.theirs(c)) == c for c in range(52))


def test_the_clock_steers_openspiel_toward_the_measured_time(duel: ModuleType) -> None:
    clock = duel.OpenSpielClock(0.020, 40_000)
    assert clock.sims == 800
    clock.hand_seconds = [0.040, 0.040]  # twice too slow: half the simulations
    clock.after_hand()
    assert clock.sims == 400 and clock.hand_seconds == []
    clock.hand_seconds = [0.001]  # far too fast: at most doubled per hand, so one odd hand cannot swing it
    clock.after_hand()
    assert clock.sims == 800


def test_a_short_duel_plays_every_hand_in_both_engines_with_the_seats_swapped(duel: ModuleType) -> None:
    r = duel.duel(3, 2, "ismcts:goal=score", seed=5, progress=False)
    assert r["hands"] == 6 and r["ravenry_spec"] == "ismcts:goal=score,ms=2,workers=1,trees=1"
    # Every hand deals 26 points (78 when the moon is shot: 26 to each other seat). A deal's two hands, summed over
    # the four seats and halved twice (two seats a side, two plays), give the two sides' sum: 13 to 39 a deal.
    total = r["points_per_hand"]["ravenry"] + r["points_per_hand"]["openspiel"]
    assert 13 <= total <= 39
    # Seats swapped on the same deal: both sides search about as often.
    moves = r["searched_moves"]
    assert moves["ravenry"] > 0 and moves["openspiel"] > 0
    assert abs(moves["ravenry"] - moves["openspiel"]) <= 0.25 * (moves["ravenry"] + moves["openspiel"])
    lo, hi = r["openspiel_minus_ravenry"]["interval_95"]
    assert lo <= r["openspiel_minus_ravenry"]["mean"] <= hi
    assert 0.0 <= r["ravenry_share_of_hands_won"]["mean"] <= 1.0
