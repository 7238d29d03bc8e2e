"""Where the client's frames come from. A session hands the app one *frame* at a time, shaped like the match
server's state frame (``game``, ``seat``, ``view``, ``actions``, ``to_act``, ``turn``, ``over``, ``outcome``) plus
the viewer's whole event list, and takes the player's decision back. ``LocalSession`` plays a match in this
process (bots, hotseat humans, undo); ``ReplaySession`` steps through a save; ``NetSession`` (net_session.py)
holds a seat on a ``ravenry serve`` server. The app draws frames and never touches a match itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ravenry.errors import RavenryError
from ravenry.faces.tui.undo import undo_refusal
from ravenry.model.match import MatchBase

Frame = dict[str, Any]


def frame_of(match: MatchBase, seat: int | None, actions: bool = True) -> Frame:
    """``match`` as ``seat`` may see it (None: a spectator), with the seat's legal actions described when it is
    to act. The same fields as the server's state frame, so the app draws local and network play alike."""
    to_act = list(match.to_act)
    acts: list[dict[str, Any]] = []
    if actions and seat is not None and seat in to_act:
        acts = [match.describe(a, seat) for a in match.legal_actions(seat)]
    return {
        "t": "state",
        "game": match.game.id,
        "seat": seat,
        "turn": match.decisions,
        "to_act": to_act,
        "actions": acts,
        "view": match.view(seat),
        "events": match.events(0, seat),
        "over": match.is_over,
        "outcome": match.outcome,
    }


@dataclass
class Checkpoint:
    """The match just before a human's decision, kept so that decision can be taken back."""

    seat: int
    before: MatchBase


@dataclass
class LocalSession:
    """A match played in this process. ``seats`` maps each seat to a bot name, or None for a human at this
    keyboard; the humans take turns at one screen (hotseat). Bots move one step at a time through
    ``step_bot`` so the app can pace them and stay responsive."""

    match: MatchBase
    seats: dict[int, str | None]
    save: Path | None = None
    checkpoints: list[Checkpoint] = field(default_factory=list)
    on_save: Callable[[MatchBase], None] | None = None

    def __post_init__(self) -> None:
        self.match.meta["seats"] = {str(p): b for p, b in self.seats.items()}

    @property
    def humans(self) -> list[int]:
        return [p for p, b in sorted(self.seats.items()) if b is None]

    @property
    def local(self) -> bool:
        return True

    def deciding(self) -> int | None:
        """The human seat whose decision the match waits for now (the lowest when several commit at once)."""
        if self.match.is_over:
            return None
        for p in self.match.to_act:
            if self.seats.get(p) is None:
                return p
        return None

    def bot_to_move(self) -> int | None:
        if self.match.is_over:
            return None
        for p in self.match.to_act:
            if self.seats.get(p) is not None:
                return p
        return None

    def step_bot(self) -> bool:
        """Let one bot move; False when no bot is to act (a human is, or the match is over)."""
        p = self.bot_to_move()
        if p is None:
            return False
        bot = self.seats[p]
        assert bot is not None
        self.match.apply(p, self.match.bot(bot, p))
        self._saved()
        return True

    def forced(self, seat: int) -> int | None:
        """The action when ``seat`` has exactly one (a step the rules force: nothing to decide), else None."""
        legal = self.match.legal_actions(seat)
        return legal[0] if len(legal) == 1 else None

    def play_forced(self, seat: int, action: int) -> str:
        """Make a step for a human seat that did not decide it (a forced step, an auto-pass), as a bot move is
        made: no checkpoint of its own, so an undo takes it back with the decision before it. Returns how the
        action reads to that seat."""
        label = str(self.match.describe(action, seat)["label"])
        self.match.apply(seat, action)
        self._saved()
        return label

    def viewer(self) -> int | None:
        """Whose eyes the screen shows: the deciding human, else the only human, else the public."""
        p = self.deciding()
        if p is not None:
            return p
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def frame(self, seat: int | None) -> Frame:
        return frame_of(self.match, seat)

    def act(self, seat: int, action: int) -> None:
        """Apply a human's decision (raises IllegalAction and changes nothing if it is not legal)."""
        before = self.match.clone()
        self.match.apply(seat, action)
        self.checkpoints.append(Checkpoint(seat, before))
        del self.checkpoints[:-32]  # undo goes back one decision; a few more cost little and help hotseat
        self._saved()

    def undo_check(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last decision now, or None when it may."""
        if not self.checkpoints:
            return "nothing to undo yet"
        last = self.checkpoints[-1]
        if last.seat != seat:
            return "the last decision was another player's"
        return undo_refusal(last.before, self.match, [p for p in self.humans])

    def undo(self, seat: int) -> None:
        why = self.undo_check(seat)
        if why is not None:
            raise RavenryError(f"cannot undo: {why}")
        last = self.checkpoints.pop()
        last.before.meta = self.match.meta
        self.match = last.before
        self._saved()

    def _saved(self) -> None:
        if self.save is not None:
            self.match.save(self.save)
        if self.on_save is not None:
            self.on_save(self.match)


@dataclass
class ReplaySession:
    """A saved match replayed from its seed, one recorded action per ``step``, as ``seat`` saw it."""

    match: MatchBase
    actions: list[tuple[int, int]]
    seat: int | None = None
    done: int = 0

    @property
    def finished(self) -> bool:
        return self.done >= len(self.actions)

    def step(self) -> str:
        """Apply the next recorded action; returns its label as the player chose it."""
        p, a = self.actions[self.done]
        label = str(self.match.describe(a, p)["label"])
        try:
            self.match.apply(p, a)
        except RavenryError as e:
            raise RavenryError(f"action {self.done} of the save does not replay: {e}") from e
        self.done += 1
        return label

    def frame(self) -> Frame:
        return frame_of(self.match, self.seat, actions=False)
