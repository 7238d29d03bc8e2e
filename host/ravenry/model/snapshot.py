"""Save files (design §6): one versioned, self-describing msgpack map; loading checks everything it can.

Writing a save is the match's own job (``ravenry.model.match.dumps``, re-exported here with ``FORMAT`` and
``write_atomic``); this module reads, checks and loads saves, which needs the game registry, so it sits at the
top of the match model (docs/architecture.md)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgpack

from ravenry.errors import RavenryError, SnapshotError
from ravenry.model.game import Game
from ravenry.model.game import game as get_game
from ravenry.model.match import FORMAT, Match, MatchBase, dumps, write_atomic
from ravenry.model.python_game import PythonMatch

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
    if isinstance(source, (bytes, bytearray, memoryview)):
        raw, where = bytes(source), "the data"
    elif not isinstance(source, (str, os.PathLike)):
        raise SnapshotError(f"a save is bytes or a file's path, not {type(source).__name__}")
    else:
        where = str(source)
        try:
            raw = Path(source).read_bytes()
        except (OSError, ValueError) as e:  # ValueError: a path with a NUL in it
            raise SnapshotError(f"cannot read {where}: {getattr(e, 'strerror', None) or e}") from e
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
    replayed match (with its full event log) is returned."""
    data = read(source)
    try:
        return _load(data, verify)
    except SnapshotError:
        raise
    except RavenryError as e:
        raise SnapshotError(f"the save does not load: {e}") from e
    except (TypeError, ValueError, OverflowError, KeyError, IndexError, AttributeError) as e:
        # A safety net under the checks above: whatever a malformed save trips over is still a SnapshotError.
        raise SnapshotError(f"the save is malformed ({type(e).__name__}: {e})") from e


def _load(data: dict[str, Any], verify: bool) -> MatchBase:
    try:
        g = get_game(data["game"])
    except RavenryError as e:
        raise SnapshotError(f"the save is of game {data['game']!r}, which is not installed: {e}") from e
    if data["game_version"] != g.version:
        raise SnapshotError(
            f"the save is of {g.id} version {data['game_version']}; the installed plugin plays version {g.version}"
        )
    _check_extensions(g, data)
    try:
        options = g.resolve_options(data["options"])
    except RavenryError as e:
        raise SnapshotError(f"the save's options are not valid for {g.id}: {e}") from e
    if g.ruleset_hash(options) != data["ruleset_hash"]:
        raise SnapshotError(
            f"the save was made with other {g.id} content or options (ruleset hash {data['ruleset_hash'][:12]}…,"
            f" installed {g.ruleset_hash(options)[:12]}…)"
        )
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


__all__ = ["FIELDS", "FORMAT", "dumps", "load_match", "read", "replay_and_compare", "write_atomic"]
