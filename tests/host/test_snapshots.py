"""Save files (design §6): round trips, atomic writes, verify, and a clear SnapshotError for each way to fail."""

from __future__ import annotations

import random
from pathlib import Path
from unittest import mock

import msgpack
import pytest
import ravenry
from hypothesis import given, settings
from hypothesis import strategies as st
from ravenry import SnapshotError
from ravenry.model import snapshot
from ravenry.model.match import envelope as envelope_of
from ravenry.model.snapshot import FIELDS, FORMAT


def played(seed: int = 3, steps: int = 10) -> ravenry.MatchBase:
    m = ravenry.game("fixture").new_match(3, seed, options={"doubling": True})
    rng = random.Random(seed)
    for _ in range(steps):
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
    return m


def envelope(m: ravenry.MatchBase) -> dict:
    return msgpack.unpackb(m.to_bytes(), raw=False)


def test_save_is_a_self_describing_msgpack_map() -> None:
    m = played()
    data = envelope(m)
    assert data["ravenry"] == FORMAT and data["game"] == "fixture" and data["players"] == 3
    assert data["options"] == {"doubling": True} and data["actions"] == [list(a) for a in m.history()]
    assert isinstance(data["state"], bytes) and len(data["ruleset_hash"]) == 64


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    m = played()
    path = m.save(tmp_path / "game.rvn")
    back = ravenry.load_match(path)
    assert back.state() == m.state() and back.history() == m.history() and back.options == m.options
    assert not list(tmp_path.glob("*.tmp")), "the atomic write leaves no temporary file"


def test_verify_replays_and_rebuilds_events() -> None:
    m = played()
    back = ravenry.load_match(m.to_bytes(), verify=True)
    assert back.events(0, None) == m.events(0, None)


def test_verify_catches_a_state_that_does_not_match_its_actions() -> None:
    a, b = played(seed=3), played(seed=4)
    data = envelope(a)
    data["state"] = b.state_msgpack()
    data["seed"] = b.seed
    forged = msgpack.packb(data, use_bin_type=True)
    ravenry.load_match(forged)  # loads: the state itself is well formed
    with pytest.raises(SnapshotError, match="verify"):
        ravenry.load_match(forged, verify=True)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(ravenry=2), "save format 2; this Ravenry reads format 1"),
        (lambda d: d.update(game="chess"), "game 'chess', which is not installed"),
        (lambda d: d.update(ruleset_hash="0" * 64), "other fixture content or options"),
        (lambda d: d.update(state=b"\x93\x01\x02"), "not a fixture state"),
        (lambda d: d.update(state="text"), "field 'state' should be bytes"),
        (lambda d: d.pop("actions"), "no 'actions' field"),
        (lambda d: d.update(actions=[[0, -1]]), "action \\[0, -1\\] is out of range"),
        (lambda d: d.update(game_version="0"), "version 0"),
        (lambda d: d.update(players=9), "played by 2 to 4 players"),
    ],
)
def test_each_bad_save_says_what_is_wrong(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    data = envelope(played())
    mutate(data)
    with pytest.raises(SnapshotError, match=message):
        ravenry.load_match(msgpack.packb(data, use_bin_type=True))


def test_random_bytes_and_truncated_files(tmp_path: Path) -> None:
    with pytest.raises(SnapshotError, match="not a Ravenry save"):
        ravenry.load_match(bytes(random.Random(1).randrange(256) for _ in range(200)))
    good = played().to_bytes()
    cut = tmp_path / "cut.rvn"
    cut.write_bytes(good[: len(good) // 2])
    with pytest.raises(SnapshotError, match="truncated"):
        ravenry.load_match(cut)
    with pytest.raises(SnapshotError, match="cannot read"):
        ravenry.load_match(tmp_path / "missing.rvn")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(players=256), "players 256 is not a player count"),
        (lambda d: d.update(players=-1), "players -1 is not a player count"),
        (lambda d: d.update(players=2), "2 players but its state has 3 seats"),
        (lambda d: d.update(players=4), "4 players but its state has 3 seats"),
        (lambda d: d.update(actions=[[0, 2**32]]), "out of range"),
        (lambda d: d.update(actions=[[256, 1]]), "out of range"),
        (lambda d: d.update(actions=[[0, True]]), "actions must be"),
        (lambda d: d.update(variants=[1, None]), "variants must be names"),
        (lambda d: d.update(options={1: 2}), "names must be strings"),
        (lambda d: d.update(meta={"net": "a string"}), None),
        (lambda d: d.update(options={"doubling": "yes"}), "options"),
        (lambda d: d.update(seed=-1), "seed"),
    ],
)
def test_envelopes_that_lie_are_refused_with_a_snapshot_error(mutate, message: str | None) -> None:  # type: ignore[no-untyped-def]
    data = envelope(played())
    mutate(data)
    raw = msgpack.packb(data, use_bin_type=True)
    if message is None:  # a meta the host does not read loads; the server checks its own part (tests/net)
        ravenry.load_match(raw)
        return
    with pytest.raises(SnapshotError, match=message):
        ravenry.load_match(raw)


def _forge_state(m: ravenry.MatchBase, edit) -> bytes:  # type: ignore[no-untyped-def]
    data = envelope(m)
    state = msgpack.unpackb(data["state"], raw=False, strict_map_key=False)
    edit(state)
    data["state"] = msgpack.packb(state, use_bin_type=True)
    return msgpack.packb(data, use_bin_type=True)


def test_plausible_but_impossible_states_are_refused_on_load() -> None:
    """The conservation laws each game's validate checks, through the front door."""
    it = ravenry.game("iron-throne").new_match(4, 2)

    def crowns(s: dict) -> None:
        s["seats"][0]["crowns"][1] = 250

    def twice(s: dict) -> None:
        s["seats"][0]["discard"].append(s["seats"][0]["hand"][0])

    def same_house(s: dict) -> None:
        s["seats"][1]["house"] = s["seats"][0]["house"]

    def seat_nine(s: dict) -> None:
        s["enc"]["attacker"] = 9

    def seat_seven_hostage(s: dict) -> None:
        s["seats"][2]["hostages"].append((7 << 5) | 1)

    for edit, message in [
        (crowns, "crowns"),
        (twice, "two places"),
        (same_house, "same house"),
        (seat_nine, "active players"),
        (seat_seven_hostage, "hostage"),
    ]:
        with pytest.raises(SnapshotError, match=message):
            ravenry.load_match(_forge_state(it, edit))
    ravenry.load_match(_forge_state(it, lambda s: None))


@settings(max_examples=300, deadline=None)
@given(
    field=st.sampled_from(sorted(FIELDS)),
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5) | st.binary(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=3)
        ),
        max_leaves=8,
    ),
)
def test_any_corrupted_field_is_a_snapshot_error_or_loads(field: str, value: object) -> None:
    """Hypothesis puts any msgpack value in any field: the load either succeeds or raises SnapshotError."""
    data = envelope(played())
    data[field] = value
    try:
        raw = msgpack.packb(data, use_bin_type=True)
    except (OverflowError, TypeError, ValueError):
        return  # not encodable: no such file can exist
    try:
        ravenry.load_match(raw)
    except SnapshotError:
        pass


@settings(max_examples=300, deadline=None)
@given(flips=st.lists(st.tuples(st.integers(0, 10_000), st.integers(1, 255)), min_size=1, max_size=4))
def test_flipped_bytes_are_a_snapshot_error_or_load(flips: list[tuple[int, int]]) -> None:
    raw = bytearray(played().to_bytes())
    for at, x in flips:
        raw[at % len(raw)] ^= x
    try:
        ravenry.load_match(bytes(raw), verify=True)
    except SnapshotError:
        pass


# The fast path (a save of the plain shape, read in the core) and the full checks give the same match or the
# same message.


def _outcome(raw: bytes, full: bool) -> tuple[str, object]:
    with mock.patch.object(snapshot, "parse_save", (lambda raw: None) if full else snapshot.parse_save):
        try:
            m = ravenry.load_match(raw)
        except SnapshotError as e:
            return "error", str(e)
    return "match", (type(m), m.state(), m.history(), m.options, m.variants, m.meta, m.players, m.seed, m.game)


def _same_either_way(raw: bytes) -> None:
    assert _outcome(raw, full=False) == _outcome(raw, full=True)


def test_a_written_save_takes_the_fast_path_and_matches_the_full_checks() -> None:
    m = played()
    m.meta["net"] = {"seats": ["a", "b"]}
    assert snapshot.parse_save(m.to_bytes()) is not None
    _same_either_way(m.to_bytes())


@pytest.mark.parametrize("game", ["hearts", "fixture", "iron-throne", "roll-player", "agot-board", "coin"])
def test_the_core_writes_the_bytes_msgpack_wrote(game: str) -> None:
    """Rust games' saves are written in Rust; a pure-Python game's (coin) by msgpack, and loaded by the full path."""
    g = ravenry.game(game)
    for seed in (1, 2):
        m = g.new_match(None, seed, meta={"k": [1, "x"]} if seed == 2 else None)
        rng = random.Random(seed)
        for _ in range(40):
            if m.is_over:
                break
            p = m.to_act[0]
            m.apply(p, rng.choice(m.legal_actions(p)))
        for _ in range(2):  # the second save finds the fixed parts kept by the first
            assert m.to_bytes() == msgpack.packb(envelope_of(m), use_bin_type=True)
        _same_either_way(m.to_bytes())


def test_options_equal_in_python_but_of_another_type_are_not_taken_for_each_other() -> None:
    a = played()
    b = a.clone()
    b.options = {"doubling": 1}  # == {"doubling": True} in Python, not in a save
    assert msgpack.unpackb(a.to_bytes())["options"] == {"doubling": True}
    # The fixed parts a's save keeps are not b's: b's options have no ruleset, as without the cache.
    with pytest.raises(ravenry.OptionError, match="expected a boolean"):
        envelope_of(b)
    with pytest.raises(ravenry.OptionError, match="expected a boolean"):
        b.to_bytes()


@settings(max_examples=300, deadline=None)
@given(
    field=st.sampled_from(sorted({*FIELDS, "extensions", "other"})),
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5) | st.binary(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=3)
        ),
        max_leaves=8,
    ),
)
def test_any_corrupted_field_gives_the_same_either_way(field: str, value: object) -> None:
    data = envelope(played())
    data[field] = value
    try:
        raw = msgpack.packb(data, use_bin_type=True)
    except (OverflowError, TypeError, ValueError):
        return
    _same_either_way(raw)


@settings(max_examples=300, deadline=None)
@given(flips=st.lists(st.tuples(st.integers(0, 10_000), st.integers(1, 255)), min_size=1, max_size=4))
def test_flipped_bytes_give_the_same_either_way(flips: list[tuple[int, int]]) -> None:
    raw = bytearray(played().to_bytes())
    for at, x in flips:
        raw[at % len(raw)] ^= x
    _same_either_way(bytes(raw))
