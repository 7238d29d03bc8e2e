"""A plugin that registers a game id another plugin already has."""

from __future__ import annotations

from collections.abc import Callable

from ravenry import GameSpec, hookimpl


@hookimpl
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            id="fixture",
            title="Another fixture",
            min_players=2,
            max_players=2,
            core="fixture",
            content={"deck": list(range(12)), "hand_size": 2},
        )
    )
    register(GameSpec(id="Bad Id", title="x", min_players=2, max_players=2, core="fixture"))
