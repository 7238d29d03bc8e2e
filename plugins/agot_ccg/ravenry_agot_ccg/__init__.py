"""A Game of Thrones CCG, 1st edition (Winter Edition): registers the game, its renderer and narration.

Rules run in the Rust core (``core_rs/src/games/agot_ccg``); this package supplies the content (JSON data files
under ``data/``: ``cards.json`` with every card of the pool, ``decks.json`` with the six House decks;
each record marked ``source`` = rulebook / research / designed) and the terminal face.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
from ravenry import GameSpec, OptionSpec, VariantSpec, hookimpl, plugin_data

from ravenry_agot_ccg.decklists import problems, register_commands
from ravenry_agot_ccg.render import narrate_event, render_view

HOUSES = ["stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell"]


def load_content() -> dict[str, Any]:
    """The content the Rust core parses: ``{"cards": [...], "decks": [...]}``."""
    return {"cards": plugin_data(__package__, "cards")["cards"], "decks": plugin_data(__package__, "decks")["decks"]}


OPTIONS = [
    OptionSpec(
        "decks",
        list,
        default=[],
        help="decks for the first seats, in seat order: a House name (" + ", ".join(HOUSES) + ") for its "
        "designed deck, or a deck-list file a player brings (checked against the deck rules); seats not named get "
        "distinct other Houses at random",
        path=True,
        check_file=problems,
    ),
    OptionSpec(
        "deck",
        str,
        default="",
        help="the first seat's deck: a House name or a deck-list file (the same as naming it first in 'decks')",
        path=True,
        check_file=problems,
    ),
    OptionSpec(
        "round_limit",
        int,
        default=0,
        min=0,
        max=100,
        help="a tournament time limit as a number of rounds, 1-100: when it runs out the most power wins "
        "(the 'tournament' variant plays the 45-minute limit as 10 rounds). 0, the default, is the rulebook's game: "
        "no limit",
    ),
    OptionSpec(
        "without",
        list,
        default=[],
        help="cards (by name or code) taken out of every draw deck, every copy: restricted play, for asking what "
        "a card is worth ('ravenry balance agot-ccg --without \"Bloody Trident\"'); the decks play that many "
        "cards short",
    ),
]


@hookimpl
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            id="agot-ccg",
            title="A Game of Thrones CCG (1st edition)",
            min_players=2,
            max_players=4,
            core="agot-ccg",
            content=load_content,
            options=OPTIONS,
            render=render_view,
            narrate=narrate_event,
            ui="ravenry_agot_ccg.ui",
            help=(
                "Each player leads a Great House of Westeros with a House deck and seven plots. Every round all "
                "reveal a plot at once, draw, marshal characters, locations and attachments with the plot's gold, "
                "then launch military, intrigue and power challenges against any rival to kill characters, strip "
                "cards from hands and take power. The strongest standing force wins dominance. The first House "
                "with 15 power wins; five cursed cards in your dead pile eliminate you. 2-4 players; Stark, Lannister, "
                "Baratheon, Targaryen, Greyjoy and Martell decks built from the Winter Edition."
            ),
        )
    )


@hookimpl
def ravenry_register_variants(register: Callable[[VariantSpec], None]) -> None:
    register(
        VariantSpec(
            game="agot-ccg",
            name="first-game",
            title="First game: Stark against Lannister",
            options={"decks": ["stark", "lannister"]},
            help="The rulebook's suggestion for a first game: House Stark against House Lannister (seats 1 and 2; "
            "any further seats get the other Houses).",
        )
    )
    register(
        VariantSpec(
            game="agot-ccg",
            name="tournament",
            title="Tournament time limit",
            options={"round_limit": 10},
            help="The rulebook's tournament rule (Come ci si prepara ai Tornei): when the 45-minute limit runs out "
            "the House with the most power wins. Played here as 10 rounds, which heuristic games rarely reach.",
        )
    )


@hookimpl
def ravenry_register_commands(cli: click.Group) -> None:
    register_commands(cli)
