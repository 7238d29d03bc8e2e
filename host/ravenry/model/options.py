"""Checking a game's options against its schema, with variants merged in; and the local command line's options,
where an option of a path kind may name a file on this machine (read here, bounded, into its text)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable, Mapping
from typing import Any

from ravenry.errors import OptionError
from ravenry.specs import OptionSpec, VariantSpec
from ravenry.words import count

#: The most characters a text option (or one entry of a list option) holds, and the most bytes a file named by a
#: path option may have: a deck list a player brings is a few kilobytes.
MAX_TEXT = 64_000
#: Pseudo file systems whose "files" are the machine's state, not a player's text.
_PSEUDO = ("/proc", "/sys", "/dev")


def variant_names(game: str, variants: object) -> tuple[str, ...]:
    """``variants`` as a tuple of names; a string (read letter by letter otherwise), None or a number is refused."""
    if isinstance(variants, (str, bytes)) or not isinstance(variants, Iterable):
        raise OptionError(f"{game} variants are a list of variant names, not a {type(variants).__name__}")
    names = tuple(variants)
    if not all(isinstance(v, str) for v in names):
        raise OptionError(f"{game} variants are variant names (strings), not {names!r:.60}")
    return names


def resolve(
    game: str,
    schema: Iterable[OptionSpec],
    given: Mapping[str, Any] | None,
    variants: Iterable[str] = (),
    known_variants: Mapping[str, VariantSpec] | None = None,
) -> dict[str, Any]:
    """Every option of ``game`` with its value: defaults, then the variants' values, then ``given``."""
    if given is not None and not isinstance(given, Mapping):
        raise OptionError(f"{game} options are a map of option names to values, not a {type(given).__name__}")
    variants = variant_names(game, variants)
    specs = {o.name: o for o in schema}
    values: dict[str, Any] = {name: o.default for name, o in specs.items()}
    from_variant: dict[str, str] = {}
    for name in variants:
        v = (known_variants or {}).get(name)
        if v is None:
            known = ", ".join(sorted(known_variants or {})) or "none"
            raise OptionError(f"{game} has no variant {name!r}; known variants: {known}")
        for key, value in v.options.items():
            if key in from_variant and values[key] != value:
                raise OptionError(f"variants {from_variant[key]!r} and {name!r} disagree on option {key!r}")
            values[key] = value
            from_variant[key] = name
    for key, value in (given or {}).items():
        if key not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise OptionError(f"{game} has no option {key!r}; known options: {known}")
        values[key] = value
    for key, value in values.items():
        check(game, specs[key], value)
    return values


def check(game: str, spec: OptionSpec, value: Any) -> None:
    where = f"{game} option {spec.name!r}"
    if spec.kind is bool and not isinstance(value, bool):
        raise OptionError(f"{where} takes true or false, not {value!r}")
    if spec.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise OptionError(f"{where} takes a whole number, not {value!r}")
    if spec.kind is str and not isinstance(value, str):
        raise OptionError(f"{where} takes a string, not {value!r}")
    if spec.kind is list:
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise OptionError(f"{where} takes a list of names, not {value!r}")
        items: Iterable[Any] = value
    else:
        items = [value]
    for item in items:
        if isinstance(item, str) and len(item) > MAX_TEXT:
            raise OptionError(f"{where}: a value of {len(item)} characters; at most {MAX_TEXT}")
        if spec.path and isinstance(item, str) and looks_like_path(item):
            raise OptionError(
                f"{where}: {item!r:.80} names a file; only the local command line (-o {spec.name}=PATH) reads files, "
                "elsewhere give the text itself"
            )
    if spec.choices is not None:
        for item in items:
            if item not in spec.choices:
                raise OptionError(f"{where}: {item!r} is not one of {', '.join(map(str, spec.choices))}")
    if spec.kind is int:
        if spec.min is not None and value < spec.min:
            raise OptionError(f"{where} is at least {spec.min}, not {value}")
        if spec.max is not None and value > spec.max:
            raise OptionError(f"{where} is at most {spec.max}, not {value}")


def parse_cli(pairs: Iterable[str], schema: Iterable[OptionSpec]) -> dict[str, Any]:
    """``name=value`` pairs from the local command line; values are JSON where they parse as JSON, else strings.
    An entry of a path option that names a file (it has a ``/`` or is an existing file) becomes the file's text."""
    specs = {o.name: o for o in schema}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise OptionError(f"options are name=value, not {pair!r}")
        spec = specs.get(name)
        value: Any
        if spec is not None and spec.kind is list and not raw.startswith("["):
            value = [x for x in raw.split(",") if x]
        else:
            try:
                value = json.loads(raw)
            except json.JSONDecodeError:
                value = raw
        if spec is not None and spec.path:
            value = _read_paths(spec, value)
        out[name] = value
    return out


def _read_paths(spec: OptionSpec, value: Any) -> Any:
    def read(entry: Any) -> Any:
        if not (isinstance(entry, str) and names_file(entry)):
            return entry
        text = read_text_file(entry, f"option {spec.name!r}")
        found = spec.check_file(text, entry) if spec.check_file else []
        if found:
            listed = "".join(f"\n  - {p}" for p in found)
            raise OptionError(f"option {spec.name!r}: {entry} has {count(len(found), 'problem')}:{listed}")
        return text

    return [read(v) for v in value] if isinstance(value, list) else read(value)


def names_file(entry: str) -> bool:
    """Whether a local command line's entry of a path option names a file: it has a directory separator, or a
    file of that name exists here."""
    return looks_like_path(entry) or _is_file(entry)


def looks_like_path(entry: str) -> bool:
    """A one-line entry with a directory separator: a file's name, never a name or a text of the game's own."""
    return "\n" not in entry and ("/" in entry or os.sep in entry)


def _is_file(entry: str) -> bool:
    try:
        return "\n" not in entry and os.path.isfile(entry)
    except (OSError, ValueError):  # a name too long for the system, or with a NUL
        return False


def read_text_file(path: str, what: str = "file", limit: int = MAX_TEXT) -> str:
    """A player's text file, read safely: a regular file only (never a directory, device, FIFO or anything under
    /proc, /sys or /dev), at most ``limit`` bytes, UTF-8. Every failure is one ``OptionError`` line naming
    ``what`` and the path as given. The text ends with a line break (a one-line file still reads as a list)."""
    try:
        real = os.path.realpath(os.path.expanduser(path))
        if any(real == p or real.startswith(p + "/") for p in _PSEUDO):
            raise OptionError(f"{what}: {path!r} is not a regular file")
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else "not a usable file name"
        raise OptionError(f"{what}: cannot read {path!r}: {reason}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OptionError(f"{what}: {path!r} is not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise OptionError(f"{what}: cannot read {path!r}: {e.strerror}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise OptionError(f"{what}: {path!r} is larger than {limit} bytes")
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise OptionError(f"{what}: {path!r} is not UTF-8 text") from None
    return text if text.endswith("\n") else text + "\n"
