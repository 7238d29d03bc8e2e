"""What a game plugin gives the full-screen client: its widgets, its cards' texts, its previews and the words
a player uses. A plugin subclasses ``GameUI`` in ``ravenry_<game>/ui.py`` (exported as ``UI``) and names that
module in its ``GameSpec.ui``; the shell (app.py) calls it with the seat's view only, so what it can show is
what the view holds. A game without one gets this base class: its view pretty-printed, the core's labels."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.pretty import Pretty
from textual.widget import Widget
from textual.widgets import Static

from ravenry.faces.render import plain_event
from ravenry.specs import GameSpec

View = dict[str, Any]
Action = dict[str, Any]


@dataclass(frozen=True)
class Card:
    """One of your cards: a short line for the list and its full text for the reader. ``key`` ties actions to
    it (an action's preview may show the card it plays)."""

    key: str
    line: str
    text: RenderableType
    group: str = "hand"


class ViewWidget(Static):
    """A panel drawn from the view. The shell calls ``show`` after every frame; subclasses draw in ``draw``.
    A panel whose arrangement depends on its width (``self.size.width`` in ``draw``) or on the layout
    (``self.compact``) sets ``redraw_on_resize``."""

    redraw_on_resize: ClassVar[bool] = False

    def __init__(self, ui: GameUI, **kw: Any) -> None:
        super().__init__(**kw)
        self.ui = ui
        self._drawn: Any = None
        self._last: tuple[View, int | None] | None = None

    def show(self, view: View, seat: int | None) -> None:
        # Redraw only when what this panel draws from changed: a big panel's layout is the client's main cost.
        self._last = (view, seat)
        key = (seat, self.relevant(view))
        if key == self._drawn:
            return
        self._drawn = key
        self.update(self.draw(view, seat))

    @property
    def compact(self) -> bool:
        """Whether the client is in its compact layout (a small terminal, the board a few rows high): a panel
        then draws a denser form of itself, so the table a decision depends on fits."""
        return self.is_attached and self.app.has_class("-compact")

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw again from the last view (the size or the layout changed, not the view)."""
        if self.redraw_on_resize and self._last is not None:
            self._drawn = None
            self.show(*self._last)

    def clear(self) -> None:
        self._drawn = None
        self.update("")

    def relevant(self, view: View) -> Any:
        """The part of the view this panel draws from (the whole view unless a subclass says less)."""
        return view

    def draw(self, view: View, seat: int | None) -> RenderableType:
        return Pretty(view)


class GameUI:
    """The default face, and the base a plugin's ``UI`` extends."""

    #: the plugin's stylesheet beside its ui.py (``Path(__file__).with_suffix(".tcss")``), added to the app's CSS
    css_path: ClassVar[Path | None] = None
    #: a rules summary and how to read the screen (Markdown), shown by F1
    help_text: ClassVar[str] = ""
    #: the picker's first step: an action's kind -> the group it is listed under, in the game's words
    GROUPS: ClassVar[dict[str, str]] = {}
    #: the group of a kind not in GROUPS (None: the kind itself, capitalised)
    OTHER_GROUP: ClassVar[str | None] = None

    def __init__(self, spec: GameSpec | None) -> None:
        self.spec = spec

    # -- who is who -------------------------------------------------------------------------------------------
    def seat_name(self, view: View, seat: int) -> str:
        """A seat in the players' words (a house, a character); never a bare number when the game has names."""
        return f"Player {seat + 1}"

    def you(self, view: View, viewer: int | None, seat: int) -> str:
        return "you" if viewer == seat else self.seat_name(view, seat)

    # -- panels ------------------------------------------------------------------------------------------------
    def widgets(self) -> Iterable[Widget]:
        """The board: widgets (ViewWidget subclasses, typically) laid out by the plugin's .tcss."""
        yield ViewWidget(self, id="view")

    def focus(self, view: View, viewer: int | None, actions: list[Action]) -> str | None:
        """The id of the board widget a decision depends on (the battle, the challenge, the trick): the shell
        scrolls it into sight when the decision comes, so nothing is decided blind on a small screen. None: the
        top of the board."""
        return None

    def status(self, view: View, viewer: int | None) -> str:
        """One line under the title: phase, round, what the game waits for, in words."""
        return ""

    def cards(self, view: View, viewer: int | None) -> list[Card]:
        """Your cards (hand, sheet, leader, plots, tactics) with their full text from the content data."""
        return []

    def outcome(self, view: View, viewer: int | None, outcome: dict[str, Any]) -> str | None:
        """The match's result in the game's words (stars, points), or None for the shell's "winner: …" line
        (``outcome`` holds ``winners`` and ``scores``, seat-indexed)."""
        return None

    # -- actions -----------------------------------------------------------------------------------------------
    def path(self, view: View, viewer: int | None, action: Action) -> tuple[str, ...]:
        """Where the action sits in the step-by-step picker: its group, then its parts, the last one being what
        the player reads on the final step. Actions sharing a prefix are chosen together up to where they part
        (a card, then its target)."""
        return (self.group(action), str(action["label"]))

    def group(self, action: Action) -> str:
        kind = str(action.get("kind", "action"))
        return self.GROUPS.get(kind, self.OTHER_GROUP or kind.replace("_", " ").capitalize())

    def preview(self, view: View, viewer: int | None, action: Action) -> RenderableType | None:
        """What choosing ``action`` would do, where the rulebook has totals; None when there is nothing to add."""
        return None

    def card_key(self, action: Action) -> str | None:
        """The key of the Card an action plays or names, so the picker shows its text beside it."""
        return None

    # -- auto-pass (autopass.py) ----------------------------------------------------------------------------
    #: the modes in which the client may pass for a player (F3 turns one on, on to the next, off), as a key and
    #: what it does in the players' words; none: nothing is ever passed for a player. Each passes at least what
    #: the one before it does: a press on the way to a mode makes the pass on screen if the mode it turns on may.
    AUTO_PASS: ClassVar[tuple[tuple[str, str], ...]] = ()

    def auto_pass(self, view: View, viewer: int, actions: list[Action], mode: str) -> Action | None:
        """The action that passes this decision for ``viewer`` in ``mode`` without asking them, or None to ask.
        Only a decision that asks nothing of the player may be passed: never a response, a save, a target."""
        return None

    def auto_pass_scope(self, view: View) -> Any:
        """What a mode lasts for: it ends when this changes (a game's round and phase)."""
        return None

    # -- story -------------------------------------------------------------------------------------------------
    def narrate(self, event: dict[str, Any], view: View | None) -> str:
        """One line of the story for ``event``, naming what ``view`` (the viewer's current view) shows."""
        if self.spec is not None and self.spec.narrate is not None:
            try:
                return self.spec.narrate(event, view)
            except Exception:  # a narrator bug must not cost the player the match
                pass
        return plain_event(event)


def load_ui(spec: GameSpec | None) -> GameUI:
    """The game's UI when its plugin has one, else the default."""
    if spec is not None and spec.ui:
        module = importlib.import_module(spec.ui)
        ui_class = module.UI
        if isinstance(ui_class, type) and issubclass(ui_class, GameUI):
            return ui_class(spec)
    return GameUI(spec)
