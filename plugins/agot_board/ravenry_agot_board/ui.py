"""A Game of Thrones: The Board Game in the full-screen client: a schematic map of Westeros (the layout in
``data/layout.json``, designed; borders from ``map.json``) with every area's owner, units, order (hidden ones as
hidden), power token and neutral force; the three influence tracks, supply, castles, the wildling threat and the
round; leaders and prisoners; the Westeros, wildling and tactics cards with their text; your house cards; and
the battle with each side's strength part by part. Fed only by the seat's view
(``core_rs/src/games/agot_board/view.rs``)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from ravenry import plugin_data
from ravenry.tui import Card, GameUI, ViewWidget
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from ravenry_agot_board.board import (
    area_of,
    board_map,
    house_tag,
    map_text,
    march_text,
    unit_list,
    units,
)

View = dict[str, Any]

# The base game's cards live in this plugin's data; the Storm of Swords cards (house cards, Westeros decks,
# tactics, wildling cards) in the expansion's, when it is installed.
_EXPANSION = "ravenry_storm_of_swords"
_EXPANSION_FILES = {"cards": "house_cards"}


def _records(name: str, only: str | None = None) -> list[dict[str, Any]]:
    """Every card record of the kind ``name`` (cards, westeros, tactics, wildlings): base game first, then the
    expansion's if it is installed; ``only`` keeps one set ("base" or "storm_of_swords")."""
    out: list[dict[str, Any]] = []
    for package, file, card_set in (
        ("ravenry_agot_board", name, "base"),
        (_EXPANSION, _EXPANSION_FILES.get(name, name), "storm_of_swords"),
    ):
        if only is not None and card_set != only:
            continue
        try:
            data = plugin_data(package, file)
        except (ModuleNotFoundError, FileNotFoundError):
            continue
        out.extend(data.get("cards", []))
    return out


@cache
def house_cards(card_set: str = "base") -> dict[str, dict[str, Any]]:
    """The house cards of one set by name. The base and Storm of Swords sets share names (Robb Stark, Tywin
    Lannister…) with other strengths and texts, so the set comes from the view's ``house_card_set``."""
    return {c["name"]: c for c in _records("cards", card_set)}


@cache
def westeros_cards(card_set: str = "base") -> dict[str, dict[str, Any]]:
    """The Westeros cards of one set by name (the view's ``westeros_set``; both sets have a Supply)."""
    out: dict[str, dict[str, Any]] = {}
    for c in _records("westeros", card_set):
        out.setdefault(c["name"], c)
    return out


def view_house_cards(view: View) -> dict[str, dict[str, Any]]:
    return house_cards(str(view.get("house_card_set") or "base"))


def view_westeros_cards(view: View) -> dict[str, dict[str, Any]]:
    return westeros_cards(str(view.get("westeros_set") or "base"))


@cache
def wildling_cards() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in _records("wildlings")}


@cache
def tactics_cards() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in _records("tactics")}


class MapWidget(ViewWidget):
    def relevant(self, view: View) -> Any:
        return view["areas"], view.get("march")

    def draw(self, view: View, seat: int | None) -> RenderableType:
        legend = Text(
            "▲ stronghold △ city · blue: sea · owner letter, then units: f footman K knight s ship r routed "
            "N neutral force ✗ closed · ◆ power token · order on the right (M march D defense S support R raid "
            "C consolidate, ★ special, ▣ face down) · ─│╲╱ borders between neighbouring cells; every border is "
            "listed under the map",
            style="dim",
        )
        if view.get("march"):
            return Group(march_text(view["march"]), map_text(view), legend)
        return Group(map_text(view), legend)


class Tracks(ViewWidget):
    """Round, phase, the three influence tracks, supply, castles, power, the wildling threat, cards revealed."""

    def draw(self, view: View, seat: int | None) -> RenderableType:
        t = Table(expand=True, title=self.ui.status(view, seat), show_lines=False)
        for col in ("House", "power", "supply", "castles", "Iron Throne", "Fiefdoms", "King's Court", "house cards"):
            t.add_column(col)
        for s in view["seats"]:
            name = house_tag(s["house"])
            if seat is not None and view["seats"][seat]["house"] == s["house"]:
                name.append(" ← you", style="bold reverse")
            pos = [
                str(track.index(s["house"]) + 1) if s["house"] in track else "—"
                for track in (view["throne"], view["fiefdoms"], view["court"])
            ]
            t.add_row(
                name,
                f"◆{s['power']}",
                str(s["supply"]),
                str(s["castles"]),
                pos[0] + (" ♛" if view["iron_throne_holder"] == s["house"] else ""),
                pos[1],
                pos[2],
                f"{len(s['hand'])} in hand, {len(s['discard'])} used",
            )
        info = Text()
        info.append(f"Wildling threat {view['threat']}/12", style="bold")
        info.append(f" · round {view['round']}/10 · phase {view['phase']}")
        if view.get("restrictions"):
            info.append(" · this round: " + ", ".join(view["restrictions"]))
        if view.get("westeros"):
            info.append("\nWesteros cards: ")
            for name in view["westeros"]:
                rec = view_westeros_cards(view).get(name, {})
                info.append(f"\n  {name}: ", style="bold")
                info.append(rec.get("text", ""))
        if view.get("wildling_card"):
            rec = wildling_cards().get(view["wildling_card"], {})
            info.append(f"\nWildling card {view['wildling_card']}: ", style="bold")
            info.append(
                f"lowest bidder: {rec.get('lowest', '')} Others: {rec.get('others', '')} "
                f"Highest: {rec.get('highest', '')}"
            )
        if view.get("bids"):
            info.append("\nBids: " + ", ".join(f"{s['house']} {b}" for s, b in zip(view["seats"], view["bids"])))
        if view.get("leaders"):
            info.append("\nLeaders: ")
            for ld in view["leaders"]:
                where = (
                    "dead"
                    if ld["dead"]
                    else (
                        f"prisoner of {ld['prisoner_of']}"
                        if ld.get("prisoner_of")
                        else (ld.get("area") or "in reserve")
                    )
                )
                info.append(f"{ld['name']} ({ld['house']}): {where}; ")
        if view.get("winner"):
            info.append(f"\nWinner: {view['winner']}", style="bold green")
        return Group(t, info)


#: what each order does (rulebook §3.3–3.5), by the word its label starts with
ORDERS = {
    "March": "In the Action phase, move units out of this area (one battle at most); the number is added to "
    "your strength in that battle.",
    "Defense": "Added to your strength while this area is attacked.",
    "Support": "Units here add their strength to a battle in an adjacent area, to the side you choose; the number "
    "is added too.",
    "Raid": "Removes an adjacent enemy Support, Raid or Consolidate Power order (raiding Consolidate Power takes "
    "1 power); land cannot raid sea.",
    "Consolidate Power": "Gain 1 power plus 1 for each crown in this area (nothing at sea).",
}
STAR = "★ special order: stronger, and how many you may place is limited by your place on the King's Court track."
STAR_ORDERS = {
    "Raid": "★: it may remove a Defense order too.",
    "Consolidate Power": "★: instead, if this area has a castle or a stronghold, you may muster there.",
}


def order_preview(label: str) -> Text | None:
    """What an order token does: its kind, its number and its star."""
    m = re.match(r"Order (March|Defense|Support|Raid|Consolidate Power) ?([+-]\d)?(★)? in (.+)", label)
    if not m:
        return None
    word, number, star, area = m[1], m[2], m[3], m[4]
    t = Text(f"{word}{' ' + number if number else ''}{star or ''} in {area}\n", style="bold")
    t.append(ORDERS[word])
    if star:
        t.append("\n" + STAR_ORDERS.get(word, "") + (" " if word in STAR_ORDERS else "") + STAR, style="dim")
    return t


class Battle(ViewWidget):
    """The battle: each side's strength, part by part, and the house cards. Compact (a small terminal): no
    frame, and the parts that are nothing on both sides left out, so the totals fit in the board's few rows."""

    redraw_on_resize = True

    def draw(self, view: View, seat: int | None) -> RenderableType:
        c = view.get("combat")
        if not c:
            return Text("No battle in progress.", style="dim")
        stage = STAGE_WORDS.get(str(c["stage"]), str(c["stage"]))
        compact = self.compact
        t = Table(
            title=f"Battle for {c['area']} · {stage}",
            expand=True,
            box=box.SIMPLE_HEAD if compact else box.HEAVY_HEAD,
            show_edge=not compact,
            padding=(0, 1),
        )
        t.add_column("")
        t.add_column(Text.assemble("attacker ", house_tag(c["attacker"])))
        t.add_column(Text.assemble("defender ", house_tag(c["defender"])))
        parts = c.get("parts")
        for key, word in PARTS:
            if parts and not (compact and parts[0][key] == 0 and parts[1][key] == 0 and key != "card"):
                t.add_row(word, str(parts[0][key]), str(parts[1][key]))
        unknown = "face down" if compact else "face down / not yet"
        t.add_row("house card", c["cards"][0] or unknown, c["cards"][1] or unknown)
        if parts:
            t.add_row(Text("total so far", style="bold"), str(total(parts[0])), str(total(parts[1])))
        if c["totals"] != [0, 0]:
            t.add_row(Text("final", style="bold"), str(c["totals"][0]), str(c["totals"][1]))
        return t


PARTS = (
    ("units", "units"),
    ("order", "order"),
    ("support", "support"),
    ("card", "card"),
    ("bonus", "blade & bonuses"),
    ("leaders", "leaders"),
    ("ability", "card ability"),
    ("tactic", "tactic"),
)


def total(p: dict[str, int]) -> int:
    return sum(int(p[k]) for k, _ in PARTS)


class AreaIndex(ViewWidget):
    """Every area in a line: holder, units, order, power token, castle / supply / power icons, borders."""

    def relevant(self, view: View) -> Any:
        return view["areas"]

    def draw(self, view: View, seat: int | None) -> RenderableType:
        t = Text("Areas and their borders (castle / supply barrels / power crowns)\n", style="bold")
        names = {a["id"]: a["name"] for a in board_map().values()}
        by_name = {a["name"]: a for a in view["areas"]}
        for name in sorted(board_map()):
            a = area_of(by_name, name)
            rec = board_map()[name]
            t.append(name, style="bold blue" if rec.get("kind") == "sea" else "bold")
            t.append(" · ")
            t.append_text(house_tag(a.get("owner")))
            held = units(a) + (f" neutral {a['neutral']}" if a["neutral"] else "") + (" ◆" if a["token"] else "")
            if held:
                t.append(f" {held}")
            if a.get("order"):
                t.append(f" · order {a['order']}")
            castle = rec.get("castle", "none").replace("none", "-")
            t.append(f" · {castle} / {rec.get('supply', 0)} / {rec.get('power', 0)}", style="dim")
            t.append(" · borders: " + ", ".join(names.get(x, x) for x in rec.get("adjacent", [])) + "\n", style="dim")
        return t


#: a battle's stage (the view's ``combat.stage``) in words
STAGE_WORDS = {
    "Support": "support being declared",
    "Cards": "house cards being chosen",
    "Immediate": "house card effects",
    "Blade": "the Valyrian Steel Blade",
    "Totals": "adding up",
    "Casualties": "casualties",
    "Retreat": "the loser retreats",
    "RetreatLosses": "losses beyond supply on the retreat",
    "After": "after the battle",
    "Done": "over",
}

#: a march's move in the core's note, ``1F 2K 0S``: footmen, knights, ships
MOVED = re.compile(r"\b(\d+)F (\d+)K (\d+)S\b")


def units_in_words(m: re.Match[str]) -> str:
    return unit_list([int(x) for x in m.groups()])


class UI(GameUI):
    css_path = Path(__file__).with_suffix(".tcss")
    help_text = """\
# A Game of Thrones: The Board Game (1st edition)

Up to ten rounds. **Westeros phase**: three cards (mustering, supply, bids for the influence tracks, wildlings).
**Planning**: everyone places an order face down on each area with units (march, defense, support, raid,
consolidate power); the Raven holder may swap one. **Action**: raids, then marches one area at a time (a march
into an enemy area is a **battle**), then consolidations. A battle's strength: units (footman 1, knight 2,
ship 1), the march or defense order, support from neighbouring areas, the house card each side plays, the
Valyrian Steel Blade, leaders and tactics; the higher total wins (ties: the Fiefdoms track). The first house to
hold 7 castles (cities and strongholds) wins; after round 10, the most castles.

On screen: the map (each area's owner letter, units f/K/s, ◆ power token, its order or ▣ if face down; borders
between neighbouring cells, and all of them in the list under the map), the tracks (Iron Throne ♛, Fiefdoms,
King's Court), supply, power, the wildling threat, the Westeros and wildling cards with their text, and during
a battle both sides' strength part by part. Your house cards are on the right with their text; choosing one
shows the total it makes. Houses: [S] Stark [L] Lannister [B] Baratheon [G] Greyjoy [T] Tyrell [M] Martell.
"""

    def focus(self, view: View, viewer: int | None, actions: list[dict[str, Any]]) -> str | None:
        """The battle table while a battle is fought; otherwise the map the orders and marches are made on."""
        return "board-battle" if view.get("combat") else "board-map"

    def widgets(self) -> list[Widget]:
        return [
            Tracks(self, id="board-tracks"),
            Battle(self, id="board-battle"),
            MapWidget(self, id="board-map"),
            AreaIndex(self, id="board-areas"),
        ]

    def narrate(self, event: dict[str, Any], view: View | None) -> str:
        """The core's notes, with a march's unit counts in words ("1 footman, 2 knights", not "1F 2K 0S")."""
        return MOVED.sub(units_in_words, super().narrate(event, view))

    def outcome(self, view: View, viewer: int | None, outcome: dict[str, Any]) -> str | None:
        """The winner and every House's castles and strongholds (seven win at once; else the most after round 10),
        when those are the match's scores."""
        seats = view["seats"]
        scores = outcome.get("scores") or []
        if len(scores) != len(seats) or any(int(x) != s["castles"] for x, s in zip(scores, seats)):
            return None  # another victory (Storm of Swords claims): the shell's line with the raw scores
        names = ", ".join(self.you(view, viewer, w) for w in outcome.get("winners", []))
        held = ", ".join(f"{self.you(view, viewer, p)} {s['castles']}" for p, s in enumerate(seats))
        return f"winner: {names or 'no one'} (castles and strongholds held: {held})"

    def seat_name(self, view: View, seat: int) -> str:
        seats = view.get("seats", [])
        return f"House {seats[seat]['house']}" if 0 <= seat < len(seats) else f"player {seat + 1}"

    def status(self, view: View, viewer: int | None) -> str:
        waiting = ", ".join(
            "you" if viewer is not None and view["seats"][viewer]["house"] == h else f"House {h}"
            for h in view.get("waiting_for", [])
        )
        if view["phase"] == "Over":
            return f"round {view['round']} · the game is over"
        return f"round {view['round']} · {view['phase']} phase" + (f" · waiting for {waiting}" if waiting else "")

    def cards(self, view: View, viewer: int | None) -> list[Card]:
        if viewer is None:
            return []
        me = view["seats"][viewer]
        out: list[Card] = []
        for name in me["hand"]:
            rec = view_house_cards(view).get(name, {})
            t = Text(f"{name}\n", style="bold")
            t.append(
                f"strength {rec.get('strength', '?')} · swords {rec.get('swords', 0)} · forts {rec.get('forts', 0)}"
            )
            if rec.get("text"):
                t.append(f"\n{rec['text']}")
            else:
                t.append("\nno card ability", style="dim")
            out.append(Card(f"card:{name}", f"{name} ({rec.get('strength', '?')})", t))
        for name in me.get("tactics") or []:
            rec = tactics_cards().get(name, {})
            out.append(Card(f"tactic:{name}", f"tactic: {name}", Text(f"{name}\n{rec.get('text', '')}"), "tactics"))
        for name in view.get("westeros") or []:
            rec = view_westeros_cards(view).get(name, {})
            out.append(Card(f"westeros:{name}", f"Westeros: {name}", Text(f"{name}\n{rec.get('text', '')}"), "table"))
        if view.get("wildling_card"):
            rec = wildling_cards().get(view["wildling_card"], {})
            text = f"{view['wildling_card']}\nLowest bidder: {rec.get('lowest', '')}\nOthers: {rec.get('others', '')}"
            text += f"\nHighest bidder: {rec.get('highest', '')}"
            out.append(Card("wildling", f"wildlings: {view['wildling_card']}", Text(text), "table"))
        return out

    def card_key(self, action: dict[str, Any]) -> str | None:
        m = re.match(r"Play (.+?) \(", str(action["label"]))
        return f"card:{m[1]}" if m else None

    GROUPS = {
        "order": "Place orders",
        "pass": "Done",
        "raven": "Use the Raven",
        "march": "Resolve a march",
        "move": "March a unit",
        "end-march": "March a unit",
        "choice": "Choose",
        "house-card": "Play a house card",
        "muster": "Muster",
        "bid": "Bid power",
        "consolidate": "Consolidate power",
        "raid": "Raid",
        "support": "Support",
    }

    #: what a "choice" decides, by the view's ``question``
    QUESTIONS = {
        "Blade": "The Valyrian Steel Blade: use it now (+1) or keep it",
        "DarkWings": "Dark Wings, Dark Words: which card",
        "ThroneOfBlades": "A Throne of Blades: which card",
        "MelisandreDiscard": "Melisandre: discard a house card?",
        "Reconcile": "Over your supply: destroy units",
        "Retreat": "Retreat: where your army goes",
        "Sacrifice": "Destroy a unit",
        "Support": "Your support in this battle",
        "TieOrder": "Tied bids: you hold the Iron Throne and set the order",
    }

    def path(self, view: View, viewer: int | None, action: dict[str, Any]) -> tuple[str, ...]:
        label = str(action["label"])
        g = self.group(action)
        if action["kind"] == "choice":
            g = self.QUESTIONS.get(str(view.get("question")), g)
        if action["kind"] == "bid" and view.get("bidding_for"):
            g = f"Bid power for {view['bidding_for']}"
        m = re.match(r"Order (.+) in (.+)", label)
        if m:  # area first, then which order
            return (g, f"in {m[2]}", m[1])
        m = re.match(r"Raven: make (.+) an order (.+)", label)
        if m:
            return (g, f"in {m[1]}", m[2])
        m = re.match(r"Muster (.+) at (.+)", label)
        if m:
            return (g, f"at {m[2]}", m[1])
        return (g, label)

    def preview(self, view: View, viewer: int | None, action: dict[str, Any]) -> RenderableType | None:
        if action["kind"] == "bid" and viewer is not None:
            return self._bid_preview(view, viewer, action)
        if action["kind"] == "order":
            return order_preview(str(action["label"]))
        if action["kind"] == "move" and view.get("march"):
            return self._move_preview(view["march"], action)
        c = view.get("combat")
        if not c or viewer is None or not c.get("parts"):
            return None
        m = re.match(r"Play (.+?) \((\d+)", str(action["label"]))
        if not m:
            return None
        me = view["seats"][viewer]["house"]
        side = 0 if c["attacker"] == me else 1
        parts = c["parts"]
        mine = total(parts[side]) + int(m[2])
        theirs = total(parts[1 - side])
        t = Text(f"With {m[1]}: your strength ", style="bold")
        bits = [f"{word} {parts[side][key]}" for key, word in PARTS if key != "card" and parts[side][key]]
        t.append(f"{' + '.join(bits) or '0'} + card {m[2]} = {mine}\n")
        t.append(
            f"their strength so far {theirs} + their house card (not yet known); card abilities and tactics "
            "count after the reveal"
        )
        return t

    def _move_preview(self, march: dict[str, Any], action: dict[str, Any]) -> Text:
        """Where a unit goes, and whether by ship (the destination is not next to the origin)."""
        by_name = {a["name"]: a for a in plugin_data("ravenry_agot_board", "map")["areas"]}
        m = re.search(r" to (.+)$", str(action["label"]))
        dest = by_name.get(m[1]) if m else None
        origin = by_name.get(march["from"])
        t = Text(str(action["label"]), style="bold")
        if dest is not None and origin is not None and dest["id"] not in origin["adjacent"]:
            t.append(f"\nBy ship: {dest['name']} is not next to {origin['name']}; your ships carry it there.")
        t.append("\n")
        t.append_text(march_text(march))
        return t

    def _bid_preview(self, view: View, viewer: int, action: dict[str, Any]) -> RenderableType:
        """A bid: what it is for, what you hold, what it leaves (bids are secret and spent)."""
        m = re.match(r"Bid (\d+)", str(action["label"]))
        bid = int(m[1]) if m else 0
        power = view["seats"][viewer]["power"]
        track = view.get("bidding_for")
        t = Text(f"You hold ◆{power}; bidding {bid} leaves ◆{power - bid}. ", style="bold")
        if track == "the Night's Watch":
            t.append(f"Everyone's bids together against the wildling threat {view['threat']}: at least that many wins.")
        elif track:
            t.append(f"Bids are secret and spent; the highest takes the first place on the {track} track.")
        return t
