"""``ravenry lobby`` and ``web``, and the full-screen face of ``join``: the client's ways onto a match server.
``serve`` and ``join`` themselves live in ``ravenry.net.commands`` (the net layer); the group adds them."""

from __future__ import annotations

import os
from typing import Any

import click

from ravenry.faces.cli.common import console, tui


def full_screen_join(
    url: str, match: str | None, seat: int | None, watch: bool, token: str | None, create: dict[str, Any] | None
) -> None:
    """``ravenry join`` at a terminal: the lobby when no match, seat or creation is named, else the match."""
    # Start-up cost, as in common.tui: the network stack loads only when joining.
    from ravenry.net import loop as event_loop  # start-up cost (see above)
    from ravenry.net.commands import remember_token, resolve_join  # start-up cost (see above)

    client = tui()
    if match is None and create is None and seat is None and not watch:
        client.lobby_app(url, remember_token).run()
        return
    match_id, game_id, seat, token = event_loop.run(resolve_join(url, match, seat, watch, token, create))

    def remember(s: int, t: str) -> None:
        remember_token(url, match_id, s, t)

    client.net_app(url, match_id, game_id, seat, token, watch, None if watch else remember).run()


@click.command()
@click.option("--server", metavar="URL", help="a ravenry serve match server (ws://…): list, create, join, watch")
def lobby(server: str | None) -> None:
    """Open the full-screen lobby: start a local match, or play on a match server."""
    if server is not None and not server.startswith(("ws://", "wss://")):
        raise click.BadParameter("use a ws:// or wss:// address", param_hint="--server")
    # Start-up cost, as in common.tui: the network stack loads only for the lobby.
    from ravenry.net.commands import remember_token

    parent = os.environ.get("RAVENRY_WEB_PARENT", "")  # ravenry.faces.web.PARENT_VARIABLE, without importing aiohttp
    if parent.isdigit():  # a browser session's client: it ends with the `ravenry web` that started it
        from ravenry.faces.web import exit_with_parent  # only here: ravenry.faces.web brings aiohttp

        exit_with_parent(int(parent))
    # Served to a browser, this machine is the server's, not the player's: no deck is read from its files.
    tui().lobby_app(server, remember_token, read_files=not parent).run()


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="port to listen on")
@click.option("--server", metavar="URL", help="play on this ravenry serve match server (ws://…)")
@click.option(
    "--max-sessions",
    default=32,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="browser sessions at once (each is a client process here)",
)
@click.option(
    "--max-sessions-per-address",
    default=4,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="browser sessions at once from one address",
)
def web(host: str, port: int, server: str | None, max_sessions: int, max_sessions_per_address: int) -> None:
    """Serve the full-screen client to browsers (textual-serve): open http://HOST:PORT."""
    # Imported here, not at the top: textual-serve brings aiohttp, which every other command can do without.
    from ravenry.faces import web as web_mod

    if server is not None and not server.startswith(("ws://", "wss://")):
        raise click.BadParameter("use a ws:// or wss:// address", param_hint="--server")
    console().print(f"serving the Ravenry client on http://{host}:{port} (Ctrl-C stops)")
    web_mod.serve(host, port, server, max_sessions, max_sessions_per_address)
