"""Network play in the full-screen client: ``NetDriver`` holds a seat (or watches) on a ``ravenry serve`` match
through ``SeatPlayer``, which reconnects with the seat's token. Every frame the server sends is drawn as it
comes; a lost connection is shown the moment the socket closes (the player's status line turns red), not at the
next keypress. The server stays the authority: a decision goes out as ``act`` and only the next state frame
shows it applied."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

from ravenry.faces.tui.app import Driver
from ravenry.faces.tui.autopass import passed_line
from ravenry.net.client import NetError, SeatPlayer, played_for_text

Frame = dict[str, Any]
#: Notices shown as a toast too, with its title.
TOASTS = {"takeover": "Seat taken over", "reclaimed": "Player back", "halted": "Match stopped"}


class NetDriver(Driver):
    def __init__(
        self,
        url: str,
        match: str,
        seat: int | None = None,
        token: str | None = None,
        watch: bool = False,
        on_token: Callable[[int, str], None] | None = None,
    ) -> None:
        self.url = url
        self.match = match
        self.seat = seat
        self.token = token
        self.watch = watch
        self.on_token = on_token
        self.pending: asyncio.Future[int] | None = None
        self.last_status = ""
        self.player: SeatPlayer | None = None
        self.told_played: Any = None  # the played_for list last shown: each state repeats it until the seat acts
        # Lines that came before the first state: the first state draws a fresh story, which would wipe them (a
        # takeover notice comes with the state of a player who has just sat down).
        self.early: list[tuple[str, str]] | None = []

    def start(self, app: Any) -> None:
        super().start(app)
        app.set_connection(f"[b]connecting to {self.url}…[/b]")
        app.run_worker(self._run(), exclusive=True, group="net")

    async def _run(self) -> None:
        self.player = SeatPlayer(
            self.url,
            self.match,
            seat=self.seat,
            token=self.token,
            watch=self.watch,
            choose=None if self.watch else self._choose,
            on_frame=self._on_frame,
            on_token=self.on_token,
            reconnect_for=60,
        )
        try:
            await self.player.run()
            self.app.set_connection("[b]match over[/b]")
        except NetError as e:
            self.app.set_connection(f"[b red]✗ {e.message}[/]")
            self.app.note(f"Connection: {e.message}", "bold red")

    def _on_frame(self, frame: Frame) -> None:
        t = frame.get("t")
        if t == "status":
            # The client's status says "seat N" (from 1, as every screen counts); this one says "player N", as the
            # lobby does.
            msg = re.sub(r"\(seat (\d+)\)", r"(player \1)", str(frame["message"]))
            bad = "lost" in msg or "no connection" in msg
            short = msg if len(msg) <= 60 else msg[:59] + "…"
            self.app.set_connection(f"[b red]● {short}[/]" if bad else f"[b green]● {short}[/]")
            if msg != self.last_status:  # retries repeat the same line: the story gets it once
                self._note(msg, "bold red" if bad else "bold cyan")
            self.last_status = msg
        elif t == "notice":
            self._note(f"⚑ {frame.get('message', '')}", "bold yellow")
            if frame.get("kind") in TOASTS:
                # Also over whatever pane is up: at 80×24 the story is one F2 away, and who plays a seat matters now.
                self.app.notify(str(frame.get("message", "")), title=TOASTS[frame["kind"]], timeout=10)
        elif t == "error":
            self._note(f"✗ refused ({frame.get('code')}): {frame.get('message')}", "bold red")
        elif t == "state":
            if self.pending is not None and not self.pending.done():
                self.pending.cancel()  # a new state replaces the one being decided on
            self.app.show(frame)
            early, self.early = self.early or [], None
            for line, style in early:
                self.app.note(line, style)
            played = played_for_text(frame)
            if played is not None and frame.get("played_for") != self.told_played:
                self.app.note(f"⚑ {played[0].upper()}{played[1:]}", "bold yellow")
                self.app.notify(played[0].upper() + played[1:], title="Welcome back", timeout=15)
            self.told_played = frame.get("played_for")

    def _note(self, line: str, style: str) -> None:
        if self.early is not None:
            self.early.append((line, style))
        else:
            self.app.note(line, style)

    async def _choose(self, frame: Frame) -> int | None:
        """Wait for the player's decision, or for the connection to end (shown at once, then the player
        reconnects and asks again from the state the server sends)."""
        actions = frame.get("actions") or []
        if len(actions) == 1:  # a step the rules force: nothing to decide
            self.app.note(f"{actions[0]['label']} (the only choice: made for you)", "dim")
            return int(actions[0]["code"])
        passed = self._auto_pass(frame)
        if passed is not None:
            return passed
        loop = asyncio.get_running_loop()
        self.pending = loop.create_future()
        client = self.player.client if self.player is not None else None
        closed = asyncio.ensure_future(client.wait_closed()) if client is not None else loop.create_future()
        try:
            done, _ = await asyncio.wait({self.pending, closed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            closed.cancel()
        if self.pending in done and not self.pending.cancelled():
            return self.pending.result()
        self.pending.cancel()
        self.app.set_connection("[b red]● connection lost; reconnecting…[/]")
        self.app.note("Connection lost; reconnecting…", "bold red")
        return None

    def _auto_pass(self, frame: Frame) -> int | None:
        """The pass this seat's auto-pass mode makes of ``frame``'s decision, told in the story; None: ask."""
        seat = frame.get("seat")
        if not isinstance(seat, int):
            return None
        action, ended = self.passes.pick(self.app.ui, frame["view"], seat, frame.get("actions") or [])
        if ended is not None:
            self.app.note(ended, "bold cyan")
        if action is None:
            return None
        self.app.note(passed_line(str(action["label"]), True, ""), "dim")
        return int(action["code"])

    def auto_pass_seat(self) -> int | None:
        seat = (self.app.frame or {}).get("seat")
        return None if self.watch or not isinstance(seat, int) else seat

    def auto_pass_now(self) -> None:
        frame = self.app.frame
        if frame is None or self.pending is None or self.pending.done():
            return
        code = self._auto_pass(frame)
        if code is not None:
            self.pending.set_result(code)

    def choose(self, action: dict[str, Any]) -> None:
        if self.pending is not None and not self.pending.done():
            self.pending.set_result(int(action["code"]))
            self.app.note(f"sent: {action['label']}", "dim")

    def undo(self) -> str | None:
        return "over the network the server is the authority: nothing is taken back"
