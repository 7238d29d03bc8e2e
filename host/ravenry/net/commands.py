"""``ravenry serve`` and ``ravenry join``: click commands that parse options and hand over to the server and the
client. ``ravenry.cli`` adds them with ``cli.add_command``."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

import click

import ravenry
from ravenry.errors import RavenryError
from ravenry.net import loop as event_loop
from ravenry.net.client import CHOOSERS, Client, NetError, SeatPlayer
from ravenry.net.console import TerminalUI, matches_table
from ravenry.net.server import parse_bots, serve_forever
from ravenry.snapshot import write_atomic


@click.command("serve")
@click.argument("game", required=False)
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=8765, show_default=True, type=int)
@click.option("--players", type=int, help="players in the GAME match opened at start (default: the fewest)")
@click.option("--bots", "bots", metavar="SEATS", help="seats the server's bots play: '1,2' or '1=heuristic,3'")
@click.option("--save-dir", type=click.Path(file_okay=False), help="save every match here after every action")
@click.option("--turn-seconds", type=float, help="per-seat turn clock; when it runs out a bot acts for the seat")
def serve(
    game: str | None,
    host: str,
    port: int,
    players: int | None,
    bots: str | None,
    save_dir: str | None,
    turn_seconds: float | None,
) -> None:
    """Host matches over WebSocket. With GAME, open one match of it at start (a restarted server with
    --save-dir resumes its saved matches instead); clients create more through the lobby."""
    if game is not None:
        try:
            lo, hi = ravenry.game(game).info.players
        except RavenryError as e:
            raise click.ClickException(str(e)) from None
        n = players or lo
        if not lo <= n <= hi:
            raise click.BadParameter(f"{game} is played by {lo} to {hi} players", param_hint="--players")
        try:
            parse_bots(bots, n)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--bots") from None
    if turn_seconds is not None and turn_seconds <= 0:
        raise click.BadParameter("must be positive", param_hint="--turn-seconds")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        event_loop.run(
            serve_forever(host, port, game, players, bots, save_dir, turn_seconds, announce=lambda s: click.echo(s))
        )
    except OSError as e:
        raise click.ClickException(f"cannot serve on {host}:{port}: {e.strerror or e}") from None


def _token_file() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "ravenry" / "tokens.json"


def _load_tokens() -> dict[str, Any]:
    try:
        data = json.loads(_token_file().read_text())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _remember(url: str, match: str, seat: int, token: str) -> None:
    # Kept so that `ravenry join URL --match ID --seat K` after a crash resumes instead of asking for a new seat.
    tokens = _load_tokens()
    tokens[f"{url} {match} {seat}"] = token
    write_atomic(_token_file(), json.dumps(tokens, indent=1).encode())  # mkstemp: mode 0600


async def _pick_match(url: str, match: str | None, ui: TerminalUI) -> str:
    if match is not None:
        return match
    async with Client(url) as c:
        listing = (await c.request("list"))["matches"]
    live = [m for m in listing if not m["over"]]
    if len(live) == 1:
        return str(live[0]["id"])
    ui.console.print(matches_table(listing))
    raise click.ClickException("several matches (or none) are open: choose one with --match ID")


async def _create(url: str, create: dict[str, Any], ui: TerminalUI) -> str:
    async with Client(url) as c:
        reply = await c.request("create", **create)
    ui.console.print(f"[bold cyan]● created match {reply['match']} ({create['game']})[/]")
    return str(reply["match"])


async def _join(
    url: str,
    match: str | None,
    seat: int | None,
    watch: bool,
    bot: str | None,
    token: str | None,
    seed: int,
    create: dict[str, Any] | None = None,
) -> None:
    ui = TerminalUI()
    match_id = await _create(url, create, ui) if create else await _pick_match(url, match, ui)
    if token is None and not watch:
        # A seat this machine already holds in that match is resumed, not doubled: with --seat, that seat's
        # token; without, the first seat we hold there.
        saved = _load_tokens()
        if seat is not None:
            token = saved.get(f"{url} {match_id} {seat}")
        else:
            mine = sorted(int(k.rsplit(" ", 1)[1]) for k in saved if k.startswith(f"{url} {match_id} "))
            if mine:
                seat = mine[0]
                token = saved[f"{url} {match_id} {seat}"]
    chooser = None if watch else (CHOOSERS[bot](seed) if bot else ui.choose)

    def remember(seat: int, token: str) -> None:
        # Before the first move: a client killed right after it is still the seat's owner when started again.
        _remember(url, match_id, seat, token)
        ui.console.print(f"[dim]seat {seat} token saved in {_token_file()} (rejoin with --seat {seat})[/]")

    player = SeatPlayer(
        url,
        match_id,
        seat=seat,
        token=token,
        watch=watch,
        choose=chooser,
        on_frame=ui.on_frame,
        on_token=remember,
        reconnect_for=60,
    )
    await player.run()


@click.command("join")
@click.argument("url")
@click.option("--match", "match", metavar="ID", help="the match to join (default: the only open one)")
@click.option("--seat", type=int, help="the seat to take or resume (default: the first free one)")
@click.option("--watch", is_flag=True, help="spectate: the public view only")
@click.option("--bot", type=click.Choice(sorted(CHOOSERS)), help="let a client-side bot play the seat")
@click.option("--token", help="resume a seat with its token")
@click.option("--seed", type=int, default=0, show_default=True, help="seed of the client-side bot")
@click.option("--create", "create_game", metavar="GAME", help="open a new match of GAME on the server and join it")
@click.option("--players", type=int, help="with --create: players in the new match")
@click.option(
    "--bots", "bots", metavar="SEATS", help="with --create: seats the server's bots play ('1,2', '1=heuristic')"
)
@click.option("--turn-seconds", type=float, help="with --create: the new match's turn clock")
def join(
    url: str,
    match: str | None,
    seat: int | None,
    watch: bool,
    bot: str | None,
    token: str | None,
    seed: int,
    create_game: str | None,
    players: int | None,
    bots: str | None,
    turn_seconds: float | None,
) -> None:
    """Play or watch a match on a Ravenry server, e.g. ``ravenry join ws://127.0.0.1:8765 --seat 0``."""
    if watch and (seat is not None or bot or token):
        raise click.UsageError("--watch does not take a seat, a bot or a token")
    if not url.startswith(("ws://", "wss://")):
        raise click.BadParameter("use a ws:// or wss:// address", param_hint="URL")
    create: dict[str, Any] | None = None
    if create_game is not None:
        if match is not None or token is not None:
            raise click.UsageError("--create opens a new match: it takes no --match or --token")
        create = {"game": create_game, "players": players, "turn_seconds": turn_seconds}
        if bots:
            try:
                # The seat range is checked by the server, which knows the game; here only the syntax.
                create["bots"] = parse_bots(bots, 1 << 16)
            except ValueError as e:
                raise click.BadParameter(str(e), param_hint="--bots") from None
    elif players is not None or bots is not None or turn_seconds is not None:
        raise click.UsageError("--players, --bots and --turn-seconds go with --create")
    try:
        event_loop.run(_join(url, match, seat, watch, bot, token, seed, create))
    except NetError as e:
        raise click.ClickException(f"{e.message} ({e.code})") from None
    except (KeyboardInterrupt, EOFError):
        raise click.ClickException("left the match (your seat stays yours: join again with the same --seat)") from None


__all__ = ["join", "serve"]
