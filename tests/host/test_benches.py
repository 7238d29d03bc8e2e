"""The benches' shared code: every result opens with one envelope (benches/_record.py); the balance bench's deal
(benches/balance.py) seats every value equally often in every seat and beside every other value, a focused screen
seats its value in every unit, in each seat equally often, and pooling runs drops the retuned deck's deals and
weights the rest by their matches."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from ravenry.services.simulate import wilson

from tests.scripts import BENCHES, load

# balance.py imports its sibling `_record` (the shared envelope) by that name, as it does when run as a script.
record = load(BENCHES / "_record.py", "_record")
balance = load(BENCHES / "balance.py", "benches_balance")


def test_a_result_opens_with_the_envelope_and_keeps_its_data(tmp_path: Path) -> None:
    run = record.Run("balance run")
    path = run.write({"game": "hearts", "labels": {}}, tmp_path / "deep" / "balance_hearts_4p.json")
    doc = json.loads(path.read_text())
    assert doc["game"] == "hearts" and doc["labels"] == {}
    envelope = doc["envelope"]
    assert set(envelope) == {
        "bench",
        "command",
        "git_revision",
        "started",
        "finished",
        "wall_seconds",
        "machine",
        "load_average_before",
        "load_average_after",
    }
    assert envelope["bench"] == "balance run" and envelope["command"].startswith("python ")
    assert len(envelope["load_average_before"]) == len(envelope["load_average_after"]) == 3
    assert envelope["started"] <= envelope["finished"]
    assert envelope["git_revision"] is None or len(envelope["git_revision"].removesuffix("-dirty")) == 40


HOUSES = ["stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell"]


def left_neighbours(units: list[list[str]]) -> Counter[tuple[str, str]]:
    return Counter((u[s], u[(s + 1) % len(u)]) for u in units for s in range(len(u)))


def test_a_full_deal_seats_every_value_equally_in_every_seat_and_beside_every_other() -> None:
    for players in (2, 3, 4):
        units = balance.deal_units(HOUSES, players)
        assert all(len(set(u)) == players for u in units)
        for seat in range(players):
            assert set(Counter(u[seat] for u in units).values()) == {len(units) // len(HOUSES)}
        # who sits next to whom matters at 3 or more seats: no ordered pair of neighbours is favoured
        pairs = left_neighbours(units)
        assert len(pairs) == len(HOUSES) * (len(HOUSES) - 1) and len(set(pairs.values())) == 1


def test_two_seat_deals_are_the_rotations_of_each_pair() -> None:
    units = balance.deal_units(["a", "b", "c"], 2)
    assert units == [["a", "b"], ["b", "a"], ["a", "c"], ["c", "a"], ["b", "c"], ["c", "b"]]


def test_a_focused_deal_seats_the_focus_in_every_unit_and_every_seat() -> None:
    for players, subsets in ((2, 5), (4, 10)):
        units = balance.deal_units(HOUSES, players, focus="baratheon")
        orders = 2 if players == 2 else 24
        assert len(units) == subsets * orders
        assert all("baratheon" in u for u in units)
        assert Counter(u.index("baratheon") for u in units) == {s: subsets * orders // players for s in range(players)}
        # each opponent meets the focus equally often, and sits on its left as often as any other
        others = Counter(h for u in units for h in u if h != "baratheon")
        assert len(set(others.values())) == 1
        after = {b: n for (a, b), n in left_neighbours(units).items() if a == "baratheon"}
        assert len(after) == 5 and len(set(after.values())) == 1


def run(deals: list[tuple[list[str], int, dict[str, float]]], bots: tuple[str, ...] = ("ismcts",)) -> dict:
    return {
        "game": "agot-ccg",
        "players": 2,
        "bots": list(bots),
        "by_deal": [{"deal": d, "matches": m, "labels": s} for d, m, s in deals],
    }


def test_pooling_drops_the_old_deck_s_deals_and_weights_deals_by_matches() -> None:
    old = run([(["a", "b"], 10, {"a": 0.2, "b": 0.8}), (["b", "c"], 10, {"b": 0.5, "c": 0.5})])
    screen = run([(["a2.txt", "b"], 30, {"a": 0.6, "b": 0.4})])
    table = balance.pool([(screen, ""), (old, "a")])
    assert table["deals"] == 2
    assert table["labels"]["a"]["seats"] == 30 and abs(table["labels"]["a"]["share"] - 0.6) < 1e-12
    # b: 12 wins of 30 against the new deck, 5 of 10 against c; the old deck's deal is gone
    assert table["labels"]["b"]["seats"] == 40 and abs(table["labels"]["b"]["share"] - 17 / 40) < 1e-12
    lo, hi = table["labels"]["b"]["ci95"]
    assert lo < 17 / 40 < hi
    # two retuned decks: a deal seating either is dropped
    assert balance.pool([(old, "a,c")])["deals"] == 0
    assert balance.pool([(old, "c")])["labels"] == {
        "a": {"seats": 10, "share": 0.2, "ci95": list(wilson(2.0, 10))},
        "b": {"seats": 10, "share": 0.8, "ci95": list(wilson(8.0, 10))},
    }


def test_pooling_refuses_runs_of_different_bots() -> None:
    with pytest.raises(SystemExit, match="different games, player counts or bots"):
        balance.pool([(run([], ("ismcts",)), ""), (run([], ("ismcts:iterations=30",)), "")])


def test_studies_side_by_side_are_one_row_per_question_seats_first() -> None:
    def answer(question: str, mean: float, verdict: str, need: int | None = None) -> dict[str, object]:
        return {
            "question": question,
            "mean": mean,
            "interval": [mean - 0.02, mean + 0.02],
            "verdict": verdict,
            "still_needed": need,
        }

    heuristic = {
        "bots": ["heuristic"],
        "players": 2,
        "matches": 4000,
        "answers": [answer("seat 1", 0.5, "fair"), answer("seat 2", 0.5, "fair"), answer("stark", 0.41, "off")],
    }
    search = {
        "bots": ["ismcts:iterations=50"],
        "players": 2,
        "matches": 40,
        "answers": [
            answer("seat 1", 0.45, "undecided", 900),
            answer("seat 2", 0.55, "undecided"),
            answer("baratheon", 0.5, "fair"),
        ],
    }
    rows = balance.side_by_side([heuristic, search]).splitlines()
    assert rows[0] == (
        "| question | `heuristic`, 2 players, 4,000 matches | `ismcts:iterations=50`, 2 players, 40 matches |"
    )
    assert [r.split(" | ")[0] for r in rows[2:]] == ["| seat 1", "| seat 2", "| baratheon", "| stark"]
    assert rows[2].endswith("| 45.0% (43.0% – 47.0%) undecided, needs 900 seen |")
    assert rows[3].endswith("undecided, on an edge |")
    assert rows[4] == "| baratheon | — | 50.0% (48.0% – 52.0%) fair |"
    assert rows[5] == "| stark | 41.0% (39.0% – 43.0%) off | — |"
