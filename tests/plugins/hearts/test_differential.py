"""Ravenry's hearts against OpenSpiel's, move for move.

Both engines get the same deal: Ravenry deals from its seed, and OpenSpiel's chance nodes are driven with that
deal (its first chance node picks the pass direction, 0 none / 1 left / 2 across / 3 right; the next 52 deal
card k to seat k mod 4). Then a policy picks among the legal moves and both engines play the same card. At every
decision the two must agree on whose turn it is and on the set of legal moves, and at the end on every seat's
returns. Action ids are mapped through the card each names (OpenSpiel numbers cards rank-major, Ravenry
suit-major), never assumed equal.

Ravenry's pass is simultaneous (every seat that still has cards to pass is to act) and OpenSpiel's is
sequential (seat 0's three cards, then seat 1's, ...). The test follows OpenSpiel's order, so at OpenSpiel's
seat-p pass decision Ravenry must have exactly seats p..3 to act.

CI plays 2,000 matches here (a few seconds); ``RAVENRY_HEARTS_DIFF_MATCHES`` scales the run
(``benches/peers/hearts_differential.sh`` plays 20,000 per case).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
import ravenry

pyspiel = pytest.importorskip("pyspiel", reason="the differential test needs OpenSpiel (the peers extra)")

SCALE = int(os.environ.get("RAVENRY_HEARTS_DIFF_MATCHES", "0"))
PASS_OFFSET = {"None": 0, "Left": 1, "Across": 2, "Right": 3}
RANKS = "23456789TJQKA"
SUITS = "CDHS"

# Policy: given (seat, legal card names) pick one name. Uniform random, or "greedy": seat 0 always plays its
# highest card and the others their lowest, which makes moon shots and trick-less seats common, so the scoring
# rules that random play rarely reaches are compared too.
Policy = Callable[[int, list[str], random.Random], str]


def uniform(seat: int, legal: list[str], rng: random.Random) -> str:
    return rng.choice(legal)


def _rank(name: str) -> int:
    return RANKS.index(name[0])


def greedy(seat: int, legal: list[str], rng: random.Random) -> str:
    if seat == 0:
        return max(legal, key=lambda n: (_rank(n), n))
    return min(legal, key=lambda n: (_rank(n), n))


@dataclass
class Tally:
    matches: int = 0
    decisions: int = 0
    moons: int = 0
    trickless: int = 0
    directions: set[int] = field(default_factory=set)


def ravenry_name(code: int) -> str:
    """The card a Ravenry code names, by its documented encoding (suit * 13 + rank); every decision checks it
    against the engine's own description of each legal code, so a wrong encoding here fails the test."""
    return RANKS[code % 13] + SUITS[code // 13]


def card_maps(options: dict[str, Any]) -> tuple[dict[str, int], dict[int, str]]:
    """Ravenry code by card name, OpenSpiel action id to card name (from its own ``action_to_string``)."""
    ours = {ravenry_name(code): code for code in range(52)}
    s = pyspiel.load_game("hearts").new_initial_state()
    s.apply_action(0)  # past the pass-direction node, action strings name cards
    theirs = {a: s.action_to_string(0, a) for a in range(52)}
    assert sorted(ours) == sorted(theirs.values()) == sorted(r + s for r in RANKS for s in SUITS)
    return ours, theirs


def play_both(
    options: dict[str, Any], seed: int, policy: Policy, maps: tuple[dict[str, int], dict[int, str]], tally: Tally
) -> None:
    ours, theirs = maps
    m = ravenry.game("hearts").new_match(4, seed, options=options)
    game = pyspiel.load_game("hearts", {k: v for k, v in options.items() if k not in ("pass_direction", "hands")})
    s = game.new_initial_state()
    god = m.state()
    direction = PASS_OFFSET[god["pass_direction"]]
    assert s.is_chance_node()
    assert direction in [a for a, _ in s.chance_outcomes()], "our pass direction is one OpenSpiel could draw"
    s.apply_action(direction)
    tally.directions.add(direction)
    by_name = {v: k for k, v in theirs.items()}
    hands = [sorted(code for code in range(52) if god["hands"][p] >> code & 1) for p in range(4)]
    for k in range(52):
        assert s.is_chance_node() and s.current_player() == pyspiel.PlayerId.CHANCE
        s.apply_action(by_name[ravenry_name(hands[k % 4][k // 4])])
    rng = random.Random(seed * 7919 + 1)
    passes_left = 12 if direction else 0
    while not s.is_terminal():
        assert not m.is_over, f"seed {seed}: Ravenry ended the hand before OpenSpiel"
        assert not s.is_chance_node(), "OpenSpiel has no chance after the deal"
        p = s.current_player()
        to_act = m.to_act
        if passes_left:
            assert to_act == list(range(p, 4)), f"seed {seed}: passing, OpenSpiel's seat {p}, Ravenry's {to_act}"
        else:
            assert to_act == [p], f"seed {seed}: OpenSpiel's turn is seat {p}, Ravenry's {to_act}"
        legal_os = sorted(theirs[a] for a in s.legal_actions())
        described = {a: m.describe(a, p)["fields"]["name"] for a in m.legal_actions(p)}
        assert all(ravenry_name(a) == n for a, n in described.items()), f"seed {seed}: {described}"
        legal_rv = sorted(described.values())
        assert legal_rv == legal_os, f"seed {seed}, seat {p}: Ravenry {legal_rv} vs OpenSpiel {legal_os}\n{s}"
        name = policy(p, legal_os, rng)
        s.apply_action(by_name[name])
        m.apply(p, ours[name])
        tally.decisions += 1
        passes_left = max(passes_left - 1, 0)
    assert m.is_over, f"seed {seed}: OpenSpiel ended the hand and Ravenry did not"
    returns = s.returns()
    scores = m.outcome["scores"]
    assert scores == returns, f"seed {seed}: returns differ: Ravenry {scores}, OpenSpiel {returns}\n{s}"
    final = m.view(None)
    tally.moons += final["moon_shooter"] is not None
    tally.trickless += any(t == 0 for t in final["tricks_won"])
    tally.matches += 1


CASES: list[tuple[str, dict[str, Any], int]] = [
    ("defaults", {}, 1200),
    ("jd-bonus-avoid-all-tricks", {"jd_bonus": True, "avoid_all_tricks_bonus": True}, 200),
    ("lead-any-club", {"can_lead_any_club": True}, 100),
    ("points-on-first-trick", {"no_pts_on_first_trick": False}, 100),
    ("hearts-need-not-break", {"must_break_hearts": False}, 100),
    ("queen-does-not-break", {"qs_breaks_hearts": False}, 100),
    ("lead-hearts-not-queen", {"can_lead_hearts_instead_of_qs": True}, 100),
    ("no-pass", {"pass_cards": False}, 100),
]


@pytest.mark.parametrize(("options", "matches"), [(o, n) for _, o, n in CASES], ids=[c[0] for c in CASES])
def test_same_turns_legal_moves_and_returns(options: dict[str, Any], matches: int) -> None:
    """Disagreements found while writing this test, and which side was wrong: none so far. Should one appear,
    its seed and both engines' states are in the assertion message; decide against OpenSpiel's hearts.cc (the
    reference) and write the finding here."""
    maps = card_maps(options)
    tally = Tally()
    n = SCALE or matches
    for seed in range(n):
        policy = greedy if seed % 4 == 3 else uniform
        play_both(options, seed, policy, maps, tally)
    assert tally.matches == n
    assert tally.decisions >= n * 52
    if options.get("pass_cards", True):
        assert tally.directions == {0, 1, 2, 3}, "every pass direction was compared"
    else:
        assert tally.directions == {0}
    assert tally.moons > 0, "some compared matches ended with a moon shot"
    if options.get("avoid_all_tricks_bonus"):
        assert tally.trickless > 0, "some compared matches gave the avoid-all-tricks bonus"
