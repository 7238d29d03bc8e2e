"""``ravenry web``: the full-screen client served to browsers by textual-serve. Each browser tab runs its own
client process (``ravenry lobby``) whose screen textual-serve streams to the page: local matches against bots,
or, with ``--server``, the lobby of a ``ravenry serve`` match server, so friends play with nothing installed
but a browser. Bind to 127.0.0.1 (the default) unless the network is trusted: anyone who reaches the port gets
a client running on this machine."""

from __future__ import annotations

import shlex
import sys

from textual_serve.server import Server


def client_command(server: str | None = None) -> str:
    """The command each browser session runs: the lobby, local or of ``server``."""
    parts = [sys.executable, "-m", "ravenry.cli", "lobby"]
    if server:
        parts += ["--server", server]
    return shlex.join(parts)


def serve(host: str = "127.0.0.1", port: int = 8000, server: str | None = None) -> None:
    """Serve the client on http://host:port until interrupted."""
    Server(client_command(server), host=host, port=port, title="Ravenry").serve()
