"""Auto-pass: a player asks the client to pass for them where they would only pass anyway (a CCG's action windows
while holding one situational card). The game says which decision is such a pass in which mode
(``GameUI.auto_pass``) and how long a mode lasts (``GameUI.auto_pass_scope``: its phase); the client keeps each
seat's mode, cycled by one key (``KEY``), and ends it when that scope changes. Anything the game does not call a
pass (a response, a save, a target) is still asked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ravenry.faces.tui.gameui import Action, GameUI, View

KEY = "F3"  # the app's binding for it (app.py), named in the lines below


@dataclass(frozen=True)
class Mode:
    key: str
    words: str
    scope: Any  # the game's scope when the mode was chosen: the mode ends when it changes


class AutoPass:
    """The auto-pass modes chosen at this client, by seat (hotseat players each have their own)."""

    def __init__(self) -> None:
        self.modes: dict[int, Mode] = {}

    def cycle(self, ui: GameUI, view: View, seat: int) -> tuple[str, str]:
        """Turn ``seat``'s auto-pass on, on to the game's next mode, or off; what it is now and what the key does
        next, for the player."""
        offered = list(ui.AUTO_PASS)
        keys = [k for k, _ in offered]
        now = self.modes.get(seat)
        i = keys.index(now.key) + 1 if now is not None and now.key in keys else 0
        if i >= len(offered):
            self.modes.pop(seat, None)
            return "Auto-pass off: you are asked at every window again.", f"{KEY} turns it on."
        key, words = offered[i]
        self.modes[seat] = Mode(key, words, ui.auto_pass_scope(view))
        then = "turns it off" if i + 1 >= len(offered) else f"changes it to: {offered[i + 1][1]}"
        return f"Auto-pass on: {words}.", f"{KEY} {then}."

    def active(self, ui: GameUI, view: View, seat: int | None) -> Mode | None:
        """``seat``'s mode while it lasts (None once the game's scope has changed)."""
        mode = self.modes.get(seat) if seat is not None else None
        return mode if mode is not None and ui.auto_pass_scope(view) == mode.scope else None

    def pick(self, ui: GameUI, view: View, seat: int, actions: list[Action]) -> tuple[Action | None, str | None]:
        """The pass to make for ``seat`` now without asking (or None: ask), and a line for the story when the
        mode has just ended."""
        if seat not in self.modes:
            return None, None
        mode = self.active(ui, view, seat)
        if mode is None:
            del self.modes[seat]
            return None, f"Auto-pass ended with the phase ({KEY} turns it on again)."
        return ui.auto_pass(view, seat, actions, mode.key), None


def passed_line(label: str, yours: bool, who: str) -> str:
    """The story's line for a pass made by auto-pass (dim, as a forced step's)."""
    if yours:
        return f"Auto-pass for you: {label} · {KEY} stops it"
    return f"Auto-pass for {who}: {label}"
