"""Ravenry plugin for *A Game of Thrones: The Board Game* (FFG, 1st edition), the base game.

The rules live in the Rust core (``core_rs/src/games/agot_board``); this package hands the core its content
(the JSON data files in ``data/``) and gives the game its face. The *A Storm of Swords* options come from their
own plugin, ``ravenry-storm-of-swords``, which registers them onto this game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ravenry import GameSpec, hookimpl, plugin_data

from ravenry_agot_board.render import narrate_event, render_view

#: The content document's parts, one data file each (the core's ``content::load_dir`` reads the same files).
DATA_FILES = ("map", "setup", "cards", "westeros")


def load_content() -> dict[str, Any]:
    """The content document the core parses: map, set-up, the original house cards and Westeros decks."""
    return {name: plugin_data(__package__, name) for name in DATA_FILES}


@hookimpl
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            id="agot-board",
            title="A Game of Thrones: The Board Game",
            min_players=3,
            max_players=5,
            core="agot-board",
            content=load_content,
            render=render_view,
            ui="ravenry_agot_board.ui",
            narrate=narrate_event,
            help=(
                "Stark, Lannister, Baratheon, Greyjoy and Tyrell fight for Westeros over ten rounds: Westeros cards, "
                "secret orders (march, raid, support, defend, consolidate power), battles with secret house cards "
                "and support, supply, mustering, bidding on the influence tracks and against the wildlings. Most "
                "cities and strongholds wins (7 at once). Install ravenry-storm-of-swords for the A Storm of Swords "
                "options (new house cards and decks, tactics, leaders and prisons, wildling cards, claims victory, "
                "three-player rules)."
            ),
        )
    )
