"""Where batches of matches run: in this process (``local``) or as Ray tasks (``ray``).

Work is cut into chunks; each chunk is one call into the Rust runner (``Ruleset.simulate`` or
``Ruleset.play_matches``). Both backends return the chunks' results in chunk order and the callers merge them in
that order, so one seed gives the same totals, bit for bit, on one machine and on a cluster.

A Ray task receives the ruleset's *source* (the core game id, the content JSON and the options JSON), not the
plugin: a cluster node needs ``ravenry`` (with its Rust core) installed, and no game plugin.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ravenry._core import Ruleset
from ravenry.errors import OptionError

BACKENDS = ("local", "ray")
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"


@dataclass(frozen=True)
class RulesetSource:
    """What a worker needs to rebuild a ruleset: the core game id, the content JSON and the options JSON."""

    core: str
    content: str
    options: str

    def build(self) -> Ruleset:
        return Ruleset(self.core, self.content, self.options)


# Rulesets rebuilt in this process, by source: a Ray worker parses the content once, not once per task.
_built: dict[RulesetSource, Ruleset] = {}


def run_chunk(source: RulesetSource, method: str, args: tuple[Any, ...]) -> Any:
    """One chunk: ``Ruleset.<method>(*args)`` on the ruleset built from ``source``."""
    if method not in ("simulate", "play_matches"):
        raise OptionError(f"no runner method {method!r}")
    rs = _built.get(source)
    if rs is None:
        rs = _built.setdefault(source, source.build())
    return getattr(rs, method)(*args)


def check_backend(backend: str, address: str | None = None) -> None:
    """One line, before any match is played, for an unknown backend, a missing Ray, or a cluster address that is
    malformed or where nothing answers (``ray.init`` would otherwise retry for minutes without a word)."""
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if backend == "ray":
        _ray()
        if address is not None:
            check_address(address)
    elif address is not None:
        raise OptionError("--address is for --backend ray")


def check_address(address: str, timeout: float = 5.0) -> None:
    """A Ray cluster's address, ``HOST:PORT`` or ``ray://HOST:PORT`` (or ``auto``), reachable within ``timeout``."""
    if address == "auto":
        return
    match = re.fullmatch(r"(?:ray://)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})", address)
    if match is None or not 0 < int(match[2]) < 65536:
        raise OptionError(f"a Ray address is HOST:PORT or ray://HOST:PORT (or auto), not {address!r}")
    host, port = match[1].strip("[]"), int(match[2])
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            # Ray's head and client server speak gRPC: an HTTP/2 server answers the client preface with a SETTINGS
            # frame at once. Anything else that listens there would leave ray.init retrying for minutes.
            s.sendall(HTTP2_PREFACE + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00")
            head = s.recv(9)
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise OptionError(
            f"nothing answers at Ray address {address} ({reason}); start a head there (ray start --head) or leave "
            "--address out to run Ray on this machine"
        ) from None
    if len(head) < 9 or head[3] != 0x04:
        raise OptionError(f"what listens at {address} is not a Ray cluster (it does not speak gRPC)")


def run_chunks(
    source: RulesetSource,
    method: str,
    chunks: Sequence[tuple[Any, ...]],
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    sizes: Sequence[int] | None = None,
) -> list[Any]:
    """Run every chunk and return the results in chunk order; ``progress(sizes[i])`` as chunk ``i`` finishes."""
    check_backend(backend, address)
    if backend == "local":
        out = []
        for i, args in enumerate(chunks):
            out.append(run_chunk(source, method, args))
            if progress and sizes:
                progress(sizes[i])
        return out
    return _run_on_ray(source, method, chunks, address, progress, sizes)


def _ray() -> Any:
    # Ray is an optional extra, imported only when the ray backend is asked for.
    try:
        import ray
    except ImportError:
        raise OptionError('the ray backend needs Ray: pip install "ravenry[ray]"') from None
    return ray


def _run_on_ray(
    source: RulesetSource,
    method: str,
    chunks: Sequence[tuple[Any, ...]],
    address: str | None,
    progress: Callable[[int], None] | None,
    sizes: Sequence[int] | None,
) -> list[Any]:
    ray = _ray()
    if not ray.is_initialized():
        check_backend("ray", address)
        try:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False, include_dashboard=False)
        except Exception as e:  # Ray's own errors are many kinds; each is one line here
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise OptionError(f"cannot start or reach Ray at {address or 'this machine'}: {first}") from None
    task = ray.remote(run_chunk)
    src = ray.put(source)
    refs = [task.remote(src, method, args) for args in chunks]
    index = {ref: i for i, ref in enumerate(refs)}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        if progress and sizes:
            for ref in done:
                progress(sizes[index[ref]])
    return list(ray.get(refs))
