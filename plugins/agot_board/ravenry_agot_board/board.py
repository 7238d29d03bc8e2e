"""The map of Westeros as text, for the board game's screen: a grid of cells (the layout in ``data/layout.json``,
designed; borders from ``map.json``), each area's owner, units, order and power token, and the march under way."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ravenry import count, plugin_data
from rich.text import Text

View = dict[str, Any]


#: Each house's colour, and the letter that says it without colour.
HOUSE = {
    "Stark": ("grey85", "S"),
    "Lannister": ("red", "L"),
    "Baratheon": ("yellow", "B"),
    "Greyjoy": ("cyan", "G"),
    "Tyrell": ("green", "T"),
    "Martell": ("dark_orange", "M"),
}
ORDER_SHORT = {"March": "M", "Defense": "D", "Support": "S", "Raid": "R", "Consolidate Power": "C"}
CELL_W = 12  # characters per map cell: 8 cells and their border marks fit 104 columns
GAP = 1


@cache
def board_map() -> dict[str, dict[str, Any]]:
    return {a["name"]: a for a in plugin_data("ravenry_agot_board", "map")["areas"]}


@cache
def layout() -> dict[str, Any]:
    return plugin_data("ravenry_agot_board", "layout")


def house_tag(name: str | None) -> Text:
    if not name:
        return Text("—", style="dim")
    style, letter = HOUSE.get(name, ("white", name[:1]))
    return Text(f"[{letter}]{name}", style=f"bold {style}")


def order_short(order: str | None) -> str:
    """``March +1`` → ``M+1``; a hidden order shows as ``▣`` (face down)."""
    if order is None:
        return ""
    if order == "hidden":
        return "▣"
    for word, letter in ORDER_SHORT.items():
        if order.startswith(word):
            rest = order[len(word) :].strip().replace("+0", "0")
            star = "★" if "*" in rest or "star" in rest.lower() else ""
            return letter + re.sub(r"[^\d+-]", "", rest) + star
    return order[:3]


def units(a: dict[str, Any]) -> str:
    """Units as counts and letters: f footman, K knight, s ship (r: routed)."""
    s = ""
    for n, letter in ((a["foot"], "f"), (a["knight"], "K"), (a["ship"], "s")):
        if n:
            s += f"{n}{letter}"
    if a["routed"]:
        s += f"r{a['routed']}"
    return s


def cell(a: dict[str, Any], label: str) -> tuple[Text, Text]:
    info = board_map().get(a["name"], {})
    sea = info.get("kind") == "sea"
    castle = {"stronghold": "▲", "city": "△"}.get(info.get("castle", ""), "")
    top = Text(f"{castle}{label}"[:CELL_W].ljust(CELL_W), style="bold blue" if sea else "bold")
    owner = a.get("owner")
    style, letter = HOUSE.get(owner or "", ("dim", "·"))
    low = Text()
    low.append(letter if owner else "·", style=f"bold {style}")
    body = units(a)
    if a["neutral"]:
        body += f"N{a['neutral']}"
    if a["closed"]:
        body += "✗"
    low.append(body, style=style if owner else "dim")
    if a["token"]:
        low.append("◆", style=f"bold {style}")
    o = order_short(a.get("order"))
    if o:
        pad = CELL_W - len(low.plain) - len(o)
        low.append(" " * max(1, pad))
        low.append(o, style="reverse")
    low.truncate(CELL_W, pad=True)
    return top, low


def area_of(by_name: dict[str, dict[str, Any]], name: str) -> dict[str, Any]:
    """An area as the view has it; the view lists only areas with something in them, so the rest are empty."""
    empty = {
        "name": name,
        "owner": None,
        "foot": 0,
        "knight": 0,
        "ship": 0,
        "routed": 0,
        "token": False,
        "neutral": 0,
        "closed": False,
        "order": None,
    }
    return by_name.get(name, empty)


def map_text(view: View) -> Text:
    """The grid: two lines per area; between neighbouring cells, a border mark where the areas touch. The areas
    of a march under way are marked: its origin reversed, its destinations underlined."""
    march = view.get("march") or {}
    marked = {m["to"]: "bold underline" for m in march.get("moves", [])}
    if march:
        marked[march["from"]] = "reverse"
    lay = layout()
    by_name = {a["name"]: a for a in view["areas"]}
    ids = {a["id"]: a for a in plugin_data("ravenry_agot_board", "map")["areas"]}
    grid: dict[tuple[int, int], dict[str, Any]] = {}
    for pos in lay["areas"]:
        rec = ids[pos["id"]]
        grid[(pos["col"], pos["row"])] = {"rec": rec, "label": pos["label"], "view": area_of(by_name, rec["name"])}

    def touches(p: tuple[int, int], q: tuple[int, int]) -> bool:
        a, b = grid.get(p), grid.get(q)
        return bool(a and b and b["rec"]["id"] in a["rec"]["adjacent"])

    out = Text(no_wrap=True, overflow="crop")
    for r in range(lay["rows"]):
        lines = [Text(), Text()]
        for c in range(lay["columns"]):
            g = grid.get((c, r))
            if g is None:
                lines[0].append(" " * CELL_W)
                lines[1].append(" " * CELL_W)
            else:
                top, low = cell(g["view"], g["label"])
                style = marked.get(g["rec"]["name"])
                if style:
                    top.stylize(style)
                    low.stylize(style)
                lines[0].append_text(top)
                lines[1].append_text(low)
            link = "─" if touches((c, r), (c + 1, r)) else " "
            lines[0].append(link, style="dim")
            lines[1].append(" ")
        out.append_text(lines[0])
        out.append("\n")
        out.append_text(lines[1])
        out.append("\n")
        below = Text()
        for c in range(lay["columns"]):
            down = "│" if touches((c, r), (c, r + 1)) else " "
            diag = "╲" if touches((c, r), (c + 1, r + 1)) else "╱" if touches((c + 1, r), (c, r + 1)) else " "
            below.append(down.center(CELL_W), style="dim")
            below.append(diag, style="dim")
        out.append_text(below)
        out.append("\n")
    return out


def march_text(march: dict[str, Any]) -> Text:
    """The march under way, move by move (its units arrive when it ends)."""
    t = Text(f"{march['house']} marches from {march['from']}: ", style="bold")
    moves = [f"{unit_list(m['units'])} → {m['to']}" + (" (by ship)" if m["by_sea"] else "") for m in march["moves"]]
    t.append("; ".join(moves) or "no unit moved yet")
    t.append(f"; staying: {unit_list(march['left'])}. The moves take effect at “End the march”.")
    return t


UNIT_WORDS = (("footman", "footmen"), ("knight", "knights"), ("ship", "ships"))


def unit_list(counts: list[int]) -> str:
    words = [count(n, *UNIT_WORDS[i]) for i, n in enumerate(counts) if n]
    return ", ".join(words) or "no units"
