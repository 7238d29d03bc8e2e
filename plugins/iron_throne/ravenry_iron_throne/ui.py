"""The Iron Throne in the full-screen client: every house's leader sheet, characters with their crowns,
influence boards and hostages (faces only to their holder: the view redacts them), the encounter with the event
card and what each side has committed, your hand with every card's text, and the encounter totals before you
commit. Fed only by the seat's view (``core_rs/src/games/iron_throne/view.rs``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ravenry.tui import Card, GameUI, ViewWidget
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from ravenry_iron_throne import load_content
from ravenry_iron_throne.render import HOSTILITY, waiting_words

View = dict[str, Any]

#: Each house's colour on screen, with the letter that says the same thing without colour.
HOUSE_STYLE = {
    "Stark": ("grey70", "S"),
    "Lannister": ("red", "L"),
    "Baratheon": ("yellow", "B"),
    "Tyrell": ("green", "T"),
    "Targaryen": ("magenta", "G"),
}
TRUCE_TEXT = (
    "Truce. If both active players reveal a truce, they negotiate a binding deal; if one reveals a truce and the "
    "other hostility, it is a betrayal and the hostile side wins. Counts 0 in a hostility."
)


@cache
def content() -> dict[str, Any]:
    return load_content()


def house_record(name: str) -> dict[str, Any] | None:
    return next((h for h in content()["houses"] if h["name"] == name), None)


def card_value(card: int) -> int:
    """A house card's hostility value (truces and character cards count 0)."""
    return HOSTILITY[card - 14] if 14 <= card < 25 else 0


def card_text(house: str, card: int) -> tuple[str, RenderableType]:
    """A house card's name and full text, from the house's content data."""
    if 0 <= card < 4:
        return "Truce", Text(TRUCE_TEXT)
    if 14 <= card < 25:
        v = HOSTILITY[card - 14]
        return f"Hostility {v}", Text(f"Hostility {v}. In a hostility it adds {v} to your side's total.")
    h = house_record(house)
    if h is None or not 4 <= card < 14:
        return f"card {card}", Text("")
    who = h["characters"][(card - 4) // 2]["name"]
    rec = next((x for x in h["cards"] if x["character"] == who), None)
    if rec is None:
        return who, Text("")
    t = Text()
    t.append(f"{rec['title']}", style="bold")
    t.append(f"  (character card: {who})\n", style="dim")
    t.append(rec["text"])
    t.append("\nCounts 0 if committed in a hostility.", style="dim")
    return f"{rec['title']} ({who})", t


def leader_text(house: str, character: int) -> tuple[str, RenderableType]:
    h = house_record(house)
    if h is None:
        return "leader", Text("")
    who = h["characters"][character]["name"]
    rec = next((x for x in h["leaders"] if x["character"] == who), None)
    if rec is None:
        return who, Text("")
    t = Text()
    t.append(f"{who} — {rec['title']}\n", style="bold")
    t.append(rec["text"])
    return f"{who} — {rec['title']}", t


def house_tag(name: str) -> Text:
    style, letter = HOUSE_STYLE.get(name, ("white", name[:1]))
    return Text(f"[{letter}] {name}", style=f"bold {style}")


def event_text(view: View) -> str:
    enc = view["encounter"]
    if enc["event"] is None:
        return "not drawn yet"
    if enc["event"] == "Influence":
        return "Influence: the attacker names the defender; the winner may spread influence instead of taking crowns."
    return (
        f"House {enc['event']}: the player controlling House {enc['event']} defends (if that is the attacker, "
        "the attacker names another)."
    )


def event_short(view: View) -> str:
    """The event card in a few words, for a small terminal (F1's help has the rule in full)."""
    event = view["encounter"]["event"]
    if event is None:
        return "Event card: not drawn yet"
    if event == "Influence":
        return "Event: Influence (the attacker names the defender)"
    return f"Event: House {event} defends"


def side_crowns(view: View, side: int) -> int:
    """Crowns on every character taking part on one side (1 attacker, 2 defender), as the view shows them."""
    enc = view["encounter"]
    total = 0
    for p, s in enumerate(enc["sides"]):
        c = enc["characters"][p] if p < len(enc["characters"]) else None
        if s == side and c is not None and not enc["withdrawn"][p]:
            ch = view["seats"][p]["characters"][c]
            if not ch["dead"]:
                total += ch["crowns"]
    return total


class Houses(ViewWidget):
    """Every house side by side: leader sheet, characters with crowns (♛), influence spread, cards, hostages."""

    def draw(self, view: View, seat: int | None) -> RenderableType:
        enc = view["encounter"]

        def name(q: int) -> str:
            return "you" if q == seat else f"House {view['seats'][q]['house']}"

        t = Table(
            expand=True,
            show_lines=True,
            title=f"Turn {view['turn'] + 1} · waiting for {waiting_words(view, name)}",
        )
        n = len(view["seats"])
        cells: list[list[RenderableType]] = []
        for s in view["seats"]:
            head = house_tag(s["house"])
            if s["seat"] == seat:
                head.append(" ← you", style="bold reverse")
            role = {enc["attacker"]: "⚔ attacker", enc["defender"]: "◇ defender"}.get(s["seat"], "")
            t.add_column(head, ratio=1)
            leader = (
                Text(f"{s['leader_name']}\n“{s['leader_title']}”")
                if s["leader"] is not None
                else Text("leader: choosing in secret", style="italic")
            )
            leader.append(f"\nleader sheet ♛{s['sheet']}", style="yellow")
            if role:
                leader.append(f"\n{role}", style="bold")
            chars = Text()
            chosen = enc["characters"][s["seat"]] if s["seat"] < len(enc["characters"]) else None
            for c in s["characters"]:
                if c["is_leader"]:
                    continue
                if chars:
                    chars.append("\n")
                if c["dead"]:
                    chars.append(f"✝ {c['name']}", style="dim strike")
                    continue
                mark = "▶" if chosen == c["index"] else " "
                chars.append(f"{mark}{c['name']} ", style="bold" if chosen == c["index"] else "")
                chars.append(f"♛{c['crowns']}", style="yellow")
            infl = Text(f"influence spread {s['spread']}/5")
            for q, k in enumerate(s["influence"]):
                if k and q < n:
                    infl.append(f"\n  {k} on {view['seats'][q]['house']}")
            cards = Text(f"hand {s['hand_size']} · deck {s['deck_size']} · discard {len(s['discard'])}")
            for h in s["hostages"]:
                face = h["label"] if h.get("label") else "face down"
                cards.append(f"\nhostage [{h['house']}]: {face}")
            cells.append([leader, chars, infl, cards])
        for row in zip(*cells):
            t.add_row(*row)
        return t


class Encounter(ViewWidget):
    """The event card, both sides (active players and support), the committed house cards and the totals.
    Compact (a small terminal): the event in a few words and no frame, so the totals fit in the board's rows."""

    redraw_on_resize = True

    def draw(self, view: View, seat: int | None) -> RenderableType:
        enc = view["encounter"]
        seats = view["seats"]
        compact = self.compact
        event = event_short(view) if compact else f"Event card: {event_text(view)}"
        lines: list[RenderableType] = [Text(event, style="bold")]
        if enc["defender"] is None:
            lines.append(Text(f"House {seats[enc['attacker']]['house']} attacks; the defender is not named yet."))
            return Group(*lines)
        t = Table(expand=True, box=box.SIMPLE_HEAD if compact else box.HEAVY_HEAD, show_edge=not compact)
        side = "" if compact else "'s side"
        t.add_column(f"Attacker{side}: House {seats[enc['attacker']]['house']}")
        t.add_column(f"Defender{side}: House {seats[enc['defender']]['house']}")
        sides: dict[int, list[Text]] = {1: [], 2: []}
        for p, side in enumerate(enc["sides"]):
            if side not in (1, 2):
                continue
            c = enc["characters"][p]
            who = Text()
            who.append_text(house_tag(seats[p]["house"]))
            if p not in (enc["attacker"], enc["defender"]):
                who.append(" (support)")
            if c is not None:
                ch = seats[p]["characters"][c]
                who.append(f": {ch['name']} ♛{ch['crowns']}" + (" ✝" if ch["dead"] else ""))
            if enc["withdrawn"][p]:
                who.append(" (withdrawn)")
            sides[side].append(who)
        for i in range(2):
            cm = enc["commits"][i]
            card = cm["label"] if cm["card"] is not None else ("face down" if cm["committed"] else "not yet")
            sides[i + 1].append(Text(f"house card: {card}"))
            known = side_crowns(view, i + 1) + enc["bonus"][i]
            if cm["card"] is not None:
                sides[i + 1].append(Text(f"total so far: {known + card_value(cm['card'])}", style="bold"))
            else:
                sides[i + 1].append(Text(f"crowns + bonus: {known} (+ the card)", style="bold"))
        t.add_row(Group(*sides[1]), Group(*sides[2]))
        lines.append(t)
        result = {1: "hostility", 2: "truce", 3: "betrayal"}.get(enc["result"])
        winner = {1: "the attacker's side wins", 2: "the defender's side wins", 3: "both sides lose", 4: "a deal"}
        if result:
            lines.append(Text(f"Result: {result}; {winner.get(enc['winner'], 'being resolved')}", style="bold"))
            if enc["result"] == 1:
                lines.append(Text(f"Totals: attacker {enc['totals'][0]}, defender {enc['totals'][1]}"))
        if enc.get("deal"):
            lines.append(Text(f"Truce proposal on the table: {enc['deal']}  (proposals made {enc['proposals']})"))
        return Group(*lines)


class UI(GameUI):
    css_path = Path(__file__).with_suffix(".tcss")
    help_text = """\
# Game of Thrones: The Iron Throne

Each turn one house **attacks**; the **event card** names the defender (or lets the attacker choose). Both send
a character; other houses may **offer support** with one of theirs. Then both active players place a **house
card** face down at the same time:

- **hostility** against hostility: each side totals its card, the **crowns (♛)** on its characters and any
  bonus; the higher total wins (a tie: both lose);
- **truce** against truce: the two negotiate a binding deal, term by term (influence, hostages, crowns);
- truce against hostility: **betrayal**, the hostile side wins.

Winners spread **influence** tokens onto the loser's board (or gain crowns); losers lose crowns and give
**hostages**. The first house to spread all 5 influence tokens ends the game; most influence wins.

On screen: each house's leader sheet and characters with their crowns, the encounter with the totals known so
far, your hand on the right (highlight a card to read it), and before you commit a card the totals it makes.
Houses are coloured and lettered: [S] Stark, [L] Lannister, [B] Baratheon, [T] Tyrell, [G] Targaryen.
"""

    def widgets(self) -> list[Widget]:
        return [Houses(self, id="houses"), Encounter(self, id="encounter")]

    def focus(self, view: View, viewer: int | None, actions: list[dict[str, Any]]) -> str | None:
        """The encounter table for every decision of an encounter; the houses for leaders, crowns and discards."""
        if all(a["kind"] in ("leader", "allocate", "discard") for a in actions):
            return "houses"
        return "encounter"

    def seat_name(self, view: View, seat: int) -> str:
        seats = view.get("seats", [])
        return f"House {seats[seat]['house']}" if 0 <= seat < len(seats) else f"seat {seat + 1}"

    def outcome(self, view: View, viewer: int | None, outcome: dict[str, Any]) -> str | None:
        names = ", ".join(self.you(view, viewer, w) for w in outcome.get("winners", []))
        spread = ", ".join(f"{self.you(view, viewer, p)} {s['spread']}" for p, s in enumerate(view["seats"]))
        return f"winner: {names or 'no one'} (influence spread, of 5: {spread})"

    def status(self, view: View, viewer: int | None) -> str:
        return f"turn {view['turn'] + 1} · event deck {view['event_deck']}"

    def cards(self, view: View, viewer: int | None) -> list[Card]:
        if viewer is None:
            return []
        me = view["seats"][viewer]
        out: list[Card] = []
        if me.get("leader_offers") is not None:
            for c in me["leader_offers"]:
                line, text = leader_text(me["house"], c)
                out.append(Card(f"leader:{c}", f"offered leader: {line}", text, "leader"))
        elif me["leader"] is not None:
            line, text = leader_text(me["house"], me["leader"])
            out.append(Card(f"leader:{me['leader']}", f"your leader: {line}", text, "leader"))
        for c in me.get("hand") or []:
            line, text = card_text(me["house"], c)
            out.append(Card(f"card:{c}", line, text))
        for h in me["hostages"]:
            if h.get("card") is not None:
                line, text = card_text(h["house"], h["card"])
                out.append(Card(f"hostage:{h['card']}", f"hostage of {h['house']}: {line}", text, "hostages"))
        return out

    def card_key(self, action: dict[str, Any]) -> str | None:
        f = action.get("fields") or {}
        if action["kind"] == "leader":
            return f"leader:{f.get('character')}"
        if "card" in f:
            return f"card:{f['card']}"
        return None

    GROUPS = {
        "leader": "Choose your leader",
        "commit": "Place a house card",
        "card_effect": "Play a character card",
        "leader_ability": "Use your leader's ability",
        "support": "Offer support",
        "character": "Send a character",
        "propose": "Propose a truce",
        "counter": "Counter-propose",
        "hostage": "Take a hostage",
        "free": "Free a hostage",
        "torture": "Torture a hostage",
        "defender": "Name the defender",
        "allocate": "Place a crown",
        "discard": "Discard",
        "force": "Force support",
        "pass": "Pass",
        "accept": "Answer the support offer",
        "refuse": "Answer the support offer",
        "deal_accept": "Answer the truce proposal",
        "deal_reject": "Answer the truce proposal",
    }

    def path(self, view: View, viewer: int | None, action: dict[str, Any]) -> tuple[str, ...]:
        g = self.group(action)
        label = str(action["label"])
        kind = action["kind"]
        if kind in ("propose", "counter") and ": " in label:
            # Term by term: first what the attacker gets, then what the defender gets.
            terms = label.split(": ", 1)[1]
            if "; " in terms:
                a, d = terms.split("; ", 1)
                return (g, a, d)
        if kind == "hostage" and ": " in label:
            who, what = label.split(": ", 1)
            return (g, who, what)
        if kind == "torture" and ", " in label:
            what, crown = label.split(", ", 1)
            return (g, what, crown)
        if kind == "support" and " with " in label:
            whom, what = label.split(" with ", 1)
            return (g, whom, "with " + what)
        if kind == "card_effect" and " on " in label:
            card, target = label.rsplit(" on ", 1)
            return (g, card, "on " + target)
        return (g, label)

    def preview(self, view: View, viewer: int | None, action: dict[str, Any]) -> RenderableType | None:
        """The hostility totals the choice makes (p. 6: card + bonuses + crowns on the side's characters)."""
        enc = view["encounter"]
        if viewer is None or enc["defender"] is None:
            return None
        me_side = 1 if viewer == enc["attacker"] else 2 if viewer == enc["defender"] else 0
        f = action.get("fields") or {}
        kind = action["kind"]
        if kind == "commit" and me_side:
            i = me_side - 1
            mine = side_crowns(view, me_side) + enc["bonus"][i]
            card = f.get("card")
            value = card_value(card) if card is not None else 0
            other = 3 - me_side
            theirs = side_crowns(view, other) + enc["bonus"][other - 1]
            cm = enc["commits"][other - 1]
            t = Text()
            t.append("If it is a hostility:\n", style="bold")
            t.append(f"  your side: crowns+bonus {mine} + card {value} = {mine + value}\n")
            if cm["card"] is not None:
                tv = card_value(cm["card"])
                t.append(f"  their side: crowns+bonus {theirs} + card {tv} = {theirs + tv}")
            else:
                t.append(f"  their side: crowns+bonus {theirs} + their hidden card (0–20)")
            if card is not None and card < 4:
                t.append("\nA truce: against their truce you negotiate; against hostility it is a betrayal.")
            return t
        if kind in ("accept", "refuse") and enc.get("pending_offer"):
            who, c, side = enc["pending_offer"]
            ch = view["seats"][who]["characters"][c]
            now = side_crowns(view, side) + enc["bonus"][side - 1]
            t = Text()
            t.append(f"{self.seat_name(view, who)} offers {ch['name']} (♛{ch['crowns']}) to your side.\n")
            if kind == "accept":
                t.append(f"Accept: your side's crowns + bonus {now} → {now + ch['crowns']}", style="bold")
            else:
                t.append(f"Refuse: your side stays at {now}", style="bold")
            return t
        if kind == "leader_ability" and 0 <= viewer < len(view["seats"]):
            me = view["seats"][viewer]
            t = Text()
            if me["leader"] is not None:
                t.append_text(leader_text(me["house"], me["leader"])[1])
                t.append("\n")
            if enc["revealed"]:
                t.append(f"Totals now: attacker {enc['totals'][0]}, defender {enc['totals'][1]}", style="bold")
            return t
        if kind in ("support", "character"):
            c = f.get("character")
            side = (f.get("side", 0) + 1) if kind == "support" else (me_side or 1)
            if c is None:
                return None
            add = view["seats"][viewer]["characters"][c]["crowns"]
            now = side_crowns(view, side) + enc["bonus"][side - 1]
            return Text(f"That side's crowns + bonus: {now} → {now + add} (+{add})", style="bold")
        return None
