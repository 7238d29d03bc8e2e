"""Roll Player in the full-screen client: every character sheet (rows of dice with race modifiers, totals, class
goals and their stars, backstory marks, alignment), the Initiative cards, the market with costs and effects,
stars so far; race and class choices show their modifiers and goals before you take them, and placing a die
shows the row total it makes against the goal. Fed only by the seat's view
(``core_rs/src/games/roll_player/view.rs``)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from ravenry import plugin_data
from ravenry.tui import Card, GameUI, ViewWidget
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from ravenry_roll_player.render import ALIGN_COLS, ALIGN_ROWS, ATTRS, STYLE

View = dict[str, Any]

#: Die colours also as letters, so a colour-blind player (or a plain terminal) reads them too.
LETTER = {"green": "G", "blue": "B", "red": "R", "purple": "P", "black": "K", "white": "W", "gold": "Y"}


@cache
def races() -> dict[str, list[int]]:
    return {r["name"]: r["mods"] for r in plugin_data("ravenry_roll_player", "races")["races"]}


@cache
def classes() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in plugin_data("ravenry_roll_player", "classes")["classes"]}


@cache
def market_cards() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in plugin_data("ravenry_roll_player", "market")["cards"]}


#: a sheet slot in an action's label: ``STR #2``
SLOT = re.compile(r"\b(STR|DEX|CON|INT|WIS|CHA) #(\d)")


def die(colour: str, value: int) -> Text:
    """A die as its colour and a letter: ``R5`` on red."""
    if not value:
        return Text(" ·· ", style="dim")
    return Text(f" {LETTER.get(colour, '?')}{value} ", style=STYLE.get(colour, "bold"))


def goal_met(goal: str, total: int) -> bool:
    if goal.endswith("+"):
        return total >= int(goal[:-1])
    if "-" in goal:
        lo, hi = goal.split("-")
        return int(lo) <= total <= int(hi)
    return goal.isdigit() and total == int(goal)


def mods_text(mods: list[int]) -> str:
    return ", ".join(f"{a} {m:+d}" for a, m in zip(ATTRS, mods) if m) or "no modifiers"


def goals_table(goals: list[list[Any]]) -> Table:
    t = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    for a in ATTRS:
        t.add_column(a)
    t.add_row(*(str(g) for g, _ in goals))
    t.add_row(*(f"{s}★" for _, s in goals))
    return t


def sheet(seat: View, me: bool) -> RenderableType:
    t = Table(box=None, padding=(0, 1), header_style="bold", show_header=True)
    for col in ("", "dice", "race", "total", "goal", "★", "story"):
        t.add_column(col, no_wrap=True)
    marks = seat.get("backstory_marks") or []
    for r, attr in enumerate(ATTRS):
        row = seat["sheet"][r] if r < len(seat["sheet"]) else []
        dice = Text()
        for colour, value in row:
            dice.append_text(die(colour, value))
        goal, stars = seat["goals"][r] if r < len(seat.get("goals") or []) else ("—", 0)
        met = seat["goals_met"][r] if r < len(seat.get("goals_met") or []) else False
        mod = seat["race_mods"][r]
        t.add_row(
            attr,
            dice,
            f"{mod:+d}" if mod else "",
            Text(str(seat["totals"][r]) + (" ✓" if met else ""), style="bold green" if met else "bold"),
            goal,
            str(stars),
            backstory_cell(seat, r, marks),
        )
    info = Text()
    info.append(f"gold {seat['gold']}", style="yellow")
    if seat.get("charisma"):
        info.append(f" · charisma tokens {seat['charisma']}")
    info.append(f" · stars so far ★{seat.get('stars', 0)}", style="bold")
    if seat.get("backstory"):
        matched = sum(backstory_match(seat, r, marks) for r in range(len(marks)))
        info.append(
            f"\nbackstory {seat['backstory']} (story: the colour wanted in a slot): {matched} of 6 rows"
            f" → ★{BACKSTORY_STARS[min(matched, 6)]} (2-3 ★1, 4-5 ★3, 6 ★6)"
        )
    if seat.get("alignment"):
        info.append("\n")
        info.append_text(alignment_line(seat))
    if seat.get("cards"):
        info.append("\ncards: " + ", ".join(n + (" (exhausted)" if ex else "") for n, _k, ex in seat["cards"]))
    if seat.get("pool"):
        info.append("\nstarting dice to place: ")
        for colour, value in seat["pool"]:
            info.append_text(die(colour, value))
    if seat.get("holding"):
        info.append("\ndie to place: ")
        info.append_text(die(*seat["holding"]))
    return Group(t, info)


#: stars for the number of rows matching the backstory card (rulebook: 0-1 none, 2-3 one, 4-5 three, 6 six)
BACKSTORY_STARS = (0, 0, 1, 1, 3, 3, 6)


def backstory_match(seat: View, row: int, marks: list[Any]) -> bool:
    """The die in the marked slot of ``row`` has the marked colour."""
    if row >= len(marks) or row >= len(seat["sheet"]):
        return False
    colour, col = marks[row]
    dice = seat["sheet"][row]
    return col < len(dice) and bool(dice[col][1]) and dice[col][0] == colour


def backstory_cell(seat: View, row: int, marks: list[Any]) -> Text:
    """The row's backstory mark: the colour (and letter) wanted in a slot, ✓ once a die of it is there."""
    if row >= len(marks):
        return Text("")
    colour, col = marks[row]
    cell = Text(f"{LETTER.get(colour, '?')}#{col + 1}", style=STYLE.get(colour, ""))
    if backstory_match(seat, row, marks):
        cell.append(" ✓", style="bold green")
    return cell


def alignment_line(seat: View) -> Text:
    """The alignment card: its nine squares' stars, the token's square bracketed."""
    tok = seat["token"]
    grid = seat.get("alignment_grid") or [0] * 9
    t = Text(f"alignment {seat['alignment']} (stars per square; [ ] the token, now ", style="")
    t.append(f"{ALIGN_ROWS[tok // 3]}/{ALIGN_COLS[tok % 3]} ★{grid[tok]:+d}", style="bold")
    t.append("):")
    for r, row_name in enumerate(ALIGN_ROWS):
        t.append(f"  {row_name}:")
        for c in range(3):
            i = r * 3 + c
            cell = f"{grid[i]:+d}" if grid[i] else "0"
            t.append(f"[{cell}]" if i == tok else f" {cell} ", style="bold reverse" if i == tok else "")
    return t


def seat_title(view: View, i: int) -> str:
    s = view["seats"][i]
    who = f"Player {i + 1}"
    hero = " ".join(x for x in (s["race"], s["class"]) if x)
    return f"{who} ({hero})" if hero else who


class Sheets(ViewWidget):
    """Every character sheet, side by side as far as the width gives each its columns, in rows beyond that."""

    SHEET_WIDTH = 62  # columns a sheet needs for its dice, totals, goals and stars unabridged
    redraw_on_resize = True

    def draw(self, view: View, seat: int | None) -> RenderableType:
        per_row = max(1, (self.size.width or 200) // self.SHEET_WIDTH)
        seats = list(enumerate(view["seats"]))
        tables: list[RenderableType] = []
        for first in range(0, len(seats), per_row):
            t = Table(expand=True, show_lines=False, title=self.ui.status(view, seat) if first == 0 else None)
            cells = []
            for i, s in seats[first : first + per_row]:
                head = Text(seat_title(view, i), style="bold")
                if i == seat:
                    head.append(" ← you", style="bold reverse")
                if view.get("to_act") == i:
                    head.append(" ▶ to act")
                t.add_column(head, ratio=1)
                cells.append(sheet(s, i == seat))
            t.add_row(*cells)
            tables.append(t)
        return Group(*tables)


class Market(ViewWidget):
    def draw(self, view: View, seat: int | None) -> RenderableType:
        init = Text("Initiative: ", style="bold")
        for card in view["initiative"]:
            init.append(f"#{card['number']}")
            if card.get("die"):
                init.append_text(die(*card["die"]))
            if card.get("coin"):
                init.append("+1 gold ", style="yellow")
            if card.get("taken_by") is not None:
                init.append(f"({self.ui.you(view, seat, card['taken_by'])}) ", style="dim")
            init.append("  ")
        if view.get("ordering"):
            init.append("\ndice to lay out: ")
            for colour, value in view["ordering"]:
                init.append_text(die(colour, value))
        m = Table(title="Market", expand=True, box=None, padding=(0, 1), header_style="bold")
        for col in ("card", "type", "cost", "arrow", "effect"):
            m.add_column(col)
        rows = list(view["market"]) + ([view["revealed"]] if view.get("revealed") else [])
        for c in rows:
            m.add_row(c["name"], c["kind"], f"{c['cost']} gold", c["arrow"], c["text"])
        bag = " ".join(f"{LETTER[c]}×{n}" for c, n in zip(LETTER, view.get("bag", [])))
        foot = Text(f"bag: {bag} · market deck {view['deck_size']}", style="dim")
        if view.get("solo_rating"):
            foot.append(f"\nsolo rating: {view['solo_rating']}", style="bold magenta")
        return Group(init, m, foot)


class UI(GameUI):
    css_path = Path(__file__).with_suffix(".tcss")
    help_text = """\
# Roll Player

Build a fantasy hero from dice. Choose a **race** (its modifiers add to row totals) and a **class** (its
**goals**: a row total to reach for stars). Each round dice are drawn and laid on the **Initiative** cards;
take one, **place** it in a row of your sheet (STR DEX CON INT WIS CHA, three dice each) and use the die's
colour action (flip, swap, nudge, reroll, move your alignment). Then buy a card from the **market** (weapons,
armour, traits, skills) or discard one for gold. When every sheet is full the game ends: stars from goals,
backstory colours, alignment, armour sets and traits; most stars win (solo: a rating).

On screen: every sheet (dice shown as colour and letter: G green, B blue, R red, P purple, K black, W white,
Y gold), the row total against the goal (✓ when met), stars so far, the Initiative cards, the market with costs
and effects. Choosing a race or class shows its modifiers and goals; placing a die shows the total it makes.
"""

    def widgets(self) -> list[Widget]:
        return [Market(self, id="rp-market"), Sheets(self, id="rp-sheets")]

    def focus(self, view: View, viewer: int | None, actions: list[dict[str, Any]]) -> str | None:
        """The Initiative cards and the market while they are chosen from; the sheets for every die decision; the
        top of the board (None) for choosing a race and a class."""
        kinds = {a["kind"] for a in actions}
        if kinds <= {"race", "class"}:
            return None
        return "rp-market" if kinds <= {"initiative", "buy", "discard", "pass", "charisma"} else "rp-sheets"

    def seat_name(self, view: View, seat: int) -> str:
        return seat_title(view, seat) if 0 <= seat < len(view.get("seats", [])) else f"Player {seat + 1}"

    def outcome(self, view: View, viewer: int | None, outcome: dict[str, Any]) -> str | None:
        """Stars, not a win share: solo, the stars and the rulebook's rating; else the winner and everyone's stars."""
        seats = view["seats"]
        stars = ", ".join(f"{self.you(view, viewer, p)} ★{s.get('stars', 0)}" for p, s in enumerate(seats))
        if len(seats) == 1:
            you = self.you(view, viewer, 0)
            return f"{you} scored ★{seats[0].get('stars', 0)}: solo rating {view.get('solo_rating')}"
        names = ", ".join(self.you(view, viewer, w) for w in outcome.get("winners", []))
        return f"winner: {names or 'no one'} (stars: {stars})"

    def status(self, view: View, viewer: int | None) -> str:
        if view["phase"] == "over":
            return "the sheets are full"
        if not view["round"]:
            return f"{view['phase']} (before round 1)"
        return f"round {view['round']} · {view['phase']} phase"

    def cards(self, view: View, viewer: int | None) -> list[Card]:
        if viewer is None:
            return []
        me = view["seats"][viewer]
        out: list[Card] = []
        if me["class"]:
            c = classes().get(me["class"], {})
            t = Text(f"{me['class']} ({me['class_color']})\n", style="bold")
            t.append(c.get("ability_text", ""))
            out.append(Card("class", f"class: {me['class']} — {me['ability']}", Group(t, goals_table(me["goals"]))))
        if me["race"]:
            out.append(Card("race", f"race: {me['race']}", Text(f"{me['race']}: {mods_text(me['race_mods'])}")))
        for name, kind, exhausted in me.get("cards") or []:
            rec = market_cards().get(name, {})
            t = Text(f"{name} ({kind}, cost {rec.get('cost', '?')})\n", style="bold")
            t.append(rec.get("text", ""))
            out.append(Card(f"card:{name}", f"{name} ({kind})" + (" — exhausted" if exhausted else ""), t))
        for c in view["market"]:
            t = Text(f"{c['name']} ({c['kind']}, {c['cost']} gold, arrow {c['arrow']})\n", style="bold")
            t.append(c["text"])
            out.append(Card(f"card:{c['name']}", f"market: {c['name']} ({c['cost']} gold)", t, "market"))
        return out

    def card_key(self, action: dict[str, Any]) -> str | None:
        m = re.match(r"(?:Buy|Discard) (.+?) for", str(action["label"]))
        return f"card:{m[1]}" if m else None

    GROUPS = {
        "race": "Choose your race",
        "class": "Choose your class",
        "start-die": "Place a starting die",
        "order": "Lay out the dice",
        "initiative": "Take an Initiative card",
        "place": "Place your die",
        "buy": "Buy from the market",
        "discard": "Discard for gold",
        "charisma": "Charisma",
        "pass": "Pass",
        "flip": "Flip a die to its opposite face (7 − value)",
        "nudge": "Raise or lower a die by 1",
        "reroll": "Reroll a die",
        "keep": "Keep the reroll?",
        "swap": "Swap two dice",
        "move": "Move your alignment token",
    }
    OTHER_GROUP = "Use your die's colour action"

    def path(self, view: View, viewer: int | None, action: dict[str, Any]) -> tuple[str, ...]:
        label = str(action["label"])
        g = self.group(action)
        m = re.match(r"(Swap the dice at \w+ #\d) and (.+)", label)
        if m:
            return (g, m[1], "and " + m[2])
        m = re.match(r"(Place starting \w+ \d) in (\w+)", label)
        if m:
            return (g, m[1], "in " + m[2])
        m = SLOT.search(label)
        if action["kind"] in ("flip", "nudge", "reroll") and m:
            return (g, f"a die in {m[1]}", label)
        return (g, label)

    def preview(self, view: View, viewer: int | None, action: dict[str, Any]) -> RenderableType | None:
        kind = action["kind"]
        label = str(action["label"])
        if kind == "race":
            m = re.match(r"Take the (.+) character sheet", label)
            if m and m[1] in races():
                return Text(f"{m[1]}: {mods_text(races()[m[1]])} (added to those rows' totals)", style="bold")
        if kind == "class":
            c = classes().get(str((action.get("fields") or {}).get("class", "")))
            if c:
                t = Text(f"{c['name']} ({c['color']}): {c.get('ability_text', '')}\nGoals:", style="bold")
                return Group(t, goals_table(c["goals"]))
        if kind in ("place", "start-die") and viewer is not None:
            return self._place_preview(view, viewer, action)
        if kind == "initiative":
            return self._initiative_preview(view, action)
        if kind in ("flip", "nudge", "swap", "reroll") and viewer is not None:
            return self._change_preview(view, viewer, label)
        return None

    def _initiative_preview(self, view: View, action: dict[str, Any]) -> RenderableType | None:
        """What an Initiative card brings (rulebook, the Dice phase): its die, its gold, and the Market order."""
        n = (action.get("fields") or {}).get("card")
        card = next((c for c in view.get("initiative") or [] if c["number"] == n), None)
        if card is None:
            return None
        colour, value = card["die"]
        t = Text()
        t.append(f"The {colour} {value} die", style="bold")
        t.append(", placed next in the leftmost empty cell of a row you choose.\n")
        if card["coin"]:
            t.append("+1 gold lying on the card.\n")
        if colour == "gold":
            t.append("A gold die gives 2 gold when placed.\n")
        t.append("A die that fills a row's last cell gives 1 gold.\n")
        lower = [c["number"] for c in view["initiative"] if c["number"] < n and c["taken_by"] is None]
        t.append(f"Market phase: #{n} buys before every higher number", style="bold")
        t.append(f"; #{', #'.join(map(str, lower))}, still free, would buy before it." if lower else ".")
        return t

    def _change_preview(self, view: View, viewer: int, label: str) -> RenderableType | None:
        """A die turned, nudged, rerolled or two swapped: each row's total before and after, against its goal
        (card bonuses that count towards goals are not added: the total is the dice and the race)."""
        me = view["seats"][viewer]
        slots = [(ATTRS.index(r), int(n) - 1) for r, n in SLOT.findall(label) if r in ATTRS]
        if not slots:
            return None
        try:
            dice = [me["sheet"][r][c] for r, c in slots]
        except IndexError:
            return None
        new: dict[int, int] = {r: 0 for r, _ in slots}
        if label.startswith("Swap") and len(slots) == 2:
            (r1, _), (r2, _) = slots
            new[r1] += dice[1][1] - dice[0][1]
            new[r2] += dice[0][1] - dice[1][1]
        elif label.startswith("Flip"):
            new[slots[0][0]] = 7 - 2 * dice[0][1]
        elif label.startswith("Raise"):
            new[slots[0][0]] = 1
        elif label.startswith("Lower"):
            new[slots[0][0]] = -1
        t = Text()
        for row, delta in new.items():
            now = me["totals"][row]
            goal, stars = me["goals"][row] if row < len(me.get("goals") or []) else ("—", 0)
            t.append("\n" if t.plain else "")
            if label.startswith("Reroll"):
                v = dice[0][1]
                t.append(f"{ATTRS[row]}: total {now}, {now - v + 1} to {now - v + 6} after the reroll", style="bold")
            else:
                t.append(f"{ATTRS[row]}: total {now} → {now + delta}", style="bold")
                if goal != "—":
                    t.append(f"; goal {goal} ({stars}★): " + ("met" if goal_met(goal, now + delta) else "not met"))
        return t

    def _place_preview(self, view: View, viewer: int, action: dict[str, Any]) -> RenderableType | None:
        me = view["seats"][viewer]
        label = str(action["label"])
        row = (action.get("fields") or {}).get("row")
        value = None
        colour = None
        if action["kind"] == "start-die":
            m = re.match(r"Place starting (\w+) (\d) in (\w+)", label)
            if m:
                colour, value, row = m[1], int(m[2]), ATTRS.index(m[3])
        else:
            if me.get("holding"):
                colour, value = str(me["holding"][0]), int(me["holding"][1])
        if row is None or value is None:
            return None
        now = me["totals"][row]
        goal, stars = me["goals"][row] if row < len(me.get("goals") or []) else ("—", 0)
        after = now + value
        t = Text(f"{ATTRS[row]}: total {now} → {after}", style="bold")
        if goal != "—":
            t.append(f"; goal {goal} ({stars}★): " + ("met" if goal_met(goal, after) else "not met"))
        marks = me.get("backstory_marks") or []
        dice = me["sheet"][row] if row < len(me["sheet"]) else []
        slot = next((i for i, d in enumerate(dice) if not d[1]), None)
        if colour is not None and slot is not None and row < len(marks):
            want, col = marks[row]
            t.append(f"\nIt goes in slot #{slot + 1}; your backstory wants {want} ({LETTER.get(want, '?')})")
            t.append(f" in #{col + 1}")
            if slot == col:
                t.append(": a match" if want == colour else ": not a match", style="bold")
        return t
