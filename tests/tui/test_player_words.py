"""What a new player reads: forced steps made with a line in the story, a preview for every decision that was
decided blind, a march drawn before it ends, plain words instead of templates, the story of a resumed match,
a replay that waits for no one, and the way back to the lobby from a finished match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ravenry
from click.testing import CliRunner
from ravenry.faces import tui
from ravenry.faces.cli import cli
from ravenry.faces.tui.gameui import load_ui
from ravenry.faces.tui.session import LocalSession
from ravenry.words import count
from rich.console import Console
from textual.widgets import RichLog

from tests.tui.conftest import deciding, drive, screen_text, until


def plain(renderable: Any) -> str:
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115  (closed with the console)
    console.print(renderable)
    return console.export_text()


def first_frame_with(game: str, players: int, kind: str, seeds: range = range(40)) -> tuple[Any, dict[str, Any]]:
    """A match at seat 0's first decision offering an action of ``kind`` (heuristic bots play on until then)."""
    for seed in seeds:
        m = ravenry.game(game).new_match(players, seed=seed)
        for _ in range(3000):
            if m.is_over:
                break
            p = m.to_act[0]
            acts = [m.describe(a, p) for a in m.legal_actions(p)]
            hit = next((a for a in acts if a["kind"] == kind), None)
            if hit is not None and p == 0:
                return m, hit
            m.apply(p, m.bot("heuristic", p))
    raise AssertionError(f"no {kind} decision in {game}")


def test_count_says_one_card_and_two_cards() -> None:
    assert [count(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count(2, "footman", "footmen") == "2 footmen"


def test_a_forced_step_is_made_with_a_line_and_undo_takes_it_back_with_the_decision_before() -> None:
    m = ravenry.game("agot-ccg").new_match(2, seed=5)
    session = LocalSession(m, {0: None, 1: "heuristic"})
    app = tui.app.RavenryApp(m.game.spec, tui.drivers.LocalDriver(session))
    forced_seen: list[int] = []

    async def script(pilot: Any) -> None:
        for _ in range(30):
            await until(pilot, lambda: deciding(app) or m.is_over)
            if m.is_over:
                break
            assert len(app.frame["actions"]) > 1, "a one-choice step never waits for a key"
            log = "\n".join(str(line.text) for line in app.query_one("#log", RichLog).lines)
            forced_seen.append(log.count("(the only choice: made for you)"))
            before = app.frame
            for _ in range(5):
                await pilot.press("enter")
                await pilot.pause()
                if app.frame is not before:
                    break

    drive(app, script, size=(170, 50))
    assert max(forced_seen) >= 1, "a CCG opening has forced steps (nothing to marshal, no response to make)"


def test_previews_for_support_answers_initiative_cards_and_orders() -> None:
    m, act = first_frame_with("iron-throne", 4, "accept")
    ui = load_ui(m.game.spec)
    text = plain(ui.preview(m.view(0), 0, act))
    assert "offers" in text and "Accept: your side's crowns + bonus" in text and "→" in text
    m, act = first_frame_with("roll-player", 2, "initiative")
    text = plain(load_ui(m.game.spec).preview(m.view(0), 0, act))
    assert " die" in text and "Market phase: #" in text
    m, act = first_frame_with("agot-board", 3, "order")
    text = plain(load_ui(m.game.spec).preview(m.view(0), 0, act))
    assert act["label"].split(" ")[1] in text and "Action phase" in text or "strength" in text


def test_a_march_under_way_is_in_every_view_and_drawn_with_a_ship_hint() -> None:
    m, act = first_frame_with("agot-board", 3, "move")
    m.apply(0, act["code"])
    views = [m.view(p) for p in range(3)] + [m.view(None)]
    assert all(v["march"] == views[0]["march"] for v in views), "the moves are on the table: everyone sees them"
    march = views[0]["march"]
    assert march["moves"] and {"to", "units", "by_sea"} <= set(march["moves"][0])
    ui = load_ui(m.game.spec)
    board = plain(ui.widgets()[2].draw(views[0], 0))
    assert f"marches from {march['from']}" in board and march["moves"][0]["to"] in board


def test_words_not_templates() -> None:
    spec = ravenry.game("agot-ccg").spec
    assert spec.narrate is not None
    drew = spec.narrate({"event": {"Drew": {"seat": 0, "n": 1}}}, None)
    assert drew.endswith("draws 1 card"), drew
    rp = ravenry.game("roll-player").spec
    assert rp.narrate is not None
    solo = rp.narrate({"event": {"FirstPlayer": {"seat": 0, "roll": 3}}}, {"seats": [{}]})
    assert "goes first" not in solo


def test_a_resumed_match_shows_its_story_so_far(tmp_path: Path) -> None:
    save = tmp_path / "m.rvn"
    m = ravenry.game("iron-throne").new_match(3, seed=2, meta={"seats": {"0": None, "1": "random", "2": "random"}})
    for _ in range(20):
        p = m.to_act[0]
        m.apply(p, m.bot("random", p))
    m.save(save)
    loaded = ravenry.load_match(save, verify=True)
    assert loaded.events(0, 0) == m.events(0, 0) and loaded.events(0, 0)
    r = CliRunner().invoke(cli, ["resume", str(save), "--plain"], input="")
    assert "Traceback" not in r.output, r.output


def test_a_replay_waits_for_no_one(tmp_path: Path) -> None:
    m = ravenry.game("iron-throne").new_match(3, seed=2)
    for _ in range(5):
        p = m.to_act[0]
        m.apply(p, m.bot("random", p))
    app = tui.replay_app(ravenry.game("iron-throne").new_match(3, seed=2), m.history(), 0, 5.0, paused=True)

    async def script(pilot: Any) -> None:
        await pilot.pause()
        text = screen_text(app)
        assert "Waiting for you" not in text and "Replay · next to act" in text, text

    drive(app, script, size=(170, 50))


def test_a_finished_match_from_the_lobby_goes_back_to_it() -> None:
    app = tui.lobby_app(None)

    async def script(pilot: Any) -> None:
        await pilot.pause()
        assert "Ravenry lobby" in screen_text(app)
        spec = ravenry.game("fixture").spec
        m = ravenry.game("fixture").new_match(2, seed=1)
        while not m.is_over:  # finished before the screen opens: the end screen at once
            p = m.to_act[0]
            m.apply(p, m.bot("random", p))
        await app.begin(spec, tui.drivers.LocalDriver(LocalSession(m, {0: None, 1: "random"})))
        await until(pilot, lambda: bool(app.frame and app.frame["over"]))
        await pilot.pause()
        assert "L: back to the lobby" in screen_text(app)
        await pilot.press("l")
        await until(pilot, lambda: "Ravenry lobby" in screen_text(app))

    drive(app, script, size=(120, 40))
