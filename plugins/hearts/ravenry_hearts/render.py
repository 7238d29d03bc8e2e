"""Rich renderer and narration for hearts views and events.

A view (``core_rs/src/games/hearts/view.rs::View``) arrives as a dict. Cards are codes ``suit * 13 + rank``:
suits clubs, diamonds, hearts, spades; rank 0 is the two and 12 the ace.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

RANKS = "23456789TJQKA"
SUITS = ("♣", "♦", "♥", "♠")
SUIT_STYLE = ("bold", "bold red", "bold red", "bold")
SEAT_NAMES = ("North", "East", "South", "West")


def card_text(code: int) -> Text:
    if not 0 <= code < 52:
        return Text("??", style="dim")
    suit, rank = divmod(code, 13)
    return Text(f"{RANKS[rank]}{SUITS[suit]}", style=SUIT_STYLE[suit])


def card_str(code: int) -> str:
    return card_text(code).plain


def cards_text(codes: list[int], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(codes):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


def hand_by_suit(codes: list[int]) -> Table:
    """One row per suit, spades first as players fan them, high cards first."""
    t = Table(show_header=False, box=None, padding=(0, 1))
    t.add_column(justify="right")
    t.add_column()
    for suit in (3, 2, 1, 0):
        row = sorted((c for c in codes if c // 13 == suit), reverse=True)
        ranks = Text(" ".join(RANKS[c % 13] for c in row) or "—", style=SUIT_STYLE[suit] if row else "dim")
        t.add_row(Text(SUITS[suit], style=SUIT_STYLE[suit]), ranks)
    return t


def _seat_label(p: int, viewer: int | None) -> str:
    # Seats a person reads count from 1, as every Ravenry screen and command line does.
    return f"{SEAT_NAMES[p]} (seat {p + 1}{', you' if p == viewer else ''})"


def _trick_panel(view: dict[str, Any]) -> Panel:
    t = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    for p in range(4):
        t.add_column(SEAT_NAMES[p], justify="center")
    played = {seat: card for seat, card in view["trick"]}
    turn = view.get("turn")
    cells = []
    for p in range(4):
        if p in played:
            cells.append(card_text(played[p]))
        elif p == turn:
            cells.append(Text("▶ to play", style="bold yellow"))
        else:
            cells.append(Text("·", style="dim"))
    t.add_row(*cells)
    rows: list[Any] = [t]
    last = view.get("last_trick")
    if last and not view["trick"]:
        lead = last["leader"]
        order = [(lead + i) % 4 for i in range(4)]
        line = Text("last trick: ")
        for i, seat in enumerate(order):
            line.append(f"{SEAT_NAMES[seat][0]} ")
            line.append_text(card_text(last["cards"][i]))
            line.append("  ")
        line.append(f"→ {SEAT_NAMES[last['winner']]} takes {last['points']} pt", style="italic")
        rows.append(line)
    broken = Text("hearts broken" if view["hearts_broken"] else "hearts not broken", style="dim")
    rows.append(broken)
    return Panel(Group(*rows), title=f"trick {min(view['cards_played'] // 4 + 1, 13)} of 13")


def _scores_table(view: dict[str, Any], viewer: int | None) -> Table:
    t = Table(title="scores", header_style="bold")
    t.add_column("seat")
    t.add_column("cards", justify="right")
    t.add_column("tricks", justify="right")
    t.add_column("points", justify="right")
    t.add_column("returns so far", justify="right")
    t.add_column("void in", style="dim")
    t.add_column("pass", justify="right", style="dim")
    for p in range(4):
        style = "bold cyan" if p == viewer else ""
        t.add_row(
            Text(_seat_label(p, viewer), style=style),
            str(view["hand_sizes"][p]),
            str(view["tricks_won"][p]),
            str(view["points"][p]),
            str(view["totals"][p]),
            ", ".join(view["voids"][p]),
            f"{view['pass_counts'][p]}/3" if view["pass_direction"] != "None" else "—",
        )
    return t


def render_view(view: dict[str, Any], seat: int | None) -> Any:
    phase = view["phase"]
    head = Text(
        f"Hearts — hand {view['hand']} of {view['hands_in_match']}, pass {str(view['pass_direction']).lower()}",
        style="bold",
    )
    if phase == "Pass":
        head.append("  ·  passing: choose three cards, face down", style="yellow")
    elif phase == "Over":
        head.append("  ·  the match is over", style="green")
    if view.get("moon_shooter") is not None:
        head.append(f"  ·  {SEAT_NAMES[view['moon_shooter']]} shot the moon!", style="bold magenta")
    parts: list[Any] = [head, _trick_panel(view), _scores_table(view, seat)]
    if view.get("previous_points"):
        parts.append(Text("previous hand's points: " + ", ".join(map(str, view["previous_points"])), style="dim"))
    for p, hand in enumerate(view["hands"]):
        if hand is None:
            continue
        body: list[Any] = [hand_by_suit(hand)]
        passed = view["passed"][p]
        if passed:
            label = "passing: " if phase == "Pass" else "passed: "
            body.append(Text(label).append_text(cards_text(passed)))
        if p == seat and view.get("received"):
            body.append(Text("received: ").append_text(cards_text(view["received"])))
        if p == seat and view.get("legal"):
            body.append(Text("legal: ").append_text(cards_text(view["legal"])))
        parts.append(Panel(Group(*body), title=f"{_seat_label(p, seat)}: hand", border_style="cyan"))
    return Group(*parts)


def narrate_event(event: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    body = event["event"]
    if body == "HeartsBroken":
        return "Hearts are broken."
    if not isinstance(body, dict) or len(body) != 1:
        return str(body)
    ((kind, f),) = body.items()
    name = SEAT_NAMES[f["seat"]] if isinstance(f, dict) and isinstance(f.get("seat"), int) and f["seat"] < 4 else "?"
    if kind == "HandStarted":
        return f"Hand {f['hand'] + 1} is dealt; pass {str(f['pass_direction']).lower()}."
    if kind == "Dealt":
        return f"{name} is dealt {' '.join(card_str(c) for c in f['cards'])}."
    if kind == "PassCommitted":
        return f"{name} puts a card face down to pass."
    if kind == "PassChosen":
        return f"{name} will pass {card_str(f['card'])}."
    if kind == "Received":
        return f"{name} receives {' '.join(card_str(c) for c in f['cards'])} from {SEAT_NAMES[f['from']]}."
    if kind == "Played":
        return f"{name} plays {card_str(f['card'])}."
    if kind == "TrickTaken":
        return f"{name} takes the trick ({f['points']} pt)."
    if kind == "MoonShot":
        return f"{name} shoots the moon!"
    if kind == "HandScored":
        return (
            "Hand over. Points " + ", ".join(map(str, f["points"])) + "; returns " + ", ".join(map(str, f["returns"]))
        )
    return f"{kind}: {f}"
