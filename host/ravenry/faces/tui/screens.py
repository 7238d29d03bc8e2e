"""The shell's modal screens: help, pass-the-device between hotseat players, and the end of a match."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Markdown, Static

KEYS = """\
## Keys

| key | what it does |
| --- | --- |
| typing | narrows the list of choices to those containing the text |
| ↑ ↓ PgUp PgDn | move in the list of choices |
| Enter / click | go one step in, or make the highlighted decision |
| Backspace (empty filter) / Esc | one step back |
| Tab / Shift-Tab | move between the choices, your cards and the log; on a card, its full text shows |
| Ctrl-Z | undo your last decision (local play, while it revealed nothing and drew nothing random) |
| F3 | auto-pass, in a game that offers it: on in its first mode, on to the next, off (the help above says its modes) |
| F1 | this help |
| Ctrl-Q | quit (a local match with `--save` is saved after every decision) |

When watching or replaying: Space pauses and resumes, `n` or → makes one step, `+`/`-` change the pace.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,q", "dismiss", "close")]

    def __init__(self, game_help: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.game_help = game_help

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(self.game_help + "\n\n" + KEYS, id="help-text")
            yield Button("Close (Esc)", id="help-close")

    def on_button_pressed(self) -> None:
        self.dismiss(None)


class PassDeviceScreen(Screen[None]):
    """Covers the whole screen between two hotseat players, so one never sees the other's hand. Nothing of the
    match is drawn behind it: the shell draws the next player's view only after this screen is dismissed."""

    BINDINGS = [Binding("enter,space", "dismiss", "ready")]

    def __init__(self, who: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(f"Pass the device to [b]{self.who}[/b].", id="pass-who")
            yield Static("Everyone else, look away. Press Enter when ready.", id="pass-hint")
            yield Button(f"I am {self.who}", id="pass-ready", variant="primary")

    def on_button_pressed(self) -> None:
        self.dismiss(None)
