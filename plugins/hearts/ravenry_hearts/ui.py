"""Hearts in the full-screen client: the table seen from your seat (you at the bottom, left, across and right
around you) with the trick in progress, who led and whose turn it is; the pass in progress (your chosen cards,
how many each other seat has put down, never which); points, tricks, totals and voids per seat; the last trick;
your hand by suit. Fed only by the seat's view (``core_rs/src/games/hearts/view.rs``), the one redaction point.

Suits carry their letter beside the symbol (``♣C ♦D ♥H ♠S``), so colour is never the only cue."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ravenry.tui import Card, GameUI, ViewWidget
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from ravenry_hearts.render import RANKS, SEAT_NAMES, SUIT_STYLE, SUITS, narrate_event

View = dict[str, Any]
Action = dict[str, Any]

LETTERS = "CDHS"
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
#: where each seat sits from the viewer's chair: (seat - viewer) % 4
RELATIVE = ("you", "left", "across", "right")
#: the pass direction as the view names it -> how many seats on the card travels
OFFSET = {"None": 0, "Left": 1, "Across": 2, "Right": 3}
QUEEN_OF_SPADES = 3 * 13 + 10


def cap(line: str) -> str:
    return line[:1].upper() + line[1:]


def suit_of(card: int) -> int:
    return card // 13


def suit_tag(suit: int) -> Text:
    """A suit as symbol and letter, ``♠S``."""
    return Text(f"{SUITS[suit]}{LETTERS[suit]}", style=SUIT_STYLE[suit])


def card_tag(card: int) -> Text:
    """A card as rank, symbol and suit letter: ``Q♠S``."""
    suit, rank = divmod(card, 13)
    return Text(f"{RANKS[rank]}{SUITS[suit]}{LETTERS[suit]}", style=SUIT_STYLE[suit])


def card_words(card: int) -> str:
    suit, rank = divmod(card, 13)
    return f"{RANK_WORDS[rank]} of {SUIT_WORDS[suit]}"


def card_points(card: int) -> int:
    """What a card costs its taker (§5.1): a heart 1, the queen of spades 13 (the ``jd_bonus`` option is not in
    the view, so the jack of diamonds is not counted here)."""
    return 1 if suit_of(card) == 2 else 13 if card == QUEEN_OF_SPADES else 0


def cards_line(cards: list[int]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_tag(c))
    return out


def seat_words(view: View, viewer: int | None, seat: int) -> str:
    """``East (left)`` from a seat, ``you (North)`` for the viewer, the bare name for a spectator."""
    name = SEAT_NAMES[seat]
    if viewer is None:
        return name
    rel = RELATIVE[(seat - viewer) % 4]
    return f"you ({name})" if rel == "you" else f"{name} ({rel})"


def pass_target(view: View, seat: int) -> int | None:
    off = OFFSET.get(str(view["pass_direction"]), 0)
    return (seat + off) % 4 if off else None


def pass_words(view: View, viewer: int) -> str:
    """``to the left (East)``, ``across (South)``: where the viewer's three cards go."""
    to = pass_target(view, viewer)
    if to is None:
        return "no pass this hand"
    rel = RELATIVE[(to - viewer) % 4]
    where = "across" if rel == "across" else f"to the {rel}"
    return f"{where} ({SEAT_NAMES[to]})"


def trick_winner(view: View) -> tuple[int, int] | None:
    """(seat, card) taking the trick so far: the highest card of the suit led (§4)."""
    trick = view["trick"]
    if not trick:
        return None
    led = suit_of(trick[0][1])
    seat, card = max(((s, c) for s, c in trick if suit_of(c) == led), key=lambda sc: sc[1])
    return seat, card


def hand_by_suit(cards: list[int], legal: list[int] | None = None) -> Table:
    """One row per suit, clubs to spades as the hand is sorted, low to high; playable cards in bold."""
    t = Table(show_header=False, box=None, padding=(0, 1))
    t.add_column(justify="right")
    t.add_column()
    playable = set(legal or [])
    for suit in range(4):
        row = sorted(c for c in cards if suit_of(c) == suit)
        ranks = Text()
        for i, c in enumerate(row):
            if i:
                ranks.append(" ")
            style = SUIT_STYLE[suit] + (" underline" if c in playable and legal else "")
            ranks.append(RANKS[c % 13], style=style)
        if not row:
            ranks.append("— none", style="dim")
        t.add_row(Text.assemble(suit_tag(suit), f" {SUIT_WORDS[suit]}"), ranks)
    return t


class TableWidget(ViewWidget):
    """The four seats around the trick, you at the bottom: each seat's card in the trick, who led, whose turn."""

    def relevant(self, view: View) -> Any:
        return (view["phase"], view["trick"], view["turn"], view["leader"], view["pass_counts"], view["hand_sizes"])

    def cell(self, view: View, viewer: int | None, seat: int) -> Text:
        t = Text(seat_words(view, viewer, seat), style="bold cyan" if seat == viewer else "bold")
        t.append("\n")
        if view["phase"] == "Pass":
            n = view["pass_counts"][seat]
            t.append(f"{n} of 3 put down to pass" if n < 3 else "all 3 put down to pass")
            return t
        played = dict((s, c) for s, c in view["trick"])
        if seat in played:
            t.append_text(card_tag(played[seat]))
            if view["trick"][0][0] == seat:
                t.append("  led", style="italic")
            win = trick_winner(view)
            if win is not None and win[0] == seat:
                t.append("  ★ taking it", style="bold yellow")
        elif view["turn"] == seat:
            t.append("▶ to play" + (" (leads)" if not view["trick"] else ""), style="bold reverse")
        else:
            t.append("·", style="dim")
        return t

    def draw(self, view: View, seat: int | None) -> RenderableType:
        base = seat if seat is not None else 2  # a spectator sees North at the top
        at = {rel: (base + rel) % 4 for rel in range(4)}
        grid = Table(show_header=False, expand=True, box=None, padding=(0, 2))
        for _ in range(3):
            grid.add_column(justify="center", ratio=1)
        grid.add_row("", self.cell(view, seat, at[2]), "")
        middle = Text(justify="center")
        if view["phase"] == "Play":
            middle.append(f"trick {view['cards_played'] // 4 + 1} of 13\n", style="bold")
            led = view["trick"][0][1] if view["trick"] else None
            if led is not None:
                middle.append("suit led: ")
                middle.append_text(suit_tag(suit_of(led)))
                middle.append(f" {SUIT_WORDS[suit_of(led)]}")
            else:
                middle.append(f"{seat_words(view, seat, view['leader'])} to lead")
        elif view["phase"] == "Pass":
            middle.append("passing", style="bold")
        else:
            middle.append("the match is over", style="bold")
        middle.append("\n")
        if view["hearts_broken"]:
            middle.append("hearts broken ♥H", style="bold red")
        else:
            middle.append("hearts not broken yet", style="dim")
        # Play goes clockwise to the left: left of you is the next seat, so it sits on the left of the screen.
        grid.add_row(self.cell(view, seat, at[1]), middle, self.cell(view, seat, at[3]))
        grid.add_row("", self.cell(view, seat, at[0]), "")
        return grid


class PassWidget(ViewWidget):
    """The pass: where your three cards go, which you have chosen, how many the others have put down; after it,
    what you passed and what you received."""

    def relevant(self, view: View) -> Any:
        return (view["phase"], view["pass_direction"], view["pass_counts"], view["passed"], view["received"])

    def draw(self, view: View, seat: int | None) -> RenderableType:
        if view["pass_direction"] == "None":
            return Text("No pass this hand.", style="dim")
        if seat is None:
            counts = ", ".join(f"{SEAT_NAMES[p]} {n}/3" for p, n in enumerate(view["pass_counts"]))
            return Text(f"Pass {str(view['pass_direction']).lower()}: cards put down {counts}")
        mine = view["passed"][seat] or []
        out = Text()
        if view["phase"] == "Pass":
            out.append(f"Pass 3 cards {pass_words(view, seat)}", style="bold")
            out.append(f" — chosen {len(mine)} of 3: ")
            out.append_text(cards_line(mine) if mine else Text("none yet", style="dim"))
            left = 3 - len(mine)
            out.append(f" ({left} more to choose)" if left else " (waiting for the others)")
            others = ", ".join(f"{seat_words(view, seat, p)} {view['pass_counts'][p]}" for p in range(4) if p != seat)
            out.append(f"\nPut down by the others (how many, never which): {others}", style="dim")
            return out
        frm = (seat - OFFSET[str(view["pass_direction"])]) % 4
        out.append(f"You passed {pass_words(view, seat)}: ")
        out.append_text(cards_line(mine))
        out.append(f"\nYou received from {seat_words(view, seat, frm)}: ")
        out.append_text(cards_line(view["received"] or []))
        return out


class ScoresWidget(ViewWidget):
    """Per seat: tricks and points this hand, the total so far, voids shown; then the last trick."""

    def relevant(self, view: View) -> Any:
        return (
            view["tricks_won"],
            view["points"],
            view["totals"],
            view["voids"],
            view["last_trick"],
            view["previous_points"],
            view["moon_shooter"],
            view["hand"],
        )

    def draw(self, view: View, seat: int | None) -> RenderableType:
        t = Table(expand=True, box=box.SIMPLE_HEAD, header_style="bold", padding=(0, 1))
        t.add_column(f"hand {view['hand']} of {view['hands_in_match']}")
        t.add_column("cards", justify="right")
        t.add_column("tricks", justify="right")
        t.add_column("points this hand", justify="right")
        if view["previous_points"]:
            t.add_column("last hand", justify="right")
        t.add_column("score (26 − points)", justify="right")
        t.add_column("void in (shown)")
        order = [p for p in range(4) if p == seat] + [p for p in range(4) if p != seat]
        for p in order:
            voids = Text()
            for i, name in enumerate(view["voids"][p]):
                if i:
                    voids.append(" ")
                voids.append_text(suit_tag(SUIT_WORDS.index(name)))
                voids.append(f" {name}")
            row: list[RenderableType] = [
                Text(seat_words(view, seat, p), style="bold cyan" if p == seat else ""),
                str(view["hand_sizes"][p]),
                str(view["tricks_won"][p]),
                str(view["points"][p]),
            ]
            if view["previous_points"]:
                row.append(str(view["previous_points"][p]))
            row += [str(view["totals"][p]), voids if voids else Text("—", style="dim")]
            t.add_row(*row)
        parts: list[RenderableType] = [t]
        if view["moon_shooter"] is not None:
            parts.append(Text(f"{seat_words(view, seat, view['moon_shooter'])} shot the moon!", style="bold magenta"))
        last = view["last_trick"]
        line = Text("Last trick: ", style="bold")
        if last:
            for i, card in enumerate(last["cards"]):
                who = (last["leader"] + i) % 4
                line.append(f"{seat_words(view, seat, who)} ")
                line.append_text(card_tag(card))
                line.append(", " if i < 3 else "")
            line.append(f" → taken by {seat_words(view, seat, last['winner'])}, {last['points']} pt")
        else:
            line.append("none yet", style="dim")
        parts.append(line)
        return Group(*parts)


class HandWidget(ViewWidget):
    """Your hand by suit, the cards you may play now underlined."""

    def relevant(self, view: View) -> Any:
        return (view["hands"], view["legal"])

    def draw(self, view: View, seat: int | None) -> RenderableType:
        if seat is None or view["hands"][seat] is None:
            return Text("Watching: no hand is shown.", style="dim")
        hand = view["hands"][seat]
        head = Text(f"Your hand ({len(hand)} cards)", style="bold")
        chosen = view["passed"][seat] or []
        if view["phase"] == "Pass" and chosen:
            head.append(f" + {len(chosen)} chosen to pass", style="bold")
        if view["legal"] and view["phase"] == "Play":
            head.append(" — underlined: playable now", style="dim")
        return Group(head, hand_by_suit(hand, view["legal"]))


class UI(GameUI):
    css_path = Path(__file__).with_suffix(".tcss")
    GROUPS = {"pass": "Pass a card", "play": "Play a card"}
    help_text = """\
# Hearts

Four players, 13 cards each; avoid taking **hearts** and the **queen of spades**.

- **Pass.** Before play each player passes 3 cards face down — to the left, across or to the right as the
  hand says (some hands have no pass). You choose one card at a time; you see how many cards the others have
  put down, never which. The cards change hands once all twelve are down.
- **Play.** The holder of the 2♣C leads it. **Follow suit** if you can; if you cannot, play anything. The
  highest card of the suit led takes the trick and leads the next. On the first trick no heart and no Q♠S
  may be played unless you hold nothing else.
- **Hearts broken.** Hearts may not be led until a heart (or the queen of spades) has been played, unless
  you hold only hearts.
- **Scoring.** Each heart taken is 1 point, the **queen of spades** 13. **Shooting the moon**: take every
  scoring trick (all 26 points) and your points fall by 26 while everyone else's rise by 26. Your score for
  a hand is 26 minus your points; the highest total wins (ties share the win). Options may add a −10 jack of
  diamonds (`jd_bonus`) and −5 for taking no trick (`avoid_all_tricks_bonus`); the screen counts only hearts and
  the queen of spades in its previews.

On screen: the table with you at the bottom and left, across and right around you, the trick (★ marks the
card taking it so far, ▶ whose turn it is), the pass, points, tricks, totals and the suits each player has
shown to be void in, the last trick, and your hand by suit. Suits are lettered as well as coloured:
♣C clubs, ♦D diamonds, ♥H hearts, ♠S spades. Before a play, the preview says whether the card follows suit,
whether it would take the trick so far, and the points in the trick.
"""

    def widgets(self) -> list[Widget]:
        return [
            TableWidget(self, id="hearts-table"),
            HandWidget(self, id="hearts-hand"),
            PassWidget(self, id="hearts-pass"),
            ScoresWidget(self, id="hearts-scores"),
        ]

    def seat_name(self, view: View, seat: int) -> str:
        return SEAT_NAMES[seat] if 0 <= seat < 4 else f"seat {seat + 1}"

    def status(self, view: View, viewer: int | None) -> str:
        head = f"hand {view['hand']} of {view['hands_in_match']}"
        if view["phase"] == "Pass":
            where = pass_words(view, viewer) if viewer is not None else str(view["pass_direction"]).lower()
            return f"{head} · passing {where}"
        if view["phase"] == "Play":
            broken = "hearts broken" if view["hearts_broken"] else "hearts not broken"
            return f"{head} · trick {view['cards_played'] // 4 + 1} of 13 · {broken}"
        return head

    def outcome(self, view: View, viewer: int | None, outcome: dict[str, Any]) -> str | None:
        """The winner with every seat's score (26 − points a hand, highest wins) and the points they took."""
        names = ", ".join(seat_words(view, viewer, w) for w in outcome.get("winners", []))
        scores = ", ".join(
            f"{seat_words(view, viewer, p)} {view['totals'][p]} ({view['points'][p]} pt taken)" for p in range(4)
        )
        return f"winner: {names or 'no one'} — scores (26 − points taken, highest wins): {scores}"

    def narrate(self, event: dict[str, Any], view: View | None) -> str:
        """The story in the seat's words: "you", "East (left)", cards with their suit letters."""
        body = event.get("event")
        if not isinstance(body, dict) or len(body) != 1:
            return narrate_event(event)
        ((kind, f),) = body.items()
        viewer = view.get("viewer") if view else None
        if not isinstance(f, dict):
            return narrate_event(event)

        def who(key: str = "seat") -> str:
            p = f.get(key)
            if not isinstance(p, int) or not 0 <= p < 4:
                return "?"
            return "you" if p == viewer else seat_words({}, viewer, p)

        def cards(key: str = "cards") -> str:
            return " ".join(card_tag(int(c)).plain for c in f.get(key, []))

        if kind == "PassCommitted":
            return cap(f"{who()} put{'' if who() == 'you' else 's'} a card face down to pass.")
        if kind == "PassChosen":
            return cap(f"{who()} will pass {card_tag(int(f['card'])).plain}.")
        if kind == "Received":
            return cap(f"{who()} receive{'' if who() == 'you' else 's'} {cards()} from {who('from')}.")
        if kind == "Dealt":
            return cap(f"{who()} {'are' if who() == 'you' else 'is'} dealt {cards()}.")
        if kind == "Played":
            return cap(f"{who()} play{'' if who() == 'you' else 's'} {card_tag(int(f['card'])).plain}.")
        if kind == "TrickTaken":
            return cap(f"{who()} take{'' if who() == 'you' else 's'} the trick ({f['points']} pt).")
        if kind == "MoonShot":
            return cap(f"{who()} shoot{'' if who() == 'you' else 's'} the moon!")
        if kind == "HandScored" and len(f.get("points", [])) == 4 and len(f.get("returns", [])) == 4:
            each = ", ".join(
                f"{'you' if p == viewer else seat_words({}, viewer, p)} {f['points'][p]} pt → {f['returns'][p]}"
                for p in range(4)
            )
            return f"Hand over. Points taken and the hand's score (26 − points): {each}."
        return narrate_event(event)

    def cards(self, view: View, viewer: int | None) -> list[Card]:
        if viewer is None or view["hands"][viewer] is None:
            return []
        legal = set(view["legal"])
        out: list[Card] = []
        for c in sorted(view["hands"][viewer]):
            line = Text.assemble(card_tag(c), f"  {card_words(c)}")
            text = Text.assemble(card_tag(c), f" — the {card_words(c)}", style="bold")
            pts = card_points(c)
            text.append(f"\nWorth {pts} point{'s' if pts != 1 else ''} to whoever takes it." if pts else "\nNo points.")
            if view["phase"] == "Play":
                text.append("\nPlayable now." if c in legal else "\nNot playable now.", style="dim")
            out.append(Card(f"card:{c}", line.plain, text, SUIT_WORDS[suit_of(c)]))
        return out

    def card_key(self, action: Action) -> str | None:
        c = (action.get("fields") or {}).get("card")
        return f"card:{c}" if c is not None else None

    def path(self, view: View, viewer: int | None, action: Action) -> tuple[str, ...]:
        c = (action.get("fields") or {}).get("card")
        if c is None or action["kind"] not in ("pass", "play"):
            return super().path(view, viewer, action)
        suit = suit_of(int(c))
        card = card_tag(int(c)).plain
        if action["kind"] == "pass" and viewer is not None:
            last = f"pass {card} ({card_words(int(c))}) {pass_words(view, viewer)}"
        else:
            last = f"play {card} ({card_words(int(c))})"
        if len({suit_of(x) for x in view["legal"]}) <= 1:  # one suit to choose from: no step to pick it
            return (self.group(action), last)
        return (self.group(action), f"{SUITS[suit]}{LETTERS[suit]} {SUIT_WORDS[suit]}", last)

    def preview(self, view: View, viewer: int | None, action: Action) -> RenderableType | None:
        """For a play: whether the card follows suit, whether it would take the trick so far, the points the
        trick holds with it. For a pass: the points that leave your hand."""
        c = (action.get("fields") or {}).get("card")
        if c is None or viewer is None:
            return None
        card = int(c)
        if action["kind"] == "pass":
            pts = card_points(card)
            t = Text.assemble("Passing ", card_tag(card), f" {pass_words(view, viewer)}")
            if pts:
                t.append(f": {pts} point{'s' if pts != 1 else ''} out of your hand")
            return t
        if action["kind"] != "play":
            return None
        trick = view["trick"]
        pts = sum(card_points(x) for _, x in trick) + card_points(card)
        t = Text()
        if not trick:
            t.append_text(Text.assemble("You lead ", card_tag(card), ": the others must follow "))
            t.append_text(suit_tag(suit_of(card)))
            t.append(f" {SUIT_WORDS[suit_of(card)]} if they can.")
        else:
            led = suit_of(trick[0][1])
            win = trick_winner(view)
            assert win is not None
            if suit_of(card) == led:
                t.append("Follows suit. ")
                if card > win[1]:
                    t.append("Would take the trick so far", style="bold yellow")
                    t.append(f" (over {seat_words(view, viewer, win[0])}'s {card_tag(win[1]).plain}).")
                else:
                    t.append(f"Stays under {seat_words(view, viewer, win[0])}'s {card_tag(win[1]).plain}.")
            else:
                t.append("Does not follow suit ")
                t.append_text(Text.assemble("(", suit_tag(led), f" {SUIT_WORDS[led]} led)"))
                t.append(f": cannot take the trick; {seat_words(view, viewer, win[0])} takes it so far.")
        t.append(f"\nPoints in the trick with it: {pts}.", style="bold")
        if len(trick) == 3:
            t.append(" You play last.")
        return t
