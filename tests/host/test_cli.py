"""The CLI through click's CliRunner: each command renders, --json prints data, errors are one line."""

from __future__ import annotations

import json
from pathlib import Path

import ravenry
from click.testing import CliRunner
from ravenry.faces.cli import cli


def invoke(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_list_and_info() -> None:
    r = invoke("list", "--json")
    assert {"fixture", "race-to-ten"} <= {g["id"] for g in json.loads(r.output)}
    r = invoke("info", "fixture")
    assert r.exit_code == 0 and "doubling" in r.output and "high-stakes" in r.output
    data = json.loads(invoke("info", "fixture", "--json").output)
    assert data["players"] == [2, 4] and data["options"][0]["name"] == "doubling"


def test_errors_are_one_line_without_traceback() -> None:
    r = invoke("info", "chess")
    assert r.exit_code == 1 and r.output.count("\n") == 1 and "error: no game 'chess'" in r.output
    r = invoke("sim", "fixture", "-o", "speed=3")
    assert r.exit_code == 1 and "no option 'speed'" in r.output and "Traceback" not in r.output


def test_sim_json_matches_the_api() -> None:
    r = invoke("sim", "fixture", "-n", "500", "--players", "3", "--seed", "4", "--workers", "2", "--json")
    data = json.loads(r.output)
    api = ravenry.simulate("fixture", 500, players=3, seed=4, workers=1)
    assert [s["wins"] for s in data["seats"]] == api.wins
    assert data["finished"] == 500 and all(len(s["ci95"]) == 2 for s in data["seats"])


def test_sim_table() -> None:
    r = invoke("sim", "fixture", "-n", "300", "--players", "2", "--variant", "high-stakes")
    assert r.exit_code == 0 and "win share" in r.output and "decisions/match" in r.output


def test_play_a_whole_match_with_a_human_seat(tmp_path: Path) -> None:
    save = tmp_path / "m.rvn"
    r = invoke(
        "play", "fixture", "--players", "2", "--seed", "3", "--bots", "random", "--save", str(save), input="1\n" * 40
    )
    assert r.exit_code == 0, r.output
    assert "final result" in r.output and "your choices" in r.output
    m = ravenry.load_match(save, verify=True)
    assert m.is_over and m.meta["seats"] == {"0": None, "1": "random"}


def test_play_rejects_bad_input_then_accepts(tmp_path: Path) -> None:
    r = invoke("play", "fixture", "--players", "2", "--seed", "3", "--bots", "random", input="x\n99\n" + "1\n" * 40)
    assert "type a number from 1 to" in r.output and "final result" in r.output


def test_resume_continues_a_saved_match(tmp_path: Path) -> None:
    m = ravenry.game("fixture").new_match(2, 8)
    m.meta["seats"] = {"0": None, "1": "random"}
    p = m.to_act[0]
    m.apply(p, m.legal_actions(p)[0])
    path = m.save(tmp_path / "r.rvn")
    r = invoke("resume", str(path), "--verify", input="1\n" * 40)
    assert r.exit_code == 0 and "final result" in r.output
    assert ravenry.load_match(path).is_over


def test_replay_narrates_every_action(tmp_path: Path) -> None:
    m = ravenry.game("fixture").new_match(2, 2)
    while not m.is_over:
        for p in m.to_act:
            m.apply(p, m.bot("random", p))
    path = m.save(tmp_path / "done.rvn")
    r = invoke("replay", str(path), "--seat", "1")  # seats are typed from 1: index 0
    assert r.exit_code == 0 and f"{len(m.history()):>4}" in r.output and "final result" in r.output
    assert " seat 1: " in r.output and " seat 2 acts" in r.output and " seat 0" not in r.output
    r = invoke("replay", str(path), "--seat", "0")
    assert r.exit_code == 2 and "0: seats are numbered 1 to 2 (2 players)" in r.output


def test_resume_of_a_corrupt_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.rvn"
    bad.write_bytes(b"\x00not a save")
    r = invoke("resume", str(bad))
    assert r.exit_code == 1 and "not a Ravenry save" in r.output


def test_bench_quick_writes_json(tmp_path: Path) -> None:
    r = invoke("bench", "--game", "fixture", "--quick", "--out", str(tmp_path), "--json")
    data = json.loads(r.output)
    rows = {row["players"]: row for row in data["results"]}
    assert set(rows) == {2, 3, 4}
    assert rows[2]["rust_batch_1_worker"]["decisions_per_s"] > 0 and rows[2]["snapshot_bytes"] > 0
    assert all(row["load_average"] >= 0 for row in rows.values()), "every row says the machine's load"
    assert len(data["load_average_before"]) == len(data["load_average_after"]) == 3
    assert list(tmp_path.glob("bench_fixture_quick.json"))


def test_watch_narrates_a_bot_match() -> None:
    r = invoke("watch", "fixture", "--players", "3", "--seed", "1", "--bots", "random")
    assert r.exit_code == 0 and "Revealed" in r.output and "final result" in r.output
    assert "DrewHidden {" in r.output and "Drew {" not in r.output, "a spectator never sees a drawn card"


def test_help_everywhere() -> None:
    for cmd in ("list", "info", "plugins", "sim", "play", "watch", "resume", "replay", "bench"):
        r = invoke(cmd, "--help")
        assert r.exit_code == 0 and "Usage" in r.output


def test_seats_are_typed_from_1(tmp_path: Path) -> None:
    """`--seat 2` is the second seat (the API's index 1), as the tables and the story number it."""
    save = tmp_path / "m.rvn"
    args = ["play", "fixture", "--players", "2", "--seed", "3", "--seat", "2", "--bots", "random", "--save", str(save)]
    r = invoke(*args, input="1\n" * 40)
    assert r.exit_code == 0 and "Seat 2: your choices" in r.output and "Seat 1: your" not in r.output, r.output
    assert ravenry.load_match(save).meta["seats"] == {"0": "random", "1": None}
    table = invoke("sim", "fixture", "-n", "20", "--players", "2").output
    assert "│    1 │" in table and "│    2 │" in table and "│    0 │" not in table
