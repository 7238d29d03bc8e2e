"""Decks a player brings: the ``decks`` and ``deck`` options are of a path kind, so the local command line
(``-o decks=my.txt,lannister``) reads a deck-list file into its text (a save or a ruleset never depends on a
file, and a network client sends the text, never a name of the server's files); ``ravenry agot-ccg deck check
FILE`` reports a list's problems, each naming the file (and the line, ``my.txt:12: ...``).

The Rust core (``core_rs/src/games/agot_ccg/cards/decklist/``) reads a list in the shapes players traded: plain text
(``3x Ser Jaime Lannister``, ``Ser Jaime Lannister x3``, ``Plots (7)`` headers, one ``House:`` line, an optional
``Agenda:`` line such as ``Agenda: Treaty (Lannister)``; card codes work too), an AGoTDB XML deck or an OCTGN ``.o8d``
(told by content, not by the file's name), and checks it against the rulebook's deck rules and banned list, listing
every problem. ``ravenry agot-ccg deck export HOUSE`` writes a preconstructed deck as plain text, a start for a
player's own list or a designer's candidate (``benches/balance.py run --deal decks=a.txt,...`` takes such files).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import click
import ravenry
from ravenry import OptionError, plugin_data

#: A problem the core ties to a line of the list ("line 12: unknown card ...").
_LINE = re.compile(r"^line (\d+): ")


def problems(text: str, source: str | None = None) -> list[str]:
    """Every problem of a deck list under the deck rules and the banned list (empty: legal). With ``source`` (the
    file's name) each problem names it, compiler style: ``my.txt:12: unknown card "Foo"``, ``my.txt: ...``."""
    try:
        ravenry.game("agot-ccg").new_match(2, seed=0, options={"decks": [text if "\n" in text else text + "\n"]})
    except OptionError as e:
        msg = str(e)
        lines = [line.strip()[2:] for line in msg.splitlines() if line.strip().startswith("- ")]
        found = lines or [msg.removeprefix('option "decks": ')]
    else:
        found = []
    if source is None:
        return found
    return [_LINE.sub(lambda m: f"{source}:{m[1]}: ", p) if _LINE.match(p) else f"{source}: {p}" for p in found]


def deck_list(house: str) -> str:
    """The preconstructed deck of ``house`` as a deck list: House line, agenda line, its plots, then its cards."""
    decks = {d["house"]: d for d in plugin_data(__package__, "decks")["decks"]}
    if house.lower() not in decks:
        raise OptionError(f"agot-ccg has no deck for House {house!r}; the Houses are: {', '.join(decks)}")
    deck = decks[house.lower()]
    cards = plugin_data(__package__, "cards")["cards"]
    name = {c["code"]: c["name"] for c in cards}
    titles = Counter(c["name"] for c in cards)

    def card(code: str) -> str:
        # A title several records share (The Iron Throne) goes out as its code, so the list names this card.
        return name[code] if titles[name[code]] == 1 else f"{code}  # {name[code]}"

    lines = [f"# {deck['name']} (source: {deck['source']})", f"House: {deck['house'].capitalize()}"]
    lines.append(f"Agenda: {name[deck['agenda']]}" if deck.get("agenda") else "Agenda: none")
    lines += ["# Plots"] + [f"1x {card(p)}" for p in deck["plots"]]
    lines += ["# Draw deck"] + [f"{n}x {card(code)}" for code, n in deck["cards"]]
    return "\n".join(lines) + "\n"


def register_commands(cli: click.Group) -> None:
    @cli.group("agot-ccg")
    def agot_ccg() -> None:
        """A Game of Thrones CCG tools."""

    @agot_ccg.group()
    def deck() -> None:
        """Deck lists a player brings."""

    @deck.command("check")
    @click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
    def check(files: Sequence[str]) -> None:
        """Check deck-list FILES against the rulebook's deck rules and banned list."""
        bad = 0
        for name in files:
            try:
                found = problems(ravenry.read_text_file(name, "deck file"), name)
            except OptionError as e:
                found = [str(e)]
            if found:
                bad += 1
                click.echo(f"{name}: {len(found)} problem{'s' if len(found) != 1 else ''}")
                for p in found:
                    click.echo(f"  {p}")
            else:
                click.echo(f"{name}: legal")
        if bad:
            raise SystemExit(1)

    @deck.command("export")
    @click.argument("house")
    @click.option("-o", "--out", type=click.Path(dir_okay=False), help="write the list to this file (default: print)")
    def export(house: str, out: str | None) -> None:
        """Write HOUSE's preconstructed deck as a deck list (a start for a list of your own)."""
        try:
            text = deck_list(house)
        except OptionError as e:
            raise click.UsageError(str(e)) from e
        if out is None:
            click.echo(text, nl=False)
        else:
            Path(out).write_text(text, encoding="utf-8")
            click.echo(f"wrote {out}: {text.count(chr(10))} lines")
