"""One clear line for every misuse the server-trust review found silent or raw: each is a
RavenryError (or the CLI's one-line usage error) naming what is wrong, in bounded time."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
import ravenry
from click.testing import CliRunner
from ravenry.faces.cli import cli
from ravenry.services.backends import check_backend


@pytest.mark.parametrize("source", [None, 3, 2.5, ["a.rvn"]])
def test_load_match_of_something_that_is_no_save(source: object) -> None:
    with pytest.raises(ravenry.SnapshotError, match="a save is bytes or a file's path"):
        ravenry.load_match(source)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [[1], "decks=stark", 3])
def test_options_that_are_not_a_map(options: object) -> None:
    with pytest.raises(ravenry.OptionError, match="options are a map of option names to values"):
        ravenry.game("fixture").new_match(2, options=options)  # type: ignore[arg-type]


@pytest.mark.parametrize("variants", [None, "tournament", 3, [1]])
def test_variants_that_are_not_a_list_of_names(variants: object) -> None:
    # A string would otherwise be read letter by letter ("no variant 't'").
    with pytest.raises(ravenry.OptionError, match="variants are"):
        ravenry.game("fixture").new_match(2, variants=variants)  # type: ignore[arg-type]
    with pytest.raises(ravenry.OptionError, match="variants are"):
        ravenry.simulate("fixture", 2, 2, ["random"], variants=variants)  # type: ignore[arg-type]


def test_events_since_a_negative_index() -> None:
    m = ravenry.game("fixture").new_match(2, seed=1)
    with pytest.raises(ravenry.RavenryError, match="since is an event index"):
        m.events(since=-1)


def test_a_report_that_cannot_be_written(tmp_path: Path) -> None:
    with pytest.raises(ravenry.RavenryError, match="cannot write the report to"):
        ravenry.write_report(ravenry.tournament("fixture", ["random", "ismcts:iterations=5"], 2).to_dict(), tmp_path)
    r = CliRunner().invoke(
        cli, ["tournament", "fixture", "--bots", "random,ismcts:iterations=5", "-n", "2", "--report", str(tmp_path)]
    )
    assert r.exit_code == 2 and "--report" in r.output and "Traceback" not in r.output, r.output


def test_a_ray_address_that_is_malformed_or_where_nothing_listens() -> None:
    pytest.importorskip("ray")
    for bad in ("nonsense", "127.0.0.1:99999", "http://x:1/"):
        with pytest.raises(ravenry.OptionError, match="a Ray address is HOST:PORT"):
            check_backend("ray", bad)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, not listening: nothing answers there
        t0 = time.monotonic()
        with pytest.raises(ravenry.OptionError, match="nothing answers at Ray address"):
            check_backend("ray", f"127.0.0.1:{port}")
        assert time.monotonic() - t0 < 10
    with pytest.raises(ravenry.OptionError, match="--address is for --backend ray"):
        check_backend("local", "127.0.0.1:1")


@pytest.mark.parametrize("seat", ["0", "3", "-1", "9"])
def test_play_with_a_seat_the_match_does_not_have(seat: str) -> None:
    """Seats are typed as every screen numbers them, from 1: seat 0 is refused like any seat the match lacks."""
    r = CliRunner().invoke(cli, ["play", "fixture", "--players", "2", "--seat", "1", "--seat", seat, "--plain"])
    assert r.exit_code == 2 and f"{seat}: seats are numbered 1 to 2 (2 players)" in r.output, r.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["-n", "0"], "0 is not in the range x>=1"),
        (["-n", "3", "--workers", "0"], "workers must be an int from 1"),
        (["-n", "3", "--bots", "random:c=1"], 'bot "random:c=1": unknown parameter "c"; valid parameters: none'),
    ],
)
def test_sim_refuses_a_bad_run_in_one_line_before_any_progress_bar(args: list[str], says: str) -> None:
    r = CliRunner().invoke(cli, ["sim", "fixture", "--players", "2", *args])
    assert r.exit_code != 0 and says in r.output, r.output
    assert "0/3" not in r.output and '\\"' not in r.output, r.output


@pytest.mark.parametrize(("seed", "workers", "says"), [(-1, None, "seed must be"), (0, 0, "workers must be")])
def test_runs_of_many_matches_check_seed_and_workers_one_way(seed: int, workers: int | None, says: str) -> None:
    runs = [
        lambda: ravenry.simulate("fixture", 2, 2, ["random"], seed=seed, workers=workers),
        lambda: ravenry.tournament("fixture", ["random", "ismcts:iterations=5"], 2, seed=seed, workers=workers),
        lambda: ravenry.balance("fixture", 2, ["random"], max_matches=10, seed=seed, workers=workers),
    ]
    for run in runs:
        with pytest.raises(ravenry.OptionError, match=says):
            run()
