"""Checking a game's options against its schema, with variants merged in."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ravenry.errors import OptionError
from ravenry.specs import OptionSpec, VariantSpec


def resolve(
    game: str,
    schema: Iterable[OptionSpec],
    given: Mapping[str, Any] | None,
    variants: Iterable[str] = (),
    known_variants: Mapping[str, VariantSpec] | None = None,
) -> dict[str, Any]:
    """Every option of ``game`` with its value: defaults, then the variants' values, then ``given``."""
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
        load = specs[key].load
        if load is not None:
            values[key] = value = load(value)
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
    """``name=value`` pairs from the command line; values are JSON where they parse as JSON, else strings."""
    specs = {o.name: o for o in schema}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise OptionError(f"options are name=value, not {pair!r}")
        spec = specs.get(name)
        if spec is not None and spec.kind is list and not raw.startswith("["):
            out[name] = [x for x in raw.split(",") if x]
            continue
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw
    return out
