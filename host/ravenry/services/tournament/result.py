"""What a tournament measured: ratings with intervals, head-to-head, seat bias, labels, lengths."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ravenry.services.simulate import MatchRecord, mean_interval, wilson
from ravenry.services.tournament.ratings import RatedMatch, rate
from ravenry.services.tournament.ratings import bootstrap as bootstrap_intervals
from ravenry.services.tournament.schedule import Schedule

# Bootstrap resamples cost one full re-rating each (about 0.1 ms a match); past this many rated matches in all
# the sample count is lowered, never below 20, and the count used is reported.
_BOOTSTRAP_BUDGET = 400_000


@dataclass
class TournamentResult:
    game: str
    players: int
    bots: list[str]
    seed: int
    options: dict[str, Any]
    variants: list[str]
    matches: int
    deals: int
    unit: int
    engine: str
    backend: str
    ratings: list[dict[str, Any]] = field(default_factory=list)
    bot_shares: list[dict[str, Any]] = field(default_factory=list)
    head_to_head: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    seats: list[dict[str, Any]] = field(default_factory=list)
    labels: dict[str, dict[str, Any]] = field(default_factory=dict)
    # The game's own tournament points (a rulebook's match scoring), per bot; empty for a game without them.
    points: list[dict[str, Any]] = field(default_factory=list)
    lengths: dict[str, Any] = field(default_factory=dict)
    unfinished: int = 0
    bootstrap_samples: int = 0
    seconds: float = 0.0

    @classmethod
    def build(
        cls,
        *,
        game: str,
        players: int,
        bots: list[str],
        seed: int,
        options: dict[str, Any],
        variants: list[str],
        schedule: Schedule,
        jobs: list[tuple[int, tuple[int, ...]]],
        records: list[MatchRecord],
        engine: str,
        backend: str,
        bootstrap: int,
        seconds: float,
    ) -> TournamentResult:
        k = len(bots)
        res = cls(
            game=game,
            players=players,
            bots=bots,
            seed=seed,
            options=options,
            variants=variants,
            matches=len(records),
            deals=len({d for d, _ in jobs}),
            unit=schedule.unit,
            engine=engine,
            backend=backend,
            seconds=seconds,
        )
        rated = [
            RatedMatch(deal, seating, tuple(s.rank for s in rec.seats))
            for (deal, seating), rec in zip(jobs, records)
            if rec.seats is not None
        ]
        res.unfinished = len(records) - len(rated)
        final = rate(k, rated)
        samples = min(bootstrap, max(20, _BOOTSTRAP_BUDGET // max(1, len(rated)))) if bootstrap > 0 else 0
        res.bootstrap_samples = samples if rated else 0
        intervals: list[tuple[float, float] | None] = [None] * k
        if rated and samples:
            intervals = list(bootstrap_intervals(k, rated, samples, seed))
        order = sorted(range(k), key=lambda b: -final[b].mu)
        res.ratings = [
            {
                "bot": bots[b],
                "mu": final[b].mu,
                "sigma": final[b].sigma,
                "ordinal": final[b].ordinal,
                "ci95": list(ci) if (ci := intervals[b]) else None,
            }
            for b in order
        ]
        res._tally(jobs, records)
        return res

    def _tally(self, jobs: list[tuple[int, tuple[int, ...]]], records: list[MatchRecord]) -> None:
        k, n = len(self.bots), self.players
        seat_wins = [0.0] * n
        bot_wins, bot_seats = [0.0] * k, [0] * k
        h2h_score = [[0.0] * k for _ in range(k)]
        h2h_count = [[0] * k for _ in range(k)]
        label_stats: dict[str, list[float]] = {}
        bot_points: list[list[float]] = [[] for _ in range(k)]
        label_points: dict[str, list[float]] = {}
        finished = 0
        for (_, seating), rec in zip(jobs, records):
            if rec.seats is None:
                continue
            finished += 1
            for p, (b, seat) in enumerate(zip(seating, rec.seats)):
                seat_wins[p] += seat.win_share
                bot_wins[b] += seat.win_share
                bot_seats[b] += 1
                label = rec.labels[p] if p < len(rec.labels) else None
                if label is not None:
                    st = label_stats.setdefault(label, [0, 0.0])
                    st[0] += 1
                    st[1] += seat.win_share
                if rec.points is not None and p < len(rec.points):
                    bot_points[b].append(rec.points[p])
                    if label is not None:
                        label_points.setdefault(label, []).append(rec.points[p])
                for q in range(n):
                    c = seating[q]
                    if c == b:
                        continue
                    mine, theirs = seat.rank, rec.seats[q].rank
                    h2h_count[b][c] += 1
                    h2h_score[b][c] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        self.seats = [
            {
                "seat": p,
                "share": seat_wins[p] / finished if finished else 0.0,
                "ci95": list(wilson(seat_wins[p], finished)),
            }
            for p in range(n)
        ]
        self.bot_shares = [
            {
                "bot": self.bots[b],
                "seats": bot_seats[b],
                "share": bot_wins[b] / bot_seats[b] if bot_seats[b] else 0.0,
                "ci95": list(wilson(bot_wins[b], bot_seats[b])),
            }
            for b in range(k)
        ]
        self.head_to_head = {
            self.bots[a]: {
                self.bots[b]: {
                    "meetings": h2h_count[a][b],
                    "score": h2h_score[a][b] / h2h_count[a][b] if h2h_count[a][b] else 0.0,
                    "ci95": list(wilson(h2h_score[a][b], h2h_count[a][b])),
                }
                for b in range(k)
                if b != a
            }
            for a in range(k)
        }
        self.labels = {
            label: {"seats": int(s), "share": w / s if s else 0.0, "ci95": list(wilson(w, int(s)))}
            for label, (s, w) in sorted(label_stats.items())
        }
        if any(bot_points):
            self.points = [{"bot": self.bots[b], **_points(bot_points[b])} for b in range(k)]
            for label, pts in label_points.items():
                self.labels[label]["points"] = _points(pts)
        self.lengths = _lengths([r.decisions for r in records if r.seats is not None])

    @property
    def fair_share(self) -> float:
        return 1 / self.players

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "seed": self.seed,
            "options": self.options,
            "variants": self.variants,
            "matches": self.matches,
            "deals": self.deals,
            "schedule_unit": self.unit,
            "engine": self.engine,
            "backend": self.backend,
            "fair_share": self.fair_share,
            "ratings": self.ratings,
            "bootstrap_samples": self.bootstrap_samples,
            "bots_win_share": self.bot_shares,
            "head_to_head": self.head_to_head,
            "seat_bias": self.seats,
            "labels": self.labels,
            "points": self.points,
            "lengths": self.lengths,
            "unfinished": self.unfinished,
            "timing": {"seconds": self.seconds, "matches_per_s": self.matches / self.seconds if self.seconds else 0.0},
        }


def _points(values: list[float]) -> dict[str, Any]:
    """Tournament points over the seats in ``values``: the total, the mean a match and its 95% interval (normal
    approximation, kept within the points seen: a seat's points are a few discrete values, so it needs a few dozen
    seats to mean much)."""
    n = len(values)
    if not n:
        return {"seats": 0, "total": 0.0, "mean": 0.0, "ci95": None}
    total = sum(values)
    lo, hi = mean_interval(total, sum(x * x for x in values), n) if n > 1 else (total, total)
    ci = [max(min(values), lo), min(max(values), hi)]
    return {"seats": n, "total": total, "mean": total / n, "ci95": ci}


def points_rows(result: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A ``to_dict()``'s tournament points as (name, figures) rows: every bot, then every label that has them."""
    rows = [(x["bot"], x) for x in result["points"]]
    return rows + [(label, v["points"]) for label, v in result["labels"].items() if "points" in v]


def _lengths(values: list[int]) -> dict[str, Any]:
    """Match-length distribution (decisions per finished match): quantiles and a histogram of up to 12 bins."""
    if not values:
        return {"count": 0}
    v = sorted(values)

    def q(f: float) -> int:
        return v[min(len(v) - 1, int(f * (len(v) - 1) + 0.5))]

    lo, hi = v[0], v[-1]
    bins = min(12, hi - lo + 1)
    width = max(1, -(-(hi - lo + 1) // bins))
    counts = [0] * bins
    for x in v:
        counts[min(bins - 1, (x - lo) // width)] += 1
    return {
        "count": len(v),
        "mean": sum(v) / len(v),
        "min": lo,
        "p25": q(0.25),
        "median": q(0.5),
        "p75": q(0.75),
        "max": hi,
        "histogram": [[lo + i * width, lo + (i + 1) * width - 1, c] for i, c in enumerate(counts)],
    }
