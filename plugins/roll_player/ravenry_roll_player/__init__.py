"""Roll Player (Thunderworks Games, 2016): registers the game, its four variants, the renderer and narration.

Rules run in the Rust core (``core_rs/src/games/roll_player``); this package supplies the content (JSON data
files under ``data/``, each record marked ``source`` = rulebook / research / designed) and the terminal face.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ravenry import GameSpec, OptionSpec, VariantSpec, hookimpl, plugin_data

from ravenry_roll_player.render import narrate_event, render_view

DATA_FILES = ("races", "classes", "backstories", "alignments", "market")


def load_content() -> dict[str, Any]:
    """The content the Rust core parses: each data file verbatim under its name."""
    return {name: plugin_data(__package__, name) for name in DATA_FILES}


OPTIONS = [
    OptionSpec(
        "class_selection",
        str,
        default="draw",
        choices=["draw", "choose"],
        help="draw: each player draws a die for a class colour; choose: pick classes in reverse turn order",
    ),
    OptionSpec("less_random_setup", bool, default=False, help="variant: one starting die of each colour (+gold dice)"),
    OptionSpec("random_market", bool, default=False, help="variant: shuffle the whole market deck, ignoring dots"),
    OptionSpec("short_game", bool, default=False, help="variant: two more starting dice, no extra starting gold"),
    OptionSpec("friendly_market", bool, default=False, help="variant: taking 2 gold leaves the card in the market"),
]


@hookimpl
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            id="roll-player",
            title="Roll Player",
            min_players=1,
            max_players=4,
            core="roll-player",
            content=load_content,
            options=OPTIONS,
            render=render_view,
            ui="ravenry_roll_player.ui",
            narrate=narrate_event,
            help=(
                "Build a fantasy hero from dice: draft dice from the Initiative cards onto your character sheet, "
                "bend them with attribute actions, buy weapons, armour, traits and skills, and score Reputation "
                "Stars for class goals, backstory, alignment and gear. 1-4 players; one player plays the solo "
                "game against the rival die and is rated on the rulebook's ladder."
            ),
        )
    )


@hookimpl
def ravenry_register_variants(register: Callable[[VariantSpec], None]) -> None:
    register(
        VariantSpec(
            game="roll-player",
            name="less-random-setup",
            title="Less random setup",
            options={"less_random_setup": True},
            help="Each player starts with one die of every player colour, plus 1 (3 players) or 2 (4) gold dice.",
        )
    )
    register(
        VariantSpec(
            game="roll-player",
            name="random-market",
            title="Random market deck",
            options={"random_market": True},
            help="Shuffle all market cards together, ignoring the one- and two-dot groups.",
        )
    )
    register(
        VariantSpec(
            game="roll-player",
            name="short-game",
            title="Short game",
            options={"short_game": True},
            help="Two extra starting dice (players + 6); no extra starting gold for the 3rd and 4th players.",
        )
    )
    register(
        VariantSpec(
            game="roll-player",
            name="friendly-market",
            title="Friendly market",
            options={"friendly_market": True},
            help="Taking 2 gold instead of buying does not discard a market card.",
        )
    )
