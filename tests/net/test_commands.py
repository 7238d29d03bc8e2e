"""``ravenry serve`` and ``ravenry join`` from the command line."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from ravenry.net.commands import join, serve

from .conftest import LiveServer, create, free_port, run


@pytest.fixture(autouse=True)
def token_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    return tmp_path


def test_join_with_bot_plays_a_remote_seat_to_the_end(live: LiveServer, token_dir: Path) -> None:
    mid = run(create(live.url, "fixture", 4, seed=2, bots={1: "random", 2: "random", 3: "random"}))
    result = CliRunner().invoke(join, [live.url, "--match", mid, "--seat", "1", "--bot", "random"])
    assert result.exit_code == 0, result.output
    assert f"joined match {mid} (seat 1)" in result.output
    assert "your choices" in result.output and "final result" in result.output
    assert live.server.tables[mid].match.is_over
    assert mid in (token_dir / "ravenry" / "tokens.json").read_text()


def test_join_as_a_human_with_numbered_choices(live: LiveServer) -> None:
    mid = run(create(live.url, "race-to-ten", 2, seed=0, bots={1: "random"}))
    result = CliRunner().invoke(join, [live.url, "--seat", "1"], input="x\n" + "1\n" * 20)
    assert result.exit_code == 0, result.output
    assert "type a number from 1 to" in result.output  # the bad answer "x" was explained, not sent
    assert "add 1 (total becomes" in result.output and "final result" in result.output
    m = live.server.tables[mid].match
    assert m.is_over and all(a == 1 for p, a in m.history() if p == 0)


def test_watch_and_errors(live: LiveServer) -> None:
    run(create(live.url, "race-to-ten", 2, seed=0))
    run(create(live.url, "race-to-ten", 2, seed=1))
    r = CliRunner().invoke(join, [live.url])
    assert r.exit_code != 0 and "choose one with --match" in r.output and "matches on this server" in r.output
    r = CliRunner().invoke(join, [live.url, "--match", "nope", "--watch"])
    assert r.exit_code != 0 and "no match 'nope'" in r.output
    r = CliRunner().invoke(join, ["ws://127.0.0.1:1", "--match", "x", "--watch"])
    assert r.exit_code != 0 and "cannot connect" in r.output


def test_serve_command_hosts_a_match_with_bots_and_join_watches_it(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from ravenry.net.commands import serve; serve()",
            "race-to-ten",
            "--port",
            str(port),
            "--players",
            "3",
            "--bots",
            "1,2,3",
            "--save-dir",
            str(tmp_path / "saves"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]
        assert lines[1].startswith("serving on"), lines
        match_id = lines[0].split()[1].rstrip(":")
        deadline = time.monotonic() + 10
        saved = tmp_path / "saves" / f"{match_id}.rvn"
        while not saved.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        r = CliRunner().invoke(join, [f"ws://127.0.0.1:{port}", "--watch"])
        assert r.exit_code != 0 or "final result" in r.output  # the bots may have finished: then nothing is open
        r = CliRunner().invoke(join, [f"ws://127.0.0.1:{port}", "--match", match_id, "--watch"])
        assert r.exit_code == 0 and "spectator" in r.output and "final result" in r.output, r.output
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(5)
    assert proc.returncode == 0  # SIGTERM is a clean shutdown


def test_serve_rejects_bad_options() -> None:
    r = CliRunner().invoke(serve, ["race-to-ten", "--players", "9"])
    assert r.exit_code != 0 and "2 to 3 players" in r.output
    r = CliRunner().invoke(serve, ["race-to-ten", "--bots", "7"])
    assert r.exit_code != 0 and "not a seat" in r.output
    r = CliRunner().invoke(serve, ["race-to-ten", "--bots", "0"])  # seats are typed from 1
    assert r.exit_code != 0 and "'0' is not a seat: seats are numbered 1 to 2" in r.output
    r = CliRunner().invoke(serve, ["no-such-game"])
    assert r.exit_code != 0 and "no game 'no-such-game'" in r.output


def test_join_again_resumes_the_seat_with_the_saved_token(live: LiveServer) -> None:
    mid = run(create(live.url, "race-to-ten", 2, seed=0, bots={1: "random"}))
    first = CliRunner().invoke(join, [live.url, "--match", mid, "--seat", "1"], input="1\n")  # then stdin ends
    assert first.exit_code != 0 and "your seat stays yours" in first.output
    assert live.server.tables[mid].match.history()[0] == (0, 1)
    again = CliRunner().invoke(join, [live.url, "--match", mid, "--bot", "first"])  # no --seat: the one we hold
    assert again.exit_code == 0, again.output
    assert f"resumed match {mid} (seat 1)" in again.output and "final result" in again.output


def test_join_create_opens_a_match_with_server_bots_and_plays_it(live: LiveServer) -> None:
    r = CliRunner().invoke(
        join, [live.url, "--create", "fixture", "--players", "3", "--bots", "2,3", "--seat", "1", "--bot", "random"]
    )
    assert r.exit_code == 0, r.output
    (mid,) = [t.id for t in live.server.tables.values()]
    assert f"created match {mid} (fixture)" in r.output and "final result" in r.output
    table = live.server.tables[mid]
    assert table.match.is_over and [s.bot for s in table.seats] == [None, "random", "random"]
    bad = CliRunner().invoke(join, [live.url, "--create", "fixture", "--bots", "9"])
    assert bad.exit_code != 0 and "'9' is not a seat: seats are numbered 1 to 2" in bad.output
    bad = CliRunner().invoke(join, [live.url, "--create", "fixture", "--bots", "0"])
    assert bad.exit_code != 0 and "'0' is not a seat: seats are numbered 1 to 2" in bad.output
    bad = CliRunner().invoke(join, [live.url, "--seat", "0"])
    assert bad.exit_code == 2 and "0: seats are numbered from 1" in bad.output
    bad = CliRunner().invoke(join, [live.url, "--match", mid, "--seat", "4", "--bot", "random"])
    assert bad.exit_code != 0 and f"match {mid} has seats 1 to 3, not 4" in bad.output, bad.output
    assert CliRunner().invoke(join, [live.url, "--players", "3"]).exit_code == 2


def test_serve_and_join_create_take_options_and_variants(live: LiveServer) -> None:
    r = CliRunner().invoke(serve, ["fixture", "-o", "speed=3"])
    assert r.exit_code != 0 and "no option 'speed'" in r.output
    r = CliRunner().invoke(serve, ["fixture", "--variant", "no-such-variant"])
    assert r.exit_code != 0 and "no-such-variant" in r.output
    r = CliRunner().invoke(serve, ["-o", "doubling=true"])
    assert r.exit_code != 0 and "name GAME" in r.output
    r = CliRunner().invoke(
        join,
        [live.url, "--create", "fixture", "--players", "2", "--bots", "2", "-o", "doubling=true", "--seat", "1"]
        + ["--bot", "random"],
    )
    assert r.exit_code == 0, r.output
    (table,) = live.server.tables.values()
    assert table.match.options["doubling"] is True
    r = CliRunner().invoke(
        join,
        [live.url, "--create", "fixture", "--bots", "2", "--variant", "high-stakes", "--seat", "1", "--bot", "random"],
    )
    assert r.exit_code == 0, r.output
    assert [t.match.variants for t in live.server.tables.values()] == [(), ("high-stakes",)]
