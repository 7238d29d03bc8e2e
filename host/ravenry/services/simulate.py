"""Headless batch matches: in Rust (GIL released, rayon across workers) when every bot is a core bot, else in a
Python driver loop. Match ``i`` always plays from a seed derived from (seed, i), so totals do not depend on the
worker count or on how the run is chunked for the progress bar."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ravenry._core import Match as CoreMatch
from ravenry.errors import OptionError
from ravenry.model.game import Game
from ravenry.model.game import game as get_game
from ravenry.model.options import variant_names
from ravenry.services.backends import RulesetSource, check_backend, run_chunks
from ravenry.specs import bot_name

# The most worker threads a batch may ask for (the Rust runner refuses more, before starting any): far past
# any machine's cores, low enough that a typo cannot spawn threads until the system gives out.
MAX_WORKERS = 256


@dataclass
class SimResult:
    game: str
    players: int
    bots: list[str]
    seed: int
    workers: int
    matches: int = 0
    finished: int = 0
    wins: list[float] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    #: label (house, class) -> (seats, wins, score sum, sum of squared scores), over finished matches
    by_label: dict[str, tuple[int, float, float, float]] = field(default_factory=dict)
    engine: str = "rust"
    backend: str = "local"
    options: dict[str, Any] = field(default_factory=dict)
    variants: list[str] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    score_squares: list[float] = field(default_factory=list)

    def win_share(self, seat: int) -> float:
        return self.wins[seat] / self.finished if self.finished else 0.0

    def mean_score(self, seat: int) -> float:
        return self.scores[seat] / self.finished if self.finished else 0.0

    def score_ci95(self, seat: int) -> tuple[float, float]:
        """Normal-approximation 95% interval of the seat's mean score (solo stars, for instance)."""
        if self.finished < 2:
            return (float("nan"), float("nan"))
        return mean_interval(self.scores[seat], self.score_squares[seat], self.finished)

    def ci95(self, seat: int) -> tuple[float, float]:
        """Wilson 95% interval of seat's win share (shares are in [0, 1], so this bounds the true interval)."""
        return wilson(self.wins[seat], self.finished)

    @property
    def decisions_per_match(self) -> float:
        return self.decisions / self.matches if self.matches else 0.0

    @property
    def matches_per_s(self) -> float:
        return self.matches / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "seed": self.seed,
            "options": self.options,
            "variants": self.variants,
            "workers": self.workers,
            "engine": self.engine,
            "backend": self.backend,
            "matches": self.matches,
            "finished": self.finished,
            "seconds": self.seconds,
            "decisions": self.decisions,
            "decisions_per_match": self.decisions_per_match,
            "matches_per_s": self.matches_per_s,
            "decisions_per_s": self.decisions_per_s,
            "seats": [
                {
                    "seat": p,
                    "bot": self.bots[p % len(self.bots)],
                    "wins": w,
                    "share": self.win_share(p),
                    "ci95": list(self.ci95(p)),
                    "mean_score": self.mean_score(p),
                    "score_ci95": list(self.score_ci95(p)),
                }
                for p, w in enumerate(self.wins)
            ],
            "by_label": {
                k: {
                    "seats": n,
                    "wins": w,
                    "share": w / n if n else 0.0,
                    "ci95": list(wilson(w, n)),
                    "mean_score": total / n if n else 0.0,
                    "score_ci95": list(mean_interval(total, squares, n)) if n >= 2 else [math.nan, math.nan],
                }
                for k, (n, w, total, squares) in sorted(self.by_label.items())
            },
        }


def mean_interval(total: float, squares: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Normal-approximation interval of a mean from the sum and the sum of squares of ``n >= 2`` values."""
    mean = total / n
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def check_run(seed: int, workers: int | None) -> int:
    """The threads a run of bot matches uses (all cores, at most ``MAX_WORKERS``, unless ``workers`` says), once
    its seed and worker count are checked: an ``OptionError`` names a bad one."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise OptionError(f"seed must be a whole number from 0 to 2**64-1, not {seed!r:.40}")
    if workers is not None and (not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS):
        raise OptionError(f"workers must be an int from 1 to {MAX_WORKERS}, not {workers!r:.40}")
    return workers or min(os.cpu_count() or 1, MAX_WORKERS)


def simulate(
    game: str,
    matches: int,
    players: int | None = None,
    bots: Iterable[str] = ("random",),
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    variants: Iterable[str] = (),
    progress: Callable[[int], None] | None = None,
    max_decisions: int = 1_000_000,
    backend: str = "local",
    address: str | None = None,
) -> SimResult:
    """Play ``matches`` bot matches; ``bots`` is one name per seat, or fewer names cycled over the seats.

    ``backend="ray"`` runs the chunks as Ray tasks (``address`` names a cluster; default: a local Ray); the
    totals are the same bits as with the local backend.
    """
    g = get_game(game)
    n = g.spec.min_players if players is None else players
    bot_names = list(bots)
    if not bot_names:
        raise OptionError("name at least one bot")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise OptionError(f"players must be an int, not {type(players).__name__}")
    if not isinstance(matches, int) or isinstance(matches, bool) or matches < 0:
        raise OptionError(f"matches must be an int, 0 or more, not {matches!r:.40}")
    if len(bot_names) > n:
        raise OptionError(f"{len(bot_names)} bots named for {n} seats; name one per seat, or fewer to cycle")
    w = check_run(seed, workers)
    check_backend(backend, address)
    variants = variant_names(game, variants)
    full = g.resolve_options(options, variants)
    result = SimResult(
        game,
        n,
        bot_names,
        seed,
        w,
        wins=[0.0] * n,
        backend=backend,
        options=full,
        variants=list(variants),
        scores=[0.0] * n,
        score_squares=[0.0] * n,
    )
    check_bots(g, bot_names)
    core_bots = set(g.ruleset(full).bot_names) if g.spec.core else set()
    if g.spec.core and all(bot_name(b) in core_bots for b in bot_names):
        chunk = max(1, min(10_000, matches // 50 or 1))
        sizes = [min(chunk, matches - first) for first in range(0, matches, chunk)]
        # On Ray each task is one worker: the cluster's parallelism is its tasks.
        task_workers = 1 if backend == "ray" else w
        args = [
            (n, k, seed, bot_names, task_workers, first, max_decisions)
            for first, k in zip(range(0, matches, chunk), sizes)
        ]
        source = RulesetSource(*g.ruleset_args(full))
        started = time.perf_counter()
        for r in run_chunks(source, "simulate", args, backend, address, progress, sizes):
            _add(result, r)
        if backend == "ray":
            result.seconds = time.perf_counter() - started
        return result
    if backend != "local":
        raise OptionError(f"the {backend} backend runs core games with core bots only")
    result.engine = "python"
    return _python_loop(g, result, matches, full, variants, progress, max_decisions)


def check_bots(g: Game, names: Iterable[str]) -> None:
    """Refuse a bot the game does not have, naming the ones it has, and a spec with bad parameters
    (``ismcts:depth=3``), naming the valid ones (``Game.check_bot``)."""
    for b in names:
        g.check_bot(b)


@dataclass(frozen=True)
class SeatOutcome:
    rank: int
    score: float
    win_share: float


#: What a match looked like on the way, when a run asks for it (``detail=True``): decisions, forced ones and legal
#: actions summed of phase 0, then of phase 1, … as little-endian 64-bit integers in one ``bytes`` (as long for
#: every match; ``balance.detail.phase_counts`` reads it), the unique leader's
#: changes (None: the game has no standing before its end),
#: whether a winner stood strictly behind the leader at half and at three quarters of the match (None: unfinished
#: or no standing), per seat (card index, times played), and per seat the card indices it could play (empty: any).
#: A game that keeps no card statistics has no seats in either.
CoreDetail = tuple[bytes, int | None, tuple[bool, bool] | None, list[list[tuple[int, int]]], list[list[int]]]

#: A match record as the Rust runner returns it: decisions, per seat (rank, score, win share) or None when the
#: match did not finish, per seat label, per seat tournament points or None, the seat that started (None where
#: seat order decides), the decisions with one legal action, the legal actions summed over all decisions, and the
#: match's detail (None unless asked for).
CoreRecord = tuple[
    int,
    list[tuple[int, float, float]] | None,
    list[str | None],
    list[float] | None,
    int | None,
    int,
    int,
    CoreDetail | None,
]


@dataclass(frozen=True)
class MatchRecord:
    """One played match: its length, each seat's result (``None``: unfinished), each seat's label, each seat's
    tournament points where the game's rules score matches (the outcome's ``"points"``), the seat that started
    where the game draws or chooses it, and how many decisions were forced (one legal action) out of how many
    legal actions in all (``choices / decisions`` is the mean branching factor)."""

    decisions: int
    seats: tuple[SeatOutcome, ...] | None
    labels: tuple[str | None, ...]
    points: tuple[float, ...] | None = None
    first: int | None = None
    forced: int = 0
    choices: int = 0
    #: the runner's detail of the match, when the run asked for it (``CoreDetail``)
    detail: CoreDetail | None = None

    @classmethod
    def from_core(cls, raw: CoreRecord) -> MatchRecord:
        decisions, results, labels, points, first, forced, choices, detail = raw
        seats = None if results is None else tuple(SeatOutcome(*r) for r in results)
        pts = None if points is None else tuple(points)
        return cls(decisions, seats, tuple(labels), pts, first, forced, choices, detail)

    def to_core(self) -> CoreRecord:
        """The record in the Rust runner's plain shape (what tallies of many records read fastest)."""
        seats = None if self.seats is None else [(s.rank, s.score, s.win_share) for s in self.seats]
        points = None if self.points is None else list(self.points)
        return (self.decisions, seats, list(self.labels), points, self.first, self.forced, self.choices, self.detail)


def play_python_match(
    g: Game,
    players: int,
    seed: int,
    index: int,
    seat_bots: list[str],
    options: dict[str, Any],
    variants: tuple[str, ...],
    max_decisions: int,
) -> MatchRecord:
    """Match ``index`` of a run seeded ``seed``, driven from Python with ``seat_bots[p]`` in seat ``p`` (for a
    pure-Python game or a plugin's Python bot)."""
    m = g.new_match(players, _match_seed(seed, index), options, variants)
    steps = forced = choices = 0
    while not m.is_over and steps < max_decisions:
        for p in m.to_act:
            legal = len(m.legal_actions(p))
            m.apply(p, m.bot(seat_bots[p], p))
            steps += 1
            forced += legal == 1
            choices += legal
    out = m.outcome
    labels = tuple(m.seat_label(p) if isinstance(m, CoreMatch) else None for p in range(players))
    if out is None:
        return MatchRecord(steps, None, labels, None, None, forced, choices)
    winners = out["winners"]
    seats = tuple(
        SeatOutcome(out["ranks"][p], float(out["scores"][p]), 1 / len(winners) if p in winners else 0.0)
        for p in range(players)
    )
    points = out.get("points")
    points = None if points is None else tuple(float(x) for x in points)
    return MatchRecord(steps, seats, labels, points, None, forced, choices)


def _add(result: SimResult, r: dict[str, Any]) -> None:
    result.matches += r["matches"]
    result.finished += r["finished"]
    result.decisions += r["decisions"]
    result.seconds += r["seconds"]
    result.wins = [a + b for a, b in zip(result.wins, r["wins"])]
    result.scores = [a + b for a, b in zip(result.scores, r["scores"])]
    result.score_squares = [a + b for a, b in zip(result.score_squares, r["score_squares"])]
    for label, tally in r["by_label"].items():
        add_label(result, label, *tally)


def add_label(result: SimResult, label: str, seats: int, wins: float, scores: float, squares: float) -> None:
    n, w, total, sq = result.by_label.get(label, (0, 0.0, 0.0, 0.0))
    result.by_label[label] = (n + seats, w + wins, total + scores, sq + squares)


def _python_loop(
    g: Game,
    result: SimResult,
    matches: int,
    options: dict[str, Any],
    variants: tuple[str, ...],
    progress: Callable[[int], None] | None,
    max_decisions: int,
) -> SimResult:
    started = time.perf_counter()
    seat_bots = [result.bots[p % len(result.bots)] for p in range(result.players)]
    for i in range(matches):
        rec = play_python_match(g, result.players, result.seed, i, seat_bots, options, variants, max_decisions)
        result.matches += 1
        result.decisions += rec.decisions
        if rec.seats is not None:
            result.finished += 1
            for p, seat in enumerate(rec.seats):
                result.wins[p] += seat.win_share
                result.scores[p] += seat.score
                result.score_squares[p] += seat.score * seat.score
                label = rec.labels[p]
                if label is not None:
                    add_label(result, label, 1, seat.win_share, seat.score, seat.score * seat.score)
        if progress:
            progress(1)
    result.seconds = time.perf_counter() - started
    return result


def _match_seed(seed: int, index: int) -> int:
    # Per-match seeds for the Python loop, spread with the same SplitMix64 finaliser as rng::mix.
    z = (seed ^ _mix((index + 0x9E3779B97F4A7C15) & _M64)) & _M64
    return _mix(z)


_M64 = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)
