"""The full-screen client's public API (``ravenry.tui``), as ``ravenry`` is the host's: what a game plugin's
``ui.py`` builds its widgets on (``GameUI``, ``ViewWidget``, ``Card``; docs/client.md) and what scripts and tests
open the client with. It lives in the faces layer, ``ravenry.faces.tui``; this module only re-exports it, so
``import ravenry`` stays free of Textual and plugins never import a module under ``ravenry.faces``."""

from ravenry.faces.tui import (
    Card,
    Driver,
    GameUI,
    Lobby,
    LocalDriver,
    LocalSession,
    NetDriver,
    RavenryApp,
    ReplayDriver,
    ReplaySession,
    ViewWidget,
    load_ui,
    lobby_app,
    local_app,
    net_app,
    replay_app,
)

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
