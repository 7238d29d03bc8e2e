"""Matches. ``Match`` subclasses the Rust ``_core.Match`` so the driver loop (``to_act`` → ``legal_actions`` →
``apply``) is one PyO3 call each; ``PythonMatch`` hosts a pure-Python game behind the same API. What both share
(views, events, snapshots, cloning) lives in ``MatchBase``.

A match writes its own save (``dumps``, the design §6 envelope); reading one back needs the game registry, so
that half lives above, in ``ravenry.model.snapshot``. A match knows its game through the ``GameHandle`` it was made
with (a ``ravenry.Game``), never by importing ``ravenry.model.game``: see docs/architecture.md."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

import msgpack

from ravenry._core import Match as CoreMatch
from ravenry._core import Ruleset
from ravenry._core import write_atomic as durable_write
from ravenry.errors import IllegalAction, OptionError, RavenryError
from ravenry.registry.plugins import registry
from ravenry.specs import GameInfo, GameSpec, bot_name, bot_params

FORMAT = 1  # the save format: ravenry.model.snapshot.read refuses any other


class GameHandle(Protocol):
    """What a match uses of its game: a ``ravenry.Game``, typed structurally because ``ravenry.model.game`` (which makes
    matches) sits above this module."""

    spec: GameSpec

    @property
    def id(self) -> str: ...
    @property
    def info(self) -> GameInfo: ...
    @property
    def version(self) -> str: ...
    def ruleset_hash(self, options: Mapping[str, Any]) -> str: ...
    def canonical_options(self, options: Mapping[str, Any]) -> dict[str, Any]: ...
    def extensions_used(self, options: Mapping[str, Any], variants: Iterable[str]) -> dict[str, list[str]]: ...
    def new_match(
        self,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        variants: Iterable[str] = (),
        meta: Mapping[str, Any] | None = None,
    ) -> MatchBase: ...


def unpack(data: bytes) -> Any:
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def envelope(match: MatchBase) -> dict[str, Any]:
    """The save's map (design §6), as Python values."""
    return {
        "ravenry": FORMAT,
        "game": match.game.id,
        "game_version": match.game.version,
        "ruleset_hash": match.game.ruleset_hash(match.options),
        "players": match.players,
        # Expansion options left at their defaults are not written, so such a save loads without the expansion.
        "options": match.game.canonical_options(match.options),
        "variants": list(match.variants),
        "extensions": match.game.extensions_used(match.options, match.variants),
        "seed": match.seed,
        "actions": [list(a) for a in match.history()],
        "state": match.state_msgpack(),
        "meta": match.meta,
    }


def dumps(match: MatchBase) -> bytes:
    """The save file: ``msgpack.packb(envelope(match))``. For a Rust game's match the same bytes are written in one
    pass in Rust (``Match._save_bytes``) around the fields that follow from the game, options and variants,
    packed once per option set (``_fixed_parts``): hashing the ruleset and resolving the expansions on every
    save was most of its cost."""
    if not isinstance(match, CoreMatch):
        return msgpack.packb(envelope(match), use_bin_type=True)
    return _core_dumps(match)


def _core_dumps(match: MatchBase) -> bytes:
    core = cast(CoreMatch, match)
    options, variants = match.options, match.variants
    key = (match.game, core.ruleset, variants)
    types = tuple(map(type, options.values())) if type(options) is dict else None
    try:
        known = _fixed.get(key)
    except TypeError:  # variants that are not a tuple of names
        known = None
    # The same options by value and by type (an option of 1 must not find the parts of True: equal in Python).
    if known is not None and types == known[1] and options == known[0]:
        parts = known[2]
    else:
        parts = _fixed_parts(match)
        if types is not None and _PLAIN.issuperset(types) and type(variants) is tuple:
            if all(type(v) is str for v in variants):
                if len(_fixed) >= _FIXED_MAX:
                    _fixed.clear()
                _fixed[key] = (dict(options), types, parts)
    meta = match.meta
    tail = _EMPTY_META if type(meta) is dict and not meta else b"\xa4meta" + msgpack.packb(meta, use_bin_type=True)
    return core._save_bytes(parts[0], parts[1], tail)


# Option value types whose equal values always pack the same (a float's 0.0 and -0.0 do not, nor lists of 1 and True).
_PLAIN = frozenset({bool, int, str})
_FIXED_MAX = 256
# (game, ruleset, variants) -> (options, their value types, the fixed parts of its saves): one entry per option set
# in use, checked against the match's options by value and type on each save.
_fixed: dict[tuple[Any, ...], tuple[dict[str, Any], tuple[type, ...], tuple[bytes, bytes]]] = {}
_EMPTY_META = b"\xa4meta\x80"


def _fixed_parts(match: MatchBase) -> tuple[bytes, bytes]:
    """The envelope's fields that follow from the game, options and variants, as msgpack, in ``envelope``'s
    order: the map header and the fields before ``players``, then those from ``options`` to before ``seed``."""
    whole = envelope(match)
    head = b"\x8c" + _pack_fields(whole, _ORDER[:4])
    return head, _pack_fields(whole, _ORDER[5:8])


# ``envelope``'s keys in order; Match._save_bytes writes players, seed, actions and state between the parts.
_ORDER = ["ravenry", "game", "game_version", "ruleset_hash", "players", "options", "variants", "extensions"]
_ORDER += ["seed", "actions", "state", "meta"]


def _pack_fields(fields: dict[str, Any], names: list[str]) -> bytes:
    return b"".join(msgpack.packb(k) + msgpack.packb(fields[k], use_bin_type=True) for k in names)


def write_atomic(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` so a crash leaves the old file or the new one, whole: a temporary file (mode
    0600) in the same folder, fsync, rename over ``path``, fsync of the folder. Done in Rust with the GIL
    released (``ravenry._core.write_atomic``), the same code the match server's writer threads run."""
    path.parent.mkdir(parents=True, exist_ok=True)
    durable_write(path, data)
    return path


class MatchBase:
    """The host-side half of every match; subclasses provide the primitive calls."""

    game: GameHandle
    options: dict[str, Any]
    variants: tuple[str, ...]

    @property
    def meta(self) -> dict[str, Any]:
        """Free-form data kept with the match and its saves. Made on first use: a copy of a match whose meta was
        never used copies nothing for it (search and RL code copy matches by the million)."""
        try:
            return self._meta
        except AttributeError:
            self._meta: dict[str, Any] = {}
            return self._meta

    @meta.setter
    def meta(self, value: dict[str, Any]) -> None:
        self._meta = value

    if TYPE_CHECKING:
        # Primitives provided by _core.Match or PythonMatch. Declared only for type checkers: defining them here
        # would shadow the Rust methods, since MatchBase comes first in Match's MRO.
        players: int
        seed: int

        @property
        def to_act(self) -> list[int]: ...
        @property
        def is_over(self) -> bool: ...
        @property
        def outcome(self) -> dict[str, Any] | None: ...
        @property
        def event_count(self) -> int: ...
        @property
        def decisions(self) -> int: ...

        def legal_actions(self, p: int) -> list[int]: ...
        def apply(self, p: int, a: int) -> None: ...
        def describe(self, a: int, seat: int | None = None) -> dict[str, Any]: ...
        def history(self) -> list[tuple[int, int]]: ...
        def state_msgpack(self) -> bytes: ...
        def view_msgpack(self, seat: int | None = None, all: bool = False) -> bytes: ...
        def events_msgpack(self, since: int = 0, seat: int | None = None, all: bool = False) -> bytes: ...
        def bot_action(self, name: str, p: int, seed: int | None = None) -> int: ...
        def clone(self) -> MatchBase: ...

    @property
    def game_id(self) -> str:
        return self.game.id

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What seat ``seat`` may see (``None``: the public, as a spectator sees it)."""
        self._check_seat(seat)
        return unpack(self.view_msgpack(seat))

    def state(self) -> dict[str, Any]:
        """The whole state, hidden information and RNG included (a god view, for tools and tests)."""
        return unpack(self.state_msgpack())

    def events(self, since: int = 0, viewer: int | None = None, all: bool = False) -> list[dict[str, Any]]:
        """Events from index ``since`` on, as ``viewer`` may know them; each has ``index``, ``vis`` and ``event``."""
        self._check_seat(viewer)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise RavenryError(f"since is an event index, a whole number from 0, not {since!r}")
        return unpack(self.events_msgpack(since, viewer, all))

    def actions(self) -> list[dict[str, Any]]:
        """Every legal action of every seat to act now, described: ``[{seat, code, kind, label, fields}]``."""
        out = []
        for p in self.to_act:
            for a in self.legal_actions(p):
                info = self.describe(a, p)
                info["seat"] = p
                out.append(info)
        return out

    def bot(self, name: str, seat: int) -> int:
        """The action bot ``name`` (any registered bot; a spec such as ``ismcts:iterations=200``) would take
        for ``seat`` now."""
        base = bot_name(name)
        spec = registry().bots.get(base)
        if spec is None or (spec.games is not None and self.game.id not in spec.games):
            raise OptionError(f"no bot {base!r} for {self.game.id}; known: {', '.join(self.game.info.bots)}")
        if bot_params(name):
            if spec.with_params is None:
                raise OptionError(f"bot {base!r} takes no parameters (got {name!r})")
            return spec.with_params(name)(self, seat)
        return spec.choose(self, seat)

    def _check_seat(self, seat: int | None) -> None:
        if seat is None:
            return
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise OptionError(f"{self.game.id}: seat must be an int or None, not {type(seat).__name__} {seat!r:.40}")
        if not 0 <= seat < self.players:
            raise OptionError(f"{self.game.id}: there is no seat {seat} in a {self.players}-player match")

    # Snapshots (design §6).
    def to_bytes(self) -> bytes:
        return dumps(self)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the match to ``path`` atomically (a crash mid-write leaves the old file whole)."""
        return write_atomic(Path(path), self.to_bytes())

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"to act: {self.to_act}"
        return f"<Match {self.game.id} players={self.players} seed={self.seed} {state}>"


class Match(MatchBase, CoreMatch):
    """A match of a Rust game."""

    def __new__(cls, game: GameHandle, ruleset: Ruleset, players: int, seed: int, **kw: Any) -> Match:
        made = super().__new__(
            cls, ruleset, players, seed, kw.get("state"), kw.get("source"), kw.get("history"), kw.get("determinize")
        )
        return cast(Match, made)

    def __init__(
        self,
        game: GameHandle,
        ruleset: Ruleset,
        players: int,
        seed: int,
        *,
        options: dict[str, Any],
        variants: tuple[str, ...] = (),
        meta: dict[str, Any] | None = None,
        **_: Any,
    ) -> None:
        self.game = game
        self.options = options
        self.variants = variants
        if meta:
            self.meta = dict(meta)

    def to_bytes(self) -> bytes:
        return _core_dumps(self)

    if TYPE_CHECKING:
        # Inherited from _core.Match (a copy of this class with the host attributes copied, in Rust: the Python
        # side of a copy was most of its cost). Declared for type checkers only, as MatchBase's primitives are.
        def clone(self) -> Match: ...

    def determinize(self, seat: int, seed: int) -> Match:
        """A copy in which everything ``seat`` cannot see is resampled from ``seed``, made in Rust (history
        shared, no event log): what a search bot imagines, and what the honesty check feeds a bot."""
        return Match(
            self.game,
            self.ruleset,
            self.players,
            self.seed,
            source=self,
            determinize=(seat, seed),
            options=dict(self.options),
            variants=self.variants,
        )

    def determinized(self, seat: int, seed: int) -> Match:
        """A copy in which everything ``seat`` cannot see is resampled (for search bots and leak checks)."""
        return Match(
            self.game,
            self.ruleset,
            self.players,
            self.seed,
            state=self.determinized_state(seat, seed),
            history=self.history(),
            options=dict(self.options),
            variants=self.variants,
        )


__all__ = ["Match", "MatchBase", "IllegalAction", "envelope", "unpack"]
