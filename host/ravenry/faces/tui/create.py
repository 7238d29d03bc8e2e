"""The lobby's form for a new match: the player count within the game's range, who sits where (you, a bot of the
game, or, on a server, a seat left open for another player), the game's own options with their defaults, its
variants and, on a server, the turn clock and who plays a dropped player's seat. One row a field, so it fits
80×24; keys only (Tab moves, Enter on Create or in a text field creates, Esc goes back). The server's create frame
is the judge: its refusal is shown in the form, in one line.

A field's kind comes from the game's ``OptionSpec`` when the game is installed here (as ``ravenry info`` lists
it): a boolean is a switch, a choice a select, a number or a list a text field. A game the server has and this
machine has not is described by the server's defaults only, so its kinds are read off them. A path option is
never a path over the network: the one-value kind (agot-ccg's ``deck``) is a text box for a House name or a
pasted list (or, where the lobby runs on the player's machine, a file it reads there); the list kind (``decks``)
is left to the command line (``-o decks=...``)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import DescendantFocus
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static, Switch, TextArea

from ravenry.errors import OptionError
from ravenry.model.game import game, games
from ravenry.model.options import looks_like_path, names_file, read_text_file
from ravenry.net.protocol import one_line
from ravenry.registry.plugins import registry
from ravenry.specs import GameInfo, OptionSpec
from ravenry.words import players_range, seat_number

YOU, OPEN = "@you", "@open"  # the seat choices that are not bots (a bot's name never starts with "@")
SERVER = "@server"  # a dropped player's seat: whatever the server's takeover setting is


def wid(kind: str, name: str) -> str:
    """A field's widget id: ``form-opt-hands``, ``form-variant-tournament``. A name a widget id cannot hold (a
    server may send any text) gets a digest instead, so no name from the wire can break the form."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", name):
        return f"form-{kind}-{name}"
    return f"form-{kind}-x{hashlib.sha1(name.encode()).hexdigest()[:12]}"


@dataclass(frozen=True)
class Field:
    """One option as the form offers it: ``kind`` is bool, choice, int, text, list or deck (a path option's
    one value: a House name, a pasted list, or a file read on the player's machine)."""

    name: str
    kind: str
    default: Any
    help: str = ""
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class GameForm:
    """What the form needs of a game: its range, bots, variants and fields."""

    id: str
    title: str
    players: tuple[int, int]
    bots: tuple[str, ...]
    default_bot: str
    variants: tuple[str, ...] = ()
    fields: tuple[Field, ...] = ()
    variant_help: dict[str, str] = field(default_factory=dict)


@dataclass
class NewMatch:
    """The form's answer: ``seats`` holds per seat ``YOU``, ``OPEN`` or a bot spec; ``options`` only the values
    that differ from the game's defaults."""

    game: str
    players: int
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    variants: list[str] = field(default_factory=list)
    turn_seconds: float | None = None
    takeover_bot: str | None = None  # a bot spec or "off"; None: the server's choice

    def bots(self) -> dict[int, str]:
        return {p: s for p, s in enumerate(self.seats) if s not in (YOU, OPEN)}

    def mine(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s == YOU]


def field_of(o: OptionSpec) -> Field | None:
    """The form's field for an installed game's option (None: not offered, a list of paths)."""
    choices = tuple(map(str, o.choices or ()))
    if o.kind is bool:
        kind = "bool"
    elif o.kind is int:
        kind = "int"
    elif o.kind is str:
        kind = "deck" if o.path else "choice" if choices else "text"
    elif o.kind is list and not o.path:
        kind = "list"
    else:
        return None
    return Field(o.name, kind, o.default, o.help, choices, o.min, o.max)


def _guessed(name: str, default: Any) -> Field | None:
    """A field read off a default only (the server's game, not installed here)."""
    kinds = {bool: "bool", int: "int", str: "text", list: "list"}
    kind = kinds.get(type(default))
    return None if kind is None else Field(name, kind, default)


def _variant_help(game_id: str) -> dict[str, str]:
    """What each variant of an installed game does, in its plugin's words (else the options it sets)."""
    out = {}
    for name, v in registry().variants.get(game_id, {}).items():
        sets = ", ".join(f"{k}={json.dumps(x)}" for k, x in v.options.items())
        out[name] = v.help or v.title or f"sets {sets}"
    return out


def _offered(game_id: str, variants: Sequence[str], fields: Sequence[Field]) -> tuple[str, ...]:
    """The variants worth a line of their own: one that only turns on a boolean option the form shows as a switch
    (Roll Player's four, A Storm of Swords' seven) is that switch, so it is not offered twice."""
    switches = {f.name for f in fields if f.kind == "bool"}
    specs = registry().variants.get(game_id, {})

    def toggle(name: str) -> bool:
        v = specs.get(name)
        return v is not None and len(v.options) == 1 and all(k in switches and x is True for k, x in v.options.items())

    return tuple(v for v in variants if not toggle(v))


def local_form(info: GameInfo) -> GameForm:
    g = game(info.id)
    fields = tuple(f for f in map(field_of, info.options) if f is not None)
    bots, variants = tuple(info.bots), _offered(info.id, info.variants, fields)
    return GameForm(info.id, info.title, info.players, bots, g.default_bot, variants, fields, _variant_help(info.id))


def server_form(entry: dict[str, Any]) -> GameForm:
    """A game of the server's ``games`` frame, with the installed game's kinds where this machine has it."""
    gid = str(entry["id"])
    installed = {i.id: i for i in games()}.get(gid)
    specs = {o.name: o for o in installed.options} if installed is not None else {}
    fields = []
    for name, default in (entry.get("options") or {}).items():
        f = field_of(specs[name]) if name in specs else _guessed(name, default)
        if f is not None:
            fields.append(f)
    bots = tuple(entry.get("bots") or ())
    default_bot = "heuristic" if "heuristic" in bots else "random" if "random" in bots else (bots or ("random",))[0]
    lo, hi = entry["players"]
    variants = _offered(gid, entry.get("variants") or (), fields) if installed is not None else ()
    variants = variants if installed is not None else tuple(entry.get("variants") or ())
    helps = _variant_help(gid) if installed is not None else {}
    return GameForm(gid, str(entry["title"]), (lo, hi), bots, default_bot, variants, tuple(fields), helps)


def _read_if_file(entry: str) -> str:
    return read_text_file(entry, "deck file") if names_file(entry) else entry


async def deck_value(raw: str, read_files: bool) -> str:
    """A deck field as the option's text: a House name or a pasted list as typed, or (where files are read
    here) the text of the file it names, read off the event loop."""
    if "\n" in raw:
        return raw + "\n"
    if not read_files:
        # Not even whether a file exists: this machine is the server's.
        if looks_like_path(raw):
            raise OptionError("a browser session cannot read files on the server: paste the deck list's text")
        return raw
    return await asyncio.to_thread(_read_if_file, raw)


class Row(Horizontal):
    """One line of the form: a name, its control, and the start of its help."""

    def __init__(self, name: str, control: Widget, help: str = "", **kw: Any) -> None:
        deck = "form-deck" in control.classes
        super().__init__(classes="form-row form-deck-row" if deck else "form-row", **kw)
        self.label, self.control, self.help = name, control, help

    def compose(self) -> ComposeResult:
        yield Label(escape(self.label), classes="form-name")
        yield self.control
        if isinstance(self.control, Switch):  # on or off in words too, not in colour alone
            yield Label("on" if self.control.value else "off", classes="form-state")
        if not self.has_class("form-deck-row"):  # a deck box takes the width; its help shows on the line below
            yield Label(escape(self.help), classes="form-hint")


class CreateForm(Vertical):
    """The form for ``form``'s new match; posts ``Submitted`` with a ``NewMatch`` or ``Cancelled``."""

    class Submitted(Message):
        def __init__(self, request: NewMatch) -> None:
            super().__init__()
            self.request = request

    class Cancelled(Message):
        pass

    # A binding, not a key handler: an open select's own Esc (close the list) is nearer the focus and wins.
    BINDINGS = [Binding("escape", "back", "back to the list")]

    def __init__(self, form: GameForm, network: bool, read_files: bool = True, players: int | None = None) -> None:
        super().__init__(id="lobby-form")
        self.form, self.network, self.read_files = form, network, read_files
        lo, hi = form.players
        self.start_players = min(hi, max(lo, players)) if players else lo
        self.busy = False  # a second Enter while the first is being acted on does nothing
        self.helps: dict[str, str] = {}

    # -- building ------------------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        f = self.form
        lo, hi = f.players
        where = "on the server" if self.network else "here"
        yield Static(f"[b]New match {where}: {escape(f.title)}[/b] ({players_range(lo, hi)})", id="form-title")
        with Horizontal(id="form-buttons"):
            yield Button("Create", id="form-create", variant="success", compact=True)
            yield Button("Back", id="form-back", compact=True)
            yield Label("  Tab: next · Enter: create · Esc: back", id="form-keys")
        with VerticalScroll(id="form-fields", can_focus=False):
            yield from self._rows()
        yield Static("", id="form-help")
        yield Static("", id="form-status")

    def _rows(self) -> list[Row]:
        f = self.form
        lo, hi = f.players
        rows: list[Row] = []
        counts = [(str(n), n) for n in range(lo, hi + 1)]
        players = Select(counts, value=self.start_players, allow_blank=False, compact=True, id="form-players")
        rows.append(self._row("players", players, f"{lo} to {hi}"))
        sit = [("you", YOU)] + ([("open: another player", OPEN)] if self.network else [])
        sit += [(f"bot {escape(b)}", b) for b in f.bots]
        for p in range(hi):
            start = YOU if p == 0 else f.default_bot
            seat = Select(sit, value=start, allow_blank=False, compact=True, id=f"form-seat-{p}")
            who = "you (several: a hotseat) or a bot" if not self.network else "you, open for another player, or a bot"
            row = self._row(f"player {seat_number(p)}", seat, who if p == 0 else "")
            row.display = p < self.start_players
            rows.append(row)
        if self.network:
            # Digits and a point only, not type="number": a blank clock (none) is valid, not drawn as an error.
            clock = Input(placeholder="none", restrict=r"[0-9]*\.?[0-9]*", compact=True, id="form-clock")
            rows.append(self._row("turn clock (s)", clock, "seconds to decide; then a bot acts (blank: none)"))
            away = [("the server's bot", SERVER), ("nobody: the seat waits", "off")]
            away += [(f"bot {escape(b)}", b) for b in f.bots]
            takeover = Select(away, value=SERVER, allow_blank=False, compact=True, id="form-takeover")
            rows.append(self._row("if one drops", takeover, "who plays a player's seat while they are away"))
        for v in f.variants:
            what = f.variant_help.get(v, "a named set of options")
            rows.append(self._row(f"variant {v}", Switch(False, id=wid("variant", v)), what))
        for fd in f.fields:
            span = f"{fd.low} to {fd.high}" if fd.low is not None and fd.high is not None else ""
            rows.append(self._row(fd.name, self._control(fd), "; ".join(x for x in (span, fd.help) if x)))
        return rows

    def _row(self, name: str, control: Widget, help: str) -> Row:
        if control.id is not None:
            self.helps[control.id] = f"{name}: {help}" if help else name
        return Row(name, control, help)

    def _control(self, fd: Field) -> Widget:
        key = wid("opt", fd.name)
        if fd.kind == "bool":
            return Switch(bool(fd.default), id=key)
        if fd.kind == "choice":
            choices = [(escape(c), c) for c in fd.choices]
            return Select(choices, value=str(fd.default), allow_blank=False, compact=True, id=key)
        if fd.kind == "deck":
            where = ", or a file on this computer" if self.read_files else ""
            hint = f"a House name, a deck list pasted in{where}"
            return TextArea(str(fd.default or ""), id=key, soft_wrap=False, classes="form-deck", placeholder=hint)
        if fd.kind == "list":
            shown = ", ".join(map(str, fd.default or []))
            hint = ", ".join(fd.choices) if fd.choices else "comma-separated"
            return Input(shown, placeholder=hint, compact=True, id=key)
        shown = str(fd.default if fd.default is not None else "")
        if fd.kind == "int":
            return Input(shown, type="integer", compact=True, id=key)
        return Input(shown, compact=True, id=key)

    def on_mount(self) -> None:
        self.query_one("#form-create", Button).focus()
        self._show_help("form-create")

    # -- keys and focus ------------------------------------------------------------------------------------------
    def on_descendant_focus(self, event: DescendantFocus) -> None:
        # A select's open list has focus inside its select: the field is the nearest ancestor the form knows.
        node: Any = event.widget
        while node is not None and node is not self and (node.id or "") not in self.helps:
            node = node.parent
        if node is not None and node is not self:
            self._show_help(node.id)
        elif event.widget.id in ("form-create", "form-back"):
            self._show_help(event.widget.id)

    def _show_help(self, key: str) -> None:
        text = self.helps.get(key)
        if key == "form-create":
            text = "Create: start the match with the values below (Tab to change them)"
        elif key == "form-back":
            text = "Back: to the lobby's list"
        self.query_one("#form-help", Static).update(escape(text or ""))

    def action_back(self) -> None:
        self.post_message(self.Cancelled())

    @on(Switch.Changed)
    def _switched(self, event: Switch.Changed) -> None:
        row = event.switch.parent
        if isinstance(row, Row):
            row.query_one(".form-state", Label).update("on" if event.value else "off")

    @on(Select.Changed, "#form-players")
    def _players_changed(self, event: Select.Changed) -> None:
        n = int(str(event.value))
        for p in range(self.form.players[1]):
            row = self.query_one(f"#form-seat-{p}").parent
            if isinstance(row, Widget):
                row.display = p < n

    @on(Button.Pressed, "#form-create")
    @on(Input.Submitted)
    async def _create(self) -> None:
        if self.busy:
            return
        self.busy = True
        try:
            request = await self.request()
        except OptionError as e:
            self.refused(str(e))
            return
        self.post_message(self.Submitted(request))

    @on(Button.Pressed, "#form-back")
    def _back(self) -> None:
        self.action_back()

    def refused(self, message: str) -> None:
        """The server's (or the game's) refusal, in one line; the form stays for another try."""
        self.query_one("#form-status", Static).update(f"[b red]✗ {escape(one_line(message))}[/]")
        self.busy = False

    # -- reading -------------------------------------------------------------------------------------------------
    async def request(self) -> NewMatch:
        """The values as a ``NewMatch``; ``OptionError`` names the first field that does not read."""
        f = self.form
        n = int(str(self.query_one("#form-players", Select).value))
        seats = [str(self.query_one(f"#form-seat-{p}", Select).value) for p in range(n)]
        if self.network and seats.count(YOU) > 1:
            raise OptionError("you take one seat on a server: leave the others open for other players, or bots")
        out = NewMatch(f.id, n, seats)
        for v in f.variants:
            if self.query_one(f"#{wid('variant', v)}", Switch).value:
                out.variants.append(v)
        for fd in f.fields:
            value = await self._value(fd)
            if value != fd.default:
                out.options[fd.name] = value
        if self.network:
            raw = self.query_one("#form-clock", Input).value.strip()
            try:
                out.turn_seconds = float(raw) if raw else None
            except ValueError:
                raise OptionError(f"turn clock: {raw!r} is not a number of seconds") from None
            away = str(self.query_one("#form-takeover", Select).value)
            out.takeover_bot = None if away == SERVER else away
        return out

    async def _value(self, fd: Field) -> Any:
        key = f"#{wid('opt', fd.name)}"
        if fd.kind == "bool":
            return self.query_one(key, Switch).value
        if fd.kind == "choice":
            return str(self.query_one(key, Select).value)
        if fd.kind == "deck":
            raw = self.query_one(key, TextArea).text.strip()
            return await deck_value(raw, self.read_files) if raw else fd.default
        raw = self.query_one(key, Input).value.strip()
        if fd.kind == "list":
            return [x.strip() for x in raw.split(",") if x.strip()]
        if fd.kind == "int":
            if not raw:
                return fd.default
            try:
                return int(raw)
            except ValueError:
                raise OptionError(f"{fd.name}: {raw!r} is not a whole number") from None
        return raw


def forms(entries: Sequence[dict[str, Any]]) -> dict[str, GameForm]:
    """The server's games by id, as forms."""
    return {str(e["id"]): server_form(e) for e in entries}
