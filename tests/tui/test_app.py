"""The app shell's pace: bots moving one at a time at ``--delay``, Space pausing, n stepping, and a paced move
that fires while the app closes drawing nothing."""

from __future__ import annotations

from typing import Any

import ravenry
from ravenry.faces import tui

from tests.tui.conftest import drive, settle


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
