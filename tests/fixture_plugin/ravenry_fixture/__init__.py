"""Test-only plugin: registers the core's ``fixture`` game and ``race-to-ten``, a pure-Python game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ravenry import GameSpec, OptionSpec, VariantSpec, hookimpl

from ravenry_fixture.coin import Coin
from ravenry_fixture.race import RaceToTen


def render(view: dict[str, Any], seat: int | None) -> str:
    hand = view["hands"][seat] if seat is not None else None
    return f"scores {view['scores']}  deck {view['deck_size']}  your hand {hand}"


def narrate(event: dict[str, Any], view: dict[str, Any] | None) -> str:
    ((kind, body),) = event["event"].items() if isinstance(event["event"], dict) else ((event["event"], {}),)
    return f"{kind} {body}"


@hookimpl
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            id="fixture",
            title="Fixture (test game)",
            min_players=2,
            max_players=4,
            core="fixture",
            content={"deck": list(range(1, 17)), "hand_size": 3},
            options=[OptionSpec("doubling", bool, default=False, help="the leader may double each round")],
            render=render,
            narrate=narrate,
            help="Hidden hands, a secret simultaneous commit and a die roll: exercises every engine contract.",
        )
    )
    register(
        GameSpec(
            id="race-to-ten",
            title="Race to Ten (pure-Python test game)",
            min_players=2,
            max_players=3,
            python_game=RaceToTen,
            options=[OptionSpec("target", int, default=10, min=3, max=30, help="the total to reach")],
            help="Players add 1 or 2 to a shared total in turn; whoever reaches the target wins.",
        )
    )
    register(
        GameSpec(
            id="coin",
            title="Rigged coin (pure-Python test game)",
            min_players=2,
            max_players=4,
            python_game=Coin,
            options=[OptionSpec("bias", int, default=500, min=0, max=1000, help="seat 0's chance to win, per mille")],
            help="Seat 0 flips a coin that it wins with a known chance: a balance study's known answer.",
        )
    )


@hookimpl
def ravenry_register_variants(register: Callable[[VariantSpec], None]) -> None:
    register(VariantSpec(game="fixture", name="high-stakes", options={"doubling": True}, title="High stakes"))
