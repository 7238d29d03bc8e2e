"""The full-screen Textual client (a face: it may import every layer below it; nothing below imports it).

``play``, ``resume``, ``watch``, ``replay`` and ``join`` open it; ``ravenry web`` serves it to browsers. The shell
(app.py) is the same for every game; each game plugin adds its widgets in ``ravenry_<game>/ui.py``, subclassing
``GameUI`` (see docs/client.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ravenry.faces.tui.app import Driver, RavenryApp
from ravenry.faces.tui.drivers import LocalDriver, ReplayDriver
from ravenry.faces.tui.gameui import Card, GameUI, ViewWidget, load_ui
from ravenry.faces.tui.lobby import Lobby
from ravenry.faces.tui.netplay import NetDriver
from ravenry.faces.tui.session import LocalSession, ReplaySession
from ravenry.model.match import MatchBase
from ravenry.net.console import game_spec

__all__ = [
    "Card",
    "Driver",
    "GameUI",
    "LocalDriver",
    "LocalSession",
    "Lobby",
    "NetDriver",
    "RavenryApp",
    "ReplayDriver",
    "ReplaySession",
    "ViewWidget",
    "load_ui",
    "lobby_app",
    "local_app",
    "net_app",
    "replay_app",
]


def local_app(
    match: MatchBase, seats: dict[int, str | None], save: Path | None = None, delay: float = 0.0
) -> RavenryApp:
    """The app for a match played (or, with no human seat, watched) here."""
    session = LocalSession(match, seats, save)
    return RavenryApp(match.game.spec, LocalDriver(session, delay))


def lobby_app(
    server: str | None = None,
    remember: Callable[[str, str, int, str], None] | None = None,
    read_files: bool = True,
) -> RavenryApp:
    """The app opening on the lobby: local games, or the matches of the ``ravenry serve`` server at ``server``
    (``remember(url, match, seat, token)`` keeps a joined seat's token, so the seat can be resumed). With
    ``read_files`` false (a lobby ``ravenry web`` serves to a browser) a deck is taken as pasted text only."""
    return RavenryApp(None, None, lobby=lambda app: Lobby(app, server, remember, read_files))


def net_app(
    url: str,
    match: str,
    game_id: str,
    seat: int | None = None,
    token: str | None = None,
    watch: bool = False,
    on_token: Callable[[int, str], None] | None = None,
) -> RavenryApp:
    """The app holding ``seat`` (or watching) of ``match``, a match of ``game_id`` on the server at ``url``
    (drawn with the game's widgets when its plugin is installed here, with the default face when not)."""
    return RavenryApp(game_spec(game_id), NetDriver(url, match, seat, token, watch, on_token))


def replay_app(
    match: MatchBase, actions: list[tuple[int, int]], seat: int | None, delay: float, paused: bool
) -> RavenryApp:
    """The app stepping through a save's ``actions`` on the fresh ``match``, as ``seat`` saw them."""
    session = ReplaySession(match, actions, seat)
    return RavenryApp(match.game.spec, ReplayDriver(session, delay, paused))
