"""Tournaments: rotation, duplicate deals, ratings, the report, backends and errors."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest
import ravenry
from click.testing import CliRunner
from ravenry.faces.cli import cli
from ravenry.services.tournament.schedule import schedule


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("bots", [2, 3, 4, 5, 6])
def test_rotation_seats_every_bot_in_every_seat_equally(seats: int, bots: int) -> None:
    plan = schedule(bots, seats)
    jobs = plan.jobs(2 * plan.unit)
    counts = Counter((b, p) for _, seating in jobs for p, b in enumerate(seating))
    assert len(set(counts.values())) == 1, counts
    assert set(counts) == {(b, p) for b in range(bots) for p in range(seats)}
    if bots > seats:
        # Every pair of bots meets when there are more bots than seats.
        met = {frozenset((a, c)) for _, s in jobs for a in s for c in s if a != c}
        assert len(met) == bots * (bots - 1) // 2


def test_each_deal_is_replayed_under_every_rotation_of_its_line_up() -> None:
    plan = schedule(3, 3)
    jobs = plan.jobs(9)
    by_deal: dict[int, list[tuple[int, ...]]] = {}
    for deal, seating in jobs:
        by_deal.setdefault(deal, []).append(seating)
    assert sorted(by_deal) == [0, 1, 2]
    for seatings in by_deal.values():
        assert sorted(seatings) == sorted(plan.groups[0])
        assert len(set(seatings)) == 3


def test_match_counts_round_up_to_whole_rotations_and_too_few_are_refused() -> None:
    plan = schedule(3, 4)
    assert plan.unit == 3 and plan.rounded(200) == 201
    with pytest.raises(ravenry.OptionError, match="at least 3"):
        plan.jobs(2)


def test_stronger_bot_is_rated_above_and_intervals_shrink_with_more_matches() -> None:
    # The fixture game has no strategy stronger than random (every order plays the same cards), so the known
    # stronger bot is Iron Throne's heuristic.
    small = ravenry.tournament("iron-throne", ["random", "heuristic"], 40, players=4, seed=3, workers=1).to_dict()
    large = ravenry.tournament("iron-throne", ["random", "heuristic"], 400, players=4, seed=3, workers=1).to_dict()
    for d in (small, large):
        assert [r["bot"] for r in d["ratings"]] == ["heuristic", "random"]
    width = {d["matches"]: {r["bot"]: r["ci95"][1] - r["ci95"][0] for r in d["ratings"]} for d in (small, large)}
    assert all(width[400][b] < width[40][b] for b in ("random", "heuristic")), width
    lo_heuristic = large["ratings"][0]["ci95"][0]
    assert lo_heuristic > large["ratings"][1]["ci95"][1], "at 400 matches the intervals separate"
    assert large["head_to_head"]["heuristic"]["random"]["score"] > 0.7
    assert large["head_to_head"]["heuristic"]["random"]["meetings"] > 0


def test_result_tables_and_json() -> None:
    r = ravenry.tournament("iron-throne", ["random", "heuristic"], 30, players=3, seed=1)
    d = r.to_dict()
    json.dumps(d, allow_nan=False)
    assert d["matches"] == 30 and d["deals"] == 15
    assert sum(b["seats"] for b in d["bots_win_share"]) == 30 * 3
    assert len(d["seat_bias"]) == 3 and abs(sum(s["share"] for s in d["seat_bias"]) - 1) < 1e-9
    assert set(d["labels"]) <= {"Baratheon", "Lannister", "Stark", "Targaryen", "Tyrell"} and d["labels"]
    assert d["lengths"]["count"] + d["unfinished"] == 30
    assert d["lengths"]["min"] <= d["lengths"]["median"] <= d["lengths"]["max"]
    assert sum(c for _, _, c in d["lengths"]["histogram"]) == d["lengths"]["count"]


def test_one_bot_in_every_seat_is_a_balance_run() -> None:
    d = ravenry.tournament("iron-throne", ["heuristic"], 40, players=5, seed=6).to_dict()
    assert d["matches"] == 40 and d["deals"] == 40 and [r["bot"] for r in d["ratings"]] == ["heuristic"]
    assert d["head_to_head"] == {"heuristic": {}}
    assert sum(v["seats"] for v in d["labels"].values()) == 5 * (40 - d["unfinished"])
    assert abs(sum(s["share"] for s in d["seat_bias"]) - 1) < 1e-9


def test_html_report_is_one_self_contained_file(tmp_path) -> None:
    d = ravenry.tournament("iron-throne", ["random", "heuristic"], 20, players=4, seed=2).to_dict()
    path = ravenry.write_report(d, tmp_path / "t.html")
    text = path.read_text()
    assert list(tmp_path.iterdir()) == [path]
    for needle in ("<table", "<svg", "Ratings", "Head to head", "Seat-order bias", "Match length", "Baratheon"):
        assert needle in text
    for bot in ("random", "heuristic"):
        assert f"<td>{bot}</td>" in text
    # Nothing to fetch: no scripts, stylesheets or images from elsewhere (the SVG namespace is not a fetch).
    assert "<script" not in text and "<link" not in text and "src=" not in text
    assert "http" not in text.replace("http://www.w3.org/2000/svg", "")


def test_bad_specs_and_missing_ray_get_clear_errors(monkeypatch) -> None:
    with pytest.raises(ravenry.OptionError, match="no bot 'genius'.*known bots"):
        ravenry.tournament("iron-throne", ["random", "genius"], 20, players=4)
    with pytest.raises(ravenry.OptionError, match="at least one bot"):
        ravenry.tournament("iron-throne", [], 20, players=4)
    with pytest.raises(ravenry.OptionError, match="repeated: random"):
        ravenry.tournament("iron-throne", ["random", "random"], 20, players=4)
    with pytest.raises(ravenry.OptionError, match="at least 2"):
        ravenry.tournament("iron-throne", ["random", "heuristic"], 1, players=4)
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ravenry.OptionError, match=r'pip install "ravenry\[ray\]"'):
        ravenry.simulate("iron-throne", 10, players=3, backend="ray")
    with pytest.raises(ravenry.OptionError, match=r"ravenry\[ray\]"):
        ravenry.tournament("iron-throne", ["random", "heuristic"], 20, players=4, backend="ray")
    res = CliRunner().invoke(cli, ["sim", "iron-throne", "-n", "5", "--backend", "ray"])
    assert res.exit_code == 1 and res.output.count("\n") == 1 and "ravenry[ray]" in res.output


def test_cli_tournament_prints_ratings_and_writes_the_report(tmp_path) -> None:
    report = tmp_path / "r.html"
    args = ["tournament", "iron-throne", "--bots", "random,heuristic", "--players", "4", "-n", "20"]
    res = CliRunner().invoke(cli, [*args, "--seed", "4", "--report", str(report)])
    assert res.exit_code == 0, res.output
    assert "heuristic" in res.output and "seat bias" in res.output and report.exists()
    res = CliRunner().invoke(cli, [*args, "--seed", "4", "--json"])
    data = json.loads(res.output)
    assert data["ratings"][0]["bot"] == "heuristic" and data["matches"] == 20


def test_sim_json_names_options_and_variants_and_solo_reports_stars() -> None:
    args = ["sim", "fixture", "-n", "20", "--players", "2", "--variant", "high-stakes", "--json"]
    res = CliRunner().invoke(cli, args)
    data = json.loads(res.output)
    assert data["options"] == {"doubling": True} and data["variants"] == ["high-stakes"]
    solo = ravenry.simulate("roll-player", 30, players=1, bots=["heuristic"], seed=1)
    seat = solo.to_dict()["seats"][0]
    assert 0 <= seat["mean_score"] and seat["score_ci95"][0] <= seat["mean_score"] <= seat["score_ci95"][1]
    res = CliRunner().invoke(cli, ["sim", "roll-player", "-n", "30", "--players", "1", "--bots", "heuristic"])
    assert "mean score" in res.output and "win share" not in res.output


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def _without_timing(d: dict) -> dict:
    return {k: v for k, v in d.items() if k not in ("timing", "seconds", "matches_per_s", "decisions_per_s")}


def test_ray_backend_gives_the_same_totals_bit_for_bit(local_ray) -> None:
    kw = dict(players=4, bots=["heuristic", "random"], seed=5)
    local = ravenry.simulate("iron-throne", 1200, workers=2, **kw).to_dict()
    on_ray = ravenry.simulate("iron-throne", 1200, backend="ray", **kw).to_dict()
    assert on_ray.pop("backend") == "ray" and local.pop("backend") == "local"
    local.pop("workers"), on_ray.pop("workers")
    assert _without_timing(local) == _without_timing(on_ray)
    tk = dict(players=4, seed=2)
    t_local = ravenry.tournament("iron-throne", ["heuristic", "random"], 600, **tk).to_dict()
    t_ray = ravenry.tournament("iron-throne", ["heuristic", "random"], 600, backend="ray", **tk).to_dict()
    t_local.pop("backend"), t_ray.pop("backend")
    assert _without_timing(t_local) == _without_timing(t_ray)
    from ravenry.services.balance import balance

    bk = dict(players=4, bots=["heuristic"], seed=3, max_matches=2_000, max_seconds=None)
    b_local, b_ray = balance("iron-throne", **bk).to_dict(), balance("iron-throne", backend="ray", **bk).to_dict()
    assert b_local.pop("seconds") >= 0 and b_ray.pop("seconds") >= 0
    assert b_local == b_ray and b_local["matches"] == 2_000
