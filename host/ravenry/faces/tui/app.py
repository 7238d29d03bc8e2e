"""The full-screen client: one app shell for every game and every way of playing (local, hotseat, watching,
replaying, over the network). It draws frames (session.py) through the game's UI (gameui.py) and sends the
player's decisions back through a *driver*; it never reads a match itself, only the seat's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ravenry.faces.tui.autopass import KEY as AUTO_PASS_KEY
from ravenry.faces.tui.autopass import AutoPass
from ravenry.faces.tui.gameui import Card, GameUI, ViewWidget, load_ui
from ravenry.faces.tui.picker import ActionPicker
from ravenry.faces.tui.screens import HelpScreen, PassDeviceScreen
from ravenry.faces.tui.session import Frame
from ravenry.model.game import game, games

LOG_LINES = 400  # narration lines kept on screen (the whole story stays in the match)
MIN_SIZE = (80, 24)  # smallest terminal a match is played in; below it the screen says so
WIDE = 150  # from this width the side column is fixed, so the board gets the rest
COMPACT = (110, 34)  # below this width or height the panes stack and one top pane shows at a time
VIEWS = ("board", "story", "cards")  # the top pane's views in the compact layout, in Tab order


def game_css_paths() -> list[str]:
    """The stylesheets of every installed game's UI (for a lobby, before the game is known)."""
    out = []
    for info in games():
        ui = load_ui(game(info.id).spec)
        if ui.css_path is not None:
            out.append(str(ui.css_path))
    return out


class Driver:
    """Connects the app to where frames come from. Subclasses: drivers.py."""

    app: RavenryApp
    can_undo = False
    paced = False
    replaying = False  # frames come from a save: nobody is waited for
    passes: AutoPass

    def start(self, app: RavenryApp) -> None:
        self.app = app
        self.passes = AutoPass()

    def auto_pass_seat(self) -> int | None:
        """The seat whose auto-pass the key sets: the player at this screen (None: nobody plays here)."""
        return None

    def auto_pass_now(self) -> None:
        """The auto-pass mode changed: make the pass now if the decision on screen is one."""

    def choose(self, action: dict[str, Any]) -> None:
        """The player made a decision."""

    def undo(self) -> str | None:
        """Take the last decision back; the reason when that is refused."""
        return "undo is for local play"

    def toggle_pause(self) -> None: ...
    def step(self) -> None: ...
    def pace(self, factor: float) -> None: ...


class RavenryApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "Ravenry"
    BINDINGS = [
        Binding("f1", "help", "help"),
        Binding("ctrl+z", "undo", "undo"),
        Binding("ctrl+q", "quit", "quit"),
        Binding("f2", "next_view", "board/story/cards"),
        Binding("f3", "auto_pass", "auto-pass"),
        Binding("l", "lobby", "back to the lobby"),
        Binding("space", "pause", "pause"),
        Binding("n,right", "step", "step"),
        Binding("plus", "pace(0.5)", "faster"),
        Binding("minus", "pace(2)", "slower"),
    ]

    def __init__(self, spec: Any, driver: Driver | None, lobby: Any = None, **kw: Any) -> None:
        """A match app (``driver`` set), or a lobby first (``lobby``: a widget factory that calls ``begin``)."""
        self.ui: GameUI = load_ui(spec)
        paths = [RavenryApp.CSS_PATH]
        if driver is not None and self.ui.css_path is not None:
            paths.append(str(self.ui.css_path))
        elif driver is None:
            paths.extend(game_css_paths())  # any game may be chosen in the lobby
        self.CSS_PATH = paths  # type: ignore[misc,assignment]  # per app: the chosen game adds its stylesheet
        super().__init__(**kw)
        self.spec = spec
        self.title = spec.title if spec is not None else "Ravenry"
        self.driver = driver
        self.lobby = lobby
        self.frame: Frame | None = None
        self.cards: list[Card] = []
        self.shown_seat: int | None = None
        self.log_count = 0
        self.connection = ""  # a line about the network connection ("" when local)
        self.view_name = "board"  # the compact layout's top pane
        self.frame_was_decision = False

    # -- layout ----------------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        if self.driver is None and self.lobby is not None:
            yield self.lobby(self)
            yield Footer()
            return
        yield from self.match_widgets()

    def match_widgets(self) -> list[Widget]:
        return [
            Static("", id="topline"),
            Horizontal(
                Vertical(
                    VerticalScroll(*self.ui.widgets(), id="board"),
                    RichLog(id="log", wrap=True, markup=False, max_lines=LOG_LINES),
                    id="left",
                ),
                Vertical(
                    Vertical(
                        Static("Your cards", id="cards-title", classes="title"),
                        OptionList(id="cards"),
                        Static("", id="card-text"),
                        id="hand",
                    ),
                    Vertical(
                        Static("Your choices", id="choices-title", classes="title"),
                        Horizontal(ActionPicker(id="picker"), Static("", id="preview"), id="decide"),
                        id="decision",
                    ),
                    id="side",
                ),
                id="main",
            ),
            Static("", id="too-small"),
            Footer(),
        ]

    def on_mount(self) -> None:
        self._fit(self.size.width, self.size.height)
        if self.driver is not None:
            self._started()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Choose the layout for the terminal's size (app.tcss): wide, medium, or compact, where the panes stack
        and one top pane (board, story or cards: F2) shows at a time; below the minimum, a line that says so."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        compact = width < COMPACT[0] or height < COMPACT[1]
        relayout = compact != self.has_class("-compact")
        self.set_class(width >= WIDE and not small, "-wide")
        self.set_class(compact, "-compact")
        if relayout:  # panels with a compact form draw it now, whether or not their own size changed
            for w in self.query(ViewWidget):
                w.redraw()
        self.set_class(small, "-too-small")
        self._show_view()
        self.refresh_bindings()
        if self.drawing():
            self.query_one("#too-small", Static).update(
                f"This terminal is {width}×{height}; a match needs at least {MIN_SIZE[0]}×{MIN_SIZE[1]}. "
                "Make the window larger, or play in line mode (--plain). Ctrl-Q quits."
            )

    def _show_view(self) -> None:
        for name in VIEWS:
            self.set_class(self.view_name == name, f"-view-{name}")

    def action_next_view(self) -> None:
        """The compact layout's top pane: the board, the story, your cards, in turn."""
        self.view_name = VIEWS[(VIEWS.index(self.view_name) + 1) % len(VIEWS)]
        self._show_view()
        self._show_topline()

    def _started(self) -> None:
        assert self.driver is not None
        self.query_one("#log", RichLog).border_title = "Story"
        self.query_one("#board").border_title = self.title
        self.driver.start(self)

    async def begin(self, spec: Any, driver: Driver) -> None:
        """Leave the lobby for a match: the game's widgets replace the lobby, then the driver starts."""
        self.spec = spec
        self.ui = load_ui(spec)
        self.title = spec.title if spec is not None else "Ravenry"
        self.driver = driver
        self.refresh_bindings()
        await self.screen.query("*").remove()
        await self.screen.mount_all(self.match_widgets())
        self._started()

    # -- drawing ---------------------------------------------------------------------------------------------
    def drawing(self) -> bool:
        """Whether the match screen is up. A paced bot's or a replay's timer can fire while the app tears its
        screens down; then there is nothing to draw on."""
        return bool(self.screen_stack) and bool(self.screen.query("#log"))

    def show(self, frame: Frame) -> None:
        """Draw a frame: the board, your cards, your choices, the story so far."""
        self.frame = frame
        if not self.drawing():
            return
        view, seat = frame["view"], frame["seat"]
        for w in self.query(ViewWidget):
            w.show(view, seat)
        self._show_log(frame, seat)
        self._show_cards(view, seat)
        self._show_actions(frame)
        self._show_topline()

    def catch_up(self, frame: Frame) -> None:
        """Narrate ``frame``'s new events without drawing the rest: the client's next line comes after them."""
        if self.drawing():
            self._show_log(frame, frame["seat"])

    def _show_log(self, frame: Frame, seat: int | None) -> None:
        """Narrate the events not yet shown. Local frames carry the whole story, network frames only what is new
        (each event has its ``index``); a shorter story (after an undo) or another seat redraws from the start."""
        log = self.query_one("#log", RichLog)
        events = frame.get("events") or []
        first = events[0].get("index", 0) if events else self.log_count
        # Shorter means the last index is lower, not fewer events: the indices count events the seat does not
        # see too, and redrawing every frame would wipe the client's own lines (forced steps, auto-passes).
        end = events[-1].get("index", first + len(events) - 1) + 1 if events else 0
        if seat != self.shown_seat or (first == 0 and end < self.log_count):
            log.clear()
            self.log_count = 0
            self.shown_seat = seat
        for i, e in enumerate(events):
            if e.get("index", first + i) >= self.log_count:
                log.write(Text(self.ui.narrate(e, frame["view"])))
        if events:
            self.log_count = max(self.log_count, end)

    def _show_cards(self, view: dict[str, Any], seat: int | None) -> None:
        self.cards = self.ui.cards(view, seat)
        for sel in ("#cards-title", "#cards", "#card-text", "#preview"):
            self.query_one(sel).display = seat is not None  # a spectator has no cards and no choices
        ol = self.query_one("#cards", OptionList)
        keep = ol.highlighted
        ol.clear_options()
        ol.add_options([Option(c.line, id=f"c{i}") for i, c in enumerate(self.cards)])
        if self.cards:
            ol.highlighted = keep if keep is not None and keep < len(self.cards) else 0
        else:
            self.query_one("#card-text", Static).update("")
        self.query_one("#cards-title", Static).update(f"Your cards ({len(self.cards)})" if seat is not None else "")

    def _show_actions(self, frame: Frame) -> None:
        picker = self.query_one(ActionPicker)
        actions = frame.get("actions") or []
        self.query_one("#preview").set_class(bool(frame.get("over")), "over")
        view, seat = frame["view"], frame["seat"]
        picker.set_actions([(self.ui.path(view, seat, a), a) for a in actions])
        title = self.query_one("#choices-title", Static)
        self.set_class(not actions and not frame.get("over"), "-waiting")
        if actions and not (self.frame_was_decision and self.view_name == "cards"):
            self.view_name = "board"  # the compact layout shows the table a new decision depends on
            self._show_view()
        if actions:
            self.call_after_refresh(self._scroll_to_focus, frame)
        self.frame_was_decision = bool(actions)
        if actions:
            title.update(self._choices_title(frame))
            picker.display = True
            picker.query_one("#filter").focus()
        else:
            picker.display = False
            title.update(self._choices_title(frame))
            self.query_one("#preview", Static).update("")
            if frame.get("over"):
                self._show_outcome(frame)

    def _scroll_to_focus(self, frame: Frame) -> None:
        """Bring the board widget the decision depends on into sight (after layout, so its place is known)."""
        if self.frame is not frame or not self.drawing():
            return
        wanted = self.ui.focus(frame["view"], frame["seat"], frame.get("actions") or [])
        board = self.query_one("#board", VerticalScroll)
        target = next((w for w in board.query(ViewWidget) if w.id == wanted), None) if wanted else None
        if target is not None:
            board.scroll_to_widget(target, animate=False, top=True)

    def _choices_title(self, frame: Frame) -> str:
        """How many choices, or whom the match waits for; and whether auto-pass is on (said here, as the top line
        is cut short at 80 columns)."""
        actions = frame.get("actions") or []
        n = len(actions)
        line = f"Your choice{'' if n == 1 else 's'} ({n})" if actions else self._waiting_line(frame)
        d = self.driver
        if d is not None and not frame.get("over") and d.passes.active(self.ui, frame["view"], frame["seat"]):
            line += " · auto-pass on (F3)"
        return line

    def _waiting_line(self, frame: Frame) -> str:
        if frame.get("over"):
            return "Result"
        names = [self.ui.you(frame["view"], frame["seat"], p) for p in frame.get("to_act", [])]
        if self.driver is not None and self.driver.replaying:
            return "Replay · next to act: " + (", ".join(names) or "—")
        return "Waiting for " + (", ".join(names) or "—")

    def _show_topline(self) -> None:
        frame = self.frame
        if frame is None or not self.drawing():
            return
        view, seat = frame["view"], frame["seat"]
        who = "watching" if seat is None else f"you are {self.ui.seat_name(view, seat)}"
        status = self.ui.status(view, seat)
        bits = [f"[b]{self.title}[/b]", who]
        if status:
            bits.append(status)
        if frame.get("over"):
            bits.append("[b reverse] match over [/] " + escape(self.outcome_line(frame)))
        elif frame.get("actions"):
            bits.append("[b reverse] your decision [/]")
        else:
            bits.append(self._waiting_line(frame))
        if self.connection:
            bits.append(self.connection)
        if self.has_class("-compact"):
            bits.append(f"{self.view_name} (F2)")
        for top in self.query("#topline").results(Static):  # none while the screen is torn down
            top.update(" · ".join(bits))

    def outcome_line(self, frame: Frame) -> str:
        """The result in the players' words: the game's own line (stars, points) when its UI has one."""
        out = frame.get("outcome") or {}
        view, seat = frame["view"], frame["seat"]
        own = self.ui.outcome(view, seat, out)
        if own is not None:
            return own
        winners = out.get("winners", [])
        names = [self.ui.you(view, seat, w) for w in winners]
        scores = out.get("scores") or []
        score = ", ".join(f"{self.ui.you(view, seat, p)} {s:g}" for p, s in enumerate(scores))
        return ("winner: " + ", ".join(names) if names else "no winner") + (f" (scores: {score})" if score else "")

    def _show_outcome(self, frame: Frame) -> None:
        """The end of the match, where the choices were: who won and how, and what the keys do now."""
        line = self.outcome_line(frame)
        winners = (frame.get("outcome") or {}).get("winners", [])
        players = len(frame["view"].get("seats") or []) or 2
        won = frame["seat"] is not None and frame["seat"] in winners and players > 1  # solo: a score, not a win
        head = "You won!" if won else "The match is over."
        self.query_one("#preview", Static).update(
            Panel(
                Text.assemble(
                    (head + "\n", "bold"),
                    (line[:1].upper() + line[1:], "bold"),
                    "\n\nL: back to the lobby · Ctrl-Q quits." if self.lobby is not None else "\n\nCtrl-Q quits.",
                ),
                title="match over",
                border_style="green",
            )
        )
        self.query_one("#preview", Static).display = True
        if not self.cards:  # nothing left in hand: the result gets the room
            for sel in ("#cards-title", "#cards", "#card-text"):
                self.query_one(sel).display = False

    def set_connection(self, line: str) -> None:
        self.connection = line
        self._show_topline()

    def note(self, line: str, style: str = "bold") -> None:
        """A line in the story pane from the client itself (not the match): refusals, connection news."""
        if self.drawing():
            self.query_one("#log", RichLog).write(Text(line, style=style))

    # -- cards and previews ----------------------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#cards")
    def _card_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        i = event.option_index
        if 0 <= i < len(self.cards):
            self.query_one("#card-text", Static).update(self.cards[i].text)

    @on(ActionPicker.Highlighted)
    def _action_highlighted(self, event: ActionPicker.Highlighted) -> None:
        box = self.query_one("#preview", Static)
        if self.frame is None or (event.action is None and event.alone is None):
            box.update(f"{event.count} choices below: Enter to go in" if event.count > 1 else "")
            return
        view, seat = self.frame["view"], self.frame["seat"]
        parts: list[RenderableType] = []
        action = event.action
        if action is None:  # a step whose first part is a decision too: what that part alone makes
            action = event.alone
            parts.append(Text(f"{event.count} choices below (Enter to go in); this one alone:", style="dim"))
        assert action is not None
        preview = self.ui.preview(view, seat, action)
        if preview is not None:
            parts.append(preview)
        key = self.ui.card_key(action)
        card = next((c for c in self.cards if c.key == key), None) if key else None
        if card is not None:
            parts.append(card.text)
        box.update(Group(*parts) if parts else "")

    @on(ActionPicker.Chosen)
    def _chosen(self, event: ActionPicker.Chosen) -> None:
        if self.driver is not None:
            self.driver.choose(event.action)

    # -- screens and keys ------------------------------------------------------------------------------------
    def pass_device(self, who: str, then: Any) -> None:
        """Blank every panel that shows a seat's secrets, then cover the screen until the next player is ready."""
        for sel in ("#cards",):
            self.query_one(sel, OptionList).clear_options()
        self.query_one("#card-text", Static).update("")
        self.query_one("#log", RichLog).clear()
        self.log_count = 0
        self.shown_seat = None
        for w in self.query(ViewWidget):
            w.clear()
        self.push_screen(PassDeviceScreen(who), lambda _: then())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows only the keys that work here: undo in local play, pacing when watching."""
        over = bool((self.frame or {}).get("over"))
        if action == "undo":
            return self.driver is not None and self.driver.can_undo and not (self.frame or {}).get("over")
        if action == "lobby":
            return self.lobby is not None and self.driver is not None and bool((self.frame or {}).get("over"))
        if action == "auto_pass":
            d = self.driver
            return d is not None and bool(self.ui.AUTO_PASS) and d.auto_pass_seat() is not None and not over
        if action == "next_view":
            return self.has_class("-compact") and self.driver is not None
        if action in ("pause", "step", "pace"):
            return self.driver is not None and self.driver.paced
        return True

    async def action_lobby(self) -> None:
        """After a match begun from the lobby: back to it, for another."""
        if not self.check_action("lobby", ()):
            return
        self.driver, self.frame, self.spec = None, None, None
        self.ui = load_ui(None)
        self.title = "Ravenry"
        self.log_count, self.shown_seat, self.cards = 0, None, []
        await self.screen.query("*").remove()
        await self.screen.mount_all([self.lobby(self), Footer()])
        self.refresh_bindings()

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.ui.help_text or (self.ui.spec.help if self.ui.spec else "")))

    def action_auto_pass(self) -> None:
        """Auto-pass on, on to the game's next mode, or off, for the player at this screen."""
        d = self.driver
        seat = d.auto_pass_seat() if d is not None else None
        if d is None or seat is None or self.frame is None or not self.check_action("auto_pass", ()):
            return
        now, then = d.passes.cycle(self.ui, self.frame["view"], seat)
        self.note(f"{now} {then}", "bold cyan")
        self.notify(now, title=f"Auto-pass ({AUTO_PASS_KEY})", timeout=4)  # at 80×24 the story is one F2 away
        self.query_one("#choices-title", Static).update(self._choices_title(self.frame))
        d.auto_pass_now()

    def action_undo(self) -> None:
        if self.driver is None:
            return
        why = self.driver.undo()
        if why is not None:
            self.note(f"Cannot undo: {why}.", "bold red")
            self.notify(f"Cannot undo: {why}.", severity="warning")

    def action_pause(self) -> None:
        if self.driver is not None:
            self.driver.toggle_pause()

    def action_step(self) -> None:
        if self.driver is not None:
            self.driver.step()

    def action_pace(self, factor: float) -> None:
        if self.driver is not None:
            self.driver.pace(factor)
