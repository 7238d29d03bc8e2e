"""Wire format of network play: msgpack maps over WebSocket binary messages, each with a type field ``t``.

Client frames are validated here, field by field, into a ``Request``; anything else becomes a ``BadFrame`` whose
message says what was wrong. The server never trusts a field it has not checked here. docs/network.md lists
every frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgpack

VERSION = 1

# Client -> server frame types and the fields each may carry: name -> (type, required).
REQUESTS: dict[str, dict[str, tuple[type, bool]]] = {
    "ping": {},
    "stats": {},
    "games": {},
    "list": {"game": (str, False), "open": (bool, False), "offset": (int, False), "limit": (int, False)},
    "create": {
        "game": (str, True),
        "players": (int, False),
        "seed": (int, False),
        "options": (dict, False),
        "variants": (list, False),
        "bots": (dict, False),
        "turn_seconds": (float, False),
        "takeover_bot": (str, False),
        "takeover_after": (float, False),
    },
    "join": {"match": (str, True), "seat": (int, False), "since": (int, False)},
    "resume": {"match": (str, True), "token": (str, True), "since": (int, False)},
    "watch": {"match": (str, True), "since": (int, False)},
    "act": {
        "match": (str, True),
        "token": (str, True),
        "turn": (int, True),
        "action": (int, True),
        "seat": (int, False),
    },
    "leave": {"match": (str, True)},
}
#: Positions a client names: a negative one is a client bug, said as such rather than read silently as 0.
NOT_NEGATIVE = frozenset({"since"})
MAXstr = 256  # ids, tokens, game and bot names are short; a longer string is a mistake or an attack


class BadFrame(Exception):
    """A client frame that cannot be served; ``code`` is machine-readable, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Request:
    t: str
    ref: Any = None  # echoed back in the reply so a client can pair them
    args: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        return self.args.get(name, default)


def encode(frame: dict[str, Any]) -> bytes:
    return msgpack.packb(frame, use_bin_type=True)


def encode_spliced(frame: dict[str, Any], packed: dict[str, bytes]) -> bytes:
    """Encode ``frame`` plus fields whose values are msgpack already (the core's views and events), spliced in
    as they are: decoding them only to encode them again was a tenth of the server's time under load."""
    body = encode(frame)
    n = len(frame) + len(packed)
    if n >= 2**16:
        raise ValueError(f"a frame of {n} fields")
    head = bytes([0x80 | n]) if n < 16 else b"\xde" + n.to_bytes(2, "big")
    skip = 1 if len(frame) < 16 else 3  # the map header packb wrote for ``frame`` alone
    return b"".join([head, body[skip:], *(msgpack.packb(name) + value for name, value in packed.items())])


def decode_any(data: bytes | str) -> Any:
    """Decode a server frame on the client side (the server is trusted there, so no field checks)."""
    if isinstance(data, str):
        raise BadFrame("bad-frame", "expected a binary msgpack frame, got text")
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def _check_type(name: str, value: Any, kind: type) -> Any:
    # bool is an int subclass in Python; a seat or turn of True is a client bug, not seat 1.
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise BadFrame("bad-field", f"field {name!r} must be an integer, not {type(value).__name__}")
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadFrame("bad-field", f"field {name!r} must be a number, not {type(value).__name__}")
        return float(value)
    if kind is bool and not isinstance(value, bool):
        raise BadFrame("bad-field", f"field {name!r} must be true or false, not {type(value).__name__}")
    if kind in (str, dict, list) and not isinstance(value, kind):
        raise BadFrame("bad-field", f"field {name!r} must be a {kind.__name__}, not {type(value).__name__}")
    if kind is str and len(value) > MAXstr:
        raise BadFrame("bad-field", f"field {name!r} is longer than {MAXstr} characters")
    if kind is int and not -(2**63) <= value < 2**64:
        raise BadFrame("bad-field", f"field {name!r} is out of range")
    if name in NOT_NEGATIVE and value < 0:
        raise BadFrame("bad-field", f"field {name!r} must be 0 or more, not {value}")
    return value


def decode_request(data: bytes | str) -> Request:
    """Decode and check one client frame. Raises ``BadFrame`` saying exactly what was wrong."""
    if isinstance(data, str):
        raise BadFrame("bad-frame", "frames are binary msgpack maps, not text")
    try:
        obj = msgpack.unpackb(data, raw=False, strict_map_key=False)
    except Exception as e:  # msgpack raises several unrelated types for garbage; all mean the same to a client
        raise BadFrame("bad-frame", f"not a msgpack frame ({type(e).__name__})") from None
    if not isinstance(obj, dict):
        raise BadFrame("bad-frame", f"a frame is a msgpack map, not {type(obj).__name__}")
    t = obj.get("t")
    if not isinstance(t, str) or t not in REQUESTS:
        raise BadFrame("unknown-type", f"unknown frame type {t!r}; known: {', '.join(sorted(REQUESTS))}")
    fields = REQUESTS[t]
    ref = obj.get("ref")
    if ref is not None and not (isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < 2**53):
        raise BadFrame("bad-field", "field 'ref' must be a non-negative integer")
    args: dict[str, Any] = {}
    for name, value in obj.items():
        if name in ("t", "ref"):
            continue
        if name not in fields:
            raise BadFrame("bad-field", f"{t!r} frames have no field {name!r}")
        if value is None and not fields[name][1]:
            continue
        args[name] = _check_type(name, value, fields[name][0])
    missing = [n for n, (_, required) in fields.items() if required and n not in args]
    if missing:
        raise BadFrame("missing-field", f"{t!r} frames need field(s) {', '.join(missing)}")
    return Request(t, ref, args)


def peek_ref(data: bytes | str) -> Any:
    """The ``ref`` of a frame the server will not serve (rate-limited, malformed), so the client can tell which
    request was refused: any integer or short string it sent is echoed; None when there is none."""
    try:
        obj = msgpack.unpackb(data, raw=False, strict_map_key=False) if isinstance(data, bytes) else None
    except Exception:  # garbage: no ref to echo
        return None
    ref = obj.get("ref") if isinstance(obj, dict) else None
    if isinstance(ref, int) and not isinstance(ref, bool) and -(2**63) <= ref < 2**64:
        return ref
    if isinstance(ref, str) and len(ref) <= 64:
        return ref
    return None


#: An error sent to a client is one line of at most this many characters.
MAX_ERROR = 400


def one_line(message: str, shown: int = 3) -> str:
    """A message as one line: a list of problems (a deck's, one per line) keeps its first few and a count, so a
    client's 1,000-line deck does not come back as 1,000 lines."""
    first, *rest = message.splitlines() or [""]
    items = [line.strip().removeprefix("- ") for line in rest if line.strip()]
    text = first.rstrip(":")
    if items:
        more = f" (and {len(items) - shown} more)" if len(items) > shown else ""
        text = f"{text}: {'; '.join(items[:shown])}{more}"
    return text if len(text) <= MAX_ERROR else text[: MAX_ERROR - 1] + "…"


def error(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    return {"t": "error", "code": code, "message": one_line(message), "ref": ref}
