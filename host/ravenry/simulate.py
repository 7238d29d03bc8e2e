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
from ravenry.game import game as get_game


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
    by_label: dict[str, tuple[int, float]] = field(default_factory=dict)
    engine: str = "rust"

    def win_share(self, seat: int) -> float:
        return self.wins[seat] / self.finished if self.finished else 0.0

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
            "workers": self.workers,
            "engine": self.engine,
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
                }
                for p, w in enumerate(self.wins)
            ],
            "by_label": {
                k: {"seats": n, "wins": w, "share": w / n if n else 0.0, "ci95": list(wilson(w, n))}
                for k, (n, w) in sorted(self.by_label.items())
            },
        }


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


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
) -> SimResult:
    """Play ``matches`` bot matches; ``bots`` is one name per seat, or fewer names cycled over the seats."""
    g = get_game(game)
    n = g.spec.min_players if players is None else players
    bot_names = list(bots)
    if not bot_names:
        raise OptionError("name at least one bot")
    if matches < 0:
        raise OptionError(f"matches must be 0 or more, not {matches}")
    w = workers or os.cpu_count() or 1
    variants = tuple(variants)
    full = g.resolve_options(options, variants)
    result = SimResult(game, n, bot_names, seed, w, wins=[0.0] * n)
    core_bots = set(g.ruleset(full).bot_names) if g.spec.core else set()
    known = set(g.info.bots)
    for b in bot_names:
        if b not in known:
            raise OptionError(f"{game} has no bot {b!r}; known bots: {', '.join(sorted(known))}")
    if g.spec.core and all(b in core_bots for b in bot_names):
        rs = g.ruleset(full)
        chunk = max(1, min(10_000, matches // 50 or 1))
        done = 0
        while done < matches:
            k = min(chunk, matches - done)
            r = rs.simulate(n, k, seed, bot_names, w, done, max_decisions)
            _add(result, r)
            done += k
            if progress:
                progress(k)
        return result
    result.engine = "python"
    return _python_loop(g, result, matches, full, variants, progress, max_decisions)


def _add(result: SimResult, r: dict[str, Any]) -> None:
    result.matches += r["matches"]
    result.finished += r["finished"]
    result.decisions += r["decisions"]
    result.seconds += r["seconds"]
    result.wins = [a + b for a, b in zip(result.wins, r["wins"])]
    for label, (seats, wins) in r["by_label"].items():
        s, w = result.by_label.get(label, (0, 0.0))
        result.by_label[label] = (s + seats, w + wins)


def _python_loop(
    g: Any,
    result: SimResult,
    matches: int,
    options: dict[str, Any],
    variants: tuple[str, ...],
    progress: Callable[[int], None] | None,
    max_decisions: int,
) -> SimResult:
    started = time.perf_counter()
    for i in range(matches):
        m = g.new_match(result.players, _match_seed(result.seed, i), options, variants)
        steps = 0
        while not m.is_over and steps < max_decisions:
            for p in m.to_act:
                m.apply(p, m.bot(result.bots[p % len(result.bots)], p))
                steps += 1
        result.matches += 1
        result.decisions += steps
        out = m.outcome
        if out is not None:
            result.finished += 1
            winners = out["winners"]
            for p in winners:
                result.wins[p] += 1 / len(winners)
            if isinstance(m, CoreMatch):
                for p in range(result.players):
                    label = m.seat_label(p)
                    if label is not None:
                        s, w = result.by_label.get(label, (0, 0.0))
                        result.by_label[label] = (s + 1, w + (1 / len(winners) if p in winners else 0.0))
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
