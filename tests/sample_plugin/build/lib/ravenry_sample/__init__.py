"""A good plugin: a Python bot, a variant of the fixture game and a CLI command."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
from ravenry import BotSpec, VariantSpec, hookimpl


def lowest(match: Any, seat: int) -> int:
    return min(match.legal_actions(seat))


@hookimpl
def ravenry_register_bots(register: Callable[[BotSpec], None]) -> None:
    register(BotSpec("lowest", lowest, help="always the lowest action code"))


@hookimpl
def ravenry_register_variants(register: Callable[[VariantSpec], None]) -> None:
    register(VariantSpec(game="fixture", name="sample-doubling", options={"doubling": True}))


@hookimpl
def ravenry_register_commands(cli: click.Group) -> None:
    @cli.command("sample-hello")
    def hello() -> None:
        """Say hello from the sample plugin."""
        click.echo("hello from ravenry-sample")
