"""The face of the game: a rich renderer of a view and a narrator of events.

Views and events arrive as the msgpack encoding of the Rust ``View`` / ``Event`` types (see
``core_rs/src/games/agot_board/view.rs`` and ``state.rs``), decoded to dicts.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text


def _units(a: dict[str, Any]) -> str:
    parts = []
    for key, short in (("foot", "F"), ("knight", "K"), ("ship", "S")):
        if a.get(key):
            parts.append(f"{a[key]}{short}")
    return " ".join(parts)


def render_view(view: dict[str, Any], seat: int | None) -> Any:
    """Tracks, houses and the occupied areas of the board."""
    head = Text(
        f"Round {view['round']} · {view['phase']} · threat {view['threat']} · waiting for "
        f"{', '.join(view['waiting_for']) or 'nobody'} ({view['question']})",
        style="bold",
    )
    tracks = Text(
        f"Iron Throne: {' > '.join(view['throne'])}   Fiefdoms: {' > '.join(view['fiefdoms'])}   "
        f"King's Court: {' > '.join(view['court'])}"
    )
    houses = Table(title="Houses")
    for col in ("house", "power", "supply", "castles", "claims", "hand", "discard", "tactic"):
        houses.add_column(col)
    for s in view["seats"]:
        houses.add_row(
            s["house"],
            str(s["power"]),
            str(s["supply"]),
            str(s["castles"]),
            str(s["claims"]),
            ", ".join(s["hand"]),
            ", ".join(s["discard"]),
            s["tactic"] or ("locked" if s["locked"] else ""),
        )
    board = Table(title="Board")
    for col in ("area", "owner", "units", "order", "notes"):
        board.add_column(col)
    for a in view["areas"]:
        notes = []
        if a["neutral"]:
            notes.append(f"neutral {a['neutral']}")
        if a["token"]:
            notes.append("power token")
        if a["routed"]:
            notes.append(f"{a['routed']} routed")
        if a["closed"]:
            notes.append("closed")
        board.add_row(a["name"], a["owner"] or "", _units(a), a["order"] or "", ", ".join(notes))
    parts: list[Any] = [head, tracks, houses, board]
    if view.get("restrictions"):
        parts.append(Text("This round: " + "; ".join(view["restrictions"])))
    c = view.get("combat")
    if c:
        cards = " vs ".join(x or "?" for x in c["cards"])
        parts.append(Text(f"Battle in {c['area']}: {c['attacker']} attacks {c['defender']} ({cards}) — {c['stage']}"))
    prisoners = [f"{x['name']} (held by {x['prisoner_of']})" for x in view.get("leaders", []) if x["prisoner_of"]]
    if prisoners:
        parts.append(Text("Prisoners: " + ", ".join(prisoners)))
    if view.get("winner"):
        parts.append(Text(f"{view['winner']} wins.", style="bold green"))
    return Group(*parts)


def narrate_event(event: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """One line of the story (the core already words it)."""
    body = event.get("event", event)
    if isinstance(body, dict) and "Note" in body:
        return str(body["Note"].get("text", ""))
    return str(body)
