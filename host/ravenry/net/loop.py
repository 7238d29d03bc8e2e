"""The event loop the server and clients run on: uvloop where it is installed (a dependency of ravenry on Linux
and macOS) and not turned off with ``RAVENRY_LOOP=asyncio``, else asyncio's own. uvloop's sockets and scheduling
are written in C (libuv), and the match server spends most of its time in them: with it the server used 15-20%
less CPU per action in benches/net_load.py."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def flavour() -> str:
    """Which loop ``run`` uses: "uvloop" or "asyncio"."""
    if os.environ.get("RAVENRY_LOOP", "").lower() == "asyncio":
        return "asyncio"
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def run(main: Coroutine[Any, Any, T]) -> T:
    if flavour() == "uvloop":
        import uvloop

        return uvloop.run(main)
    return asyncio.run(main)
