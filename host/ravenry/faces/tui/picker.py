"""The action picker: the legal actions grouped by kind, narrowed by typing, and built step by step where a
decision has parts. Each action comes with a *path* from the game's UI (group, then parts, then what the player
reads last); actions that share a prefix are chosen together until they part, so a 60-way choice becomes a few
short lists (a card, then its target). Enter or a click goes one step in or chooses; Backspace on an empty
filter or Escape goes one step back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Key
from textual.message import Message
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

Action = dict[str, Any]


@dataclass(frozen=True)
class Entry:
    """A row of the list: a step into ``prefix`` or (``action`` set) a decision."""

    prefix: tuple[str, ...]
    action: Action | None
    count: int


class ActionPicker(Vertical):
    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Highlighted(Message):
        def __init__(self, action: Action | None, count: int, alone: Action | None = None) -> None:
            super().__init__()
            self.action = action
            self.count = count
            #: on a step, the decision that ends at it (attack with X alone, before + Y), if there is one
            self.alone = alone

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.items: list[tuple[tuple[str, ...], Action]] = []
        self.prefix: tuple[str, ...] = ()
        self.rows: list[Entry | None] = []

    def compose(self) -> ComposeResult:
        yield Label("", id="crumbs")
        yield Input(placeholder="type to filter · ↑↓ · Enter", id="filter")
        yield OptionList(id="choices")

    # -- feeding ---------------------------------------------------------------------------------------------
    def set_actions(self, items: list[tuple[tuple[str, ...], Action]]) -> None:
        """New legal actions (each with its path): back to the first step, filter cleared."""
        self.items = items
        self.prefix = ()
        self.query_one("#filter", Input).value = ""
        self._redraw()

    @property
    def filter_text(self) -> str:
        return self.query_one("#filter", Input).value.strip().lower()

    def _under(self, prefix: tuple[str, ...]) -> list[tuple[tuple[str, ...], Action]]:
        return [(p, a) for p, a in self.items if p[: len(prefix)] == prefix]

    def entries(self) -> list[Entry | None]:
        """The rows to show now; None is a group heading (not selectable)."""
        text = self.filter_text
        rows: list[Entry | None] = []
        if text:
            for p, a in self.items:
                if text in " ".join(p).lower():
                    rows.append(Entry(p, a, 1))
            return rows
        depth = len(self.prefix)
        under = self._under(self.prefix)
        if depth == 0:
            # The first level: group headings, each with its next step listed under it.
            groups: list[str] = []
            for p, _ in under:
                if p[0] not in groups:
                    groups.append(p[0])
            for g in groups:
                rows.append(None)
                rows.extend(self._children((g,)))
            return rows
        return self._children(self.prefix)

    def _children(self, prefix: tuple[str, ...]) -> list[Entry | None]:
        under = self._under(prefix)
        seen: dict[str, list[tuple[tuple[str, ...], Action]]] = {}
        for p, a in under:
            key = p[len(prefix)] if len(p) > len(prefix) else ""
            seen.setdefault(key, []).append((p, a))
        out: list[Entry | None] = []
        for key, group in seen.items():
            if len(group) == 1 or key == "":
                # (key "": decisions ending at this step, "✓ just that", one row each)
                out.extend(Entry(p, a, 1) for p, a in group)
            elif all(len(p) == len(prefix) + 1 for p, _ in group):
                # Several decisions that read the same (two copies of a card in play): rows of their own, not
                # a step into an empty next part that would lead nowhere.
                for i, (p, a) in enumerate(group):
                    out.append(Entry(p[:-1] + (f"{p[-1]} (copy {i + 1})",), a, 1))
            else:
                out.append(Entry(prefix + (key,), None, len(group)))
        return out

    def _row_text(self, e: Entry) -> str:
        if e.action is None:
            return f"{e.prefix[-1]}  › ({e.count})"
        if self.filter_text:
            return " › ".join(e.prefix[1:]) or str(e.action["label"])
        rest = e.prefix[len(self.prefix) + (1 if not self.prefix else 0) :]
        if not rest:
            # The decision ends here, though longer ones share its start (attack with X, or with X + Y).
            return f"✓ just that: {e.prefix[-1]}"
        return " › ".join(rest)

    def _redraw(self) -> None:
        crumbs = " › ".join(self.prefix)
        self.query_one("#crumbs", Label).update(
            f"[b]{crumbs}[/b]  (Backspace: back)"
            if crumbs
            else f"{len(self.items)} choice{'' if len(self.items) == 1 else 's'}"
        )
        ol = self.query_one("#choices", OptionList)
        ol.clear_options()
        self.rows = self.entries()
        options: list[Option] = []
        text = self.filter_text
        depth0 = not self.prefix and not text
        group_iter = iter(self._groups()) if depth0 else iter(())
        for i, row in enumerate(self.rows):
            if row is None:
                options.append(Option(f"[b]{next(group_iter)}[/b]", id=f"h{i}", disabled=True))
            else:
                options.append(Option(("  " if depth0 else "") + self._row_text(row), id=f"r{i}"))
        if text and not options:
            options.append(Option("(nothing matches)", id="none", disabled=True))
        ol.add_options(options)
        first = next((i for i, r in enumerate(self.rows) if r is not None), None)
        if first is not None:
            ol.highlighted = first

    def _groups(self) -> list[str]:
        out: list[str] = []
        for p, _ in self.items:
            if p[0] not in out:
                out.append(p[0])
        return out

    # -- driving ---------------------------------------------------------------------------------------------
    def choose_row(self, index: int) -> None:
        if not 0 <= index < len(self.rows):
            return
        row = self.rows[index]
        if row is None:
            return
        if row.action is not None:
            self.post_message(self.Chosen(row.action))
            return
        self.prefix = row.prefix
        self.query_one("#filter", Input).value = ""
        self._redraw()

    def back(self) -> bool:
        if not self.prefix:
            return False
        self.prefix = self.prefix[:-1] if len(self.prefix) > 1 else ()
        self._redraw()
        return True

    @on(Input.Changed, "#filter")
    def _filtered(self) -> None:
        self._redraw()

    @on(Input.Submitted, "#filter")
    def _submitted(self) -> None:
        ol = self.query_one("#choices", OptionList)
        if ol.highlighted is not None:
            self.choose_row(ol.highlighted)

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose_row(event.option_index)

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        i = event.option_index
        row = self.rows[i] if 0 <= i < len(self.rows) else None
        if row is not None:
            alone = None
            if row.action is None:
                alone = next((a for p, a in self.items if p == row.prefix), None)
            self.post_message(self.Highlighted(row.action, row.count, alone))

    def on_key(self, event: Key) -> None:
        ol = self.query_one("#choices", OptionList)
        if event.key in ("up", "down", "pageup", "pagedown", "home", "end"):
            {
                "up": ol.action_cursor_up,
                "down": ol.action_cursor_down,
                "pageup": ol.action_page_up,
                "pagedown": ol.action_page_down,
                "home": ol.action_first,
                "end": ol.action_last,
            }[event.key]()
            event.stop()
        elif event.key == "backspace" and not self.query_one("#filter", Input).value:
            if self.back():
                event.stop()
        elif event.key == "escape":
            f = self.query_one("#filter", Input)
            if f.value:
                f.value = ""
            else:
                self.back()
            event.stop()

    def highlighted_action(self) -> Action | None:
        ol = self.query_one("#choices", OptionList)
        i = ol.highlighted
        if i is None or not 0 <= i < len(self.rows):
            return None
        row = self.rows[i]
        return row.action if row is not None else None
