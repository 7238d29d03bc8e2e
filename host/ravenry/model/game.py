"""``ravenry.games()`` / ``ravenry.game(id)``: registered games and how to start their matches."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from ravenry._core import Ruleset
from ravenry.errors import OptionError, UnknownGame
from ravenry.model import options as opts
from ravenry.model.match import Match, MatchBase
from ravenry.model.python_game import PythonMatch
from ravenry.registry.plugins import Registry, registry
from ravenry.specs import GameInfo, GameSpec, OptionSpec, VariantSpec, bot_name, bot_params


class Game:
    """A registered game: its spec, its info and a cache of parsed rulesets (one per option set)."""

    def __init__(self, spec: GameSpec, plugin: str) -> None:
        self.spec = spec
        self.plugin = plugin
        self._rulesets: dict[str, Ruleset] = {}
        self._extra_content: dict[object, Mapping[str, Any]] = {}

    @property
    def id(self) -> str:
        return self.spec.id

    @cached_property
    def _base_content(self) -> Mapping[str, Any]:
        return self.spec.content() if callable(self.spec.content) else self.spec.content

    @cached_property
    def _registry(self) -> Registry:
        # The registry this game was found in, kept: a match keeps its schema and content across plugins.reload().
        return registry()

    @cached_property
    def _added(self) -> dict[str, tuple[OptionSpec, str]]:
        return dict(self._registry.added_options.get(self.id, {}))

    @cached_property
    def options(self) -> tuple[OptionSpec, ...]:
        """The game's option schema: its own options, then those its installed expansions add."""
        return tuple(self.spec.options) + tuple(spec for spec, _ in self._added.values())

    def canonical_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` without the expansion options left at their defaults: what rulesets and saves are keyed
        on, so a match that uses no expansion is the same whether the expansion is installed or not."""
        added = self._added
        return {k: v for k, v in options.items() if k not in added or v != added[k][0].default}

    def content_json_for(self, options: Mapping[str, Any]) -> str:
        """The content document for a full option set: the game's own content plus the extra content of every
        variant whose option values are all in force (merged in variant-name order; a top-level part two
        variants give differently is refused)."""
        doc = dict(self._base_content)
        given_by: dict[str, str] = {}
        for name, v in sorted(self._registry.variants.get(self.id, {}).items()):
            if not v.content or not all(options.get(k) == val for k, val in v.options.items()):
                continue
            for key, part in self._variant_content(v).items():
                if key in doc and doc[key] != part:
                    first = given_by.get(key, self.plugin)
                    raise OptionError(f"{self.id}: variant {name!r} and {first} give different content {key!r}")
                doc[key] = part
                given_by.setdefault(key, f"variant {name!r}")
        return json.dumps(doc, sort_keys=True, separators=(",", ":"))

    def _variant_content(self, v: VariantSpec) -> Mapping[str, Any]:
        # A content function is called once per process, like the game's own (variants may share one).
        key = v.content if callable(v.content) else v.name
        got = self._extra_content.get(key)
        if got is None:
            got = self._extra_content[key] = v.content() if callable(v.content) else v.content
        return got

    def extensions_used(self, options: Mapping[str, Any], variants: Iterable[str]) -> dict[str, list[str]]:
        """What a match takes from distributions other than the game's own: distribution -> the variant names
        and the non-default added options it uses (saves keep it, so a missing expansion can be named)."""
        reg = self._registry
        own = next((p.distribution for p in reg.plugins if p.name == self.plugin), self.plugin)
        out: dict[str, set[str]] = {}
        for name in variants:
            dist = reg.variant_plugin.get(self.id, {}).get(name)
            if dist is not None and dist != own:
                out.setdefault(dist, set()).add(name)
        added = self._added
        for key in self.canonical_options(options):
            if key in added:
                out.setdefault(added[key][1], set()).add(key)
        return {dist: sorted(names) for dist, names in sorted(out.items())}

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
                and (b.choose.__module__ != "ravenry.registry.builtin" or name in core_bots)
            )
        )
        return GameInfo(
            id=self.id,
            title=self.spec.title,
            players=(self.spec.min_players, self.spec.max_players),
            options=self.options,
            variants=variants,
            bots=bots,
            plugin=self.plugin,
            help=self.spec.help,
            variant_plugins=dict(sorted(reg.variant_plugin.get(self.id, {}).items())),
        )

    @property
    def default_bot(self) -> str:
        """The bot a seat gets when none is named: the game's heuristic where it has one, else random."""
        return "heuristic" if "heuristic" in self.info.bots else "random"

    def check_bot(self, spec: str) -> None:
        """Raise ``OptionError`` unless ``spec`` (``heuristic``, ``ismcts:iterations=200``) names a bot of this
        game with valid parameters; the message lists what would be valid."""
        name = bot_name(spec)
        if name not in self.info.bots:
            raise OptionError(f"{self.id} has no bot {name!r}; known bots: {', '.join(self.info.bots)}")
        b = registry().bots[name]
        if self.spec.core is not None and b.choose.__module__ == "ravenry.registry.builtin":
            self.ruleset(self.resolve_options(None)).check_bot(spec)
        elif bot_params(spec) and b.with_params is None:
            raise OptionError(f"bot {name!r} takes no parameters (got {spec!r})")

    def resolve_options(self, options: Mapping[str, Any] | None, variants: Iterable[str] = ()) -> dict[str, Any]:
        return opts.resolve(self.id, self.options, options, variants, registry().variants.get(self.id, {}))

    def ruleset(self, options: Mapping[str, Any]) -> Ruleset:
        """The parsed ruleset for a full option set (cached: content is parsed once per option set). The core
        gets the canonical options and the content those options call for, so both are in the ruleset hash."""
        key = json.dumps(self.canonical_options(options), sort_keys=True)
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
        return (
            self.spec.core,
            self.content_json_for(options),
            json.dumps(self.canonical_options(options), sort_keys=True),
        )

    def ruleset_hash(self, options: Mapping[str, Any]) -> str:
        if self.spec.core is not None:
            return self.ruleset(options).hash
        cls = self.spec.python_game
        canonical = self.canonical_options(options)
        blob = json.dumps(
            [self.id, getattr(cls, "version", "1"), self.content_json_for(options), canonical], sort_keys=True
        )
        return hashlib.sha256(blob.encode()).hexdigest()

    @cached_property
    def version(self) -> str:
        """The game's rules version (every save names it; one per game, whatever the options)."""
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
        variants = opts.variant_names(self.id, variants)
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
