"""Roll Player through the host: registration, variants, content records, renderer, narration and the CLI.

Rule scenarios live beside the rules in Rust (core_rs/src/games/roll_player/tests/); these tests check the
Python face and that the plugin's data reach the core intact.
"""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest
import ravenry
from click.testing import CliRunner
from ravenry.faces.cli import cli
from ravenry_roll_player import load_content
from ravenry_roll_player.render import narrate_event, render_view
from rich.console import Console

from tests.conformance.kit import play_bot, play_random

VARIANTS = {"less-random-setup", "random-market", "short-game", "friendly-market"}


def test_registered_with_its_variants_and_bots() -> None:
    info = {g.id: g for g in ravenry.games()}["roll-player"]
    assert info.players == (1, 4)
    assert set(info.variants) == VARIANTS
    assert "heuristic" in info.bots
    assert {o.name for o in info.options} == {
        "class_selection",
        "less_random_setup",
        "random_market",
        "short_game",
        "friendly_market",
    }


def test_content_records_are_complete_and_marked() -> None:
    c = load_content()
    cards = c["market"]["cards"]
    assert len(cards) == 53
    kinds = [k["type"] for k in cards]
    assert (kinds.count("weapon"), kinds.count("armor"), kinds.count("trait"), kinds.count("skill")) == (8, 12, 20, 13)
    assert sum(k["group"] == 1 for k in cards) == 26
    assert len(c["classes"]["classes"]) == 12 and len(c["races"]["races"]) == 6
    assert len(c["backstories"]["backstories"]) == 16 and len(c["alignments"]["alignments"]) == 17
    for section in ("races", "classes", "backstories", "alignments"):
        for rec in c[section][section]:
            assert rec["source"] in {"rulebook", "research", "designed"}, rec
    assert all(k["source"] in {"rulebook", "research", "designed"} for k in cards)
    reckless = next(k for k in cards if k["name"] == "Reckless")
    assert reckless["cost"] == 6, "the rulebook's market example"
    data = resources.files("ravenry_roll_player") / "data"
    assert all((data / f"{n}.json").is_file() for n in ("races", "classes", "backstories", "alignments", "market"))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_heuristic_matches_end_and_render(players: int) -> None:
    g = ravenry.game("roll-player")
    m = g.new_match(players, seed=players)
    play_bot(m, "heuristic")
    out = m.outcome
    assert out is not None and len(out["scores"]) == players
    console = Console(record=True, width=120)
    console.print(render_view(m.view(0), 0))
    text = console.export_text()
    assert "STR" in text and "Initiative" in text and "Market" in text
    if players == 1:
        assert m.view(None)["solo_rating"] in {"True Hero", "Clan Leader", "Luminary", "Adventurer", "Mercenary", "NPC"}
        assert "Solo rating" in text


def test_every_event_is_narrated_in_words() -> None:
    g = ravenry.game("roll-player")
    kinds: set[str] = set()
    for seed in range(6):
        m = g.new_match(1 + seed % 4, seed=seed, variants=["friendly-market"] if seed % 2 else [])
        play_random(m, random.Random(seed))
        for e in m.events(0, None, all=True):
            line = narrate_event(e)
            assert isinstance(line, str) and line and "{'" not in line, (e, line)
            kinds.add(next(iter(e["event"])) if isinstance(e["event"], dict) else e["event"])
    assert {"Round", "TookInitiative", "Placed", "Bought", "FinalScore"} <= kinds


def test_views_render_in_every_phase() -> None:
    g = ravenry.game("roll-player")
    m = g.new_match(3, seed=5, options={"class_selection": "choose"})
    rng = random.Random(5)
    phases = set()
    console = Console(record=True, width=140)
    while not m.is_over:
        v = m.view(None)
        phases.add(v["phase"])
        console.print(render_view(v, None))
        for p in m.to_act:
            m.apply(p, rng.choice(m.legal_actions(p)))
    assert {"setup", "dice", "market"} <= phases


def test_variants_combine() -> None:
    g = ravenry.game("roll-player")
    m = g.new_match(4, seed=2, variants=sorted(VARIANTS))
    play_bot(m, "heuristic")
    assert m.is_over
    st = m.state()
    assert sum(len(r) for r in st["seats"][0]["sheet"]) == 18


def test_bad_options_are_refused() -> None:
    g = ravenry.game("roll-player")
    with pytest.raises(ravenry.RavenryError):
        g.new_match(2, seed=1, options={"class_selection": "auction"})


def test_cli_plays_the_solo_game() -> None:
    r = CliRunner().invoke(
        cli, ["play", "roll-player", "--players", "1", "--seed", "4"], input="1\n" * 600, catch_exceptions=False
    )
    assert "Solo rating" in r.output, r.output[-2000:]


def test_cli_sim_reports_classes() -> None:
    r = CliRunner().invoke(
        cli,
        ["sim", "roll-player", "-n", "40", "--players", "4", "--bots", "heuristic", "--seed", "1", "--json"],
        catch_exceptions=False,
    )
    data = json.loads(r.output)
    assert sum(v["seats"] for v in data["by_label"].values()) == 160, "one class label per seat"
    assert set(data["by_label"]) <= {c["name"] for c in load_content()["classes"]["classes"]}


def test_cli_sim_solo_reports_mean_stars_per_class() -> None:
    """Solo, every finished game is a "win": the class table says mean stars with their interval instead, and the
    per-class means weigh back to the overall mean."""
    args = ["sim", "roll-player", "-n", "60", "--players", "1", "--bots", "heuristic", "--seed", "3"]
    data = json.loads(CliRunner().invoke(cli, [*args, "--json"], catch_exceptions=False).output)
    labels = data["by_label"]
    assert sum(v["seats"] for v in labels.values()) == 60
    overall = data["seats"][0]["mean_score"]
    assert sum(v["mean_score"] * v["seats"] for v in labels.values()) / 60 == pytest.approx(overall)
    assert len({round(v["mean_score"], 6) for v in labels.values()}) > 1, "classes score differently"
    table = CliRunner().invoke(cli, [*args, "--players", "1"], catch_exceptions=False, env={"COLUMNS": "120"}).output
    assert "mean score" in table and "by house / class" in table and "win share" not in table
