"""Rich renderer and narration for Roll Player views and events.

A view (see ``core_rs/src/games/roll_player/state.rs::View``) reaches here as a dict. Dice inside views are
``[colour, value]`` pairs; dice inside events are one byte, ``colour_index * 8 + value``.
"""

from __future__ import annotations

from typing import Any

from ravenry import count
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ATTRS = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
COLORS = ("green", "blue", "red", "purple", "black", "white", "gold")
STYLE = {
    "green": "bold black on green",  # white on a bright green (a browser theme) cannot be read
    "blue": "bold white on blue",
    "red": "bold white on red",
    "purple": "bold white on magenta",
    "black": "bold white on grey23",
    "white": "bold black on white",
    "gold": "bold black on yellow",
}
ALIGN_ROWS = ("Good", "Neutral", "Evil")
ALIGN_COLS = ("Lawful", "Neutral", "Chaotic")


def die_text(colour: str, value: int) -> Text:
    if not value:
        return Text(" · ", style="dim")
    return Text(f" {value} ", style=STYLE.get(colour, "bold"))


def _event_die(b: int) -> str:
    colour = COLORS[b >> 3] if (b >> 3) < len(COLORS) else "?"
    return f"{colour} {b & 7}"


def _slot(slot: int) -> str:
    return f"{ATTRS[slot // 3] if slot // 3 < 6 else '?'} #{slot % 3 + 1}"


def _sheet_table(seat: dict[str, Any]) -> Table:
    t = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    for col in ("", "dice", "race", "total", "goal", "★", "backstory"):
        t.add_column(col)
    marks = seat.get("backstory_marks") or []
    for r, attr in enumerate(ATTRS):
        row = seat["sheet"][r] if r < len(seat["sheet"]) else []
        dice = Text()
        for colour, value in row:
            dice.append_text(die_text(colour, value))
        goal, stars = seat["goals"][r] if r < len(seat.get("goals", [])) else ("-", 0)
        met = seat["goals_met"][r] if r < len(seat.get("goals_met", [])) else False
        mod = seat["race_mods"][r]
        mark = marks[r] if r < len(marks) else None
        mark_text = Text(f"{mark[0]} @{mark[1] + 1}", style=STYLE.get(mark[0], "")) if mark else Text("")
        t.add_row(
            attr,
            dice,
            f"{mod:+d}" if mod else "",
            Text(str(seat["totals"][r]), style="bold green" if met else "bold"),
            Text(goal, style="green" if met else ""),
            str(stars),
            mark_text,
        )
    return t


def _alignment_table(seat: dict[str, Any]) -> Table:
    t = Table(show_header=True, box=None, padding=(0, 1), title=seat.get("alignment", ""))
    t.add_column("")
    for c in ALIGN_COLS:
        t.add_column(c)
    grid = seat.get("alignment_grid") or [0] * 9
    for r, name in enumerate(ALIGN_ROWS):
        cells = []
        for c in range(3):
            i = r * 3 + c
            v = grid[i]
            label = f"{v:+d}" if v else "0"
            cells.append(Text(f"[{label}]", style="bold reverse") if seat["token"] == i else Text(f" {label} "))
        t.add_row(name, *cells)
    return t


def _seat_panel(i: int, seat: dict[str, Any], view: dict[str, Any], viewer: int | None) -> Panel:
    cards = ", ".join(f"{n}{' (exhausted)' if ex else ''}" for n, _kind, ex in seat.get("cards", [])) or "none"
    info = Text()
    info.append(f"Gold {seat['gold']}", style="yellow")
    if seat.get("charisma"):
        info.append(f"   Charisma tokens {seat['charisma']}")
    if seat.get("init"):
        info.append(f"   Initiative #{seat['init']}")
    info.append(f"   Stars now {seat.get('stars', 0)}", style="bold")
    info.append(f"\nCards: {cards}")
    if seat.get("pool"):
        info.append("\nStarting dice to place: ")
        for colour, value in seat["pool"]:
            info.append_text(die_text(colour, value))
    body = Group(_sheet_table(seat), _alignment_table(seat), info)
    title = f"Player {i + 1}{' (you)' if viewer == i else ''}: {seat['race']} {seat['class']} ({seat['class_color']})"
    sub = f"{seat.get('backstory', '')} · {seat.get('ability', '')}"
    style = "bold cyan" if view.get("to_act") == i else "white"
    return Panel(body, title=title, subtitle=sub, border_style=style)


def render_view(view: dict[str, Any], seat: int | None) -> Any:
    """The whole table: header, Initiative row, market, every character sheet."""
    head = Text()
    head.append(f"Roll Player · round {view['round']} · {view['phase']} phase", style="bold")
    head.append(f" · first player: Player {view['first'] + 1}")
    if view.get("to_act") is not None:
        head.append(f" · to act: Player {view['to_act'] + 1}", style="bold cyan")
    bag = ", ".join(f"{c} {n}" for c, n in zip(COLORS, view.get("bag", []), strict=False))
    head.append(f"\nBag: {bag} · market deck {view['deck_size']} · discard {len(view.get('discard', []))}")
    if view.get("trash"):
        head.append(f" · trash {len(view['trash'])}")
    if view.get("rival_roll"):
        head.append(f" · rival die {view['rival_roll']}")
    init = Table(title="Initiative", box=None, padding=(0, 2))
    for card in view["initiative"]:
        init.add_column(f"#{card['number']}")
    cells = []
    for card in view["initiative"]:
        t = Text()
        if card.get("die"):
            t.append_text(die_text(*card["die"]))
        if card.get("coin"):
            t.append(" +1g", style="yellow")
        if card.get("taken_by") is not None:
            t.append(f" Player {card['taken_by'] + 1}", style="dim")
        cells.append(t)
    init.add_row(*cells)
    if view.get("ordering"):
        t = Text("Dice to lay out: ")
        for colour, value in view["ordering"]:
            t.append_text(die_text(colour, value))
        init.caption = t.plain
    market = Table(title="Market", box=None, padding=(0, 1))
    for col in ("#", "card", "type", "cost", "arrow", "text"):
        market.add_column(col)
    for i, c in enumerate(view["market"]):
        market.add_row(str(i + 1), c["name"], c["kind"], str(c["cost"]), c["arrow"], c["text"])
    if view.get("revealed"):
        c = view["revealed"]
        market.add_row("lock", c["name"], c["kind"], str(c["cost"]), c["arrow"], c["text"])
    parts: list[Any] = [head, init, market]
    parts.extend(_seat_panel(i, s, view, seat) for i, s in enumerate(view["seats"]))
    if view.get("over") and view.get("solo_rating"):
        parts.append(Text(f"Solo rating: {view['solo_rating']}", style="bold magenta"))
    return Group(*parts)


def narrate_event(event: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """One line per event, in plain words."""
    ev = event.get("event", event)
    if isinstance(ev, str):
        return ev
    ((kind, b),) = ev.items()
    s = f"Player {b['seat'] + 1}" if isinstance(b, dict) and isinstance(b.get("seat"), int) else ""
    match kind:
        case "FirstPlayer":
            if view is not None and len(view.get("seats") or []) == 1:
                return "The solo game begins."
            return f"{s} rolls {b['roll']} and goes first."
        case "RaceChosen":
            return f"{s} takes the {b['race']} character sheet."
        case "ClassDie":
            return f"{s} draws a {b['color']} die for a class."
        case "ClassChosen":
            return f"{s} becomes a {b['class']}."
        case "Dealt":
            return f"{s} gets the {b['backstory']} backstory and the {b['alignment']} alignment."
        case "StartingDice":
            return f"{s} rolls starting dice: {', '.join(_event_die(d) for d in b['dice'])}."
        case "StartingGold":
            return f"{s} starts with {b['gold']} gold."
        case "Round":
            return f"Round {b['round']} begins; Player {b['first'] + 1} holds the dice bag."
        case "Rolled":
            return f"Rolled for the Initiative cards: {', '.join(_event_die(d) for d in b['dice'])}."
        case "DieOnInitiative":
            return f"{_event_die(b['die'])} goes on Initiative #{b['card'] + 1}."
        case "TookInitiative":
            coin = " and its gold" if b["coin"] else ""
            return f"{s} takes Initiative #{b['card'] + 1} ({_event_die(b['die'])}){coin}."
        case "Placed":
            gold = f", +{b['gold']} gold" if b["gold"] else ""
            return f"{s} places {_event_die(b['die'])} in {ATTRS[b['row']]}{gold}."
        case "Flipped":
            return f"{s} flips the die at {_slot(b['slot'])} from {b['from']} to {b['to']}."
        case "Swapped":
            return f"{s} swaps the dice at {_slot(b['a'])} and {_slot(b['b'])}."
        case "Nudged":
            return f"{s} turns the die at {_slot(b['slot'])} from {b['from']} to {b['to']}."
        case "Rerolled":
            return f"{s} rerolls the die at {_slot(b['slot'])}: {b['old']} → {b['new']}."
        case "Kept":
            return f"{s} keeps {b['value']} at {_slot(b['slot'])}."
        case "TokenMoved":
            to = b["to"]
            return f"{s}'s alignment token moves to {ALIGN_ROWS[to // 3]}/{ALIGN_COLS[to % 3]}."
        case "CharismaTaken":
            return f"{s} takes {count(b['count'], 'Charisma token')}."
        case "GoldGained":
            return f"{s} gains {b['amount']} gold ({b['why']})."
        case "Attuned":
            return f"{s} (Attuned) adds {b['card']} from the discard pile to the market."
        case "Bought":
            tok = f" and {count(b['tokens'], 'Charisma token')}" if b["tokens"] else ""
            return f"{s} buys {b['card']} for {b['paid']} gold{tok}."
        case "DiscardedForGold":
            return f"{s} discards {b['card']} from the market and takes {b['gold']} gold."
        case "WeaponDiscarded":
            return f"{s} discards the weapon {b['card']}."
        case "SkillUsed":
            return f"{s} uses {b['card']}."
        case "Revealed":
            return f"Open Lock reveals {b['card']}."
        case "DieMoved":
            return f"{s} moves the die at {_slot(b['from'])} to {ATTRS[b['row']]}."
        case "DieExchanged":
            return f"{s} now holds {_event_die(b['die'])}."
        case "RivalDie":
            what = f"{b['trashed']} is trashed" if b.get("trashed") else "nothing happens"
            return f"The rival die shows {b['roll']}: {what}."
        case "Trashed":
            return f"Trashed: {', '.join(b['cards']) or 'nothing'}."
        case "Refreshed":
            return f"{s} refreshes {b['card']}."
        case "MarketDealt":
            again = " (the discard pile was reshuffled)" if b["reshuffled"] else ""
            return f"New market{again}: {', '.join(b['cards'])}."
        case "FinalScore":
            detail = ", ".join(f"{k} {v}" for k, v in b["detail"])
            return f"{s} scores {b['stars']} stars ({detail}); {b['gold']} gold left."
        case "SoloRating":
            return f"Solo rating: {b['title']} ({b['stars']} stars)."
    return f"{kind} {b}"
