"""Ravenry plugin for *A Game of Thrones: The Board Game* (FFG, 1st edition) with the *A Storm of Swords* options.

The rules live in the Rust core (``core_rs/src/games/agot_board``); this package hands the core its content
(the JSON data files in ``data/``) and gives the game its face.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ravenry import GameSpec, OptionSpec, VariantSpec, hookimpl, plugin_data

from ravenry_agot_board.render import narrate_event, render_view

#: The content document's parts, one data file each (the core's ``content::load_dir`` reads the same files).
DATA_FILES = ("map", "setup", "cards", "westeros", "wildlings", "tactics", "leaders")

#: (option, variant name, title, help) for the rulebook's named options.
OPTIONS = (
    (
        "sos_house_cards",
        "sos-house-cards",
        "Variant 1: Storm of Swords house cards",
        "The 7 new house cards per house replace the original set (strengths 0-4, new texts).",
    ),
    (
        "sos_westeros",
        "sos-westeros",
        "Variant 2: Storm of Swords Westeros decks",
        "The blue decks I and II and the throne-symbol deck III (with Swing the Sword) replace the originals.",
    ),
    (
        "tactics",
        "tactics",
        "Variant 3: tactics cards",
        "Six tactics per house; each round one is picked in secret with the orders and acts until the next pick.",
    ),
    (
        "leaders",
        "leaders",
        "Variant 4: leaders and prisons",
        "Two leaders per house start at home, add strength, can be captured and executed on Swing the Sword; "
        "the Eyrie, King's Landing and Sunspear neutral forces are 1 stronger. Needs variant 1.",
    ),
    (
        "wildling_cards",
        "wildling-cards",
        "Variant 5: wildling cards",
        "A Wildlings Attack also reveals a wildling card whose effects replace the usual results.",
    ),
    (
        "sos_victory",
        "claims",
        "Victory by claims",
        "8 claims win at once; otherwise most claims after round 10 (ties: cities and strongholds, supply, power).",
    ),
    (
        "sos_three_player",
        "sos-three-player",
        "Storm of Swords three-player game",
        "With 3 players Greyjoy's start becomes neutral forces (one more footman each); Pyke and Flint's Finger "
        "are closed. No effect with 4 or 5 players.",
    ),
)


def load_content() -> dict[str, Any]:
    """The content document the core parses: map, set-up, both house-card sets, decks, wildlings, tactics."""
    return {name: plugin_data(__package__, name) for name in DATA_FILES}


@hookimpl
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            id="agot-board",
            title="A Game of Thrones: The Board Game (with A Storm of Swords options)",
            min_players=3,
            max_players=5,
            core="agot-board",
            content=load_content,
            options=[OptionSpec(name, bool, default=False, help=text) for name, _, _, text in OPTIONS],
            render=render_view,
            ui="ravenry_agot_board.ui",
            narrate=narrate_event,
            help=(
                "Stark, Lannister, Baratheon, Greyjoy and Tyrell fight for Westeros over ten rounds: Westeros cards, "
                "secret orders (march, raid, support, defend, consolidate power), battles with secret house cards "
                "and support, supply, mustering, bidding on the influence tracks and against the wildlings. Most "
                "cities and strongholds wins (7 at once). Storm of Swords options: new house cards and decks, "
                "tactics, leaders and prisons, wildling cards, claims victory, three-player rules."
            ),
        )
    )


@hookimpl
def ravenry_register_variants(register: Callable[[VariantSpec], None]) -> None:
    for option, name, title, text in OPTIONS:
        options = {option: True}
        if option == "leaders":
            options["sos_house_cards"] = True
        register(VariantSpec(game="agot-board", name=name, title=title, options=options, help=text))
