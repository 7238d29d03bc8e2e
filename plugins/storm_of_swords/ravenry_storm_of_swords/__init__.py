"""Ravenry plugin for *A Storm of Swords* (FFG 2006) on the original board of *A Game of Thrones: The Board Game*.

An expansion sold apart from the base game, so a plugin apart from ``ravenry-agot-board``: it adds the
rulebook's options to the ``agot-board`` game and hands the core the expansion's content (the SoS house cards,
Westeros decks, wildling cards, tactics, leaders and the original-board rules, in ``data/``). The rules that use
them are in the Rust core (``core_rs/src/games/agot_board``), which refuses every option here without this
content.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ravenry import OptionSpec, VariantSpec, hookimpl, plugin_data

#: The game these options extend.
GAME = "agot-board"

#: The expansion's content parts, one data file each (the core's ``content::load_dir`` reads the same files).
DATA_FILES = ("house_cards", "westeros", "wildlings", "tactics", "leaders", "original_board")

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
        "With 3 players Greyjoy's start becomes neutral forces (one more footman in each land area); Pyke and "
        "Flint's Finger are closed. No effect with 4 or 5 players.",
    ),
)


def load_content() -> dict[str, Any]:
    """The extra content handed to the core whenever one of these variants is in force."""
    return {"storm_of_swords": {name: plugin_data(__package__, name) for name in DATA_FILES}}


@hookimpl
def ravenry_register_variants(register: Callable[[VariantSpec], None]) -> None:
    for option, name, title, text in OPTIONS:
        options = {option: True}
        if option == "leaders":
            options["sos_house_cards"] = True
        register(
            VariantSpec(
                game=GAME,
                name=name,
                title=title,
                options=options,
                help=text,
                adds_options=[OptionSpec(option, bool, default=False, help=text)],
                content=load_content,
            )
        )
