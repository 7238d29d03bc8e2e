"""``ravenry serve`` and ``ravenry join``: click commands that parse options and hand over to the server and the
client. ``ravenry.cli`` adds them with ``cli.add_command``."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

import click

import ravenry
from ravenry.errors import RavenryError
from ravenry.model.options import parse_cli
from ravenry.model.policy import importable, register_imported
from ravenry.model.snapshot import write_atomic
from ravenry.net import loop as event_loop
from ravenry.net.client import CHOOSERS, Client, NetError, SeatPlayer
from ravenry.net.console import TerminalUI, matches_table
from ravenry.net.limits import Limits
from ravenry.net.server import parse_bots, serve_forever
from ravenry.net.takeover import operator_limits
from ravenry.specs import bot_name, bot_params
from ravenry.words import seat_number


@click.command("serve")
@click.argument("game", required=False)
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=8765, show_default=True, type=int)
@click.option("--players", type=int, help="players in the GAME match opened at start (default: the fewest)")
@click.option("--bots", "bots", metavar="SEATS", help="seats (from 1) the server's bots play: '2,3' or '2=heuristic,4'")
@click.option("--save-dir", type=click.Path(file_okay=False), help="save every match here after every action")
@click.option("--turn-seconds", type=float, help="per-seat turn clock; when it runs out a bot acts for the seat")
@click.option(
    "--takeover-after",
    metavar="SECONDS|off",
    help="a player away this long has their seat played by a bot until they resume (default 60; off: never)",
)
@click.option("--takeover-bot", metavar="SPEC", help="the bot that plays a dropped seat (default ismcts:ms=500)")
@click.option("-o", "--option", "option_pairs", multiple=True, help="with GAME: game option name=value")
@click.option("--variant", "variants", multiple=True, help="with GAME: a named variant (repeatable)")
def serve(
    game: str | None,
    host: str,
    port: int,
    players: int | None,
    bots: str | None,
    save_dir: str | None,
    turn_seconds: float | None,
    takeover_after: str | None,
    takeover_bot: str | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
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
            seated = parse_bots(bots, n, ravenry.game(game).default_bot)
            # The operator's own policies (package.module:function) are imported here, never a client's names.
            seated = {p: register_imported(b) if importable(b) else b for p, b in seated.items()}
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--bots") from None
        except RavenryError as e:
            raise click.BadParameter(str(e), param_hint="--bots") from None
        bots = ",".join(f"{seat_number(p)}={b}" for p, b in seated.items()) or None  # as typed: from 1
        options = _game_options(game, option_pairs, variants)
    elif option_pairs or variants:
        raise click.UsageError("-o and --variant set up the GAME match: name GAME")
    else:
        options = {}
    if turn_seconds is not None and turn_seconds <= 0:
        raise click.BadParameter("must be positive", param_hint="--turn-seconds")
    try:
        limits = operator_limits(Limits(), takeover_after, takeover_bot)
        # A game without the takeover bot plays dropped seats with its default bot; a name no game has is a typo.
        having = [g.id for g in ravenry.games() if bot_name(limits.takeover_bot) in g.bots]
        if not having:
            raise ValueError(f"no installed game has a bot {bot_name(limits.takeover_bot)!r}")
        ravenry.game(having[0]).check_bot(limits.takeover_bot)
    except (ValueError, RavenryError) as e:
        raise click.BadParameter(str(e), param_hint="--takeover-bot / --takeover-after") from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        event_loop.run(
            serve_forever(
                host,
                port,
                game,
                players,
                bots,
                save_dir,
                turn_seconds,
                limits,
                announce=lambda s: click.echo(s),
                options=options,
                variants=variants,
            )
        )
    except OSError as e:
        raise click.ClickException(f"cannot serve on {host}:{port}: {e.strerror or e}") from None
    except RavenryError as e:
        raise click.ClickException(str(e)) from None


def _game_options(game: str, pairs: tuple[str, ...], variants: tuple[str, ...]) -> dict[str, Any]:
    """``-o name=value`` pairs checked against the game's schema (with its variants), so a typo fails here."""
    try:
        g = ravenry.game(game)
        options = parse_cli(pairs, g.spec.options)
        g.resolve_options(options, variants)
    except RavenryError as e:
        raise click.BadParameter(str(e), param_hint="-o/--variant") from None
    return options


def _token_file() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "ravenry" / "tokens.json"


def _load_tokens() -> dict[str, Any]:
    try:
        data = json.loads(_token_file().read_text())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def remember_token(url: str, match: str, seat: int, token: str) -> None:
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
        remember_token(url, match_id, seat, token)
        ui.console.print(
            f"[dim]seat {seat_number(seat)} token saved in {_token_file()} (rejoin with --seat {seat_number(seat)})[/]"
        )

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


async def resolve_join(
    url: str, match: str | None, seat: int | None, watch: bool, token: str | None, create: dict[str, Any] | None
) -> tuple[str, str, int | None, str | None]:
    """For the full-screen client: the match (created if asked), its game, and the seat and token to resume
    (a seat this machine already holds there is resumed, as in line mode)."""
    ui = TerminalUI()
    match_id = await _create(url, create, ui) if create else await _pick_match(url, match, ui)
    async with Client(url) as c:
        listing = (await c.request("list"))["matches"]
    game_id = next((str(m["game"]) for m in listing if str(m["id"]) == match_id), None)
    if game_id is None:
        raise NetError("no-match", f"no match {match_id} on {url}")
    if token is None and not watch:
        saved = _load_tokens()
        if seat is not None:
            token = saved.get(f"{url} {match_id} {seat}")
        else:
            mine = sorted(int(k.rsplit(" ", 1)[1]) for k in saved if k.startswith(f"{url} {match_id} "))
            if mine:
                seat = mine[0]
                token = saved[f"{url} {match_id} {seat}"]
    return match_id, game_id, seat, token


@click.command("join")
@click.argument("url")
@click.option("--match", "match", metavar="ID", help="the match to join (default: the only open one)")
@click.option("--seat", type=int, help="the seat to take or resume, from 1 (default: the first free one)")
@click.option("--watch", is_flag=True, help="spectate: the public view only")
@click.option(
    "--bot", metavar="SPEC", help=f"let a client-side bot play the seat: {', '.join(sorted(CHOOSERS))} (no parameters)"
)
@click.option("--token", help="resume a seat with its token")
@click.option("--seed", type=int, default=0, show_default=True, help="seed of the client-side bot")
@click.option("--create", "create_game", metavar="GAME", help="open a new match of GAME on the server and join it")
@click.option("--players", type=int, help="with --create: players in the new match")
@click.option(
    "--bots",
    "bots",
    metavar="SEATS",
    help="with --create: seats (from 1) the server's bots play ('2,3', '2=heuristic')",
)
@click.option("--turn-seconds", type=float, help="with --create: the new match's turn clock")
@click.option("--takeover-bot", metavar="SPEC|off", help="with --create: the bot that plays a dropped seat, or off")
@click.option(
    "--takeover-after", type=float, help="with --create: seconds a dropped seat waits (not below the server's)"
)
@click.option("-o", "--option", "option_pairs", multiple=True, help="with --create: game option name=value")
@click.option("--variant", "variants", multiple=True, help="with --create: a named variant (repeatable)")
@click.option("--plain", is_flag=True, help="line mode (scripts, screen readers, pipes), not full screen")
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
    takeover_bot: str | None,
    takeover_after: float | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
    plain: bool,
) -> None:
    """Play or watch a match on a Ravenry server, e.g. ``ravenry join ws://127.0.0.1:8765 --seat 1``."""
    if watch and (seat is not None or bot or token):
        raise click.UsageError("--watch does not take a seat, a bot or a token")
    if seat is not None and seat < 1:
        # The match's size is the server's to say (its refusal names the range); 0 and below are never seats.
        raise click.BadParameter(f"{seat}: seats are numbered from 1", param_hint="--seat")
    index = None if seat is None else seat - 1
    if bot is not None:
        # The same spec syntax as everywhere; a client sees only its view, so its bots take no parameters (the
        # server's bots, --bots with --create, search the whole match).
        if bot_name(bot) not in CHOOSERS:
            raise click.BadParameter(f"no client-side bot {bot_name(bot)!r}; known: {', '.join(sorted(CHOOSERS))}")
        if bot_params(bot):
            raise click.BadParameter(f"client-side bot {bot_name(bot)!r} takes no parameters (got {bot!r})")
        bot = bot_name(bot)
    if not url.startswith(("ws://", "wss://")):
        raise click.BadParameter("use a ws:// or wss:// address", param_hint="URL")
    create: dict[str, Any] | None = None
    if create_game is not None:
        if match is not None or token is not None:
            raise click.UsageError("--create opens a new match: it takes no --match or --token")
        create = {"game": create_game, "players": players, "turn_seconds": turn_seconds}
        create |= {"takeover_bot": takeover_bot, "takeover_after": takeover_after}  # the server checks both
        if option_pairs or variants:
            # Parsed with the game's schema from the local install; the server checks them again.
            try:
                create["options"] = parse_cli(option_pairs, ravenry.game(create_game).spec.options)
            except RavenryError as e:
                raise click.BadParameter(str(e), param_hint="-o") from None
            create["variants"] = list(variants)
        if bots:
            try:
                g = ravenry.game(create_game)
                create["bots"] = parse_bots(bots, players or g.info.players[0], g.default_bot)
            except ValueError as e:
                raise click.BadParameter(str(e), param_hint="--bots") from None
            except RavenryError as e:
                raise click.BadParameter(str(e), param_hint="--create") from None
    elif (
        any(x is not None for x in (players, bots, turn_seconds, takeover_bot, takeover_after))
        or option_pairs
        or variants
    ):
        raise click.UsageError("--players, --bots, --turn-seconds, --takeover-*, -o and --variant go with --create")
    # The full-screen client sits above this layer: the CLI hands its runner down in the click context.
    full_screen = (click.get_current_context().obj or {}).get("full_screen_join")
    at_terminal = bool(os.environ.get("TEXTUAL_DRIVER")) or (sys.stdin.isatty() and sys.stdout.isatty())
    try:
        if full_screen is not None and not plain and bot is None and at_terminal:
            full_screen(url, match, index, watch, token, create)
        else:
            event_loop.run(_join(url, match, index, watch, bot, token, seed, create))
    except NetError as e:
        raise click.ClickException(f"{e.message} ({e.code})") from None
    except (KeyboardInterrupt, EOFError):
        raise click.ClickException("left the match (your seat stays yours: join again with the same --seat)") from None


__all__ = ["join", "serve"]
