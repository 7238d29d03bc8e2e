"""Plugin discovery (the ``ravenry`` entry-point group) and the registry of what plugins registered.

A broken plugin (import error, bad registration, duplicate id) is recorded as a problem and skipped; it never
takes the host down. ``RAVENRY_PLUGINS=a,b`` pins which entry points load (empty: none).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import pluggy

from ravenry._core import core_games as rust_games
from ravenry.registry import builtin, hookspecs
from ravenry.specs import GAME_ID, BotSpec, GameSpec, OptionSpec, VariantSpec

GROUP = "ravenry"


@dataclass
class PluginRecord:
    """One loaded plugin: where it came from and what it registered."""

    name: str
    distribution: str
    version: str
    module: str
    games: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)


@dataclass
class Registry:
    games: dict[str, GameSpec] = field(default_factory=dict)
    game_plugin: dict[str, str] = field(default_factory=dict)
    variants: dict[str, dict[str, VariantSpec]] = field(default_factory=dict)
    #: game -> variant name -> the distribution that registered it
    variant_plugin: dict[str, dict[str, str]] = field(default_factory=dict)
    #: game -> option name -> (the option a variant added to the game's schema, the distribution that added it)
    added_options: dict[str, dict[str, tuple[OptionSpec, str]]] = field(default_factory=dict)
    bots: dict[str, BotSpec] = field(default_factory=dict)
    plugins: list[PluginRecord] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _pinned() -> set[str] | None:
    raw = os.environ.get("RAVENRY_PLUGINS")
    if raw is None:
        return None
    return {name.strip() for name in raw.split(",") if name.strip()}


def get_plugin_manager() -> tuple[pluggy.PluginManager, dict[str, PluginRecord], list[str]]:
    """A plugin manager with the specs, every allowed entry point and the built-in plugin registered."""
    pm = pluggy.PluginManager("ravenry")
    pm.add_hookspecs(hookspecs)
    records: dict[str, PluginRecord] = {}
    problems: list[str] = []
    pinned = _pinned()
    for ep in sorted(metadata.entry_points(group=GROUP), key=lambda e: e.name):
        if pinned is not None and ep.name not in pinned:
            continue
        dist = ep.dist.name if ep.dist is not None else "?"
        version = ep.dist.version if ep.dist is not None else "?"
        try:
            module = ep.load()
            pm.register(module, name=ep.name)
        except Exception as e:  # a broken plugin must not take the host down
            problems.append(f"plugin {ep.name!r} ({dist}) failed to load: {type(e).__name__}: {e}")
            continue
        records[ep.name] = PluginRecord(ep.name, dist, version, getattr(module, "__name__", str(module)))
    pm.register(builtin, name="builtin")
    records["builtin"] = PluginRecord("builtin", "ravenry", _version(), builtin.__name__)
    pm.check_pending()
    return pm, records, problems


def _version() -> str:
    try:
        return metadata.version("ravenry")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def _owner(pm: pluggy.PluginManager, impl_plugin: Any) -> str:
    return pm.get_name(impl_plugin) or "?"


def collect(pm: pluggy.PluginManager, records: dict[str, PluginRecord], problems: list[str]) -> Registry:
    """Call every registration hook and validate what comes back."""
    reg = Registry(problems=list(problems))
    core_games = set(rust_games())

    def call(hook: Any, make_register: Any) -> None:
        # Registration order (entry points sorted by name, then the built-in), so "first one wins" is stable.
        for impl in hook.get_hookimpls():
            name = _owner(pm, impl.plugin)
            try:
                impl.function(make_register(name))
            except Exception as e:
                reg.problems.append(f"plugin {name!r}: {hook.name} failed: {type(e).__name__}: {e}")

    def game_register(plugin: str) -> Any:
        def register(spec: GameSpec) -> None:
            why = _check_game(spec, core_games)
            if why:
                reg.problems.append(f"plugin {plugin!r}: game {getattr(spec, 'id', spec)!r} refused: {why}")
                return
            if spec.id in reg.games:
                first = reg.game_plugin[spec.id]
                reg.problems.append(
                    f"game id {spec.id!r} registered twice: by {_dist(records, first)} and by {_dist(records, plugin)};"
                    f" kept the first"
                )
                return
            reg.games[spec.id] = spec
            reg.game_plugin[spec.id] = plugin
            if plugin in records:
                records[plugin].games.append(spec.id)

        return register

    def variant_register(plugin: str) -> Any:
        def register(spec: VariantSpec) -> None:
            if not isinstance(spec, VariantSpec):
                reg.problems.append(f"plugin {plugin!r}: register_variants expects a VariantSpec, got {spec!r}")
                return
            pending.append((plugin, spec))

        return register

    def bot_register(plugin: str) -> Any:
        def register(spec: BotSpec) -> None:
            if not isinstance(spec, BotSpec) or not callable(spec.choose) or not spec.name:
                reg.problems.append(f"plugin {plugin!r}: register_bots expects a BotSpec with choose(), got {spec!r}")
                return
            if spec.name in reg.bots:
                reg.problems.append(f"bot {spec.name!r} registered twice; kept the first")
                return
            reg.bots[spec.name] = spec
            if plugin in records:
                records[plugin].bots.append(spec.name)

        return register

    pending: list[tuple[str, VariantSpec]] = []
    call(pm.hook.ravenry_register_games, game_register)
    call(pm.hook.ravenry_register_variants, variant_register)
    call(pm.hook.ravenry_register_bots, bot_register)
    # Options added by expansions first, so a variant may set an option another variant of its plugin adds.
    refused: set[int] = set()
    for i, (plugin, v) in enumerate(pending):
        why = _check_added(v, reg)
        if why:
            reg.problems.append(f"plugin {plugin!r}: variant {v.name!r} refused: {why}")
            refused.add(i)
            continue
        added = reg.added_options.setdefault(v.game, {})
        for o in v.adds_options:
            added.setdefault(o.name, (o, _dist_name(records, plugin)))
    for i, (plugin, v) in enumerate(pending):
        if i in refused:
            continue
        game = reg.games[v.game]
        option_names = {o.name for o in game.options} | set(reg.added_options.get(v.game, {}))
        unknown = [k for k in v.options if k not in option_names]
        if unknown:
            reg.problems.append(f"plugin {plugin!r}: variant {v.name!r} sets unknown options {unknown} of {v.game}")
            continue
        variants = reg.variants.setdefault(v.game, {})
        if v.name in variants:
            reg.problems.append(f"variant {v.name!r} of {v.game} registered twice; kept the first")
            continue
        variants[v.name] = v
        reg.variant_plugin.setdefault(v.game, {})[v.name] = _dist_name(records, plugin)
        if plugin in records:
            records[plugin].variants.append(f"{v.game}:{v.name}")
    reg.plugins = list(records.values())
    return reg


def _check_added(v: VariantSpec, reg: Registry) -> str | None:
    """Why a variant's added options or content cannot be taken (None if they can)."""
    game = reg.games.get(v.game)
    if game is None:
        return f"it is for unknown game {v.game!r}"
    if not (callable(v.content) or isinstance(v.content, Mapping)):
        return f"content must be a dict or a function returning one, not {type(v.content).__name__}"
    own = {o.name for o in game.options}
    for o in v.adds_options:
        if not isinstance(o, OptionSpec) or o.kind not in (bool, int, str, list):
            return f"adds_options takes OptionSpecs of kind bool, int, str or list, not {o!r}"
        if o.name in own:
            return f"it adds option {o.name!r}, which {v.game} already has"
        first = reg.added_options.get(v.game, {}).get(o.name)
        if first is not None and first[0] != o:
            return f"it adds option {o.name!r}, which {first[1]} added differently"
    return None


def _dist_name(records: dict[str, PluginRecord], plugin: str) -> str:
    r = records.get(plugin)
    return r.distribution if r else plugin


def _dist(records: dict[str, PluginRecord], plugin: str) -> str:
    r = records.get(plugin)
    return f"{r.distribution} ({plugin})" if r else plugin


def _check_game(spec: Any, core_games: set[str]) -> str | None:
    if not isinstance(spec, GameSpec):
        return f"register_games expects a GameSpec, got {type(spec).__name__}"
    if not GAME_ID.match(spec.id):
        return "ids are lowercase words joined by '-'"
    if not (1 <= spec.min_players <= spec.max_players <= 16):
        return f"player range {spec.min_players}..{spec.max_players} must lie within 1..16"
    if (spec.core is None) == (spec.python_game is None):
        return "give exactly one of core= (a Rust game id) or python_game="
    if spec.core is not None and spec.core not in core_games:
        return f"the core has no game {spec.core!r} (it has: {', '.join(sorted(core_games))})"
    for o in spec.options:
        if o.kind not in (bool, int, str, list):
            return f"option {o.name!r} has kind {o.kind!r}; use bool, int, str or list"
    return None


_registry: Registry | None = None


def registry() -> Registry:
    """The registry, built once per process (call ``reload()`` after installing plugins). ``reload()`` builds a new
    ``Registry`` object, so a cache built from an old one can tell by identity that it is stale (``ravenry.model.game``
    does; the registry never reaches up to clear caches above it)."""
    global _registry
    if _registry is None:
        _registry = collect(*get_plugin_manager())
        if os.environ.get("RAVENRY_TRACE_PLUGINS"):
            for p in _registry.problems:
                print(f"ravenry: {p}", file=sys.stderr)
    return _registry


def reload() -> Registry:
    global _registry
    _registry = None
    return registry()
