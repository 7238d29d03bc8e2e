"""The lobby: where a match is chosen before the match screen opens. Locally it starts a new match of any
installed game (what ``ravenry web`` shows a browser by default); against a ``ravenry serve`` server it lists
the matches with their seats, creates one, joins a free seat or watches, and keeps the list fresh while it is
open. A new match is set up in its form (``create.py``): players, who sits where, options, variants, clock."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Key
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ravenry.errors import RavenryError
from ravenry.faces.tui.create import YOU, CreateForm, NewMatch, local_form, server_form
from ravenry.faces.tui.drivers import LocalDriver
from ravenry.faces.tui.netplay import NetDriver
from ravenry.faces.tui.session import LocalSession
from ravenry.model.game import game, games
from ravenry.net.client import Client, NetError
from ravenry.net.console import game_spec
from ravenry.words import players_range

REFRESH = 2.0  # seconds between match lists from the server
PACE = 1.0  # seconds between moves in a local match with no human seat (watched)


class Lobby(Vertical):
    """A list of things to do and a status line; Enter or a click does the highlighted one. A new match opens its
    form (``create.CreateForm``) in the list's place."""

    def __init__(
        self,
        app: Any,
        url: str | None = None,
        remember: Callable[[str, str, int, str], None] | None = None,
        read_files: bool = True,
        **kw: Any,
    ) -> None:
        super().__init__(id="lobby", **kw)
        self.owner = app
        self.url = url
        self.remember = remember
        # A deck field naming a file is read on this machine, the player's own, unless this lobby serves a
        # browser (``ravenry web``): then this machine is the server's, and only pasted text is taken.
        self.read_files = read_files
        self.entries: list[dict[str, Any]] = []
        self.server_games: list[dict[str, Any]] = []
        self.matches: list[dict[str, Any]] = []
        self.players_typed: int | None = None  # a digit typed on the list: the next form's player count
        # Set from the first choice acted on until the lobby is left (or the choice fails): a second Enter or
        # click queued meanwhile would act on a lobby whose widgets the match screen has already replaced.
        self.leaving = False

    def compose(self) -> ComposeResult:
        where = f"the match server {self.url}" if self.url else "this computer"
        yield Static(f"[b]Ravenry lobby[/b] — matches on {where}", id="lobby-title")
        yield OptionList(id="lobby-list")
        yield Static("", id="lobby-status")

    def on_mount(self) -> None:
        if self.url is None:
            self._fill_local()
        else:
            self.refresh_server()
            self.set_interval(REFRESH, self.refresh_server)
        self.query_one("#lobby-list", OptionList).focus()

    def on_key(self, event: Key) -> None:
        """A digit typed on the list is the player count the next new match's form starts with."""
        if not self.query_one("#lobby-list", OptionList).has_focus:
            return
        if event.character and event.character.isdigit() and event.character != "0":
            self.players_typed = int(event.character)
            self._status(f"players: {self.players_typed} for the next new match (the form can change it)")
            event.stop()

    def _status(self, text: str) -> None:
        self.query_one("#lobby-status", Static).update(text)

    def _show(self, entries: list[dict[str, Any]]) -> None:
        ol = self.query_one("#lobby-list", OptionList)
        keep = ol.highlighted
        self.entries = entries
        ol.clear_options()
        ol.add_options(
            [Option(e["label"], id=f"e{i}", disabled=e.get("heading", False)) for i, e in enumerate(entries)]
        )
        first = next((i for i, e in enumerate(entries) if not e.get("heading")), None)
        if keep is not None and keep < len(entries) and not entries[keep].get("heading"):
            ol.highlighted = keep
        elif first is not None:
            ol.highlighted = first

    # -- local ---------------------------------------------------------------------------------------------------
    def _fill_local(self) -> None:
        entries: list[dict[str, Any]] = [
            {"label": "[b]New match[/b] (Enter: a form for its players, seats and options)", "heading": True}
        ]
        for info in games():
            label = f"  {info.title} ({players_range(*info.players)})"
            entries.append({"label": label, "do": "local", "form": local_form(info)})
        self._show(entries)

    # -- server --------------------------------------------------------------------------------------------------
    @work(exclusive=True, group="lobby")
    async def refresh_server(self) -> None:
        assert self.url is not None
        try:
            async with Client(self.url) as c:
                self.server_games = (await c.request("games"))["games"]
                self.matches = (await c.request("list"))["matches"]
        except (NetError, OSError) as e:
            self._status(f"[b red]● cannot reach {self.url}: {escape(str(e))}[/]")
            return
        self._status(f"[b green]● connected to {self.url}[/]")
        entries: list[dict[str, Any]] = [{"label": "[b]Matches on the server[/b]", "heading": True}]
        titles = {g["id"]: g["title"] for g in self.server_games}
        for m in self.matches:
            seats = ", ".join(f"player {s['seat'] + 1}: " + _seat_word(s) for s in m["seats"])
            state = "over" if m["over"] else f"turn {m['turn']}"
            clock = f", {m['turn_seconds']:g} s a turn" if m.get("turn_seconds") else ""
            entries.append(
                {
                    "label": f"  {titles.get(m['game'], m['game'])} · match {m['id']} · {state}{clock} · {seats}",
                    "heading": True,
                }
            )
            if not m["over"]:
                for s in m["seats"]:
                    if not s["bot"] and not s["taken"]:
                        entries.append(
                            {
                                "label": f"    join as player {s['seat'] + 1}",
                                "do": "join",
                                "match": m,
                                "seat": s["seat"],
                            }
                        )
            entries.append({"label": "    watch", "do": "watch", "match": m})
        if not self.matches:
            entries.append({"label": "  (no match yet: create one below)", "heading": True})
        entries.append(
            {"label": "[b]Create a match[/b] (Enter: a form for its players, seats and options)", "heading": True}
        )
        for g in self.server_games:
            lo, hi = g["players"]
            entries.append(
                {
                    "label": f"  {g['title']} ({players_range(lo, hi)})",
                    "do": "create",
                    "game": g["id"],
                    "form": server_form(g),
                }
            )
        self._show(entries)

    # -- doing -----------------------------------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#lobby-list")
    async def _picked(self, event: OptionList.OptionSelected) -> None:
        e = self.entries[event.option_index]
        what = e.get("do")
        if self.leaving or what is None:
            return
        if what in ("local", "create"):
            await self._open_form(e)
            return
        self.leaving = True
        if what == "join":
            await self._join(e["match"]["id"], e["match"]["game"], e["seat"])
        elif what == "watch":
            await self._watch(e["match"]["id"], e["match"]["game"])

    async def _open_form(self, e: dict[str, Any]) -> None:
        if self.query(CreateForm):
            return  # a second selection queued before the form came up
        network = e["do"] == "create"
        form = e["form"]
        self.query_one("#lobby-list", OptionList).display = False
        await self.mount(CreateForm(form, network, self.read_files, self.players_typed), before="#lobby-status")

    @on(CreateForm.Cancelled)
    async def _form_closed(self) -> None:
        await self.query(CreateForm).remove()
        ol = self.query_one("#lobby-list", OptionList)
        ol.display = True
        ol.focus()

    @on(CreateForm.Submitted)
    async def _form_sent(self, event: CreateForm.Submitted) -> None:
        form = self.query_one(CreateForm)
        if self.leaving:
            return
        self.leaving = True
        try:
            if self.url is None:
                await self._start_local(event.request)
            else:
                await self._create(event.request)
        except NetError as err:
            form.refused(err.message)
            self.leaving = False
        except RavenryError as err:
            form.refused(str(err))
            self.leaving = False

    async def _start_local(self, r: NewMatch) -> None:
        g = game(r.game)
        m = g.new_match(r.players, secrets.randbits(63), r.options, r.variants)
        seats: dict[int, str | None] = {p: None if s == YOU else s for p, s in enumerate(r.seats)}
        for spec in {s for s in seats.values() if s is not None}:
            g.check_bot(spec)
        # No seat of yours: you watch the bots, one move a second (as `ravenry watch`).
        delay = 0.0 if r.mine() else PACE
        await self.owner.begin(g.spec, LocalDriver(LocalSession(m, seats), delay))

    async def _create(self, r: NewMatch) -> None:
        assert self.url is not None
        ask: dict[str, Any] = {"game": r.game, "players": r.players, "bots": r.bots()}
        if r.options:
            ask["options"] = r.options
        if r.variants:
            ask["variants"] = r.variants
        if r.turn_seconds is not None:
            ask["turn_seconds"] = r.turn_seconds
        if r.takeover_bot is not None:
            ask["takeover_bot"] = r.takeover_bot
        async with Client(self.url) as c:
            reply = await c.request("create", **ask)
        mine = r.mine()
        if mine:
            await self._join(str(reply["match"]), r.game, mine[0])
        else:
            await self._watch(str(reply["match"]), r.game)

    async def _watch(self, match: str, game_id: str) -> None:
        await self.owner.begin(game_spec(game_id), NetDriver(self.url or "", match, watch=True))

    async def _join(self, match: str, game_id: str, seat: int) -> None:
        url = self.url or ""
        keep = self.remember

        def remember(s: int, token: str) -> None:
            if keep is not None:
                keep(url, match, s, token)  # rejoin later with `ravenry join URL --match ID --seat N` (N from 1)

        await self.owner.begin(game_spec(game_id), NetDriver(url, match, seat=seat, on_token=remember))


def _seat_word(s: dict[str, Any]) -> str:
    if s["bot"]:
        return f"bot {s['bot']}"
    if s.get("standin"):
        return "away, a bot plays"  # its player dropped; they get the seat back when they resume
    return "taken" if s["taken"] else "free"
