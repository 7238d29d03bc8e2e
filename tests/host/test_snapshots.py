"""Save files (design §6): round trips, atomic writes, verify, and a clear SnapshotError for each way to fail."""

from __future__ import annotations

import random
from pathlib import Path

import msgpack
import pytest
import ravenry
from ravenry import SnapshotError
from ravenry.snapshot import FORMAT


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
