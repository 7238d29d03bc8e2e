"""Drivers: how the app's frames advance. ``LocalDriver`` plays a match here (bots step on a timer so the screen
keeps up and the story can be read; humans decide through the picker; hotseat humans get the pass-the-device
screen; undo); ``ReplayDriver`` steps a save. Watching bots is a ``LocalDriver`` without humans, paced."""

from __future__ import annotations

from typing import Any

from ravenry.errors import RavenryError
from ravenry.faces.tui.app import Driver
from ravenry.faces.tui.autopass import passed_line
from ravenry.faces.tui.session import LocalSession, ReplaySession

BATCH = 200  # bot moves between two looks at the app's events while a human waits for their turn


class LocalDriver(Driver):
    can_undo = True

    def __init__(self, session: LocalSession, delay: float = 0.0) -> None:
        self.session = session
        self.delay = delay  # seconds between bot moves
        self.paused = False
        self.at_device: int | None = None  # the human seat that last had the screen
        self.waiting = False  # a timer for the next bot move is set
        self.paced = not session.humans
        self.can_undo = bool(session.humans)  # watching bots: nothing of yours to take back

    def start(self, app: Any) -> None:
        super().start(app)
        self.advance()

    def advance(self) -> None:
        """Move bots until a human must decide or the match ends, then draw."""
        s = self.session
        human = s.deciding()
        if human is not None and not self.paused:
            forced = s.forced(human)
            if forced is not None:
                # Nothing to decide: the step is made, and the story says so to the seat it was for.
                label = s.play_forced(human, forced)
                if human == self.at_device or len(s.humans) == 1:
                    self.app.note(f"{label} (the only choice: made for you)", "dim")
                self.app.call_later(self.advance)
                return
            if self._auto_passed(human):
                self.app.call_later(self.advance)
                return
        if human is not None:
            if len(s.humans) > 1 and self.at_device is not None and human != self.at_device:
                self.at_device = None
                frame = s.frame(human)
                self.app.pass_device(self.app.ui.seat_name(frame["view"], human), self.advance)
                return
            self.at_device = human
            self.app.show(s.frame(human))
            return
        if self.delay == 0 and s.humans and not self.paused:
            # Playing, not watching: bots move in a batch and the screen is drawn once, for the human's turn
            # (every bot move is in the story); a long batch yields to the app now and then.
            for _ in range(BATCH):
                if not s.step_bot():
                    break
            if s.bot_to_move() is not None:
                self.app.call_later(self.advance)
                return
            if s.deciding() is not None:
                self.advance()
                return
        self.app.show(s.frame(s.viewer()))
        if s.bot_to_move() is None or self.paused or self.waiting:
            return
        self.waiting = True
        self.app.set_timer(self.delay, self._bot_move) if self.delay > 0 else self.app.call_later(self._bot_move)

    def _auto_passed(self, seat: int) -> bool:
        """Make the pass ``seat``'s auto-pass mode calls for, as a forced step is made (an undo takes it back
        with the decision before it; a checkpoint of its own would be passed again at once)."""
        s = self.session
        if seat not in self.passes.modes:
            return False
        frame = s.frame(seat)
        action, ended = self.passes.pick(self.app.ui, frame["view"], seat, frame["actions"])
        yours = seat == self.at_device or len(s.humans) == 1
        if yours and (ended is not None or action is not None):
            self.app.catch_up(frame)  # the story up to this decision first: the line says what came after it
        if ended is not None and yours:
            self.app.note(ended, "bold cyan")
        if action is None:
            return False
        label = s.play_forced(seat, int(action["code"]))
        self.app.note(passed_line(label, yours, self.app.ui.seat_name(frame["view"], seat)), "dim")
        return True

    def auto_pass_seat(self) -> int | None:
        if self.at_device is not None:
            return self.at_device
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else None

    def auto_pass_now(self) -> None:
        human = self.session.deciding()
        if human is not None and human == self.auto_pass_seat():  # not while bots move: advance is running
            self.advance()

    def _bot_move(self) -> None:
        self.waiting = False
        if self.paused:
            return
        self.session.step_bot()
        self.advance()

    def choose(self, action: dict[str, Any]) -> None:
        seat = self.session.deciding()
        if seat is None:
            return
        try:
            self.session.act(seat, int(action["code"]))
        except RavenryError as e:
            self.app.note(f"Refused: {e}", "bold red")
        self.advance()

    def undo(self) -> str | None:
        seat = self.at_device if self.at_device is not None else self.session.viewer()
        if seat is None:
            return "there is no player at this screen"
        why = self.session.undo_check(seat)
        if why is not None:
            return why
        self.session.undo(seat)
        self.advance()  # redraws the story from its start (it got shorter), then says what happened
        self.app.note("Your last decision was taken back.", "bold green")
        return None

    def toggle_pause(self) -> None:
        if not self.paced:
            return
        self.paused = not self.paused
        self.app.set_connection("paused (Space: go on, n: one step)" if self.paused else "")
        if not self.paused:
            self.advance()

    def step(self) -> None:
        if self.paced and self.paused and self.session.step_bot():
            self.advance()

    def pace(self, factor: float) -> None:
        if self.paced:
            self.delay = min(10.0, max(0.05, self.delay * factor))
            self.app.notify(f"{self.delay:.2f} s per move")


class ReplayDriver(Driver):
    paced = True
    replaying = True

    def __init__(self, session: ReplaySession, delay: float = 1.0, paused: bool = False) -> None:
        self.session = session
        self.delay = delay
        self.paused = paused
        self.waiting = False

    def start(self, app: Any) -> None:
        super().start(app)
        self.app.show(self.session.frame())
        self._schedule()

    def _schedule(self) -> None:
        if self.session.finished or self.paused or self.waiting:
            return
        self.waiting = True
        self.app.set_timer(self.delay, self._tick)

    def _tick(self) -> None:
        self.waiting = False
        if not self.paused:
            self._one()
            self._schedule()

    def _one(self) -> None:
        if self.session.finished:
            return
        n = self.session.done
        p = self.session.actions[n][0]
        label = self.session.step()
        frame = self.session.frame()
        self.app.note(f"{n + 1}. {self.app.ui.you(frame['view'], self.session.seat, p)}: {label}", "dim")
        self.app.show(frame)
        if self.session.finished:
            self.app.set_connection("end of the save")

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.app.set_connection("paused (Space: go on, n: one step)" if self.paused else "")
        self._schedule()

    def step(self) -> None:
        self._one()

    def pace(self, factor: float) -> None:
        self.delay = min(10.0, max(0.05, self.delay * factor))
        self.app.notify(f"{self.delay:.2f} s per move")
