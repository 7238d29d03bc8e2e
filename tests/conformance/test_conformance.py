"""The conformance kit (design §9): every registered game passes these, for every player count it allows.

Like OpenSpiel's basic_tests: random matches end with an outcome; illegal actions are refused without change;
clones and snapshots continue identically; seed + actions reproduce the match; views never leak; random bytes
never crash the core.
"""

from __future__ import annotations

import random

import pytest
import ravenry
from hypothesis import given
from hypothesis import strategies as st
from ravenry import IllegalAction, RavenryError, SnapshotError

from .kit import MATCHES, cases, is_rust, play_random, variant_cases

CASES = cases()
ids = [f"{g}-{n}p" for g, n in CASES]


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_random_matches_end_with_an_outcome(game: str, players: int) -> None:
    """Every random match ends. A game may stop one its rules cannot end (the CCG's two players left with no
    characters and empty decks: nobody can gain power) at its safeguard, with no outcome; that must stay rare."""
    g = ravenry.game(game)
    unfinished = []
    for seed in range(MATCHES):
        m = g.new_match(players, seed)
        play_random(m, random.Random(seed))
        assert m.is_over, f"seed {seed}: not over after the step cap"
        out = m.outcome
        if out is None:
            unfinished.append(seed)
            assert m.to_act == [] and all(m.legal_actions(p) == [] for p in range(players))
            continue
        assert out["winners"], f"seed {seed}: over without winners"
        assert len(out["scores"]) == players and len(out["ranks"]) == players
        assert all(0 <= w < players for w in out["winners"])
        assert m.to_act == [] and all(m.legal_actions(p) == [] for p in range(players))
    assert len(unfinished) * 100 <= MATCHES, f"stopped unfinished (more than 1 in 100): seeds {unfinished}"


@pytest.mark.parametrize(("game", "variant"), variant_cases())
def test_variants_play_to_the_end(game: str, variant: str) -> None:
    g = ravenry.game(game)
    lo, hi = g.info.players
    for players in range(lo, hi + 1):
        for seed in range(max(3, MATCHES // 10)):
            m = g.new_match(players, seed, variants=[variant])
            play_random(m, random.Random(seed))
            assert m.is_over and m.outcome is not None


def _illegal_codes(m: ravenry.MatchBase, p: int, rng: random.Random) -> list[int]:
    legal = set(m.legal_actions(p))
    probes = [0, 1, 2, 7, 1000, 1001, 65535, 2**31, 2**32 - 1] + [rng.randrange(2**32) for _ in range(20)]
    return [a for a in probes if a not in legal]


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_illegal_actions_are_refused_without_change(game: str, players: int) -> None:
    g = ravenry.game(game)
    rng = random.Random(99)
    for seed in range(max(5, MATCHES // 10)):
        m = g.new_match(players, seed)
        steps = 0
        while not m.is_over and steps < 400:
            before = (m.state_msgpack(), m.history(), m.event_count)
            for p in range(players):
                codes = _illegal_codes(m, p, rng) if p in m.to_act else [rng.randrange(2**32)]
                for a in codes[:6]:
                    with pytest.raises(IllegalAction) as err:
                        m.apply(p, a)
                    assert str(err.value), "an illegal action must say why"
            with pytest.raises((IllegalAction, OverflowError, ravenry.RavenryError)):
                m.apply(players + 3, 0)
            assert (m.state_msgpack(), m.history(), m.event_count) == before, "a refused action changed the match"
            for p in m.to_act:
                m.apply(p, rng.choice(m.legal_actions(p)))
                steps += 1


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_clone_and_snapshot_round_trips_continue_identically(game: str, players: int) -> None:
    g = ravenry.game(game)
    for seed in range(max(3, MATCHES // 20)):
        m = g.new_match(players, seed)
        rng = random.Random(seed)
        play_random(m, rng, steps=rng.randrange(1, 60))
        twin = m.clone()
        loaded = ravenry.load_match(m.to_bytes())
        assert twin.state() == m.state() == loaded.state()
        assert twin.history() == m.history() == loaded.history()
        for other in (twin, loaded):
            a, b = random.Random(seed + 1), random.Random(seed + 1)
            play_random(m.clone(), a)
            ref = m.clone()
            play_random(ref, b)
            c = random.Random(seed + 1)
            play_random(other, c)
            assert other.state() == ref.state(), "a copy diverged from the original"
            assert other.outcome == ref.outcome


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_seed_and_actions_reproduce_the_match(game: str, players: int) -> None:
    g = ravenry.game(game)
    for seed in range(max(3, MATCHES // 20)):
        m = g.new_match(players, seed)
        play_random(m, random.Random(seed * 31))
        again = g.new_match(players, seed)
        for p, a in m.history():
            again.apply(p, a)
        assert again.state_msgpack() == m.state_msgpack()
        assert again.outcome == m.outcome
        assert ravenry.load_match(m.to_bytes(), verify=True).state() == m.state()


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_views_never_leak_hidden_information(game: str, players: int) -> None:
    """What a seat cannot see is exactly what ``determinize`` resamples, so resampling it must not change that
    seat's view; and somewhere in the match it must change the god view, or this test could not fail."""
    g = ravenry.game(game)
    m = g.new_match(players, 4)
    if not is_rust(m):
        pytest.skip("pure-Python games declare no hidden information")
    rng = random.Random(4)
    changed_god_view = False
    steps = 0
    while not m.is_over and steps < 3000:
        for p in range(players):
            for k in range(2):
                d = m.determinized(p, seed=steps * 7 + k)
                assert d.view(p) == m.view(p), f"seat {p}'s view depends on what it cannot see (step {steps})"
                assert d.view(None) == m.view(None), f"the public view depends on hidden information (step {steps})"
                assert (d.observation(p) == m.observation(p)).all(), f"seat {p}'s observation leaks (step {steps})"
                changed_god_view |= d.state() != m.state()
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
            steps += 1
    assert changed_god_view, "determinize never resampled anything: the game declares nothing hidden"
    for p in range(players):
        for_all = {e["index"] for e in m.events(0, None) if e["vis"] == "All"}
        mine = {e["index"] for e in m.events(0, p)}
        assert for_all <= mine, "a seat must see every event meant for everyone"
        assert "rng" not in repr(m.view(p)), "a view must not contain the RNG"


@pytest.mark.parametrize(("game", "players"), CASES, ids=ids)
def test_events_visible_to_a_seat_are_those_it_may_know(game: str, players: int) -> None:
    g = ravenry.game(game)
    m = g.new_match(players, 11)
    play_random(m, random.Random(11), steps=200)
    everything = m.events(0, None, all=True)
    for p in range(players):
        seen = m.events(0, p)
        for e in seen:
            vis = e["vis"]
            if isinstance(vis, dict) and "Only" in vis:
                assert vis["Only"] >> p & 1, f"seat {p} got an event meant only for others: {e}"
            if isinstance(vis, dict) and "Except" in vis:
                assert not vis["Except"] >> p & 1, f"seat {p} got an event hidden from it: {e}"
        assert {e["index"] for e in seen} <= {e["index"] for e in everything}


RUST_CASES = [(g, n) for g, n in CASES if ravenry.game(g).spec.core is not None]


@pytest.mark.parametrize(("game", "players"), RUST_CASES, ids=[f"{g}-{n}p" for g, n in RUST_CASES])
@given(data=st.binary(max_size=512), seed=st.integers(0, 2**64 - 1))
def test_random_snapshot_bytes_never_crash(game: str, players: int, data: bytes, seed: int) -> None:
    g = ravenry.game(game)
    m = g.new_match(players, 1)
    try:
        ravenry.Match(g, m.ruleset, players, seed, state=data, options=m.options)
    except SnapshotError:
        pass


@pytest.mark.parametrize(("game", "players"), RUST_CASES, ids=[f"{g}-{n}p" for g, n in RUST_CASES])
@given(flips=st.lists(st.tuples(st.integers(0, 4095), st.integers(0, 255)), min_size=1, max_size=8))
def test_corrupted_states_are_refused_or_safe(game: str, players: int, flips: list[tuple[int, int]]) -> None:
    """Mutated real snapshots either fail to load with SnapshotError or load into a match that plays on."""
    g = ravenry.game(game)
    m = g.new_match(players, 5)
    play_random(m, random.Random(5), steps=30)
    raw = bytearray(m.state_msgpack())
    for pos, byte in flips:
        raw[pos % len(raw)] = byte
    try:
        forged = ravenry.Match(g, m.ruleset, players, 5, state=bytes(raw), options=m.options)
    except SnapshotError:
        return
    try:
        play_random(forged, random.Random(1), steps=300)
    except RavenryError:
        pass


@pytest.mark.parametrize(("game", "players"), RUST_CASES, ids=[f"{g}-{n}p" for g, n in RUST_CASES])
@given(actions=st.lists(st.tuples(st.integers(0, 20), st.integers(0, 2**32 - 1)), max_size=40))
def test_random_actions_never_crash(game: str, players: int, actions: list[tuple[int, int]]) -> None:
    m = ravenry.game(game).new_match(players, 3)
    for p, a in actions:
        try:
            m.apply(p, a)
        except IllegalAction:
            pass
        if p < players and m.to_act and p in m.to_act:
            m.apply(p, m.legal_actions(p)[a % len(m.legal_actions(p))])


@pytest.mark.parametrize(("game", "players"), RUST_CASES, ids=[f"{g}-{n}p" for g, n in RUST_CASES])
def test_any_seat_and_code_is_safe_in_every_core_call(game: str, players: int) -> None:
    """describe/view/events/legal_actions/bot_action with seats and codes out of range never panic in Rust (a
    panic would surface as pyo3's PanicException, which is not a RavenryError): a seat that does not exist and a
    code that is not legal now are RavenryErrors that say so, never a silent answer."""
    m = ravenry.game(game).new_match(players, 3)
    rng = random.Random(1)
    for _ in range(60):
        if m.is_over:
            break
        for seat in (0, players - 1, players, 15, 16, 255):
            legal = m.legal_actions(seat) if seat < players else []
            for a in (0, 1, 2**31, 2**32 - 1, rng.randrange(2**32)):
                if a in legal:
                    assert isinstance(m.describe(a, seat)["label"], str)
                    continue
                with pytest.raises(RavenryError, match=f"no seat {seat}|not a legal action"):
                    m.describe(a, seat)
            for a in legal:
                assert isinstance(m.describe(a, seat)["label"], str)
            if seat < players:
                m.view_msgpack(seat)
                m.events_msgpack(0, seat)
            else:
                for call in (m.view_msgpack, lambda s: m.events_msgpack(0, s), m.legal_actions, m.seat_label):
                    with pytest.raises(RavenryError, match=f"no seat {seat}"):
                        call(seat)
            for bot in m.game.info.bots:
                try:
                    m.bot_action(bot, seat)
                except RavenryError:
                    pass
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
