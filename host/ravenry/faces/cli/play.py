"""``ravenry play``, ``watch``, ``resume`` and ``replay``: one match at this terminal, full screen (the Textual
client) or in line mode (``--plain``, or not at a terminal), saved with ``--save``."""

from __future__ import annotations

from pathlib import Path

import click

import ravenry
from ravenry.faces import line_mode, render, seats
from ravenry.faces.cli.common import (
    ask,
    console,
    delay_option,
    full_screen,
    game_options,
    new_match_options,
    pace,
    plain_option,
    seat_indices,
    tui,
)
from ravenry.specs import split_bots


def _bot_match(
    game: str, players: int | None, bots: str, seed: int | None, pairs: tuple[str, ...], variants: tuple[str, ...]
) -> tuple[ravenry.MatchBase, str]:
    """The new match and its bots, a spec the game does not take refused as a bad ``--bots``."""
    specs = seats.bots_for(game, bots)
    try:
        seats.check_bots(game, specs)
    except ravenry.OptionError as e:
        raise click.BadParameter(str(e), param_hint="--bots") from None
    return seats.new_match(game, players, seed, game_options(game, pairs), variants), ",".join(specs)


@click.command()
@click.argument("game")
@click.option("--players", type=int, help="players (default: the game's minimum)")
@click.option(
    "--seat", "human", type=int, multiple=True, help="a human seat, numbered from 1 (repeatable; default: seat 1)"
)
@click.option("--bots", default="heuristic", show_default=True, help="bots for the other seats, cycled")
@new_match_options
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), help="autosave here after every action")
@plain_option
def play(
    game: str,
    players: int | None,
    human: tuple[int, ...],
    bots: str,
    seed: int | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
    save: Path | None,
    plain: bool,
) -> None:
    """Play in the terminal against bots (several --seat: hotseat, passing the device between turns)."""
    m, bots = _bot_match(game, players, bots, seed, option_pairs, variants)
    seating = line_mode.seating(m.players, seat_indices(human or (1,), m.players), split_bots(bots))
    if full_screen(plain):
        tui().local_app(m, seating, save).run()
        return
    line_mode.play(m, seating, console(), ask, save)


@click.command()
@click.argument("game")
@click.option("--players", type=int, help="players (default: the game's minimum)")
@click.option("--bots", default="heuristic", show_default=True, help="bots for the seats, cycled")
@new_match_options
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), help="save here after every action")
@delay_option
@plain_option
def watch(
    game: str,
    players: int | None,
    bots: str,
    seed: int | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
    save: Path | None,
    delay: float | None,
    plain: bool,
) -> None:
    """Watch bots play a match, narrated as a spectator sees it (Space pauses, n steps)."""
    m, bots = _bot_match(game, players, bots, seed, option_pairs, variants)
    seating = line_mode.seating(m.players, [], split_bots(bots))
    if full_screen(plain):
        tui().local_app(m, seating, save, pace(delay)).run()
        return
    m = line_mode.play(m, seating, console(), ask, save, delay=pace(delay))
    console().print(render.view(m, None))


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--verify", is_flag=True, help="refuse the save if replaying it from the seed disagrees with its state")
@plain_option
def resume(file: Path, verify: bool, plain: bool) -> None:
    """Continue a saved match (autosaving back to FILE), its story so far replayed from the seed."""
    try:
        m = ravenry.load_match(file, verify=True)  # the replay from the seed brings back the events told so far
    except ravenry.SnapshotError as e:
        if verify or "verify:" not in str(e):
            raise
        m = ravenry.load_match(file)
        console().print(f"[yellow]the story before this point is not shown: {e}[/]")
    saved = m.meta.get("seats") or {"0": None}
    seating = {int(p): b for p, b in saved.items()}
    for p in range(m.players):
        seating.setdefault(p, "random")
    if full_screen(plain):
        tui().local_app(m, seating, file).run()
        return
    line_mode.play(m, seating, console(), ask, file)


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seat", type=int, help="narrate as this seat (from 1) sees it (default: the public)")
@click.option("--all", "show_all", is_flag=True, help="show everything: every action, event and hidden card")
@click.option("--step", is_flag=True, help="wait for enter after each action")
@click.option("--verify", is_flag=True, help="also check that the replay reproduces the saved state")
@delay_option
@plain_option
def replay(
    file: Path, seat: int | None, show_all: bool, step: bool, verify: bool, delay: float | None, plain: bool
) -> None:
    """Step through a saved match from its seed, showing only what one seat (or the public) may know (full
    screen: Space pauses, n steps; --all is the line mode's)."""
    saved = ravenry.load_match(file, verify=verify)
    viewer = None if seat is None else seat_indices((seat,), saved.players)[0]
    fresh = saved.game.new_match(saved.players, saved.seed, saved.options, saved.variants)
    if full_screen(plain) and not show_all:
        tui().replay_app(fresh, saved.history(), viewer, pace(delay), paused=step).run()
        return
    line_mode.replay(fresh, saved.history(), console(), ask if step else None, viewer, show_all)
