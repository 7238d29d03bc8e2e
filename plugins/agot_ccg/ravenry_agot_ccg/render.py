"""Rich renderer and narration for A Game of Thrones CCG views and events.

A view (``core_rs/src/games/agot_ccg/state.rs::View``) reaches here as a dict. Cards are ids: indices into the
plugin's ``cards.json`` list, which is how names are found here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ravenry import count
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ravenry_agot_ccg.effect_words import event_words

CHALLENGES = ("military", "intrigue", "power")
HOUSE_STYLE = {"stark": "grey70", "lannister": "red", "baratheon": "yellow", "targaryen": "magenta"}


@cache
def _cards() -> list[dict[str, Any]]:
    from ravenry_agot_ccg import load_content

    return list(load_content()["cards"])


#: The view's phase names as a player says them.
PHASE = {
    "Setup": "setup",
    "FirstPlayer": "choosing the first player",
    "Over": "over",
    "Plot": "plot phase",
    "Draw": "draw phase",
    "Marshal": "marshalling",
    "Challenges": "challenges",
    "Dominance": "dominance",
    "Standing": "standing",
    "Taxation": "taxation",
}


def phase_words(phase: str) -> str:
    return PHASE.get(str(phase), str(phase).lower())


def seat_words(seat: int | None, view: dict[str, Any] | None) -> str:
    """A seat in the players' words: its House, read from ``view`` (a seat's number when there is no view)."""
    if seat is None:
        return "nobody"
    seats = view.get("seats", []) if view else []
    return f"House {str(seats[seat]['house']).title()}" if 0 <= seat < len(seats) else f"player {seat + 1}"


#: The challenge's automatic resolution steps (state.rs ``Stage::Resolve``), in words.
RESOLVE_STEPS = ("the winner and claim", "unopposed power", "renown", "deadly", "responses", "the end")


def stage_words(stage: Any) -> str:
    """A challenge stage in words: never the core's ``{'Resolve': 1}``."""
    if stage == "Attackers":
        return "declaring attackers"
    if stage == "Defenders":
        return "declaring defenders"
    if isinstance(stage, dict) and "Actions" in stage:
        return "actions before resolution"
    if isinstance(stage, dict) and "Resolve" in stage:
        k = stage["Resolve"]
        return "resolving: " + (RESOLVE_STEPS[k] if 0 <= k < len(RESOLVE_STEPS) else "the end")
    return str(stage)


def card_name(card: int | None) -> str:
    cards = _cards()
    if card is None or not 0 <= card < len(cards):
        return "?"
    return str(cards[card]["name"])


def _card_line(c: dict[str, Any]) -> Text:
    t = Text()
    t.append(c["name"], style="dim" if c["kneeling"] else "bold")
    info = _cards()[c["card"]] if 0 <= c["card"] < len(_cards()) else {}
    if info.get("type") == "character":
        t.append(f" STR {c['strength']} [{c['icons']}]")  # as in play, attachments and effects counted
    if c["kneeling"]:
        t.append(" (kneeling)", style="italic")
    if c["power"]:
        t.append(f" ♦{c['power']}", style="yellow")
    if c["attachments"]:
        t.append(" + " + ", ".join(card_name(a) for a in c["attachments"]), style="cyan")
    if c["dupes"]:
        t.append(f" ×{c['dupes']} dupe", style="green")
    return t


def _seat_panel(i: int, s: dict[str, Any], view: dict[str, Any]) -> Panel:
    lines: list[Any] = []
    head = Text(f"power {s['power']} (House {s['house_power']})  gold {s['gold']}  initiative {s['initiative']}")
    head.append(f"  hand {s['hand_size']}  deck {s['deck_size']}")
    lines.append(head)
    lines.append(Text(f"plot: {card_name(s['plot']) if s['plot'] is not None else '-'}"))
    if s.get("house_kneeling") or s.get("house_attachments"):
        house = Text("House card" + (" (kneeling)" if s.get("house_kneeling") else ""))
        if s.get("house_attachments"):
            house.append(" + " + ", ".join(card_name(a) for a in s["house_attachments"]), style="cyan")
        lines.append(house)
    if s.get("my_plot") is not None:
        lines.append(Text(f"chosen plot (hidden): {card_name(s['my_plot'])}", style="italic"))
    for c in s["play"]:
        lines.append(_card_line(c))
    if s.get("hand") is not None:
        lines.append(Text("hand: " + ", ".join(card_name(c) for c in s["hand"]), style="green"))
    if s.get("setup"):
        lines.append(Text("setup (face down): " + ", ".join(card_name(c) for c in s["setup"]), style="italic"))
    if s["dead"]:
        lines.append(Text("dead: " + ", ".join(card_name(c) for c in s["dead"]), style="red"))
    title = f"House {s['house'].title()}"
    if s["eliminated"]:
        title += " (eliminated)"
    if view.get("first") == i:
        title += " ★ first"
    return Panel(Group(*lines), title=title, border_style=HOUSE_STYLE.get(s["house"], "white"))


def render_view(view: dict[str, Any], seat: int | None = None) -> Any:
    """The table as ``seat`` sees it (``None``: a spectator)."""
    top = Text(f"round {view['round']} · {phase_words(view['phase'])}")
    if view.get("active") is not None:
        top.append(f" · {seat_words(view['active'], view)} to act")
    parts: list[Any] = [top]
    ch = view.get("challenge")
    if ch:
        t = Table(box=None, show_header=False)
        attacker, defender = seat_words(ch["attacker"], view), seat_words(ch["defender"], view)
        t.add_row(f"{CHALLENGES[ch['kind']]} challenge: {attacker} against {defender}")
        t.add_row(f"attackers {len(ch['attackers'])}, defenders {len(ch['defenders'])}, {stage_words(ch['stage'])}")
        parts.append(t)
    for i, s in enumerate(view["seats"]):
        parts.append(_seat_panel(i, s, view))
    if view.get("winners"):
        parts.append(Text("winners: " + ", ".join(seat_words(w, view) for w in view["winners"]), style="bold green"))
    return Group(*parts)


def _in_play(view: dict[str, Any] | None, uid: int) -> str | None:
    """The name of the card in play with ``uid`` in ``view`` (None: no such card now, or no target)."""
    for s in (view or {}).get("seats", []):
        for c in s.get("play", []):
            if c.get("uid") == uid:
                return str(c["name"])
    return None


def narrate_event(event: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """One line for a logged event (``{"index", "vis", "event"}``), naming seats by the Houses ``view`` shows."""

    def who(seat: int | None) -> str:
        return seat_words(seat, view)

    e = event["event"]
    if isinstance(e, str):
        return e
    ((kind, f),) = e.items()
    name = card_name
    match kind:
        case "SetupRevealed":
            return f"{who(f['seat'])} reveals its setup: " + (", ".join(name(c) for c in f["cards"]) or "nothing")
        case "PlotChosen":
            return f"{who(f['seat'])} has chosen a plot"
        case "PlotRevealed":
            return f"{who(f['seat'])} reveals {name(f['plot'])} (initiative {f['initiative']})"
        case "FirstPlayer":
            if f["chooser"] == f["seat"]:
                return f"{who(f['seat'])} {'choose' if who(f['seat']) == 'you' else 'chooses'} to be the first player"
            return f"{who(f['chooser'])} makes {who(f['seat'])} the first player"
        case "Drew":
            return f"{who(f['seat'])} draws {count(f['n'], 'card')}"
        case "DrewCards":
            return f"{who(f['seat'])} draws " + (", ".join(name(c) for c in f["cards"]) or "nothing")
        case "Income":
            return f"{who(f['seat'])} counts {f['gold']} gold"
        case "Marshalled":
            return f"{who(f['seat'])} brings {name(f['card'])} into play for {f['cost']} gold"
        case "Duplicate":
            return f"{who(f['seat'])} adds a duplicate of {name(f['card'])}"
        case "Attached":
            return f"{who(f['seat'])} attaches {name(f['card'])} to {name(f['host'])}"
        case "Knelt":
            return f"{name(f['card'])} kneels"
        case "AttachedToHouse":
            return f"{who(f['seat'])} attaches {name(f['card'])} to its House card"
        case "HouseKnelt":
            return f"the House card of {who(f['seat'])} kneels"
        case "EventPlayed":
            # What it does, naming its target while the viewer's view still has it in play (the event carries
            # only its uid); the core's lines for the effect (a kill, a discard, cards drawn) follow.
            cards = _cards()
            target = _in_play(view, f["target"])
            does = event_words(cards[f["card"]], target) if 0 <= f["card"] < len(cards) else ""
            return f"{who(f['seat'])} plays {name(f['card'])}" + (f": {does}" if does else "")
        case "AbilityUsed":
            target = _in_play(view, f["target"])
            return f"{who(f['seat'])} uses {name(f['card'])}" + (f" on {target}" if target else "")
        case "Stood":
            return f"{name(f['card'])} stands"
        case "ChallengeDeclared":
            att = ", ".join(name(c) for c in f["attackers"])
            kind = CHALLENGES[f["kind"]]
            article = "an" if kind[0] in "aeiou" else "a"
            return f"{who(f['attacker'])} launches {article} {kind} challenge on {who(f['defender'])}: {att}"
        case "Defended":
            return f"{who(f['defender'])} defends with " + (", ".join(name(c) for c in f["defenders"]) or "nobody")
        case "Bypassed":
            return f"stealth: {name(f['card'])} cannot defend"
        case "ChallengeResolved":
            w = "nobody" if f["winner"] is None else f"{who(f['winner'])}"
            extra = " (unopposed)" if f["unopposed"] else ""
            return f"{CHALLENGES[f['kind']]} challenge, STR {f['attack']} against {f['defense']}: {w} wins{extra}"
        case "Killed":
            return f"{name(f['card'])} of {who(f['seat'])} is killed"
        case "Saved":
            return f"{name(f['card'])} is saved by a duplicate"
        case "Discarded":
            pile = "dead pile" if f["dead"] else "discard pile"
            return f"{name(f['card'])} goes to the {pile} of {who(f['seat'])}"
        case "PowerClaimed":
            where = "its House" if f["card"] is None else name(f["card"])
            return f"{who(f['seat'])} claims {f['n']} power on {where}"
        case "PowerMoved":
            return f"{f['n'] or 'No'} power moves from {who(f['from'])} to {who(f['to'])}"
        case "PowerLost":
            return f"{who(f['seat'])} discards {f['n']} House power"
        case "Dominance":
            return "nobody wins dominance" if f["seat"] is None else f"{who(f['seat'])} wins dominance"
        case "Eliminated":
            return f"{who(f['seat'])} is eliminated by the curse"
        case "RoundLimit":
            return f"the time limit is reached after round {f['round']}"
        case "Won":
            return "winners: " + ", ".join(who(s) for s in f["seats"])
        case "SavedBy":
            return f"{name(f['card'])} is saved by {name(f['by'])}"
        case "Cancelled":
            by = "" if f["by"] == 0xFFFF else f" by {name(f['by'])}"
            return f"{who(f['seat'])} cancels {name(f['card'])}{by}"
        case "ControlTaken":
            return f"{who(f['seat'])} takes control of {name(f['card'])}"
        case "Named":
            return f"{who(f['seat'])} names {f['what']}"
    return f"{kind}: {f}"
