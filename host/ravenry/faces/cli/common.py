"""What the command families share: the console and ``--json`` output, the full-screen client, and the option
groups that several commands take alike."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import click
from rich.console import Console

import ravenry
from ravenry.faces import render
from ravenry.model.options import parse_cli
from ravenry.words import seat_range


def console() -> Console:
    return render.console()


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))


def tui() -> Any:
    # Here, not at the top (start-up cost, not a circle): Textual and the network client it plays through load
    # only for the full-screen commands, so `ravenry list`, `info` or `sim` start as quickly as before.
    from ravenry.faces import tui

    return tui


def game_options(game: str, pairs: tuple[str, ...]) -> dict[str, Any]:
    """``-o name=value`` pairs read against ``game``'s option schema."""
    return parse_cli(pairs, ravenry.game(game).options)


def seat_indices(typed: tuple[int, ...], players: int, hint: str = "--seat") -> list[int]:
    """Seats as typed (numbered from 1, as every screen numbers them) as the API's indices (from 0); a number
    outside the match is refused in one line."""
    wrong = sorted({s for s in typed if not 1 <= s <= players})
    if wrong:
        raise click.BadParameter(
            f"{', '.join(map(str, wrong))}: {seat_range(players)} ({players} players)", param_hint=hint
        )
    return [s - 1 for s in typed]


def full_screen(plain: bool) -> bool:
    """The Textual client unless ``--plain`` or not at a terminal (a pipe, a script, a test runner); always
    under textual-serve (``ravenry web``), whose driver draws to a browser through pipes."""
    if plain:
        return False
    return bool(os.environ.get("TEXTUAL_DRIVER")) or (sys.stdin.isatty() and sys.stdout.isatty())


def ask(prompt: str) -> str:
    return str(click.prompt(prompt, default="", show_default=False))


def pace(delay: float | None) -> float:
    return delay if delay is not None else (1.0 if sys.stdout.isatty() else 0.0)


def backend_options(f: Any) -> Any:
    """The options sim and tournament share for where matches run."""
    for option in (
        click.option("--address", help="with --backend ray: the cluster's address (default: start a local Ray)"),
        click.option(
            "--backend",
            type=click.Choice(["local", "ray"]),
            default="local",
            show_default=True,
            help='where matches run; ray needs pip install "ravenry[ray]"',
        ),
    ):
        f = option(f)
    return f


def new_match_options(f: Any) -> Any:
    """The options play and watch share for starting a match."""
    for option in (
        click.option("--variant", "variants", multiple=True, help="a named variant (repeatable)"),
        click.option("-o", "--option", "option_pairs", multiple=True, help="game option name=value"),
        click.option("--seed", type=int, help="match seed (default: random)"),
    ):
        f = option(f)
    return f


def plain_option(f: Any) -> Any:
    return click.option("--plain", is_flag=True, help="line mode (scripts, screen readers, pipes), not full screen")(f)


def delay_option(f: Any) -> Any:
    return click.option(
        "--delay",
        type=click.FloatRange(0, 60),
        help="seconds between moves (default: 1 at a terminal, 0 in a pipe)",
    )(f)
