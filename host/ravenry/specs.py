"""What plugins register: games, variants, bots. The host checks every field before accepting one."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

GAME_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game. ``kind`` is ``bool``, ``int``, ``str`` or ``list`` (of str)."""

    name: str
    kind: type
    default: Any
    help: str = ""
    choices: Sequence[Any] | None = None
    min: int | None = None
    max: int | None = None
    # Turns a given value into the one the match keeps (e.g. a deck file's path into the deck list it holds), so
    # that options, saves and ruleset hashes are self-contained. Must return its own output unchanged; may raise
    # OptionError.
    load: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class GameSpec:
    """A game. Rust games name their core id in ``core``; pure-Python games give ``python_game`` instead
    (a class following ``ravenry.pygame.PythonGame``)."""

    id: str
    title: str
    min_players: int
    max_players: int
    core: str | None = None
    python_game: Any = None  # a class following ravenry.PythonGame
    content: Callable[[], Mapping[str, Any]] | Mapping[str, Any] = field(default_factory=dict)
    options: Sequence[OptionSpec] = ()
    render: Callable[[dict[str, Any], int | None], Any] | None = None
    narrate: Callable[[dict[str, Any]], str] | None = None
    help: str = ""


@dataclass(frozen=True)
class VariantSpec:
    """A named set of option values for an existing game; variants combine when their options agree."""

    game: str
    name: str
    options: Mapping[str, Any]
    title: str = ""
    help: str = ""


@dataclass(frozen=True)
class BotSpec:
    """A Python bot: ``choose(match, seat) -> action code``. ``games`` limits it to some game ids (None: all)."""

    name: str
    # The match is a ravenry.MatchBase; typed as Any because specs sits below the match model (docs/architecture.md).
    choose: Callable[[Any, int], int]
    games: Sequence[str] | None = None
    help: str = ""


@dataclass(frozen=True)
class GameInfo:
    """What ``ravenry.games()`` reports about a registered game."""

    id: str
    title: str
    players: tuple[int, int]
    options: tuple[OptionSpec, ...]
    variants: tuple[str, ...]
    bots: tuple[str, ...]
    plugin: str
    help: str


def plugin_data(package: str, name: str) -> Any:
    """The parsed ``data/<name>.json`` shipped inside ``package`` (read through ``importlib.resources``, so it
    works from a wheel or a zip too): the usual material of a game's ``content``. Each call reads the file and
    returns a fresh object; a caller that needs it often caches it."""
    return json.loads(resources.files(package).joinpath("data", f"{name}.json").read_text(encoding="utf-8"))
