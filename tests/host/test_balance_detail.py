"""What a balance study tells from the runner's detail of each match: choice by phase, lead changes and comebacks,
and per-card win shares, checked against the totals, against hand-made details with known answers, and against
the per-match records."""

from __future__ import annotations

import io
import json
import struct
from collections import Counter, defaultdict

import pytest
import ravenry
from ravenry.services.balance import balance
from ravenry.services.balance.cards import CardTally
from ravenry.services.balance.detail import DetailTally, PhaseTally
from ravenry.services.balance.html import page


def test_a_plain_run_asks_for_no_detail() -> None:
    g = ravenry.game("fixture")
    rs = g.ruleset(g.resolve_options({}, ()))
    plain = rs.play_matches(2, 1, ["random"], [(0, [0, 0])])
    detailed = rs.play_matches(2, 1, ["random"], [(0, [0, 0])], detail=True)
    assert plain[0][7] is None and detailed[0][7] is not None
    assert plain[0][:7] == detailed[0][:7], "watching a match does not change it"


def test_the_phases_add_up_to_the_totals() -> None:
    r = balance("iron-throne", 4, ["random"], max_matches=32, max_seconds=None)
    d, t = r.to_dict(), r.tally
    phases = d["phases"]
    assert [p["phase"] for p in phases][0] == "leader choice" and len(phases) > 5
    assert sum(p["decisions"] for p in phases) == t.all_decisions
    assert sum(p["forced"] for p in phases) == t.forced
    assert sum(p["choices"] for p in phases) == t.choices
    assert sum(p["share"] for p in phases) == pytest.approx(1.0)
    # The phases' forced shares, weighted by their decisions, are the match's forced share.
    assert sum(p["forced_share"] * p["share"] for p in phases) == pytest.approx(d["choice"]["forced"])
    assert "Choice by phase" in page(r)


def _detail(lead_changes: int | None, comeback: tuple[bool, bool] | None) -> tuple:  # type: ignore[type-arg]
    # The runner's phases: little-endian 64-bit integers (decisions, forced, choices of each phase).
    return (struct.pack("<3q", 3, 1, 6), lead_changes, comeback, [[], []], [[], []])


def test_lead_changes_and_comebacks_have_known_answers() -> None:
    t = DetailTally(PhaseTally(["only"]))
    matches = [(0, (False, False)), (2, (True, False)), (4, (True, True)), (0, None), (None, None)]
    t.add([_detail(changes, comeback) for changes, comeback in matches[:2]])
    t.add([_detail(changes, comeback) for changes, comeback in matches[2:]])
    lead = t.lead.to_dict()
    assert lead["matches"] == 4  # the last match's game had no standing to follow
    assert lead["lead_changes"]["mean"] == pytest.approx(1.5)
    assert lead["steady"] == pytest.approx(0.5)
    assert lead["comeback_half"]["n"] == 3 and lead["comeback_half"]["share"] == pytest.approx(2 / 3)
    assert lead["comeback_three_quarters"]["share"] == pytest.approx(1 / 3)
    assert t.phases.rows() == [
        {
            "phase": "only",
            "decisions": 15,
            "share": 1.0,
            "forced": 5,
            "choices": 30,
            "branching": 2.0,
            "forced_share": pytest.approx(1 / 3),
        }
    ]


def test_the_fixture_game_reports_the_lead_its_records_hold() -> None:
    out = io.StringIO()
    r = balance("fixture", 2, ["random"], max_matches=64, max_seconds=None, records=out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    lead = r.to_dict()["lead"]
    changes = [row["lead_changes"] for row in rows]
    assert lead["matches"] == len(rows) == 64
    assert lead["lead_changes"]["mean"] == pytest.approx(sum(changes) / len(changes))
    assert lead["steady"] == pytest.approx(changes.count(0) / len(changes))
    behind = [row["comeback"][0] for row in rows if "comeback" in row]
    assert lead["comeback_half"]["share"] == pytest.approx(sum(behind) / len(behind))
    assert {"doubling", "commit"} >= set(rows[0]["phases"])
    # A pure-Python game tells no detail: the study says nothing about phases or the lead.
    coin = balance("coin", 2, ["random"], options={"bias": 500}, max_matches=16, max_seconds=None).to_dict()
    assert (coin["phases"], coin["lead"], coin["cards"]) == ([], {}, [])


def test_card_win_shares_compare_owners_who_played_with_owners_who_did_not() -> None:
    t = CardTally(["a", "b", "c"])
    # Seat 0 owns a and b and played a twice; seat 1 owns b and c and played c. Seat 0 won.
    t.add([([], None, None, [[(0, 2)], [(2, 1)]], [[0, 1], [1, 2]])], [[1.0, 0.0]])
    # The same deal, seat 1 won; unfinished matches count plays only.
    t.add(
        [([], None, None, [[(0, 1)], [(2, 1)]], [[0, 1], [1, 2]]), ([], None, None, [[(1, 1)], []], [[0, 1], [1, 2]])],
        [[0.0, 1.0], None],
    )
    rows = {r["card"]: r for r in t.rows()}
    assert rows["a"]["plays"] == 3 and rows["a"]["played"]["n"] == 2 and rows["a"]["not_played"]["n"] == 0
    assert rows["a"]["played"]["share"] == pytest.approx(0.5)
    assert rows["b"]["plays"] == 1 and rows["b"]["played"]["n"] == 0 and rows["b"]["not_played"]["n"] == 4
    assert rows["c"]["played"]["share"] == pytest.approx(0.5)
    # A game without decks (a shared market): every seat could play every card.
    m = CardTally(["x", "y"])
    m.add([([], None, None, [[(0, 1)], []], [[], []])], [[1.0, 0.0]])
    x = {r["card"]: r for r in m.rows()}["x"]
    assert (x["played"]["n"], x["played"]["share"], x["not_played"]["n"], x["not_played"]["share"]) == (1, 1.0, 1, 0.0)


def test_ccg_card_statistics_agree_with_the_per_match_records() -> None:
    out = io.StringIO()
    r = balance("agot-ccg", 2, ["random"], max_matches=64, max_seconds=None, records=out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    cards = {c["card"]: c for c in r.to_dict()["cards"]}
    names = r.cards.names if r.cards else []
    unique = {n for n, k in Counter(names).items() if k == 1}
    plays: Counter[str] = Counter()
    shares: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for seat, played in enumerate(row["cards_played"]):
            plays.update(played)
            if row["finished"]:
                for name in played:
                    shares[name].append(row["win_shares"][seat])
    assert plays, "cards were played"
    for name in unique & set(plays):
        assert cards[name]["plays"] == plays[name], name
        assert cards[name]["played"]["n"] == len(shares[name]), name
        assert cards[name]["played"]["share"] == pytest.approx(sum(shares[name]) / len(shares[name])), name
        lo, hi = cards[name]["difference_ci95"]
        if min(cards[name]["played"]["n"], cards[name]["not_played"]["n"]) > 1:
            assert lo <= cards[name]["difference"] <= hi, name
    # Each House's deck is owned by its seat only: a card's seat-matches never exceed the finished matches' seats.
    assert all(c["played"]["n"] + c["not_played"]["n"] <= 2 * r.tally.finished for c in cards.values())
    assert "Cards" in page(r)
