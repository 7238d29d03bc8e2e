"""What a balance study counts from its match records: seats, factions, faction pairs, length, margins, ties and
the matches that never finished. A tally only adds; every figure it reports is a function of the records so far.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from ravenry.services.simulate import CoreRecord, wilson


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

    def add_many(self, xs: np.ndarray) -> None:
        self.n += int(xs.size)
        self.total += float(xs.sum())
        self.squares += float((xs * xs).sum())

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
    #: faction -> its score (a solo game's stars, say), for reading beside the shares
    faction_scores: dict[str, Mean] = field(default_factory=dict)
    #: (faction, opponent) -> the faction's win share in matches where the opponent also sat
    pairs: dict[tuple[str, str], Mean] = field(default_factory=dict)
    decisions: list[int] = field(default_factory=list)
    margins: Mean = field(default_factory=Mean)
    ties: int = 0
    #: the win share of the seat that started, in games that draw or choose who starts
    first: Mean = field(default_factory=Mean)
    #: over every decision of every match: those with one legal action, and the legal actions summed
    forced: int = 0
    choices: int = 0
    all_decisions: int = 0

    def __post_init__(self) -> None:
        self.seats = [Mean() for _ in range(self.players)]
        self.scores = [Mean() for _ in range(self.players)]

    def add(self, records: Iterable[CoreRecord]) -> None:
        """Count a batch of records (the runner's plain shape). Array sums, not a loop over seats: a batch is
        thousands of matches and this runs beside the Rust runner, so it must cost a small share of playing them."""
        recs = list(records)
        done = [rec for rec in recs if rec[1] is not None]
        self.matches += len(recs)
        self.unfinished += len(recs) - len(done)
        self.all_decisions += sum([rec[0] for rec in recs])
        self.forced += sum([rec[5] for rec in recs])
        self.choices += sum([rec[6] for rec in recs])
        if not done:
            return
        n = self.players
        results = np.array([r[1] for r in done], dtype=np.float64).reshape(-1, n, 3)
        ranks, scores, shares = results[:, :, 0], results[:, :, 1], results[:, :, 2]
        self.decisions.extend(r[0] for r in done)
        starters = [(i, r[4]) for i, r in enumerate(done) if r[4] is not None and 0 <= r[4] < n]
        if starters:
            rows, seats = zip(*starters)
            self.first.add_many(shares[list(rows), list(seats)])
        for p in range(n):
            self.seats[p].add_many(shares[:, p])
            self.scores[p].add_many(scores[:, p])
        # Seatings of factions repeat (5 Houses in 4 seats: 120 of them), so each distinct one is read once.
        seatings: dict[tuple[str | None, ...], int] = {}
        which = np.array([seatings.setdefault(tuple(r[2]), len(seatings)) for r in done])
        names = sorted({label for seating in seatings for label in seating if label is not None})
        if names:
            index = {name: i for i, name in enumerate(names)}
            ids = np.array([[_index(index, list(seating), p) for p in range(n)] for seating in seatings])[which]
            k = len(names)
            for p in range(n):
                has = ids[:, p] >= 0
                for i in np.unique(ids[has, p]):
                    self.factions.setdefault(names[i], Mean()).add_many(shares[ids[:, p] == i, p])
                    self.faction_scores.setdefault(names[i], Mean()).add_many(scores[ids[:, p] == i, p])
                for q in range(n):
                    if q == p:
                        continue
                    both = has & (ids[:, q] >= 0) & (ids[:, q] != ids[:, p])
                    key = ids[both, p] * k + ids[both, q]
                    counts = np.bincount(key, minlength=k * k)
                    wins = np.bincount(key, weights=shares[both, p], minlength=k * k)
                    squares = np.bincount(key, weights=shares[both, p] ** 2, minlength=k * k)
                    for j in np.flatnonzero(counts):
                        m = self.pairs.setdefault((names[j // k], names[j % k]), Mean())
                        m.n += int(counts[j])
                        m.total += float(wins[j])
                        m.squares += float(squares[j])
        if n > 1:
            top = -np.sort(-scores, axis=1)
            self.margins.add_many(top[:, 0] - top[:, 1])
            self.ties += int(((ranks == 1).sum(axis=1) > 1).sum())

    @property
    def finished(self) -> int:
        return self.matches - self.unfinished

    def choice(self) -> dict[str, float]:
        """How much choosing a match asks for: the mean legal actions per decision (the branching factor) and
        the share of decisions that were forced (a single legal action), over every match played."""
        if not self.all_decisions:
            return {}
        return {"branching": self.choices / self.all_decisions, "forced": self.forced / self.all_decisions}

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


def _index(index: dict[str, int], labels: list[str | None], p: int) -> int:
    label = labels[p] if p < len(labels) else None
    return -1 if label is None else index[label]
