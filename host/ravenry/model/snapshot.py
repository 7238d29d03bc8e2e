"""Save files (design §6): one versioned, self-describing msgpack map; loading checks everything it can.

Writing a save is the match's own job (``ravenry.model.match.dumps``, re-exported here with ``FORMAT`` and
``write_atomic``); this module reads, checks and loads saves, which needs the game registry, so it sits at the
top of the match model (docs/architecture.md)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import msgpack

from ravenry._core import Ruleset, parse_save
from ravenry.errors import RavenryError, SnapshotError
from ravenry.model.game import Game
from ravenry.model.game import game as get_game
from ravenry.model.match import FORMAT, Match, MatchBase, dumps, unpack, write_atomic
from ravenry.model.python_game import PythonMatch

_T = TypeVar("_T")

FIELDS = {
    "ravenry": int,
    "game": str,
    "game_version": str,
    "ruleset_hash": str,
    "players": int,
    "options": dict,
    "variants": list,
    "seed": int,
    "actions": list,
    "state": bytes,
    "meta": dict,
}


def read(source: bytes | str | os.PathLike[str]) -> dict[str, Any]:
    """Decode and check the envelope of a save (bytes or a path)."""
    return check(*_bytes_of(source))


def _bytes_of(source: bytes | str | os.PathLike[str]) -> tuple[bytes, str]:
    """A save's bytes, and how messages name it."""
    if type(source) is bytes:
        return source, "the data"
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), "the data"
    if not isinstance(source, (str, os.PathLike)):
        raise SnapshotError(f"a save is bytes or a file's path, not {type(source).__name__}")
    where = str(source)
    try:
        return Path(source).read_bytes(), where
    except (OSError, ValueError) as e:  # ValueError: a path with a NUL in it
        raise SnapshotError(f"cannot read {where}: {getattr(e, 'strerror', None) or e}") from e


def check(raw: bytes, where: str) -> dict[str, Any]:
    """Decode a save's bytes and check its envelope; ``where`` names it in messages."""
    try:
        data = msgpack.unpackb(raw, raw=False, strict_map_key=False)
    except Exception as e:
        raise SnapshotError(f"{where} is not a Ravenry save (not msgpack, or truncated: {type(e).__name__})") from e
    if not isinstance(data, dict) or "ravenry" not in data:
        raise SnapshotError(f"{where} is not a Ravenry save (no 'ravenry' format field)")
    if data["ravenry"] != FORMAT:
        raise SnapshotError(f"{where} is save format {data['ravenry']!r}; this Ravenry reads format {FORMAT}")
    for name, kind in FIELDS.items():
        if name not in data:
            raise SnapshotError(f"{where} has no {name!r} field")
        if not isinstance(data[name], kind) or (kind is int and isinstance(data[name], bool)):
            raise SnapshotError(f"{where}: field {name!r} should be {kind.__name__}, not {type(data[name]).__name__}")
    for a in data["actions"]:
        if not (isinstance(a, list) and len(a) == 2 and all(_is_int(x) for x in a)):
            raise SnapshotError(f"{where}: actions must be [seat, code] pairs, found {_short(a)}")
        if not (0 <= a[0] < 256 and 0 <= a[1] < 2**32):
            raise SnapshotError(f"{where}: action {_short(a)} is out of range (seats 0 to 255, codes 0 to 2**32-1)")
    if not 0 <= data["seed"] < 2**64:
        raise SnapshotError(f"{where}: seed {data['seed']} is out of range")
    if not 1 <= data["players"] < 256:
        raise SnapshotError(f"{where}: players {data['players']} is not a player count")
    if not all(isinstance(v, str) for v in data["variants"]):
        raise SnapshotError(f"{where}: variants must be names (strings), found {_short(data['variants'])}")
    if not all(isinstance(k, str) for k in [*data["options"], *data["meta"]]):
        raise SnapshotError(f"{where}: option and meta names must be strings")
    # Optional (saves before it have none): distribution -> the variants and options the save takes from it.
    ext = data.setdefault("extensions", {})
    names_ok = isinstance(ext, dict) and all(
        isinstance(k, str) and isinstance(v, list) and all(isinstance(x, str) for x in v) for k, v in ext.items()
    )
    if not names_ok:
        raise SnapshotError(f"{where}: field 'extensions' should map distributions to lists of names")
    return data


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _short(x: object) -> str:
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_extensions(g: Any, data: dict[str, Any]) -> None:
    """Name the missing expansion when a save uses variants or options that no installed plugin provides."""
    known = {o.name for o in g.options} | set(g.info.variants)
    for dist, names in data["extensions"].items():
        missing = [n for n in names if n not in known]
        if missing:
            raise SnapshotError(
                f"the save uses {', '.join(missing)} of {g.id} from the plugin {dist}, which is not installed"
                f" (or not loaded: check RAVENRY_PLUGINS); install {dist} to load it"
            )
    unknown = [n for n in data["variants"] if n not in known]
    if unknown:
        raise SnapshotError(f"the save uses variants {', '.join(unknown)} of {g.id}, which no installed plugin has")


def load_match(source: bytes | str | os.PathLike[str], verify: bool = False) -> MatchBase:
    """Load a saved match. With ``verify``, replay the actions from the seed and check the states agree; the
    replayed match (with its full event log) is returned.

    A save of the plain shape every writer makes, of a Rust game, takes the fast path: the core reads the
    envelope in one pass (``_core.parse_save``), the options are resolved once per distinct option set, and
    the state is decoded and validated as always. Anything else, and ``verify``, takes the full checks
    (``check``), which say what is wrong; both give the same match, or the same ``SnapshotError``."""
    raw, where = (source, "the data") if type(source) is bytes else _bytes_of(source)
    if not verify:
        parts = parse_save(raw)
        if parts is not None:
            fast = _guarded(_load_plain, parts)
            if fast is not None:
                return fast
    data = check(raw, where)
    return _guarded(_load, data, verify)


def _guarded(load: Callable[..., _T], *args: Any) -> _T:
    try:
        return load(*args)
    except SnapshotError:
        raise
    except RavenryError as e:
        raise SnapshotError(f"the save does not load: {e}") from e
    except (TypeError, ValueError, OverflowError, KeyError, IndexError, AttributeError) as e:
        # A safety net under the checks above: whatever a malformed save trips over is still a SnapshotError.
        raise SnapshotError(f"the save is malformed ({type(e).__name__}: {e})") from e


def _game(game_id: str, version: str) -> Game:
    try:
        g = get_game(game_id)
    except RavenryError as e:
        raise SnapshotError(f"the save is of game {game_id!r}, which is not installed: {e}") from e
    if version != g.version:
        raise SnapshotError(f"the save is of {g.id} version {version}; the installed plugin plays version {g.version}")
    return g


def _options(g: Game, given: Any) -> dict[str, Any]:
    try:
        return g.resolve_options(given)
    except RavenryError as e:
        raise SnapshotError(f"the save's options are not valid for {g.id}: {e}") from e


def _check_hash(g: Game, saved: str, installed: str) -> None:
    if installed != saved:
        raise SnapshotError(
            f"the save was made with other {g.id} content or options (ruleset hash {saved[:12]}…,"
            f" installed {installed[:12]}…)"
        )


# (game, its version, ruleset hash and packed options, as a save gives them) -> the resolved options and ruleset,
# kept once a save with them passed those checks: every save of a match, and most saves of a server, carry the same
# bytes, so resolving and hashing the options is done once per option set, not once per load.
_checked: dict[tuple[Game, str, str, bytes], tuple[dict[str, Any], Ruleset]] = {}
_CHECKED_MAX = 256


def _load_plain(parts: tuple[Any, ...]) -> MatchBase | None:
    """``_load`` for a save ``parse_save`` read, with the same checks in the same order and the same messages;
    ``None`` for a game with no core (the full path loads it)."""
    game_id, version, ruleset_hash, packed_options, packed_variants, packed_ext, packed_meta, body = parts
    try:
        g = get_game(game_id)
    except RavenryError as e:
        raise SnapshotError(f"the save is of game {game_id!r}, which is not installed: {e}") from e
    key = (g, version, ruleset_hash, packed_options)
    known = _checked.get(key)
    if known is None and g.spec.core is None:
        return None
    variants = [] if packed_variants == b"\x90" else unpack(packed_variants)
    extensions = {} if packed_ext is None or packed_ext == b"\x80" else unpack(packed_ext)
    if known is None:
        _game(game_id, version)
        _check_extensions(g, {"variants": variants, "extensions": extensions})
        options = _options(g, unpack(packed_options))
        ruleset = g.ruleset(options)
        _check_hash(g, ruleset_hash, ruleset.hash)
        if len(_checked) >= _CHECKED_MAX:
            _checked.clear()
        known = _checked[key] = (options, ruleset)
    elif variants or extensions:  # the checks above all passed for this key but this one
        _check_extensions(g, {"variants": variants, "extensions": extensions})
    options, ruleset = known
    try:
        match = Match._from_save(ruleset, body)
    except SnapshotError:
        raise
    except RavenryError as e:
        raise SnapshotError(f"the saved state does not load: {e}") from e
    # What Match.__init__ sets (the core made the object without it).
    match.game = g
    match.options = dict(options)
    match.variants = tuple(variants)
    if packed_meta != b"\x80":
        match.meta = dict(unpack(packed_meta))
    return match


def _load(data: dict[str, Any], verify: bool) -> MatchBase:
    g = _game(data["game"], data["game_version"])
    _check_extensions(g, data)
    options = _options(g, data["options"])
    _check_hash(g, data["ruleset_hash"], g.ruleset_hash(options))
    history = [(int(p), int(a)) for p, a in data["actions"]]
    common: dict[str, Any] = {"options": options, "variants": tuple(data["variants"]), "meta": data["meta"]}
    if g.spec.core is None:
        match: MatchBase = PythonMatch.from_state_bytes(
            g, data["players"], data["seed"], data["state"], history=history, **common
        )
    else:
        try:
            match = Match(
                g, g.ruleset(options), data["players"], data["seed"], state=data["state"], history=history, **common
            )
        except SnapshotError:
            raise
        except RavenryError as e:
            raise SnapshotError(f"the saved state does not load: {e}") from e
    if verify:
        return replay_and_compare(g, data, match)
    return match


def replay_and_compare(g: Game, data: dict[str, Any], loaded: MatchBase) -> MatchBase:
    replayed = g.new_match(data["players"], data["seed"], loaded.options, variants=loaded.variants, meta=loaded.meta)
    for i, (p, a) in enumerate(data["actions"]):
        try:
            replayed.apply(p, a)
        except RavenryError as e:
            raise SnapshotError(f"verify: action {i} ({p}, {a}) does not replay: {e}") from e
    if replayed.state_msgpack() != loaded.state_msgpack():
        raise SnapshotError("verify: replaying the actions from the seed gives a different state than the saved one")
    return replayed


__all__ = ["FIELDS", "FORMAT", "check", "dumps", "load_match", "read", "replay_and_compare", "write_atomic"]
