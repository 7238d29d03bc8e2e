"""The terminal face of ``ravenry join``: renders each state frame with rich (the game's own renderer when the
plugin is installed here, a pretty-print when not), numbers the legal actions, shows the turn clock, and reads
a human's choice without blocking the connection."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

import ravenry
from ravenry.errors import RavenryError
from ravenry.faces.render import plain_event, result_table
from ravenry.net.client import played_for_text
from ravenry.specs import GameSpec
from ravenry.words import seat_number

Frame = dict[str, Any]


def game_spec(game_id: str) -> GameSpec | None:
    """The local plugin's spec for rendering, if this machine has the game installed (joining does not need it)."""
    try:
        return ravenry.game(game_id).spec
    except RavenryError:
        return None


def narrate(spec: GameSpec | None, event: dict[str, Any], view: dict[str, Any] | None) -> str:
    if spec is not None and spec.narrate is not None:
        try:
            return spec.narrate(event, view)
        except Exception:  # a renderer bug must not cost the player the match; fall back to the raw event
            pass
    return plain_event(event)


def clock_line(frame: Frame) -> str:
    clock = frame.get("clock") or {}
    if not clock:
        return ""
    parts = [f"seat {seat_number(int(s))}: {secs:.0f} s" for s, secs in sorted(clock.items())]
    return "⏱ " + "  ".join(parts)


class TerminalUI:
    """Callbacks for ``SeatPlayer``: ``on_frame`` renders, ``choose`` asks the human."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        self.spec: GameSpec | None = None
        self.received_at = time.monotonic()
        self.told_played: Any = None  # the played_for list last shown (each state repeats it until the seat acts)

    def on_frame(self, frame: Frame) -> None:
        t = frame.get("t")
        c = self.console
        if t == "status":
            c.print(f"[bold cyan]● {frame['message']}[/]")
        elif t == "notice":
            c.print(f"[bold yellow]⚑ {frame['message']}[/]")
        elif t == "error":
            c.print(f"[bold red]✗ refused ({frame['code']}): {frame['message']}[/]")
        elif t == "state":
            played = played_for_text(frame)
            if played is not None and frame.get("played_for") != self.told_played:
                c.print(f"[bold yellow]⚑ {escape(played)}[/]")
            self.told_played = frame.get("played_for")
            self.received_at = time.monotonic()
            if self.spec is None or self.spec.id != frame["game"]:
                self.spec = game_spec(frame["game"])
            c.print(self.render(frame))

    def render(self, frame: Frame) -> RenderableType:
        seat = frame["seat"]
        parts: list[RenderableType] = []
        for e in frame["events"]:
            parts.append(f"[dim]#{e['index']}[/] {narrate(self.spec, e, frame['view'])}")
        view: RenderableType = Pretty(frame["view"])
        if self.spec is not None and self.spec.render is not None:
            try:
                view = self.spec.render(frame["view"], seat)
            except Exception:  # see narrate: fall back rather than crash
                pass
        parts.append(view)
        to_act = ", ".join(str(seat_number(p)) for p in frame["to_act"])
        status = f"turn {frame['turn']} · to act: {to_act or '—'}"
        clock = clock_line(frame)
        if clock:
            status += f" · {clock}"
        parts.append(f"[bold]{status}[/]")
        if frame["actions"]:
            parts.append(actions_table(frame))
        if frame["over"] and frame["outcome"]:
            parts.append(result_table(frame["outcome"], seat))
        who = "spectator" if seat is None else f"seat {seat_number(seat)}"
        return Panel(Group(*parts), title=f"{frame['game']} · match {frame['match']} · {who}")

    async def choose(self, frame: Frame) -> int | None:
        actions = frame["actions"]
        secs = (frame.get("clock") or {}).get(frame["seat"])
        deadline = None if secs is None else self.received_at + secs
        warner = asyncio.ensure_future(self._warn(deadline)) if deadline is not None else None
        try:
            while True:
                left = "" if deadline is None else f" ({deadline - time.monotonic():.0f} s left)"
                answer = await asyncio.to_thread(input, f"your choice 1-{len(actions)}{left}: ")
                answer = answer.strip()
                if answer.isdigit() and 1 <= int(answer) <= len(actions):
                    return int(actions[int(answer) - 1]["code"])
                self.console.print(f"[red]type a number from 1 to {len(actions)}[/]")
        finally:
            if warner is not None:
                warner.cancel()

    async def _warn(self, deadline: float) -> None:
        """The clock, kept visible while the player thinks: a line at 30, 10 and 5 seconds left."""
        for mark in (30, 10, 5):
            wait = deadline - mark - time.monotonic()
            if wait < 0:
                continue
            await asyncio.sleep(wait)
            self.console.print(f"\n[bold yellow]⏱ {mark} s left to choose[/]")


def actions_table(frame: Frame) -> Table:
    t = Table(title=f"seat {seat_number(frame['seat'])}: your choices", header_style="bold")
    t.add_column("#", justify="right")
    t.add_column("action")
    t.add_column("kind", style="dim")
    for i, a in enumerate(frame["actions"], 1):
        t.add_row(str(i), str(a["label"]), str(a["kind"]))
    return t


def matches_table(matches: list[dict[str, Any]]) -> Table:
    t = Table(title="matches on this server")
    for col in ("id", "game", "players", "turn", "seats", "state"):
        t.add_column(col)
    for m in matches:
        seats = " ".join(
            f"{seat_number(s['seat'])}:{s['bot'] or ('taken' if s['taken'] else 'free')}{'*' if s['online'] else ''}"
            for s in m["seats"]
        )
        t.add_row(m["id"], m["game"], str(m["players"]), str(m["turn"]), seats, "over" if m["over"] else "playing")
    return t
