"""A Game of Thrones CCG in the full-screen client: each House's cards in play (standing or kneeling, STR,
icons, power, attachments), revealed plots, the challenge in progress with both sides' strength, your hand,
plots and setup with every card's full text, and challenge strengths before you declare. Fed only by the seat's
view (``core_rs/src/games/agot_ccg/view.rs``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ravenry import count
from ravenry.tui import Card, GameUI, ViewWidget
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from ravenry_agot_ccg.render import CHALLENGES, HOUSE_STYLE, _cards, phase_words, seat_words, stage_words

View = dict[str, Any]

#: Challenge icons: colour on screen, and the letter that says it without colour.
ICON = {"M": ("red", "military"), "I": ("green", "intrigue"), "P": ("blue", "power")}


def record(card: int) -> dict[str, Any]:
    cards = _cards()
    return cards[card] if 0 <= card < len(cards) else {"name": "?", "type": "?"}


def icons(letters: str) -> Text:
    t = Text()
    for ch in "MIP":
        style, _ = ICON[ch]
        t.append(ch if ch in letters else "·", style=f"bold {style}" if ch in letters else "dim")
    return t


def card_text(card: int) -> Text:
    """A card's full face from the content data: cost, type, STR, icons, keywords, traits, text."""
    r = record(card)
    t = Text()
    t.append(f"{r['name']}", style="bold")
    if r.get("unique"):
        t.append(" ◆ unique", style="yellow")
    t.append(f"\n{r.get('house', '').title()} {r.get('type', '')}")
    if r.get("type") == "plot":
        t.append(f" · gold {r.get('gold')} · initiative {r.get('initiative')} · claim {r.get('claim')}")
    else:
        if "cost" in r:
            t.append(f" · cost {r['cost']}")
        if r.get("type") == "character":
            t.append(f" · STR {r.get('strength', 0)} · icons ")
            t.append_text(icons(r.get("icons", "")))
    if r.get("keywords"):
        t.append("\nkeywords: " + ", ".join(k.replace("_", " ") for k in r["keywords"]), style="cyan")
    if r.get("traits"):
        t.append("\ntraits: " + ", ".join(r["traits"]), style="italic")
    if r.get("doomed"):
        t.append("\ndoomed", style="red")
    t.append(f"\n{r.get('text', '')}")
    return t


def house_name(view: View, seat: int) -> str:
    return seat_words(seat, view)


def possessive(name: str) -> str:
    return "your" if name == "you" else f"{name}'s"


def in_words(view: View, viewer: int | None, label: str) -> str:
    """The core's labels name seats by number; here they name Houses, and you."""

    def who(m: re.Match[str]) -> str:
        """The player a label numbers (from 1, as people do; the view's seats count from 0), in words."""
        q = int(m[1]) - 1
        return "you" if q == viewer else house_name(view, q)

    label = re.sub(r"\(player (\d+), STR (\d+)\)", lambda m: f"({who(m)}, STR {m[2]})", label)
    label = re.sub(r"against player (\d+)", lambda m: f"against {who(m)}", label)
    label = re.sub(r"from player (\d+)'s", lambda m: "from " + possessive(who(m)), label)
    label = re.sub(
        r"^player (\d+) is first player",
        lambda m: "you go first" if who(m) == "you" else f"{who(m)} goes first",
        label,
    )
    label = label.replace("(yours, ", "(").replace("(you, ", "(yours, ")
    if "STR" in label:  # the core gives every card in play a STR; only characters have one
        for s in view.get("seats", []):
            for c in s.get("play", []):
                if record(c["card"]).get("type") != "character":
                    label = re.sub(re.escape(c["name"]) + r" \(([^,()]+), STR \d+\)", c["name"] + r" (\1)", label)
    return label


def strength_of(view: View, uid: int) -> int:
    for s in view["seats"]:
        for c in s["play"]:
            if c["uid"] == uid:
                return int(c["strength"])
    return 0


def name_of(view: View, uid: int) -> str:
    for s in view["seats"]:
        for c in s["play"]:
            if c["uid"] == uid:
                return str(c["name"])
    return "?"


def can_defend(view: View, seat: int, kind: int) -> list[dict[str, Any]]:
    """Standing characters of ``seat`` with the challenge's icon: who could defend (before stealth)."""
    letter = "MIP"[kind]
    return [
        c
        for c in view["seats"][seat]["play"]
        if not c["kneeling"] and record(c["card"]).get("type") == "character" and letter in c["icons"]
    ]


#: why a kill is asked for (the view's ``pending.Kill.why``)
KILL_WHY = {
    "Claim": "You lost a military challenge: its claim makes you kill",
    "Deadly": "A deadly attacker won: you kill",
    "Castle": "A card's effect makes you kill",
}


def pending_words(pending: Any) -> str | None:
    """What the rules wait for, in words, from the view's ``pending`` (``{"Kill": {...}}`` and the like)."""
    if not isinstance(pending, dict) or len(pending) != 1:
        return None
    ((kind, f),) = pending.items()
    if not isinstance(f, dict):
        return None
    if kind == "Kill":
        n = int(f.get("left", 1))
        return f"{KILL_WHY.get(str(f.get('why')), 'You must kill')} {n} of your characters (your choice)."
    if kind == "Respond":
        return "A response you may make now (optional): yes or no."
    if kind == "KneelTarget":
        return "Choose a character to kneel" + (" (you may decline)." if f.get("optional") else ".")
    if kind == "DiscardFromHand":
        return f"Discard {count(f.get('left', 1), 'card')} from your hand."
    return None


class Houses(ViewWidget):
    """One column per House: power, gold, plot, every card in play."""

    def draw(self, view: View, seat: int | None) -> RenderableType:
        t = Table(expand=True, show_lines=False, title=self.ui.status(view, seat))
        cols: list[list[RenderableType]] = []
        for i, s in enumerate(view["seats"]):
            head = Text(house_name(view, i), style=f"bold {HOUSE_STYLE.get(s['house'], 'white')}")
            if i == seat:
                head.append(" ← you", style="bold reverse")
            if view.get("first") == i:
                head.append(" ★ first")
            if s["eliminated"]:
                head.append(" (eliminated)")
            t.add_column(head, ratio=1)
            top = Text(
                f"power ♦{s['power']} ({s['house_power']} on the House card) · gold {s['gold']} "
                f"· initiative {s['initiative']}"
            )
            top.append(f"\nhand {s['hand_size']} · deck {s['deck_size']} · discard {len(s['discard'])}")
            plot = record(s["plot"])["name"] if s["plot"] is not None else "—"
            top.append(f"\nplot: {plot}", style="bold")
            if s["plot_chosen"] and s["plot"] is None:
                top.append(" (new plot chosen, face down)", style="italic")
            if s.get("house_kneeling") or s.get("house_attachments"):
                top.append("\nHouse card" + (" (kneeling)" if s.get("house_kneeling") else ""), style="bold")
                for a in s.get("house_attachments", []):
                    top.append(f"\n    ↳ {record(a)['name']}", style="cyan")
            lines: list[RenderableType] = [top]
            for c in s["play"]:
                r = record(c["card"])
                line = Text()
                line.append("K " if c["kneeling"] else "S ", style="dim" if c["kneeling"] else "bold green")
                line.append(c["name"], style="dim" if c["kneeling"] else "bold")
                if r.get("type") == "character":
                    line.append(f" STR {c['strength']} ")
                    line.append_text(icons(c["icons"]))  # as in play, not as printed
                else:
                    line.append(f" ({r.get('type', '')})", style="dim")
                if c["power"]:
                    line.append(f" ♦{c['power']}", style="yellow")
                if c["dupes"]:
                    line.append(f" ×{c['dupes']} dupe", style="green")
                for a in c["attachments"]:
                    line.append(f"\n    ↳ {record(a)['name']}", style="cyan")
                lines.append(line)
            if s["dead"]:
                lines.append(Text("dead: " + ", ".join(record(c)["name"] for c in s["dead"]), style="red"))
            cols.append([Group(*lines)])
        for row in zip(*cols):
            t.add_row(*row)
        legend = Text("S standing · K kneeling · icons ", style="dim")
        for ch, (style, word) in ICON.items():
            legend.append(f"{ch}={word} ", style=style)
        return Group(t, legend)


class ChallengePanel(ViewWidget):
    """The challenge in progress: its kind, both sides, their strength, the stage."""

    def draw(self, view: View, seat: int | None) -> RenderableType:
        ch = view.get("challenge")
        if not ch:
            return Text("No challenge in progress.", style="dim")
        kind = CHALLENGES[ch["kind"]]
        att = sum(strength_of(view, u) for u in ch["attackers"])
        dfd = sum(strength_of(view, u) for u in ch["defenders"])
        t = Text()
        t.append(f"{kind.title()} challenge", style=f"bold {ICON['MIP'[ch['kind']]][0]}")
        attacker = self.ui.you(view, seat, ch["attacker"])
        t.append(f" [{'MIP'[ch['kind']]}]: {attacker} {'attack' if attacker == 'you' else 'attacks'} ")
        t.append(f"{self.ui.you(view, seat, ch['defender'])} · {stage_words(ch['stage'])}\n")
        t.append(
            "attackers: "
            + (", ".join(f"{name_of(view, u)} ({strength_of(view, u)})" for u in ch["attackers"]) or "none yet")
        )
        t.append(f"  = STR {att}\n", style="bold")
        t.append(
            "defenders: "
            + (", ".join(f"{name_of(view, u)} ({strength_of(view, u)})" for u in ch["defenders"]) or "none")
        )
        t.append(f"  = STR {dfd}", style="bold")
        if ch["bypassed"]:
            t.append("\nstealth bypassed: " + ", ".join(name_of(view, u) for u in ch["bypassed"]))
        if ch["winner"] is not None:
            t.append(f"\nwinner: {self.ui.you(view, seat, ch['winner'])}" + (" (unopposed)" if ch["unopposed"] else ""))
        return t


#: The core's label for passing in an action window (view.rs). A marshalling player's own turn also has the window
#: set and a "done", but that one ends their marshalling ("end marshalling"): never passed for them.
PASS_LABEL = "pass (no action)"


class UI(GameUI):
    css_path = Path(__file__).with_suffix(".tcss")
    help_text = """\
# A Game of Thrones CCG (1st edition)

Each round: everyone secretly chooses a **plot** (gold, initiative, claim, an effect); the highest initiative
chooses who goes first. **Draw** two cards. **Marshal** characters, locations and attachments by paying their
gold cost. Then **challenges**: each player may make one military [M], intrigue [I] and power [P] challenge,
kneeling characters with that icon to attack; the defender kneels characters with the icon to defend. The side
with the higher total **STR** wins; an attacker that wins takes the challenge's effect (military: the loser
kills characters; intrigue: discards from hand; power: loses power) and, unopposed, 1 more power.
**Dominance**: the highest total of standing STR plus gold gains 1 power. Then everything stands. The first
House to 15 power wins.

On screen: every House's cards in play (S standing, K kneeling, STR, icons M/I/P, ♦ power, ↳ attachments), the
challenge in progress with both sides' STR, your hand and plots on the right (highlight one to read it), and
before you declare attackers or defenders the strengths they make.

**Auto-pass (F3)**: holding a card you only play in the right moment, you need not answer every action window.
F3 once: the client passes the action windows for the rest of this phase, except the one after defenders are
declared; twice: every window of the phase; three times: off. It ends with the phase. A response, a save or
cancel, a target or a cost is always asked; each pass made for you is a line in the story.
"""

    AUTO_PASS = (
        ("phase-but-defenders", "pass action windows for the rest of this phase, except after defenders are declared"),
        ("phase", "pass action windows for the rest of this phase"),
    )

    def auto_pass(self, view: View, viewer: int, actions: list[dict[str, Any]], mode: str) -> dict[str, Any] | None:
        """Only an action window with nothing pending: a response, a save or cancel, a target or a cost to pay
        (the view's ``pending``) is still asked, and so is the window after defenders in the second mode."""
        window = view.get("window")
        if not window or view.get("pending") is not None:
            return None
        if mode == "phase-but-defenders" and window.get("at") == "Defenders":
            return None
        return next((a for a in actions if a.get("kind") == "done" and a.get("label") == PASS_LABEL), None)

    def auto_pass_scope(self, view: View) -> Any:
        return (view.get("round"), view.get("phase"))

    def widgets(self) -> list[Widget]:
        return [Houses(self, id="ccg-houses"), ChallengePanel(self, id="ccg-challenge")]

    def focus(self, view: View, viewer: int | None, actions: list[dict[str, Any]]) -> str | None:
        """The challenge while one is in progress (its strengths decide every choice in it)."""
        return "ccg-challenge" if view.get("challenge") else "ccg-houses"

    def seat_name(self, view: View, seat: int) -> str:
        return house_name(view, seat)

    def outcome(self, view: View, viewer: int | None, outcome: dict[str, Any]) -> str | None:
        names = ", ".join(self.you(view, viewer, w) for w in outcome.get("winners", []))
        power = ", ".join(f"{self.you(view, viewer, p)} ♦{s['power']}" for p, s in enumerate(view["seats"]))
        return f"winner: {names or 'no one'} (power, 15 wins: {power})"

    def status(self, view: View, viewer: int | None) -> str:
        if not view["round"]:
            return "setup, before round 1"
        return f"round {view['round']} · {phase_words(view['phase'])}"

    def cards(self, view: View, viewer: int | None) -> list[Card]:
        if viewer is None:
            return []
        me = view["seats"][viewer]
        out: list[Card] = []
        for i, c in enumerate(me.get("hand") or []):
            r = record(c)
            cost = f" · {r['cost']} gold" if "cost" in r else ""
            out.append(Card(f"hand:{i}", f"{r['name']} ({r['type']}{cost})", card_text(c)))
        if me.get("my_plot") is not None:
            out.append(Card("plot:mine", f"chosen plot: {record(me['my_plot'])['name']}", card_text(me["my_plot"])))
        for i, c in enumerate(me["plots"]):
            r = record(c)
            line = f"plot: {r['name']} (gold {r.get('gold')}, init {r.get('initiative')}, claim {r.get('claim')})"
            out.append(Card(f"plot:{i}", line, card_text(c), "plots"))
        for c in me.get("setup") or []:
            out.append(Card(f"setup:{c}", f"setup (face down): {record(c)['name']}", card_text(c), "setup"))
        for c in me["play"]:
            out.append(Card(f"uid:{c['uid']}", f"in play: {c['name']}", card_text(c["card"]), "play"))
        return out

    def card_key(self, action: dict[str, Any]) -> str | None:
        f = action.get("fields") or {}
        if action["kind"] == "plot":
            return f"plot:{f.get('plot')}"
        if "hand" in f:
            return f"hand:{f['hand']}"
        if "uid" in f:
            return f"uid:{f['uid']}"
        return None

    GROUPS = {
        "setup": "Place setup cards",
        "plot": "Choose a plot",
        "first-player": "Choose the first player",
        "marshal": "Marshal a card",
        "duplicate": "Marshal a card",
        "reducer": "Reduce a cost",
        "challenge": "Make a challenge",
        "attackers": "Declare attackers",
        "defenders": "Declare defenders",
        "attacker": "Declare attackers",
        "defender": "Declare defenders",
        "stealth": "Stealth",
        "event": "Play an event",
        "ability": "Use an ability",
        "kill": "Kill a character",
        "kneel": "Kneel a character",
        "discard": "Discard",
        "respond": "Respond",
        "done": "Pass",
    }

    def path(self, view: View, viewer: int | None, action: dict[str, Any]) -> tuple[str, ...]:
        label = in_words(view, viewer, str(action["label"]))
        g = self.group(action)
        if action["kind"] in ("attackers", "defenders") and " with " in label:
            # Unit by unit: the first character, then the next, ... (masks list each set once, in order).
            verb, who = label.split(" with ", 1)
            return (g, *(f"{verb} with {x}" if i == 0 else f"+ {x}" for i, x in enumerate(who.split(" + "))))
        if action["kind"] == "marshal" and " onto " in label:
            card, host = label.split(" onto ", 1)
            return (g, card, "onto " + host)
        if action["kind"] == "event" and " on " in label:
            card, target = label.split(" on ", 1)
            return (g, card, "on " + target)
        return (g, label)

    def preview(self, view: View, viewer: int | None, action: dict[str, Any]) -> RenderableType | None:
        """Challenge strengths: what the declared set totals against the other side."""
        ch = view.get("challenge")
        kind = action["kind"]
        label = str(action["label"])
        chosen = sum(int(x) for x in re.findall(r"STR (\d+)", label))
        if kind == "setup" and viewer is not None:
            return self._setup_preview(view, viewer, action)
        why = pending_words(view.get("pending"))
        if why and kind in ("kill", "kneel", "respond", "discard", "done") and not ch:
            return Text(why, style="bold")
        if why and kind in ("kill", "respond"):
            return Text(why, style="bold")
        if kind == "attackers" and ch:
            could = can_defend(view, ch["defender"], ch["kind"])
            best = sum(int(c["strength"]) for c in could)
            t = Text(f"Your attack: STR {chosen}\n", style="bold")
            t.append(
                f"{self.you(view, viewer, ch['defender'])} could defend with STR up to {best} "
                f"({len(could)} standing with [{'MIP'[ch['kind']]}])"
            )
            return t
        if kind == "defenders" and ch:
            # Ties go to the attacker; the defence wins only with more STR (flow.rs, "Risoluzione delle sfide").
            att = sum(strength_of(view, u) for u in ch["attackers"])
            verdict = "your defence wins" if chosen > att else "the attacker still wins (ties go to the attacker)"
            return Text(f"Attack STR {att} against your defence STR {chosen}: {verdict}", style="bold")
        if kind == "done" and ch and ch["stage"] == "Defenders":
            att = sum(strength_of(view, u) for u in ch["attackers"])
            return Text(f"No defenders: the attack (STR {att}) wins unopposed.", style="bold")
        return None

    def _setup_preview(self, view: View, viewer: int, action: dict[str, Any]) -> RenderableType | None:
        """Setup ("Prepararsi a giocare", 5: characters and locations up to 5 gold, +2 for another House's card
        unless the agenda waives it, at most one limited card): the gold placed so far and what this card makes
        it, as the core counts them."""
        fields = action.get("fields") or {}
        spent, limit = fields.get("spent"), fields.get("limit")
        if not isinstance(spent, int) or not isinstance(limit, int):
            return None
        t = Text(f"Setup so far: {spent} of {limit} gold", style="bold")
        hand = view["seats"][viewer].get("hand") or []
        i, cost = fields.get("hand"), fields.get("cost")
        if isinstance(i, int) and 0 <= i < len(hand) and isinstance(cost, int):
            r = record(hand[i])
            printed = int(r.get("cost") or 0)
            t.append(f"; with {r['name']}: {spent + cost} of {limit}")
            if cost > printed:
                t.append(f" ({printed} + {cost - printed}: not your House)")
            if "limited" in (r.get("keywords") or []):
                t.append(" (limited: only one limited card in setup)")
        return t
