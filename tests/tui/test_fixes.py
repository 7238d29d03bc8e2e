"""The issue's "fix on the way" list: names in narration after a resume, no debug strings on screen, the CCG's
defender pass, and watching at a pace with pause and step."""

from __future__ import annotations

from typing import Any

import ravenry
from ravenry.faces import render, tui
from ravenry_agot_ccg.render import render_view as ccg_render
from ravenry_agot_ccg.render import stage_words
from ravenry_iron_throne import render as it_render
from rich.console import Console

from tests.tui.conftest import drive, settle


def test_iron_throne_names_leaders_after_a_resume(tmp_path: Any) -> None:
    m = ravenry.game("iron-throne").new_match(3, seed=2)
    while (
        not any("LeaderUsed" in e["event"] for e in m.events(0, None) if isinstance(e["event"], dict)) and not m.is_over
    ):
        p = m.to_act[0]
        m.apply(p, m.bot("heuristic", p))
    m.save(tmp_path / "it.rvn")
    used = next(e for e in m.events(0, None) if isinstance(e["event"], dict) and "LeaderUsed" in e["event"])
    # A new process: nothing cached from the LeaderRevealed events, which it never saw.
    it_render.forget_houses()
    resumed = ravenry.load_match(tmp_path / "it.rvn")
    assert "their leader's ability" in it_render.narrate_event(used)
    render.learn(resumed, None)
    line = it_render.narrate_event(used)
    seat = used["event"]["LeaderUsed"]["seat"]
    view = resumed.view(None)["seats"][seat]
    assert f"{view['leader_name']}'s {view['leader_title']}" in line and f"House {view['house']}" in line


def test_no_debug_strings_in_the_renderers() -> None:
    m = ravenry.game("iron-throne").new_match(3, seed=2)
    c = Console(record=True, width=160)
    for _ in range(60):
        p = m.to_act[0]
        c.print(it_render.render_view(m.view(p), p))
        m.apply(p, m.bot("heuristic", p))
    text = c.export_text()
    assert "{ seat" not in text and "(seats [" not in text and "Waiting for" in text
    assert stage_words({"Resolve": 1}) == "resolving: unopposed power"
    g = ravenry.game("agot-ccg").new_match(2, seed=1)
    c = Console(record=True, width=160)
    for _ in range(150):
        if g.is_over:
            break
        p = g.to_act[0]
        c.print(ccg_render(g.view(p), p))
        g.apply(p, g.bot("heuristic", p))
    assert "{'Resolve'" not in c.export_text() and "stage {" not in c.export_text()


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


def test_watch_is_paced_pauses_and_steps() -> None:
    m = ravenry.game("iron-throne").new_match(3, seed=4)
    app = tui.local_app(m, {0: "heuristic", 1: "heuristic", 2: "heuristic"}, delay=0.2)

    async def script(pilot: Any) -> None:
        await pilot.pause(0.5)
        moved = m.decisions
        assert 1 <= moved <= 5, moved  # about one move per 0.2 s, not the whole match at once
        await pilot.press("space")  # pause
        await settle(pilot)
        paused_at = m.decisions
        await pilot.pause(0.6)
        assert m.decisions == paused_at
        await pilot.press("n")  # one step
        await settle(pilot)
        assert m.decisions == paused_at + 1
        await pilot.press("space")  # and on again
        await pilot.pause(0.5)
        assert m.decisions > paused_at + 1

    drive(app, script)


def test_a_paced_bot_move_after_the_app_has_closed_draws_nothing() -> None:
    # A paced bot's timer can fire while the app tears its screens down; drawing then must be a no-op, not a crash.
    m = ravenry.game("iron-throne").new_match(3, seed=4)
    app = tui.local_app(m, {0: "heuristic", 1: "heuristic", 2: "heuristic"}, delay=0.2)

    async def script(pilot: Any) -> None:
        await pilot.pause(0.3)

    drive(app, script)
    assert not app.screen_stack
    app.show(app.frame)
    app.note("late news")
    app.set_connection("late news")
