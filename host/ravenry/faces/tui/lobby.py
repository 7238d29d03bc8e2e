"""The lobby: where a match is chosen before the match screen opens. Locally it starts a new match of any
installed game against bots (what ``ravenry web`` shows a browser by default); against a ``ravenry serve``
server it lists the matches with their seats and options, creates one, joins a free seat or watches, and keeps
the list fresh while it is open."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.widgets import Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from ravenry.errors import OptionError, RavenryError
from ravenry.faces.tui.drivers import LocalDriver
from ravenry.faces.tui.netplay import NetDriver
from ravenry.faces.tui.session import LocalSession
from ravenry.model.game import game, games
from ravenry.model.options import looks_like_path, names_file, read_text_file
from ravenry.net.client import Client, NetError
from ravenry.net.console import game_spec

REFRESH = 2.0  # seconds between match lists from the server


def _read_if_file(entry: str) -> str:
    return read_text_file(entry, "deck file") if names_file(entry) else entry


class Lobby(Vertical):
    """A list of things to do, a player count and a status line; Enter or a click does the highlighted one."""

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
        # Set from the first choice acted on until the lobby is left (or the choice fails): a second Enter or
        # click queued meanwhile would act on a lobby whose widgets the match screen has already replaced.
        self.leaving = False

    def compose(self) -> ComposeResult:
        where = f"the match server {self.url}" if self.url else "this computer"
        yield Static(f"[b]Ravenry lobby[/b] — matches on {where}", id="lobby-title")
        with Horizontal(id="lobby-options"):
            yield Label("players (type a number; blank: the game's fewest) ")
            yield Input(placeholder="e.g. 4", id="lobby-players", type="integer")
        with Horizontal(id="lobby-deck-row"):
            where = "a file here, " if self.read_files else ""
            yield Label(f"deck (agot-ccg): a House, {where}or a pasted list ")
            yield TextArea(id="lobby-deck", soft_wrap=False)
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
        """A digit typed on the list sets the player count, so the keyboard alone picks both."""
        field = self.query_one("#lobby-players", Input)
        if self.query_one("#lobby-deck", TextArea).has_focus:
            return
        if event.character and event.character.isdigit() and not field.has_focus:
            field.value = event.character
            event.stop()

    def players(self, lo: int, hi: int) -> int:
        raw = self.query_one("#lobby-players", Input).value.strip()
        return min(hi, max(lo, int(raw))) if raw.isdigit() else lo

    async def deck_options(self, game_id: str) -> dict[str, Any]:
        """The deck field as the game's ``deck`` option: a House name or a list as typed, or (where files are
        read here) the text of the file it names, read off the event loop. Raises ``OptionError`` with one line
        for the status line."""
        raw = self.query_one("#lobby-deck", TextArea).text.strip()
        if not raw:
            return {}
        installed = game_id in {g.id for g in games()}
        spec = next((o for o in game(game_id).options if o.name == "deck"), None) if installed else None
        if installed and spec is None:
            raise OptionError(f"{game_id} takes no deck; clear the deck field to create it")
        if "\n" in raw:
            return {"deck": raw + "\n"}
        if spec is not None and not spec.path:
            return {"deck": raw}
        if not self.read_files:
            # Not even whether a file exists: this machine is the server's.
            if looks_like_path(raw):
                raise OptionError("a browser session cannot read files on the server: paste the deck list's text")
            return {"deck": raw}
        return {"deck": await asyncio.to_thread(_read_if_file, raw)}

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
        entries: list[dict[str, Any]] = [{"label": "[b]New match against bots[/b]", "heading": True}]
        for info in games():
            lo, hi = info.players
            entries.append(
                {"label": f"  {info.title} ({lo}–{hi} players)", "do": "local", "game": info.id, "range": (lo, hi)}
            )
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
            self.query_one("#lobby-status", Static).update(f"[b red]● cannot reach {self.url}: {e}[/]")
            return
        self.query_one("#lobby-status", Static).update(f"[b green]● connected to {self.url}[/]")
        entries: list[dict[str, Any]] = [{"label": "[b]Matches on the server[/b]", "heading": True}]
        titles = {g["id"]: g["title"] for g in self.server_games}
        for m in self.matches:
            seats = ", ".join(
                f"player {s['seat'] + 1}: " + (f"bot {s['bot']}" if s["bot"] else "taken" if s["taken"] else "free")
                for s in m["seats"]
            )
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
        entries.append({"label": "[b]Create a match (you at seat 1, bots in the others)[/b]", "heading": True})
        for g in self.server_games:
            lo, hi = g["players"]
            variants = f"; variants: {', '.join(g['variants'])}" if g["variants"] else ""
            entries.append(
                {
                    "label": f"  {g['title']} ({lo}–{hi} players{variants})",
                    "do": "create",
                    "game": g["id"],
                    "range": (lo, hi),
                    "bots": g["bots"],
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
        self.leaving = True
        if what == "local":
            await self._start_local(e)
        elif what == "create":
            await self._create(e)
        elif what == "join":
            await self._join(e["match"]["id"], e["match"]["game"], e["seat"])
        elif what == "watch":
            await self.owner.begin(
                game_spec(e["match"]["game"]), NetDriver(self.url or "", e["match"]["id"], watch=True)
            )

    def _refused(self, err: RavenryError) -> None:
        self.query_one("#lobby-status", Static).update(f"[b red]✗ {escape(str(err))}[/]")
        self.leaving = False

    async def _start_local(self, e: dict[str, Any]) -> None:
        g = game(e["game"])
        n = self.players(*e["range"])
        bot = g.default_bot
        try:
            m = g.new_match(n, secrets.randbits(63), await self.deck_options(g.id))
        except RavenryError as err:
            self._refused(err)
            return
        seats: dict[int, str | None] = {p: (None if p == 0 else bot) for p in range(n)}
        await self.owner.begin(g.spec, LocalDriver(LocalSession(m, seats)))

    async def _create(self, e: dict[str, Any]) -> None:
        assert self.url is not None
        n = self.players(*e["range"])
        bot = "heuristic" if "heuristic" in e["bots"] else "random"
        try:
            options = await self.deck_options(e["game"])
            async with Client(self.url) as c:
                bots = {p: bot for p in range(1, n)}
                reply = await c.request("create", game=e["game"], players=n, bots=bots, options=options)
        except NetError as err:
            self.query_one("#lobby-status", Static).update(f"[b red]✗ {escape(err.message)}[/]")
            self.leaving = False
            return
        except RavenryError as err:
            self._refused(err)
            return
        await self._join(str(reply["match"]), e["game"], 0)

    async def _join(self, match: str, game_id: str, seat: int) -> None:
        url = self.url or ""
        keep = self.remember

        def remember(s: int, token: str) -> None:
            if keep is not None:
                keep(url, match, s, token)  # rejoin later with `ravenry join URL --match ID --seat N`

        await self.owner.begin(game_spec(game_id), NetDriver(url, match, seat=seat, on_token=remember))
