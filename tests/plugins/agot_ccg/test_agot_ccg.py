"""A Game of Thrones CCG through the host: registration, content records, renderer, narration, secrecy and CLI.

Rule scenarios live beside the rules in Rust (core_rs/src/games/agot_ccg/tests/); these tests check the Python
face and that the plugin's data reach the core intact.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import click
import pytest
import ravenry
import ravenry_agot_ccg
from click.testing import CliRunner
from ravenry.faces.cli import cli
from ravenry.model.options import parse_cli
from ravenry_agot_ccg import HOUSES, load_content
from ravenry_agot_ccg.render import narrate_event, render_view, stage_words
from rich.console import Console

from tests.conformance.kit import play_bot, play_random

SOURCES = {"rulebook", "research", "designed"}


def test_registered_with_options_variant_and_bots() -> None:
    info = {g.id: g for g in ravenry.games()}["agot-ccg"]
    assert info.players == (2, 4)
    assert set(info.variants) == {"first-game", "tournament"}
    assert "heuristic" in info.bots
    assert {o.name for o in info.options} == {"decks", "deck", "round_limit", "without"}


def test_no_round_limit_by_default_and_ten_rounds_in_the_tournament_variant() -> None:
    """Come ci si prepara ai Tornei: the time limit belongs to tournaments, not to the rulebook's plain game."""
    g = ravenry.game("agot-ccg")
    assert g.new_match(2, seed=1).options["round_limit"] == 0
    assert g.new_match(2, seed=1, variants=["tournament"]).options["round_limit"] == 10


def test_content_records_are_complete_and_marked() -> None:
    c = load_content()
    assert all(card["source"] in SOURCES for card in c["cards"])
    assert all(deck["source"] in SOURCES for deck in c["decks"])
    codes = {card["code"] for card in c["cards"]}
    assert len(codes) == len(c["cards"]), "card codes are unique"
    title = {card["code"]: card["name"] for card in c["cards"]}
    for deck in c["decks"]:
        assert len(deck["plots"]) == 7 and len({title[p] for p in deck["plots"]}) == 7, "7 plots, all different"
        assert sum(n for _, n in deck["cards"]) >= 60
        per_title: dict[str, int] = {}
        for code, n in deck["cards"]:
            per_title[title[code]] = per_title.get(title[code], 0) + n
        assert max(per_title.values()) <= 3, "at most 3 copies of a title, across entries"
    ned = next(card for card in c["cards"] if card["name"] == "Eddard Stark")
    assert (ned["cost"], ned["strength"], ned["icons"], ned["doomed"]) == (4, 4, "MP", True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_matches_end_and_render(players: int) -> None:
    g = ravenry.game("agot-ccg")
    m = g.new_match(players, seed=players)
    play_bot(m, "heuristic")
    out = m.outcome
    assert out is not None and len(out["scores"]) == players and out["winners"]
    console = Console(record=True, width=140)
    console.print(render_view(m.view(0), 0))
    text = console.export_text()
    assert "power" in text and "House" in text and "seat 0" not in text


def test_every_event_is_narrated_in_words() -> None:
    g = ravenry.game("agot-ccg")
    kinds: set[str] = set()
    for seed in range(6):
        m = g.new_match(2 + seed % 3, seed=seed)
        play_random(m, random.Random(seed))
        for e in m.events(0, None, all=True):
            line = narrate_event(e)
            assert isinstance(line, str) and line and "{'" not in line, (e, line)
            kinds.add(next(iter(e["event"])) if isinstance(e["event"], dict) else e["event"])
    assert {"PlotRevealed", "Marshalled", "ChallengeDeclared", "ChallengeResolved", "Dominance", "Won"} <= kinds


def test_house_card_attachments_are_shown_and_narrated() -> None:
    """Greyjoy's Strength in Unity, Paper Money and Standard of the Kraken go on the House card: every seat's view
    lists them, the renderer shows them under the House card, and the log says where they went."""
    g = ravenry.game("agot-ccg")
    for seed in range(12):
        m = g.new_match(2, seed=seed, options={"decks": ["greyjoy", "stark"]})
        play_bot(m, "heuristic")
        on_house = m.view(1)["seats"][0]["house_attachments"]
        if on_house:
            break
    else:
        pytest.fail("no heuristic Greyjoy match put an attachment on its House card")
    console = Console(record=True, width=160)
    console.print(render_view(m.view(None), None))
    text = console.export_text()
    assert "House card" in text
    assert any(n in text for n in ("Strength in Unity", "Paper Money", "Standard of the Kraken"))
    lines = [narrate_event(e) for e in m.events(0, None, all=True)]
    assert any(line.endswith("to its House card") for line in lines)


def test_views_hide_hands_setup_and_chosen_plots() -> None:
    g = ravenry.game("agot-ccg")
    m = g.new_match(2, seed=3, options={"decks": ["stark", "lannister"]})
    rng = random.Random(3)
    console = Console(record=True, width=140)
    seen_plot_phase = False
    while not m.is_over:
        for p in range(2):
            v = m.view(p)
            other = v["seats"][1 - p]
            assert other["hand"] is None and other["setup"] is None and other["my_plot"] is None
        public = m.view(None)
        assert all(s["hand"] is None for s in public["seats"])
        if public["phase"] == "Plot":
            seen_plot_phase = True
        console.print(render_view(public, None))
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
    assert seen_plot_phase
    assert m.view(None)["seats"][0]["house"] == "stark"


def test_actions_are_described_in_words() -> None:
    g = ravenry.game("agot-ccg")
    m = g.new_match(2, seed=8)
    rng = random.Random(8)
    kinds: set[str] = set()
    for _ in range(400):
        if m.is_over:
            break
        for p in m.to_act:
            legal = m.legal_actions(p)
            for a in legal:
                d = m.describe(a)
                assert d["label"] and d["kind"] != "unknown", d
                kinds.add(d["kind"])
            m.apply(p, rng.choice(legal))
    assert {"setup", "plot", "marshal", "challenge", "done"} <= kinds
    assert kinds & {"attacker", "attackers"}, "attackers are declared one by one or as a set"


def test_bad_options_are_refused() -> None:
    g = ravenry.game("agot-ccg")
    with pytest.raises(ravenry.RavenryError):
        g.new_match(2, seed=1, options={"decks": ["dorne"]})
    with pytest.raises(ravenry.RavenryError):
        g.new_match(2, seed=1, options={"decks": ["stark", "lannister", "targaryen"]})


def test_first_game_variant_seats_stark_and_lannister() -> None:
    m = ravenry.game("agot-ccg").new_match(2, seed=4, variants=["first-game"])
    assert [s["house"] for s in m.view(None)["seats"]] == ["stark", "lannister"]


def test_cli_sim_reports_houses() -> None:
    r = CliRunner().invoke(
        cli,
        ["sim", "agot-ccg", "-n", "20", "--players", "2", "--bots", "heuristic", "--seed", "1", "--json"],
        catch_exceptions=False,
    )
    data = json.loads(r.output)
    assert sum(v["seats"] for v in data["by_label"].values()) == 40, "one house label per seat"
    assert set(data["by_label"]) <= {"stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell"}


def _stark_list() -> str:
    c = load_content()
    name = {card["code"]: card["name"] for card in c["cards"]}
    deck = next(d for d in c["decks"] if d["house"] == "stark")
    lines = ["House: Stark", "Agenda: none"] + [f"1x {name[p]}" for p in deck["plots"]]
    lines += [f"{n}x {name[code]}" for code, n in deck["cards"]]
    return "\n".join(lines) + "\n"


def test_a_deck_file_a_player_brings_plays_at_its_seat(tmp_path: Path) -> None:
    """Regole di creazione dei mazzi: a legal list file plays; the match keeps the list, not the path."""
    path = tmp_path / "my_stark.txt"
    path.write_text(_stark_list(), encoding="utf-8")
    g = ravenry.game("agot-ccg")
    # The local command line (`-o decks=PATH,lannister`) reads the file; the match gets its text.
    m = g.new_match(2, seed=1, options=parse_cli([f"decks={path},lannister"], g.options))
    assert m.options["decks"][0] == _stark_list(), "the deck list itself, so a save never depends on the file"
    assert [s["house"] for s in m.view(None)["seats"]] == ["stark", "lannister"]
    m2 = g.new_match(2, seed=1, options=parse_cli([f"deck={path}"], g.options))
    assert m2.view(None)["seats"][0]["house"] == "stark"
    loaded = ravenry.load_match(m.to_bytes())
    assert loaded.options == m.options


def test_a_bad_deck_file_is_refused_with_every_problem(tmp_path: Path) -> None:
    lines = _stark_list().splitlines(keepends=True)
    plot = lines[2]  # the first plot line, after the House and Agenda lines
    arya = next(line for line in lines if line.endswith("x Arya Stark\n"))
    bad = "".join(lines).replace(plot, "", 1).replace(arya, "4x Arya Stark\n")
    bad += "2x Ser Nobody\n"
    path = tmp_path / "bad.txt"
    path.write_text(bad, encoding="utf-8")
    g = ravenry.game("agot-ccg")
    with pytest.raises(ravenry.OptionError) as e:
        g.new_match(2, seed=1, options=parse_cli([f"decks={path}"], g.options))
    text = str(e.value)
    assert "unknown card" in text and "4 copies of Arya Stark" in text and "7 plots, not 6" in text
    # The command line read the file, so the problems name the file and its lines, not the seat it was for.
    unknown = bad.splitlines().index("2x Ser Nobody") + 1
    assert f"{path} has 3 problems" in text and f"{path}:{unknown}: unknown card" in text, text
    assert "player 1" not in text
    with pytest.raises(ravenry.OptionError, match="missing.txt': No such file"):
        parse_cli([f"decks={tmp_path / 'missing.txt'}"], g.options)


def test_cli_deck_check_reports_every_problem(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(_stark_list(), encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(_stark_list().replace("House: Stark", "House: Lannister"), encoding="utf-8")
    group = click.Group("ravenry")
    ravenry_agot_ccg.ravenry_register_commands(group)  # what `ravenry` does with every plugin's hook
    r = CliRunner().invoke(group, ["agot-ccg", "deck", "check", str(good)])
    assert r.exit_code == 0 and "legal" in r.output, r.output
    r = CliRunner().invoke(group, ["agot-ccg", "deck", "check", str(good), str(bad)])
    assert r.exit_code == 1, r.output
    c = load_content()
    deck = next(d for d in c["decks"] if d["house"] == "stark")
    codes = set(deck["plots"]) | {code for code, _ in deck["cards"]}
    only = [card for card in c["cards"] if card["code"] in codes and card.get("house_only")]
    assert only, "the Stark deck holds a House-only card for this test to move"
    assert f"bad.txt: {len(only)} problem" in r.output
    for card in only:
        assert f"{card['name']} ({card['code']}) is House stark only" in r.output


@pytest.mark.parametrize("house", HOUSES)
def test_deck_export_writes_a_legal_list_of_the_house_s_own_cards(house: str, tmp_path: Path) -> None:
    """`ravenry agot-ccg deck export HOUSE` writes the preconstructed deck as a list a player could bring: it is
    legal, and a match dealt from it holds the same House, plots and cards as one dealt from the House's name."""
    group = click.Group("ravenry")
    ravenry_agot_ccg.ravenry_register_commands(group)
    out = tmp_path / f"{house}.txt"
    r = CliRunner().invoke(group, ["agot-ccg", "deck", "export", house, "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert CliRunner().invoke(group, ["agot-ccg", "deck", "check", str(out)]).output == f"{out}: legal\n"
    g = ravenry.game("agot-ccg")

    def dealt(deck: str) -> tuple[int, list[int], list[int]]:
        s = g.new_match(2, seed=3, options={"decks": [deck]}).state()["seats"][0]
        return s["house"], sorted(s["plots"]), sorted(s["deck"] + s["hand"])

    assert dealt(out.read_text(encoding="utf-8")) == dealt(house)
    r = CliRunner().invoke(group, ["agot-ccg", "deck", "export", "tully"])
    assert r.exit_code == 2 and "no deck for House 'tully'" in r.output and "greyjoy" in r.output


def test_coverage_table_accounts_for_every_record() -> None:
    """docs/games/agot_ccg_coverage.md (generated by plugins/agot_ccg/tools/coverage.py) lists the 314 Winter
    Edition records, and every card of the pool as in it."""
    doc = (Path(__file__).parents[3] / "docs/games/agot_ccg_coverage.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1:-1] for line in doc.splitlines() if line.startswith("| ") and "| status |" not in line]
    rows = [[c.strip() for c in r] for r in rows if len(r) == 5]
    assert len(rows) == 314
    in_pool = {r[0] for r in rows if r[4] == "in the pool"}
    assert {card["code"] for card in load_content()["cards"]} == in_pool


def test_tournament_scoring_full_and_modified_results() -> None:
    """Come ci si prepara ai Tornei: full win 3 / loss 0; at the time limit modified win 2 / loss 1; draw 1.5.
    A finished match's outcome carries them as ``points`` (the core's ``rules/scoring.rs``)."""
    g = ravenry.game("agot-ccg")
    seen = set()
    for seed in range(12):
        m = g.new_match(2, seed=seed, options={"round_limit": 3})
        assert m.outcome is None, "not finished"
        play_bot(m, "heuristic")
        pts = m.outcome["points"]
        assert len(pts) == 2
        scores = m.outcome["scores"]
        if max(scores) >= 15:
            assert sorted(pts) == [0.0, 3.0]
        elif scores[0] == scores[1]:
            assert pts == [1.5, 1.5]
        else:
            assert pts[scores.index(max(scores))] == 2.0 and min(pts) == 1.0
        seen.add(tuple(sorted(pts)))
    assert (1.0, 2.0) in seen, "a 3-round limit ends some matches on time"


def test_ravenry_tournament_sums_the_rulebook_s_tournament_points(tmp_path: Path) -> None:
    """`ravenry tournament agot-ccg` scores every match by the rulebook's tournament points, per bot and per House:
    each 2-player match hands out 3 points in all (3 + 0, 2 + 1 or 1.5 + 1.5), and the heuristic takes more than
    random. The terminal table and the HTML report show them; a game without such scoring has none."""
    d = ravenry.tournament("agot-ccg", ["heuristic", "random"], 16, players=2, seed=3, options={"round_limit": 4})
    data = d.to_dict()
    finished = data["matches"] - data["unfinished"]
    pts = {x["bot"]: x for x in data["points"]}
    assert sum(x["total"] for x in pts.values()) == pytest.approx(3.0 * finished)
    assert pts["heuristic"]["seats"] == pts["random"]["seats"] == finished
    assert pts["heuristic"]["mean"] > pts["random"]["mean"]
    assert sum(v["points"]["total"] for v in data["labels"].values()) == pytest.approx(3.0 * finished)
    assert "Tournament points" in ravenry.write_report(data, tmp_path / "t.html").read_text()
    args = ["tournament", "agot-ccg", "--bots", "heuristic,random", "-n", "4", "-o", "round_limit=3"]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 0, res.output
    assert "tournament points" in res.output
    assert ravenry.tournament("iron-throne", ["heuristic", "random"], 6, players=3).to_dict()["points"] == []


def test_the_ccg_defender_passing_with_nobody_reads_no_defenders() -> None:
    m = ravenry.game("agot-ccg").new_match(2, seed=3)
    for _ in range(3000):
        p = m.to_act[0]
        v = m.view(p)
        ch = v.get("challenge")
        if ch and ch["stage"] == "Defenders" and not ch["defenders"] and p == ch["defender"]:
            labels = [m.describe(a, p)["label"] for a in m.legal_actions(p)]
            assert "no defenders" in labels and "defenders declared" not in labels
            return
        m.apply(p, m.bot("heuristic", p))
    raise AssertionError("no defence to declare")


def test_no_debug_strings_in_the_renderer() -> None:
    assert stage_words({"Resolve": 1}) == "resolving: unopposed power"
    g = ravenry.game("agot-ccg").new_match(2, seed=1)
    c = Console(record=True, width=160)
    for _ in range(150):
        if g.is_over:
            break
        p = g.to_act[0]
        c.print(render_view(g.view(p), p))
        g.apply(p, g.bot("heuristic", p))
    assert "{'Resolve'" not in c.export_text() and "stage {" not in c.export_text()
