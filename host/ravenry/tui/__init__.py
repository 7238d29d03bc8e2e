"""The full-screen Textual client (a face: it may import every layer below it; nothing below imports it).

``play``, ``resume``, ``watch``, ``replay`` and ``join`` open it; ``ravenry web`` serves it to browsers. The shell
(app.py) is the same for every game; each game plugin adds its widgets in ``ravenry_<game>/ui.py``, subclassing
``GameUI`` (see docs/client.md)."""

from __future__ import annotations

from pathlib import Path

from ravenry.match import MatchBase
from ravenry.tui.app import Driver, RavenryApp
from ravenry.tui.drivers import LocalDriver, ReplayDriver
from ravenry.tui.gameui import Card, GameUI, ViewWidget, load_ui
from ravenry.tui.session import LocalSession, ReplaySession

__all__ = [
    "Card",
    "Driver",
    "GameUI",
    "LocalDriver",
    "LocalSession",
    "RavenryApp",
    "ReplayDriver",
    "ReplaySession",
    "ViewWidget",
    "load_ui",
    "local_app",
    "replay_app",
]


def local_app(
    match: MatchBase, seats: dict[int, str | None], save: Path | None = None, delay: float = 0.0
) -> RavenryApp:
    """The app for a match played (or, with no human seat, watched) here."""
    session = LocalSession(match, seats, save)
    return RavenryApp(match.game.id, match.game.spec, LocalDriver(session, delay))


def replay_app(
    match: MatchBase, actions: list[tuple[int, int]], seat: int | None, delay: float, paused: bool
) -> RavenryApp:
    """The app stepping through a save's ``actions`` on the fresh ``match``, as ``seat`` saw them."""
    session = ReplaySession(match, actions, seat)
    return RavenryApp(match.game.id, match.game.spec, ReplayDriver(session, delay, paused))
