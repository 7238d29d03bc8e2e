"""The balance studio: anytime-valid intervals that keep their error rate under repeated looks, verdicts against a
tolerance, budgets, restricted play on shared deals, records and the HTML report — checked against the rigged coin
(tests/fixture_plugin: seat 0 wins with a known chance)."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import numpy as np
import pytest
from ravenry import OptionError
from ravenry.services.balance import FAIR, OFF, UNDECIDED, Question, balance
from ravenry.services.balance.html import page
from ravenry.services.balance.sequential import answer, needed, radius, verdict


def test_the_radius_shrinks_as_matches_add_up_and_grows_with_confidence() -> None:
    rs = [radius(t, 0.05) for t in (1, 10, 100, 1000, 10_000)]
    assert rs == sorted(rs, reverse=True)
    assert radius(1000, 0.01) > radius(1000, 0.05)
    assert radius(1000, 0.05, width=2.0) > radius(1000, 0.05)


def test_verdicts_read_the_interval_against_the_band() -> None:
    assert verdict((0.46, 0.54), 0.5, 0.05) == FAIR
    assert verdict((0.56, 0.6), 0.5, 0.05) == OFF
    assert verdict((0.3, 0.44), 0.5, 0.05) == OFF
    assert verdict((0.5, 0.58), 0.5, 0.05) == UNDECIDED


def test_still_needed_is_the_first_count_that_decides() -> None:
    q = Question("seat 1", 0.5, 0.05)
    t = needed(q, 0.58, 0.05)
    assert t is not None
    assert radius(t, 0.05) < 0.03 <= radius(t - 1, 0.05)
    assert needed(q, 0.55, 0.05) is None  # on the band's edge: no count decides it
    a = answer(q, 0.58 * (t + 10), t + 10, 0.05)
    assert a.verdict == OFF and a.still_needed == 0


def _streams(p: float, reps: int, length: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.cumsum(rng.random((reps, length)) < p, axis=1)


def test_looking_after_every_match_keeps_the_error_rate() -> None:
    # A fair seat, looked at after each of 3000 matches, 2000 times over: the interval must exclude the truth at
    # any look in at most alpha of the runs (a plain 95% interval looked at this often does so in most runs).
    reps, length, alpha = 2000, 3000, 0.05
    wins = _streams(0.5, reps, length, 1)
    t = np.arange(1, length + 1)
    r = np.array([radius(int(k), alpha) for k in t])
    strayed = (np.abs(wins / t - 0.5) > r).any(axis=1).mean()
    assert strayed <= alpha
    plain = (np.abs(wins / t - 0.5) > 1.96 * np.sqrt(0.25 / t)).any(axis=1).mean()
    assert plain > 2 * alpha  # the reason for the sequence


def test_a_rigged_seat_is_found_off_and_a_fair_one_is_never_called_off() -> None:
    reps, length, alpha = 1000, 6000, 0.05
    t = np.arange(1, length + 1)
    r = np.array([radius(int(k), alpha) for k in t])
    rigged = _streams(0.6, reps, length, 2) / t
    found = ((rigged - r) > 0.55).any(axis=1).mean()
    assert found > 0.95  # 10 points off, tolerance 5: decided within the budget in nearly every run
    fair = _streams(0.5, reps, length, 3) / t
    called_off = (((fair - r) > 0.55) | ((fair + r) < 0.45)).any(axis=1).mean()
    assert called_off <= alpha


def test_the_study_finds_the_rigged_coin_and_stops_as_soon_as_it_can() -> None:
    r = balance("coin", 2, ["random"], options={"bias": 650}, max_matches=20_000, max_seconds=None)
    assert r.stopped == "every question decided"
    assert [a.verdict for a in r.answers] == [OFF, OFF]
    assert r.tally.matches < 2_000
    assert math.isclose(r.answers[0].mean + r.answers[1].mean, 1.0)


def test_a_fair_coin_is_not_called_off_over_many_studies() -> None:
    verdicts = [
        a.verdict
        for seed in range(12)
        for a in balance("coin", 2, ["random"], seed=seed, max_matches=1_000, max_seconds=None).answers
    ]
    assert OFF not in verdicts


def test_the_budget_bounds_the_study_and_says_what_it_would_take() -> None:
    r = balance("coin", 2, ["random"], options={"bias": 540}, max_matches=300, max_seconds=None)
    assert r.tally.matches <= 300 and r.stopped == "match budget spent"
    assert all(a.verdict == UNDECIDED for a in r.answers)
    assert all(a.still_needed and a.still_needed > 300 for a in r.answers)


def test_restricted_play_measures_the_change_on_the_same_deals() -> None:
    r = balance("coin", 2, ["random"], options={"bias": 700}, without="bias=500", max_matches=6_000, max_seconds=None)
    seat0 = next(a for a in r.change if a.question.name == "change: seat 1")  # the first seat: people count from 1
    assert seat0.verdict == OFF and -0.3 < seat0.mean < -0.1
    with pytest.raises(OptionError, match="no option 'colour'"):
        balance("coin", 2, ["random"], without="colour=red", max_matches=10)
    with pytest.raises(OptionError, match="changes no option"):
        balance("coin", 2, ["random"], without="bias=500", max_matches=10)


def test_the_records_have_one_line_per_match() -> None:
    out = io.StringIO()
    r = balance("coin", 3, ["random"], max_matches=48, max_seconds=None, records=out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(rows) == r.tally.matches
    assert {tuple(row["win_shares"]) for row in rows} <= {(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)}


@pytest.mark.parametrize(("game", "players"), [("iron-throne", 4), ("agot-ccg", 2)])
def test_the_same_seed_gives_the_same_report_and_records_bit_for_bit_on_any_worker_count(
    game: str, players: int
) -> None:
    runs = []
    for workers in (1, 2, 1):
        out = io.StringIO()
        r = balance(
            game,
            players,
            ["random", "heuristic"],
            max_matches=96,
            max_seconds=None,
            seed=5,
            workers=workers,
            records=out,
        )
        d = r.to_dict()
        del d["seconds"]
        runs.append((json.dumps(d, sort_keys=True), out.getvalue()))
    assert runs[0] == runs[1] == runs[2]
    d = json.loads(runs[0][0])
    assert d["phases"] and d["lead"]["matches"] == 96  # the detail is part of what must repeat
    assert bool(d["cards"]) == (game == "agot-ccg")


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"max_matches": None, "max_seconds": None}, "needs a budget"),
        ({"max_matches": 0}, "match budget"),
        ({"tolerance": 2.0}, "tolerance"),
        ({"alpha": 0.9}, "alpha"),
        ({"players": 9}, "takes 2-4 players"),
        ({"bots": ["nobody"]}, "nobody"),
    ],
)
def test_bad_studies_are_refused_with_a_reason(kw: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"players": 2, "bots": ["random"], "max_matches": 10, **kw}
    with pytest.raises(OptionError, match=message):
        balance("coin", **args)  # type: ignore[arg-type]


def test_the_report_page_is_self_contained_and_says_the_verdicts() -> None:
    r = balance("coin", 2, ["random"], options={"bias": 650}, max_matches=2_000, max_seconds=None)
    html = page(r)
    assert "Off by more than ±5 points:</b> seat 1, seat 2" in html
    assert "<svg" in html and "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "src=" not in html and "<link" not in html


def test_the_command_prints_verdicts_writes_the_report_and_records(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from ravenry.faces.cli import cli

    report, records = tmp_path / "b.html", tmp_path / "m.jsonl"
    args = ["balance", "coin", "--bots", "random", "-o", "bias=650", "--budget", "4000"]
    r = CliRunner().invoke(cli, [*args, "--report", str(report), "--records", str(records)])
    assert r.exit_code == 0, r.output
    assert "seat 1" in r.output and "seat 0" not in r.output
    assert "off" in r.output and "every question decided" in r.output
    assert "Off by more than ±5 points:</b> seat 1, seat 2" in report.read_text()
    assert len(records.read_text().splitlines()) == int(r.output.split(" matches")[0].split()[-1].replace(",", ""))
    data = json.loads(CliRunner().invoke(cli, [*args, "--json", "--tolerance", "25"]).output)
    assert [a["verdict"] for a in data["answers"]] == [FAIR, FAIR]  # 65% is within 50 ± 25 points


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--budget", "2x"], "a number of matches (5000) or a time"),
        (["--budget", "0"], "a number of matches (5000) or a time"),
        (["--without", "nothing"], "name a variant the study plays"),
        (["--report", "/nonexistent/dir/b.html"], "cannot write the report"),
    ],
)
def test_the_command_refuses_bad_input_in_one_line(args: list[str], message: str) -> None:
    from click.testing import CliRunner
    from ravenry.faces.cli import cli

    r = CliRunner().invoke(cli, ["balance", "coin", "--bots", "random", "--budget", "100", *args])
    assert r.exit_code != 0 and message in r.output and "Traceback" not in r.output


def test_a_solo_study_reports_scores_by_faction_and_spends_its_budget() -> None:
    r = balance("roll-player", 1, ["heuristic"], max_matches=200, max_seconds=None)
    assert r.answers == [] and r.tally.matches == 200 and r.stopped == "match budget spent"
    assert r.to_dict()["faction_scores"] and "Score by faction" in page(r)


def test_the_tally_reads_the_first_player_and_the_choices_from_the_records() -> None:
    from ravenry.services.balance.tally import Tally

    t = Tally(2)
    won, lost = (1, 1.0, 1.0), (2, 0.0, 0.0)
    t.add(
        [
            (10, [won, lost], [None, None], None, 0, 3, 25),  # the starter won
            (12, [won, lost], [None, None], None, 1, 2, 30),  # the starter lost
            (8, [lost, won], [None, None], None, 1, 1, 20),  # the starter won
            (50, None, [None, None], None, 0, 5, 90),  # unfinished: counts for choices, not for shares
        ]
    )
    assert (t.first.n, t.first.mean) == (3, pytest.approx(2 / 3))
    assert t.choice() == {"branching": pytest.approx(165 / 80), "forced": pytest.approx(11 / 80)}


def test_the_first_player_is_asked_about_where_the_game_draws_who_starts() -> None:
    rp = balance("roll-player", 2, ["random"], max_matches=64, max_seconds=None)
    first = [a for a in rp.answers if a.question.name == "first player"]
    assert len(first) == 1 and first[0].n == rp.tally.finished > 0
    assert 1 < rp.to_dict()["choice"]["branching"] and 0 < rp.to_dict()["choice"]["forced"] < 1
    it = balance("iron-throne", 4, ["random"], max_matches=32, max_seconds=None)
    assert all(a.question.name != "first player" for a in it.answers)  # the House order decides who starts


def test_a_game_of_one_forced_move_reports_no_choice() -> None:
    r = balance("coin", 2, ["random"], options={"bias": 500}, max_matches=16, max_seconds=None)
    assert r.to_dict()["choice"] == {"branching": 1.0, "forced": 1.0} and r.engine == "python"


def test_leaving_a_card_out_of_the_ccg_decks_is_restricted_play_on_the_same_deals() -> None:
    opts = {"decks": ["stark", "baratheon"]}  # the two Houses whose decks hold the Trident
    r = balance("agot-ccg", 2, ["random"], options=opts, without="Bloody Trident", max_matches=16, max_seconds=None)
    assert r.restricted is not None and r.to_dict()["without"] == "Bloody Trident"
    names = {a.question.name: a for a in r.change}
    assert {"change: stark", "change: baratheon"} <= set(names)
    assert names["change: stark"].n == names["change: seat 1"].n > 0
    with pytest.raises(OptionError, match="without.*no card has that name"):
        balance("agot-ccg", 2, ["random"], without="Bloody Tridentt", max_matches=16, max_seconds=None)
