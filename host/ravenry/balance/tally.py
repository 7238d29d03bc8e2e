"""What a balance study counts from its match records: seats, factions, faction pairs, length, margins, ties and
the matches that never finished. A tally only adds; every figure it reports is a function of the records so far.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from ravenry.simulate import MatchRecord, wilson


@dataclass
class Mean:
    """A running sum for one question: the values' count, sum and sum of squares."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    @property
    def sd(self) -> float:
        if self.n < 2:
            return math.nan
        return math.sqrt(max(0.0, (self.squares - self.n * self.mean**2) / (self.n - 1)))


@dataclass
class Tally:
    players: int
    matches: int = 0
    #: matches stopped unfinished: they hit the decision limit ("rule holes": a loop, a state with no way on)
    unfinished: int = 0
    seats: list[Mean] = field(default_factory=list)
    scores: list[Mean] = field(default_factory=list)
    factions: dict[str, Mean] = field(default_factory=dict)
    #: (faction, opponent) -> the faction's win share in matches where the opponent also sat
    pairs: dict[tuple[str, str], Mean] = field(default_factory=dict)
    decisions: list[int] = field(default_factory=list)
    margins: Mean = field(default_factory=Mean)
    ties: int = 0

    def __post_init__(self) -> None:
        self.seats = [Mean() for _ in range(self.players)]
        self.scores = [Mean() for _ in range(self.players)]

    def add(self, records: Iterable[MatchRecord]) -> None:
        for rec in records:
            self.matches += 1
            if rec.seats is None:
                self.unfinished += 1
                continue
            self.decisions.append(rec.decisions)
            for p, seat in enumerate(rec.seats):
                self.seats[p].add(seat.win_share)
                self.scores[p].add(seat.score)
            labels = [rec.labels[p] if p < len(rec.labels) else None for p in range(self.players)]
            for p, label in enumerate(labels):
                if label is None:
                    continue
                share = rec.seats[p].win_share
                self.factions.setdefault(label, Mean()).add(share)
                for q, other in enumerate(labels):
                    if q != p and other is not None and other != label:
                        self.pairs.setdefault((label, other), Mean()).add(share)
            if self.players > 1:
                best = sorted((s.score for s in rec.seats), reverse=True)
                self.margins.add(best[0] - best[1])
                if sum(1 for s in rec.seats if s.rank == 1) > 1:
                    self.ties += 1

    @property
    def finished(self) -> int:
        return self.matches - self.unfinished

    def lengths(self) -> dict[str, float]:
        """Decisions per finished match: mean, spread and the tail."""
        xs = sorted(self.decisions)
        if not xs:
            return {}

        def q(f: float) -> float:
            return float(xs[min(len(xs) - 1, int(f * len(xs)))])

        m = Mean()
        for x in xs:
            m.add(x)
        return {"mean": m.mean, "sd": m.sd, "min": float(xs[0]), "p50": q(0.5), "p90": q(0.9), "max": float(xs[-1])}

    def pair_rows(self) -> list[dict[str, object]]:
        """Each faction's share against each opponent it met, with a plain 95% interval (descriptive: the pairs
        are many and are not part of the study's stopping rule)."""
        return [
            {"faction": a, "against": b, "n": m.n, "share": m.mean, "ci95": list(wilson(m.total, m.n))}
            for (a, b), m in sorted(self.pairs.items())
        ]
