"""Terminal rendering shared by every game: a game's own renderer when it has one, a readable fallback when not."""

from __future__ import annotations

from typing import Any

from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.table import Table

from ravenry.model.match import MatchBase
from ravenry.words import seat_number


def view(match: MatchBase, seat: int | None) -> RenderableType:
    spec = match.game.spec
    v = match.view(seat)
    if spec.render is not None:
        return spec.render(v, seat)
    return Pretty(v)


def narrate(match: MatchBase, event: dict[str, Any], view: dict[str, Any] | None) -> str:
    """One line for ``event``, naming what ``view`` (the viewer's current view) shows."""
    spec = match.game.spec
    if spec.narrate is not None:
        return spec.narrate(event, view)
    return plain_event(event)


def plain_event(event: dict[str, Any]) -> str:
    """An event as one line when its game has no narrator: ``Kind: field=value, ...``."""
    body = event["event"]
    if isinstance(body, dict) and len(body) == 1:
        ((kind, fields),) = body.items()
        if isinstance(fields, dict):
            return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in fields.items())
        return f"{kind}: {fields}"
    return str(body)


def actions_table(match: MatchBase, seat: int, legal: list[int]) -> Table:
    t = Table(title=f"Seat {seat_number(seat)}: your choices", show_header=True, header_style="bold")
    t.add_column("#", justify="right")
    t.add_column("action")
    t.add_column("kind", style="dim")
    for i, a in enumerate(legal, 1):
        info = match.describe(a, seat)
        t.add_row(str(i), info["label"], info["kind"])
    return t


def outcome_table(match: MatchBase) -> Table:
    return result_table(match.outcome or {}, None, match.game.spec.title)


def result_table(outcome: dict[str, Any], seat: int | None, caption: str | None = None) -> Table:
    """The final result from an outcome dict (a local match's or a server's frame): score, rank and winner per
    seat, "(you)" on ``seat``, and the tournament points where the game's rules score matches."""
    t = Table(title="final result", caption=caption)
    t.add_column("seat", justify="right")
    t.add_column("score", justify="right")
    t.add_column("rank", justify="right")
    points = outcome.get("points")
    if points is not None:
        t.add_column("tournament points", justify="right")
    t.add_column("")
    winners = set(outcome.get("winners", []))
    ranks = outcome.get("ranks", [])
    for p, score in enumerate(outcome.get("scores", [])):
        mark = "[bold green]winner[/]" if p in winners else ""
        if p == seat:
            mark += " (you)"
        cells = [str(seat_number(p)), f"{score:g}", str(ranks[p]) if p < len(ranks) else "?"]
        if points is not None:
            cells.append(f"{points[p]:g}" if p < len(points) else "?")
        t.add_row(*cells, mark)
    return t


def console() -> Console:
    return Console(highlight=False)
