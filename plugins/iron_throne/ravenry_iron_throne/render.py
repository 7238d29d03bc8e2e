"""The face of the game: a rich renderer of a view and a narrator of events.

Views and events arrive as the msgpack encoding of the Rust ``View`` / ``Event`` types (see
``core_rs/src/games/iron_throne/view.rs`` and ``state.rs``), decoded to dicts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

HOSTILITY = (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 20)
SIDE = {1: "attacker", 2: "defender"}


@cache
def _content() -> dict[str, Any]:
    from ravenry_iron_throne import load_content

    return load_content()


def _house(h: int) -> dict[str, Any] | None:
    houses = _content()["houses"]
    return houses[h] if 0 <= h < len(houses) else None


@dataclass(frozen=True)
class Known:
    """What narration may name: each seat's house (an index) and revealed leader (a character index), as the
    viewer's view shows them. Until a seat's house is known, it is numbered."""

    house: dict[int, int] = field(default_factory=dict)
    leader: dict[int, int] = field(default_factory=dict)

    @staticmethod
    def of(view: dict[str, Any] | None) -> Known:
        names = [h["name"] for h in _content()["houses"]]
        known = Known()
        for s in (view or {}).get("seats", []):
            if s.get("house") in names:
                known.house[s["seat"]] = names.index(s["house"])
            if s.get("leader") is not None:
                known.leader[s["seat"]] = s["leader"]
        return known


def _seat(k: Known, s: int) -> str:
    h = _house(k.house[s]) if s in k.house else None
    return f"House {h['name']}" if h else f"Seat {s + 1}"  # counted from 1, as on every screen


def _character(k: Known, s: int, c: int) -> str:
    h = _house(k.house[s]) if s in k.house else None
    if h and 0 <= c < 5:
        return str(h["characters"][c]["name"])
    return f"character {c}"


def card_name(house: int | None, idx: int) -> str:
    """A house card from its index in the 25-card deck: 4 truces, 10 character cards, 11 hostility cards."""
    if idx == 254:
        return "no card (hostility 0)"
    if 0 <= idx < 4:
        return "Truce"
    if 4 <= idx < 14:
        c = (idx - 4) // 2
        h = _house(house) if house is not None else None
        if h:
            card = next((x for x in h["cards"] if x["character"] == h["characters"][c]["name"]), None)
            return f"{card['title']} ({h['characters'][c]['name']})" if card else h["characters"][c]["name"]
        return f"character card {c}"
    if 14 <= idx < 25:
        return f"Hostility {HOSTILITY[idx - 14]}"
    return f"card {idx}"


def _ability(k: Known, s: int) -> str:
    """ "Catelyn Stark's Maternal", or a plain phrase when the leader is not known yet."""
    h = _house(k.house[s]) if s in k.house else None
    if h is None or s not in k.leader:
        return "their leader's ability"
    name = h["characters"][k.leader[s]]["name"]
    sheet = next((x for x in h["leaders"] if x["character"] == name), None)
    return f"{name}'s {sheet['title']}" if sheet else f"{name}'s ability"


#: What the match waits for, in words (the view's ``waiting_for`` is the core's name for the pending step).
WAITING = {
    "Leaders": "everyone to choose a leader",
    "Hostages": "{who} to free or torture hostages",
    "UseLeader": "{who} to use a leader ability or not",
    "PlayCards": "{who} to play character cards",
    "Task": "the next step",
    "Defender": "{who} to name the defender",
    "Choose": "{who} to send a character",
    "Force": "{who} to force support",
    "Offer": "{who} to offer support",
    "Answer": "{who} to accept or refuse support",
    "Commit": "both active players to place a house card",
    "Propose": "{who} to propose a truce",
    "Respond": "{who} to answer the truce proposal",
    "Over": "nobody: the game is over",
}


def waiting_words(view: dict[str, Any], name: Any = None) -> str:
    """``waiting_for`` in a player's words: "House Stark to offer support", never the core's debug name."""
    raw = str(view.get("waiting_for", ""))
    step = raw.split(" ", 1)[0].split("{", 1)[0].strip()
    seats = view.get("to_act", [])
    namer = name or (lambda q: f"House {view['seats'][q]['house']}")
    who = " and ".join(namer(q) for q in seats) or "nobody"
    return WAITING.get(step, "{who}").format(who=who)


def _characters(seat: dict[str, Any], enc: dict[str, Any]) -> Text:
    """One line per character: crowns, the one in the encounter highlighted, the dead struck through."""
    t = Text()
    chosen = enc["characters"][seat["seat"]] if seat["seat"] < len(enc["characters"]) else None
    for c in seat["characters"]:
        if c["is_leader"]:
            continue
        if len(t):
            t.append("\n")
        if c["dead"]:
            t.append(f"✝ {c['name']}", style="dim strike")
            continue
        t.append(c["name"], style="bold yellow" if chosen == c["index"] else "")
        t.append(f" ♛{c['crowns']}", style="yellow")
    return t


def render_view(view: dict[str, Any], seat: int | None) -> Any:
    """Houses (leader, characters with crowns, dead ones, influence, hostages), the encounter and your hand."""
    enc = view["encounter"]
    n = len(view["seats"])
    houses = Table(title=f"Turn {view['turn'] + 1}", expand=True, show_lines=True)
    for col in ("House", "Leader", "Characters", "Influence", "Cards & hostages"):
        houses.add_column(col)
    for s in view["seats"]:
        leader = f"{s['leader_name']}\n{s['leader_title']}" if s["leader"] is not None else "(choosing)"
        spread = "\n".join(f"on {view['seats'][q]['house']}: {k}" for q, k in enumerate(s["influence"]) if k and q < n)
        hostages = "\n".join(
            (h["label"] + f" [{h['house']}]") if h.get("label") else f"a {h['house']} card" for h in s["hostages"]
        )
        mark = "→ " if seat == s["seat"] else ""
        houses.add_row(
            f"{mark}{s['seat']} {s['house']}",
            Text(leader + "\n") + Text(f"sheet ♛{s['sheet']}", style="yellow"),
            _characters(s, enc),
            f"{s['spread']}/5 spread" + (f"\n{spread}" if spread else ""),
            f"hand {s['hand_size']}, deck {s['deck_size']}, discard {len(s['discard'])}"
            + (f"\nhostages:\n{hostages}" if hostages else ""),
        )
    parts: list[Any] = [houses, Panel(_encounter(view), title="Encounter")]
    me = view["seats"][seat] if seat is not None and 0 <= seat < n else None
    if me and me.get("hand_labels") is not None:
        parts.append(Panel(", ".join(me["hand_labels"]) or "(empty)", title="Your hand"))
    if me and me.get("leader_offers") is not None:
        offers = [me["characters"][i]["name"] for i in me["leader_offers"]]
        parts.append(Panel(" or ".join(offers), title="Choose your leader"))
    status = "Game over" if view["over"] else f"Waiting for {waiting_words(view)}"
    parts.append(Text(status, style="italic"))
    return Group(*parts)


def _encounter(view: dict[str, Any]) -> Any:
    enc = view["encounter"]
    seats = view["seats"]
    if enc["defender"] is None:
        return Text(f"{seats[enc['attacker']]['house']} attacks; event: {enc['event'] or 'not drawn yet'}")
    t = Table(show_header=True, expand=True)
    t.add_column("Attacker's side")
    t.add_column("Defender's side")
    sides: dict[int, list[str]] = {1: [], 2: []}
    for p, side in enumerate(enc["sides"]):
        if side not in (1, 2):
            continue
        c = enc["characters"][p]
        who = seats[p]["house"]
        if c is not None:
            ch = seats[p]["characters"][c]
            who += f": {ch['name']} ♛{ch['crowns']}" + (" ✝" if ch["dead"] else "")
        if p not in (enc["attacker"], enc["defender"]):
            who = "support — " + who
        if enc["withdrawn"][p]:
            who += " (withdrawn)"
        sides[side].append(who)
    for i in range(2):
        cm = enc["commits"][i]
        card = cm["label"] if cm["card"] is not None else ("face down" if cm["committed"] else "—")
        sides[i + 1].append(f"card: {card}")
    if enc["bonus"] != [0, 0]:
        sides[1].append(f"bonus +{enc['bonus'][0]}")
        sides[2].append(f"bonus +{enc['bonus'][1]}")
    if enc["result"] == 1:
        sides[1].append(f"total {enc['totals'][0]}")
        sides[2].append(f"total {enc['totals'][1]}")
    t.add_row("\n".join(sides[1]), "\n".join(sides[2]))
    lines: list[Any] = [Text(f"Event: {enc['event']}"), t]
    result = {1: "hostility", 2: "truce", 3: "betrayal"}.get(enc["result"])
    winner = {1: "the attacker's side wins", 2: "the defender's side wins", 3: "both sides lose", 4: "truce deal"}
    if result:
        lines.append(Text(f"Result: {result}; {winner.get(enc['winner'], 'being resolved')}", style="bold"))
    if enc.get("pending_offer"):
        q, c, side = enc["pending_offer"]
        lines.append(Text(f"{seats[q]['house']} offers {seats[q]['characters'][c]['name']} to the {SIDE[side]}"))
    if enc.get("deal"):
        lines.append(Text(f"On the table: {enc['deal']} (proposals {enc['proposals']})"))
    if enc["played"]:
        house = Known.of(view).house
        played = ", ".join(f"{seats[p]['house']}: {card_name(house.get(p), c)}" for p, c in enc["played"])
        lines.append(Text(f"Character cards played: {played}"))
    return Group(*lines)


def _n(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def _body(event: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    e = event["event"]
    if isinstance(e, str):
        return e, {}
    ((kind, body),) = e.items()
    return kind, body or {}


def _terms(x: int) -> str:
    def one(t: int) -> str:
        parts = []
        if t % 2:
            parts.append("1 influence")
        if (t // 2) % 3:
            parts.append(_n((t // 2) % 3, "hostage"))
        if t // 6:
            parts.append("3 crowns")
        return " + ".join(parts) or "nothing"

    return f"attacker gets {one(x % 12)}, defender gets {one(x // 12)}"


def narrate_event(event: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """One line of the story, as the viewer may know it, naming what the viewer's ``view`` shows."""
    kind, b = _body(event)
    k = Known.of(view)
    if kind == "LeaderRevealed":  # the event itself names the house and the leader
        k.house[b["seat"]] = b["house"]
        k.leader[b["seat"]] = b["leader"]

    def S(s: int) -> str:  # noqa: N802 - short name keeps the table readable
        return _seat(k, s)

    def _char(s: int, c: int) -> str:
        return _character(k, s, c)

    if kind == "LeaderRevealed":
        h = _house(b["house"])
        leader = (
            next((x for x in h["leaders"] if x["character"] == h["characters"][b["leader"]]["name"]), None)
            if h
            else None
        )
        title = f" ({leader['title']})" if leader else ""
        return f"{S(b['seat'])} is led by {_char(b['seat'], b['leader'])}{title}."
    own = k.house.get
    lines: dict[str, Any] = {
        "LeaderPicked": lambda: f"{S(b['seat'])} has chosen a leader in secret.",
        "FirstAttacker": lambda: f"{S(b['seat'])} attacks first.",
        "TurnBegins": lambda: f"— Turn {b['turn'] + 1}: {S(b['attacker'])} attacks —",
        "Freed": lambda: f"{S(b['by'])} frees a hostage of {S(b['owner'])} and draws a card.",
        "FreedCard": lambda: f"(the freed hostage was {card_name(own(b['owner']), b['card'])})",
        "Tortured": lambda: (
            f"{S(b['by'])} tortures a hostage of {S(b['owner'])}: {card_name(own(b['owner']), b['card'])}."
        ),
        "CrownsRemoved": lambda: f"{_char(b['seat'], b['ch'])} loses {_n(b['n'], 'crown')} to the leader sheet.",
        "CrownsToBox": lambda: f"{S(b['seat'])} loses {_n(b['n'], 'crown')} from the leader sheet, out of the game.",
        "CrownPlaced": lambda: f"{S(b['seat'])} places a crown on {_char(b['seat'], b['ch'])}.",
        "CrownsTaken": lambda: f"{S(b['to'])} takes {_n(b['n'], 'crown')} from {S(b['from'])}.",
        "Died": lambda: f"{_char(b['seat'], b['ch'])} of {S(b['seat'])} dies.",
        "EventDrawn": lambda: (
            "Event card: " + (f"House {_house(b['house'])['name']}." if b.get("house") is not None else "Influence.")
        ),
        "DefenderNamed": lambda: f"{S(b['seat'])} defends.",
        "Drew": lambda: f"{S(b['seat'])} draws {_n(b['n'], 'card')}.",
        "DrewCards": lambda: "You draw: " + ", ".join(card_name(own(b["seat"]), c) for c in b["cards"]) + ".",
        "Reshuffled": lambda: f"{S(b['seat'])} shuffles the discard pile into a new deck.",
        "Discarded": lambda: f"{S(b['seat'])} discards {card_name(own(b['seat']), b['card'])}.",
        "CharacterChosen": lambda: f"{S(b['seat'])} sends {_char(b['seat'], b['ch'])} as {SIDE.get(b['side'], '?')}.",
        "SupportOffered": lambda: (
            f"{S(b['seat'])} offers {_char(b['seat'], b['ch'])} to the {SIDE.get(b['side'], '?')}."
        ),
        "SupportAccepted": lambda: f"The support of {S(b['seat'])} is accepted.",
        "SupportRefused": lambda: f"The support of {S(b['seat'])} is refused.",
        "SupportDeclined": lambda: f"{S(b['seat'])} stays out of the encounter.",
        "SupportForced": lambda: f"{S(b['by'])} forces {_char(b['seat'], b['ch'])} of {S(b['seat'])} to support them.",
        "Committed": lambda: f"{S(b['seat'])} places a house card face down.",
        "CommittedFaceUp": lambda: f"{S(b['seat'])} must play first, face up: {card_name(own(b['seat']), b['card'])}.",
        "Revealed": lambda: f"{S(b['seat'])} reveals {card_name(own(b['seat']), b['card'])}.",
        "LeaderUsed": lambda: (
            f"{S(b['seat'])} uses {_ability(k, b['seat'])}"
            + (f" on {S(b['target'])}" if b["target"] != 7 else "")
            + "."
        ),
        "CardPlayed": lambda: (
            f"{S(b['seat'])} plays {card_name(own(b['seat']), b['card'])}"
            + (f" on {S(b['target'])}" if b["target"] != 7 else "")
            + "."
        ),
        "BonusAdded": lambda: f"The {SIDE.get(b['side'], '?')}'s side gains +{b['n']}.",
        "Withdrew": lambda: f"{S(b['seat'])} withdraws from the encounter.",
        "Shielded": lambda: f"{S(b['seat'])} is protected from losses this encounter.",
        "Replaced": lambda: f"{S(b['seat'])}'s card is replaced by {card_name(own(b['seat']), b['new'])}.",
        "HigherCardsShown": lambda: (
            f"{S(b['seat'])} shows its higher cards: "
            + ", ".join(card_name(own(b["seat"]), c) for c in b["cards"])
            + "; the Political Instinct player picks one."
        ),
        "ResultHostility": lambda: (
            f"Hostility: {b['totals'][0]} against {b['totals'][1]} — "
            + {1: "the attacker's side wins.", 2: "the defender's side wins.", 3: "a tie, both sides lose."}[
                b["winner"]
            ]
        ),
        "ResultTruce": lambda: "Truce: the active players negotiate.",
        "ResultBetrayal": lambda: f"Betrayal! The {SIDE[b['winner']]}'s side wins.",
        "BetrayalAsTruce": lambda: f"{S(b['seat'])}'s honour turns the betrayal into a truce.",
        "Spread": lambda: f"{S(b['from'])} spreads influence onto {S(b['onto'])}.",
        "Proposed": lambda: f"{S(b['seat'])} proposes: {_terms(b['terms'])}.",
        "DealAccepted": lambda: f"{S(b['seat'])} accepts: {_terms(b['terms'])}.",
        "TalksFailed": lambda: "The talks fail: everyone on both sides loses.",
        "HostageTaken": lambda: (
            f"{S(b['taker'])} takes a hostage from {S(b['victim'])}: "
            + {0: "the top card of their deck", 1: "a random card from their hand", 2: "one of their hostages"}.get(
                b["source"], "?"
            )
            + ("" if b["owner"] == b["victim"] else f" (a card of {S(b['owner'])})")
            + "."
        ),
        "HostageCard": lambda: f"(the hostage is {card_name(own(b['owner']), b['card'])})",
        "GameOver": lambda: (
            ("Game over. Winners: " if len(b["winners"]) > 1 else "Game over. Winner: ")
            + ", ".join(S(w) for w in b["winners"])
            + "; influence spread: "
            + ", ".join(f"{S(p)} {n}" for p, n in enumerate(b["spread"]))
            + "."
        ),
    }
    make = lines.get(kind)
    return make() if make else f"{kind} {b}"
