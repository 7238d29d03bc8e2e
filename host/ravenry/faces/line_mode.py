"""Local play in the terminal: human seats choose from numbered legal actions, bots take the others."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.pretty import Pretty
from rich.rule import Rule

from ravenry.errors import RavenryError
from ravenry.faces import render
from ravenry.model.match import MatchBase
from ravenry.words import seat_number


def seating(players: int, humans: list[int], bots: list[str]) -> dict[int, str | None]:
    """Seat -> bot name, or None for a human; bots cycle over the non-human seats (seats as indices, from 0)."""
    out: dict[int, str | None] = {}
    i = 0
    for p in range(players):
        if p in humans:
            out[p] = None
        else:
            out[p] = bots[i % len(bots)] if bots else "random"
            i += 1
    return out


def play(
    match: MatchBase,
    seats: dict[int, str | None],
    console: Console,
    ask: Callable[[str], str],
    save: Path | None = None,
    max_steps: int = 1_000_000,
    delay: float = 0.0,
) -> MatchBase:
    """Run the match to its end (or ``max_steps``), saving after every action when ``save`` is given. With no
    human seat (watching), ``delay`` seconds pass between moves so the story can be read as it is told."""
    match.meta["seats"] = {str(p): b for p, b in seats.items()}
    seen = {p: match.event_count for p in seats}
    public_seen = match.event_count
    steps = 0
    while not match.is_over and steps < max_steps:
        for p in match.to_act:
            bot = seats.get(p)
            if bot is None:
                _show_events(match, console, p, seen)
                console.print(Rule(f"seat {seat_number(p)}"))
                console.print(render.view(match, p))
                a = _ask_human(match, p, console, ask)
            else:
                a = match.bot(bot, p)
            match.apply(p, a)
            steps += 1
            if bot is not None and all(b is not None for b in seats.values()):
                public = match.view(None)
                for e in match.events(public_seen, None):
                    console.print(f"  {render.narrate(match, e, public)}")
                public_seen = match.event_count
                if delay > 0:
                    time.sleep(delay)
            if save is not None:
                match.save(save)
    for p, b in seats.items():
        if b is None:
            _show_events(match, console, p, seen)
    if match.is_over:
        console.print(render.outcome_table(match))
    return match


def _show_events(match: MatchBase, console: Console, p: int, seen: dict[int, int]) -> None:
    view = match.view(p)
    for e in match.events(seen[p], p):
        console.print(f"  [dim]·[/] {render.narrate(match, e, view)}")
    seen[p] = match.event_count


def _ask_human(match: MatchBase, p: int, console: Console, ask: Callable[[str], str]) -> int:
    legal = match.legal_actions(p)
    console.print(render.actions_table(match, p, legal))
    while True:
        raw = ask(f"seat {seat_number(p)}, choose 1-{len(legal)}").strip()
        if raw.isdigit() and 1 <= int(raw) <= len(legal):
            return legal[int(raw) - 1]
        console.print(f"[red]type a number from 1 to {len(legal)}[/]")


def replay(
    match: MatchBase,
    actions: list[tuple[int, int]],
    console: Console,
    ask: Callable[[str], str] | None,
    viewer: int | None = None,
    all: bool = False,
) -> MatchBase:
    """Step through ``actions`` on a fresh ``match``, showing only what ``viewer`` may know (``None``: the
    public): its own actions by name, the others' as "acts", the events it may see, and its view at the end.
    ``all`` shows everything (every label, every event, the whole state), for the save's owner."""
    for i, (p, a) in enumerate(actions):
        before = match.event_count
        # Another seat's label can name what it holds (a hostage's card, a secret order): never shown.
        label = match.describe(a, p)["label"] if all or p == viewer else None
        try:
            match.apply(p, a)
        except RavenryError as e:
            raise RavenryError(f"action {i} of the save does not replay: {e}") from e
        console.print(f"[bold]{i + 1:>4}[/] seat {seat_number(p)}" + (f": {label}" if label is not None else " acts"))
        view = match.view(viewer)
        for event in match.events(before, viewer, all=all):
            console.print(f"       {render.narrate(match, event, view)}")
        if ask is not None:
            ask("enter for the next action")
    console.print(Pretty(match.state()) if all else render.view(match, viewer))
    if match.is_over:
        console.print(render.outcome_table(match))
    return match
