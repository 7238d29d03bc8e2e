"""``ravenry.games()`` / ``ravenry.game(id)``: registered games and how to start their matches."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from ravenry import options as opts
from ravenry._core import Ruleset
from ravenry.errors import OptionError, UnknownGame
from ravenry.match import Match, MatchBase
from ravenry.plugins import Registry, registry
from ravenry.pygame import PythonMatch
from ravenry.specs import GameInfo, GameSpec


class Game:
    """A registered game: its spec, its info and a cache of parsed rulesets (one per option set)."""

    def __init__(self, spec: GameSpec, plugin: str) -> None:
        self.spec = spec
        self.plugin = plugin
        self._rulesets: dict[str, Ruleset] = {}

    @property
    def id(self) -> str:
        return self.spec.id

    @cached_property
    def content_json(self) -> str:
        content = self.spec.content() if callable(self.spec.content) else self.spec.content
        return json.dumps(content, sort_keys=True, separators=(",", ":"))

    @cached_property
    def info(self) -> GameInfo:
        reg = registry()
        variants = tuple(sorted(reg.variants.get(self.id, {})))
        core_bots: set[str] = set()
        if self.spec.core is not None:
            core_bots = set(self.ruleset(self.resolve_options(None)).bot_names)
        else:
            core_bots = {"random"}
        bots = tuple(
            sorted(
                name
                for name, b in reg.bots.items()
                if (b.games is None or self.id in b.games)
                and (b.choose.__module__ != "ravenry.builtin" or name in core_bots)
            )
        )
        return GameInfo(
            id=self.id,
            title=self.spec.title,
            players=(self.spec.min_players, self.spec.max_players),
            options=tuple(self.spec.options),
            variants=variants,
            bots=bots,
            plugin=self.plugin,
            help=self.spec.help,
        )

    def resolve_options(self, options: Mapping[str, Any] | None, variants: Iterable[str] = ()) -> dict[str, Any]:
        return opts.resolve(self.id, self.spec.options, options, variants, registry().variants.get(self.id, {}))

    def ruleset(self, options: Mapping[str, Any]) -> Ruleset:
        """The parsed ruleset for a full option set (cached: content is parsed once per option set)."""
        key = json.dumps(options, sort_keys=True)
        rs = self._rulesets.get(key)
        if rs is None:
            rs = Ruleset(*self.ruleset_args(options))
            self._rulesets[key] = rs
        return rs

    def ruleset_args(self, options: Mapping[str, Any]) -> tuple[str, str, str]:
        """``(core game id, content JSON, options JSON)``: all a process needs to build this ruleset with
        ``_core.Ruleset`` (a Ray worker does so without importing the plugin)."""
        if self.spec.core is None:
            raise OptionError(f"{self.id} is a pure-Python game and has no core ruleset")
        return (self.spec.core, self.content_json, json.dumps(options, sort_keys=True))

    def ruleset_hash(self, options: Mapping[str, Any]) -> str:
        if self.spec.core is not None:
            return self.ruleset(options).hash
        cls = self.spec.python_game
        blob = json.dumps([self.id, getattr(cls, "version", "1"), self.content_json, options], sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()

    @property
    def version(self) -> str:
        if self.spec.core is not None:
            return self.ruleset(self.resolve_options(None)).game_version
        return str(getattr(self.spec.python_game, "version", "1"))

    def new_match(
        self,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        variants: Iterable[str] = (),
        meta: Mapping[str, Any] | None = None,
    ) -> MatchBase:
        """A fresh match. ``players`` defaults to the smallest count; all randomness comes from ``seed``."""
        n = self.spec.min_players if players is None else players
        if not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise OptionError(f"seed must be a whole number from 0 to 2**64-1, not {seed!r}")
        variants = tuple(variants)
        full = self.resolve_options(options, variants)
        if self.spec.core is None:
            return PythonMatch(self, n, seed, options=full, variants=variants, meta=dict(meta or {}))
        return Match(self, self.ruleset(full), n, seed, options=full, variants=variants, meta=dict(meta or {}))

    def __repr__(self) -> str:
        return f"<Game {self.id} ({self.spec.title}) from {self.plugin}>"


_games: dict[str, Game] = {}
_games_of: Registry | None = None  # the registry _games was built from; plugins.reload() makes a new one


def clear_cache() -> None:
    _games.clear()


def games() -> list[GameInfo]:
    """Every registered game, by id."""
    return [game(gid).info for gid in sorted(registry().games)]


def game(game_id: str) -> Game:
    """The registered game ``game_id``; ``UnknownGame`` names the ones there are."""
    global _games_of
    reg = registry()
    if reg is not _games_of:  # plugins were reloaded: the cached games may be gone or changed
        _games.clear()
        _games_of = reg
    g = _games.get(game_id)
    if g is not None:
        return g
    spec = reg.games.get(game_id)
    if spec is None:
        known = ", ".join(sorted(reg.games)) or "none (install a game plugin)"
        raise UnknownGame(f"no game {game_id!r} is registered; registered games: {known}")
    g = _games[game_id] = Game(spec, reg.game_plugin[game_id])
    return g
