"""Play a tournament: build the schedule, run its jobs in chunks (Rust runner, local or Ray), collect records."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from ravenry.errors import OptionError
from ravenry.model.game import Game
from ravenry.model.game import game as get_game
from ravenry.model.options import variant_names
from ravenry.services.backends import RulesetSource, check_backend, run_chunks
from ravenry.services.simulate import CoreRecord, MatchRecord, check_bots, check_run, play_python_match
from ravenry.services.tournament.result import TournamentResult
from ravenry.services.tournament.schedule import schedule
from ravenry.specs import bot_name

# Jobs per Rust call: at most this many, and about a fiftieth of the tournament (at least two per worker), so the
# progress bar moves even when every match is a long search, and a Ray cluster gets many tasks.
_CHUNK = 256


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off for the block, as it was after. Match records are fresh tuples and lists with
    no cycles among them; left on, the collector walks them again and again while they arrive and while they are
    tallied, which costs more than playing a cheap game's matches. Freed inside the block, they are never walked."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def tournament_unit(game: str, bots: int, players: int | None = None) -> int:
    """How many matches one schedule unit of ``bots`` bots takes in ``game`` (a tournament plays whole units)."""
    g = get_game(game)
    return schedule(bots, g.spec.min_players if players is None else players).unit


def tournament(
    game: str,
    bots: Iterable[str],
    matches: int,
    players: int | None = None,
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    variants: Iterable[str] = (),
    backend: str = "local",
    address: str | None = None,
    bootstrap: int = 100,
    max_decisions: int = 1_000_000,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Rank ``bots`` (specs such as ``ismcts:iterations=500``) over ``matches`` matches of ``game``. With one bot
    in every seat it is a balance run: the seat bias and the per-label tables are what it is for.

    Seats rotate so every bot sits in every seat equally often, and every deal is replayed under each rotation of
    its line-up (duplicate format); ``matches`` is rounded up to whole rotations (see
    ``ravenry.services.tournament.schedule``).
    """
    g = get_game(game)
    n = g.spec.min_players if players is None else players
    if not g.spec.min_players <= n <= g.spec.max_players:
        raise OptionError(f"{game} takes {g.spec.min_players}-{g.spec.max_players} players, not {n}")
    names = list(bots)
    if not names:
        raise OptionError("a tournament needs at least one bot (comma-separated --bots)")
    dupes = sorted({b for b in names if names.count(b) > 1})
    if dupes:
        raise OptionError(f"each bot may be named once; repeated: {', '.join(dupes)}")
    check_bots(g, names)
    check_backend(backend, address)
    w = check_run(seed, workers)
    variants = variant_names(game, variants)
    full = g.resolve_options(options, variants)
    plan = schedule(len(names), n)
    jobs = plan.jobs(matches)
    started = time.perf_counter()
    raw, engine = play_core_jobs(g, n, seed, names, full, variants, jobs, w, backend, address, max_decisions, progress)
    records = [MatchRecord.from_core(r) for r in raw]
    seconds = time.perf_counter() - started
    return TournamentResult.build(
        game=game,
        players=n,
        bots=names,
        seed=seed,
        options=full,
        variants=list(variants),
        schedule=plan,
        jobs=jobs,
        records=records,
        engine=engine,
        backend=backend,
        bootstrap=bootstrap,
        seconds=seconds,
    )


def play_core_jobs(
    g: Game,
    players: int,
    seed: int,
    bots: list[str],
    options: dict[str, Any],
    variants: tuple[str, ...],
    jobs: list[tuple[int, tuple[int, ...]]],
    workers: int,
    backend: str = "local",
    address: str | None = None,
    max_decisions: int = 1_000_000,
    progress: Callable[[int], None] | None = None,
    chunk: int | None = None,
    detail: bool = False,
) -> tuple[list[CoreRecord], str]:
    """Play checked jobs ``(deal, seating)`` (a seating names an index into ``bots`` per seat) and return their
    records in job order, in the runner's plain shape, with the engine that played them: the Rust runner in chunks
    (local threads or Ray tasks) when the game and every bot are in the core, else Python, one match at a time.
    ``chunk``: jobs per Rust call (default: small enough for the progress bar to move and a Ray cluster to get many
    tasks). ``detail``: the Rust runner also reports each match's detail (phases, lead, cards; ``CoreDetail``), at
    a cost; the Python loop reports none."""
    core_bots = set(g.ruleset(options).bot_names) if g.spec.core else set()
    if g.spec.core and all(bot_name(b) in core_bots for b in bots):
        source = RulesetSource(*g.ruleset_args(options))
        size = chunk or min(_CHUNK, max(2 * workers, len(jobs) // 50))
        chunks = [jobs[i : i + size] for i in range(0, len(jobs), size)]
        args = [
            (
                players,
                seed,
                bots,
                [(d, list(s)) for d, s in c],
                1 if backend == "ray" else workers,
                max_decisions,
                detail,
            )
            for c in chunks
        ]
        with collector_paused():
            results = run_chunks(source, "play_matches", args, backend, address, progress, [len(c) for c in chunks])
        return [r for part in results for r in part], "rust"
    if backend != "local":
        raise OptionError(f"the {backend} backend runs core games with core bots only")
    records = []
    for deal, seating in jobs:
        m = play_python_match(g, players, seed, deal, [bots[b] for b in seating], options, variants, max_decisions)
        records.append(m.to_core())
        if progress:
            progress(1)
    return records, "python"
