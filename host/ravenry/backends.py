"""Where batches of matches run: in this process (``local``) or as Ray tasks (``ray``).

Work is cut into chunks; each chunk is one call into the Rust runner (``Ruleset.simulate`` or
``Ruleset.play_matches``). Both backends return the chunks' results in chunk order and the callers merge them in
that order, so one seed gives the same totals, bit for bit, on one machine and on a cluster.

A Ray task receives the ruleset's *source* (the core game id, the content JSON and the options JSON), not the
plugin: a cluster node needs ``ravenry`` (with its Rust core) installed, and no game plugin.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ravenry._core import Ruleset
from ravenry.errors import OptionError

BACKENDS = ("local", "ray")


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


def check_backend(backend: str) -> None:
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if backend == "ray":
        _ray()


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
    check_backend(backend)
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
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False, include_dashboard=False)
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
