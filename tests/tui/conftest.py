"""Helpers for driving the full-screen client headlessly with Textual's pilot."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from rich.console import Console

pytest.importorskip("textual")

SIZE = (170, 50)


def screen_text(app: Any) -> str:
    """What the screen shows now, as plain text (one line per row), the way a player reads it."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def drive(
    app: Any, script: Callable[[Any], Awaitable[None]], size: tuple[int, int] = SIZE, toasts: bool = False
) -> None:
    """Run ``app`` headlessly and let ``script(pilot)`` press keys and check the screen (with ``toasts``, the
    notifications a real terminal shows, which Textual's test mode leaves out by default)."""

    async def main() -> None:
        async with app.run_test(size=size, notifications=toasts) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(asyncio.wait_for(main(), 60))


async def settle(pilot: Any, rounds: int = 3) -> None:
    """Let bot moves scheduled with call_later and the redraws after them run."""
    for _ in range(rounds):
        await pilot.pause()


async def until(pilot: Any, ready: Callable[[], bool], rounds: int = 400) -> None:
    """Pause until ``ready()`` (bots moving one step per message), failing after ``rounds`` pauses."""
    for _ in range(rounds):
        if ready():
            return
        await pilot.pause()
    raise AssertionError("the client never reached the expected state")


def deciding(app: Any) -> bool:
    """The screen waits for the human's decision."""
    return bool(app.frame and app.frame.get("actions"))


def widget_text(widget: Any, width: int | None = None) -> str:
    """All a Static widget holds, as plain text at its width (scrolled-off parts included)."""
    console = Console(width=width or max(40, widget.size.width), record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()
