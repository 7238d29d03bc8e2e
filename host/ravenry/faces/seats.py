"""Seating bots for a match started from a face (``ravenry play`` and ``watch``): the bot specs, a game without a
heuristic bot getting random in its place, each checked against the game, and the new match to seat them at."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

import ravenry
from ravenry.model.policy import importable, register_imported
from ravenry.specs import bot_name, split_bots


def bot_specs(text: str) -> list[str]:
    """Comma-separated bot specs as typed on the command line; a ``package.module:function`` one is imported and
    registered as a policy bot under that spec (the command line's own; a network client's names never are)."""
    return [register_imported(b) if importable(b) else b for b in split_bots(text)]


def bots_for(game: str, bots: str) -> list[str]:
    """``bots`` (comma-separated specs) with ``heuristic`` read as ``random`` where ``game`` has no heuristic bot."""
    g = ravenry.game(game)
    return [g.default_bot if bot_name(b) == "heuristic" else b for b in bot_specs(bots)]


def check_bots(game: str, specs: list[str]) -> None:
    """``OptionError`` naming the first spec ``game`` does not take, and what would be valid."""
    for b in specs:
        ravenry.game(game).check_bot(b)


def new_match(
    game: str, players: int | None, seed: int | None, options: dict[str, Any], variants: Iterable[str]
) -> ravenry.MatchBase:
    """A new match of ``game``, from a random seed unless one is given."""
    return ravenry.game(game).new_match(players, secrets.randbits(63) if seed is None else seed, options, variants)
