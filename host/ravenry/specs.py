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
    #: A path kind: a value (or an entry of a list) may name a file on this machine, which the local command line
    #: (``-o name=PATH``) reads into its text; the match, its saves and the network only ever see text. Anywhere
    #: else (the Python API, a network client) an entry that looks like a path is refused, never opened.
    path: bool = False
    #: For a path kind: the problems of a file's text, each naming the file (given as its second argument), so a
    #: bad file read by the command line is reported by its name rather than by the seat it was meant for.
    check_file: Callable[[str, str], list[str]] | None = None


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
    #: One line of the story for an event, given the viewer's current view (``None`` when there is none) to name
    #: seats and cards by. A pure function: one process narrates many matches (a server's tables), so a narrator
    #: keeps nothing between calls.
    narrate: Callable[[dict[str, Any], dict[str, Any] | None], str] | None = None
    help: str = ""
    #: The module of the game's Textual widgets (``"ravenry_<game>.ui"``, exporting ``UI``, a subclass of
    #: ``ravenry.tui.GameUI``), imported only by the full-screen client so nothing else needs Textual.
    ui: str | None = None


@dataclass(frozen=True)
class VariantSpec:
    """A named set of option values for an existing game; variants combine when their options agree.

    A plugin that extends another plugin's game (an expansion) also brings ``adds_options`` (options the game
    does not have without it; their defaults must leave the game as it is) and ``content`` (a JSON-serialisable
    dict, or a function returning one, merged into the game's content document whenever this variant's option
    values are all in force, so a ruleset without the expansion's options is the same with or without it)."""

    game: str
    name: str
    options: Mapping[str, Any]
    title: str = ""
    help: str = ""
    adds_options: Sequence[OptionSpec] = ()
    content: Callable[[], Mapping[str, Any]] | Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class BotSpec:
    """A Python bot: ``choose(match, seat) -> action code``. ``games`` limits it to some game ids (None: all).

    A bot that takes parameters (``name:key=value,...``) gives ``with_params(spec) -> choose``; it gets the
    whole spec text and raises ``OptionError`` for a bad one. Bots without it refuse parameters."""

    name: str
    # The match is a ravenry.MatchBase; typed as Any because specs sits below the match model (docs/architecture.md).
    choose: Callable[[Any, int], int]
    games: Sequence[str] | None = None
    help: str = ""
    with_params: Callable[[str], Callable[[Any, int], int]] | None = None


def bot_name(spec: str) -> str:
    """The bot a spec names: ``ismcts`` for ``ismcts:iterations=200,c=0.7``."""
    return spec.partition(":")[0].strip()


def bot_params(spec: str) -> str:
    """The parameter text of a spec (``iterations=200,c=0.7``), empty if none."""
    return spec.partition(":")[2].strip()


def split_bots(text: str) -> list[str]:
    """A comma-separated list of bot specs: ``ismcts:iterations=200,c=0.7,heuristic`` is two bots,
    ``ismcts:iterations=200,c=0.7`` and ``heuristic``. A ``key=value`` part continues the spec before it; any
    other part starts a new one."""
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if "=" in part and ":" not in part and out:
            sep = "," if bot_params(out[-1]) else ("" if out[-1].endswith(":") else ":")
            out[-1] = f"{out[-1]}{sep}{part}"
        else:
            out.append(part)
    return out


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
    #: variant name -> the distribution that registered it
    variant_plugins: Mapping[str, str] = field(default_factory=dict)


def plugin_data(package: str, name: str) -> Any:
    """The parsed ``data/<name>.json`` shipped inside ``package`` (read through ``importlib.resources``, so it
    works from a wheel or a zip too): the usual material of a game's ``content``. Each call reads the file and
    returns a fresh object; a caller that needs it often caches it."""
    return json.loads(resources.files(package).joinpath("data", f"{name}.json").read_text(encoding="utf-8"))
