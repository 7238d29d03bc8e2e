"""Ravenry plugin for *Game of Thrones: The Iron Throne* (FFG 2016): content, renderer and narration.

The rules live in the Rust core (``core_rs/src/games/iron_throne``); this package hands the core its content
(the JSON data files in ``data/``) and gives the game its face.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ravenry import GameSpec, OptionSpec, hookimpl, plugin_data

from ravenry_iron_throne.render import narrate_event, render_view

#: Content order: the core indexes houses by their position here (see ``content.rs`` ``HOUSE_FILES``).
HOUSES = ("stark", "lannister", "baratheon", "tyrell", "targaryen")


def load_content() -> dict[str, Any]:
    """The content document the core parses: every house record and the event deck."""
    return {"houses": [plugin_data(__package__, h) for h in HOUSES], "events": plugin_data(__package__, "events")}


@hookimpl
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            id="iron-throne",
            title="Game of Thrones: The Iron Throne",
            min_players=3,
            max_players=5,
            core="iron-throne",
            content=load_content,
            options=[
                OptionSpec(
                    "houses",
                    list,
                    default=[],
                    help="one house per seat in seat order; empty deals distinct houses at random",
                    choices=list(HOUSES),
                ),
                OptionSpec(
                    "label",
                    str,
                    default="house",
                    help="what balance statistics count a seat as: its house, or its house and leader sheet",
                    choices=["house", "leader"],
                ),
            ],
            render=render_view,
            narrate=narrate_event,
            ui="ravenry_iron_throne.ui",
            help=(
                "Five great houses contest the Iron Throne in Cosmic-Encounter-style encounters: an event names "
                "the defender, others offer support, both active players commit a house card in secret "
                "(hostility, truce or betrayal), winners spread influence or gain power, losers bleed crowns "
                "and give hostages. First to spread all 5 influence tokens (or a house wiped out) ends the game; "
                "most influence wins. Truce talks follow a binding protocol: up to 3 proposals each."
            ),
        )
    )
