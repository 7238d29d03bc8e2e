"""Hook specifications. Every hook hands the plugin a ``register`` callable, so one plugin can add many things
and the host validates each registration (see docs/plugins.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import click

    from ravenry.specs import BotSpec, GameSpec, VariantSpec

hookspec = pluggy.HookspecMarker("ravenry")
hookimpl = pluggy.HookimplMarker("ravenry")


@hookspec
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    """Register games: call ``register(GameSpec(...))`` once per game."""


@hookspec
def ravenry_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register named option sets of an existing game: ``register(VariantSpec(game=..., name=..., options={...}))``."""


@hookspec
def ravenry_register_bots(register: Callable[[BotSpec], None]) -> None:
    """Register Python-side agents: ``register(BotSpec(name=..., choose=..., games=...))``."""


@hookspec
def ravenry_register_commands(cli: click.Group) -> Any:
    """Add click commands to the ``ravenry`` command group (``@cli.command()``)."""
