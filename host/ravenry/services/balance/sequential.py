"""Anytime-valid intervals and the verdicts drawn from them.

A balance study looks at its numbers after every batch and stops as soon as every question is answered. An
ordinary 95% interval checked that often is wrong far more than 5% of the time (each look is another chance to
stray), so the study uses a *confidence sequence*: intervals that hold at every look at once with the stated
probability. This one is the two-sided normal-mixture boundary for sub-Gaussian sums (Robbins 1970; Howard,
Ramdas, McAuliffe and Sekhon, "Time-uniform, nonparametric, nonasymptotic confidence sequences", Ann. Statist.
2021, eq. (14)): a per-match value bounded in an interval of width ``w`` is sub-Gaussian with variance factor
``w²/4``, so for ``t`` matches with mean ``m``,

    |m - mean| <= sqrt((v·t + ρ) · log((v·t + ρ) / (ρ·(α/2)²))) / t,   v = w²/4,

for every ``t`` at once, with probability at least ``1 - α``. ``ρ`` sets where the boundary is tightest; it is
fixed before any data (``TIGHT_AT`` matches), as validity requires.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The boundary is tightest near this many matches (a typical decided study); any fixed value is valid.
TIGHT_AT = 400

FAIR = "fair"
OFF = "off"
UNDECIDED = "undecided"


def radius(t: int, alpha: float, width: float = 1.0) -> float:
    """Half-width of the anytime-valid interval of a mean of ``t`` values in an interval of ``width``."""
    if t <= 0:
        return math.inf
    v = width * width / 4
    rho = v * TIGHT_AT
    vt = v * t + rho
    return math.sqrt(vt * math.log(vt / (rho * (alpha / 2) ** 2))) / t


@dataclass(frozen=True)
class Question:
    """One number the study estimates (a seat's win share, a House's, a change in share), its target and the
    tolerance around it, and the range a single match's value lies in."""

    name: str
    target: float
    tolerance: float
    low: float = 0.0
    high: float = 1.0


@dataclass(frozen=True)
class Answer:
    question: Question
    n: int
    mean: float
    interval: tuple[float, float]
    verdict: str
    #: matches a decision would need at the observed mean (0 when decided; None when no count would do)
    still_needed: int | None

    def to_dict(self) -> dict[str, object]:
        q = self.question
        return {
            "question": q.name,
            "target": q.target,
            "tolerance": q.tolerance,
            "n": self.n,
            "mean": self.mean,
            "interval": list(self.interval),
            "verdict": self.verdict,
            "still_needed": self.still_needed,
        }


def verdict(interval: tuple[float, float], target: float, tolerance: float) -> str:
    """*fair* when the whole interval is within ``target ± tolerance``, *off* when none of it is, else
    *undecided*."""
    lo, hi = interval
    if target - tolerance <= lo and hi <= target + tolerance:
        return FAIR
    if hi < target - tolerance or lo > target + tolerance:
        return OFF
    return UNDECIDED


def answer(q: Question, total: float, n: int, alpha: float) -> Answer:
    """The answer to ``q`` after ``n`` matches whose values sum to ``total``, at error rate ``alpha``."""
    if n <= 0:
        return Answer(q, 0, math.nan, (q.low, q.high), UNDECIDED, None)
    mean = total / n
    r = radius(n, alpha, q.high - q.low)
    interval = (max(q.low, mean - r), min(q.high, mean + r))
    v = verdict(interval, q.target, q.tolerance)
    return Answer(q, n, mean, interval, v, 0 if v != UNDECIDED else needed(q, mean, alpha))


def needed(q: Question, mean: float, alpha: float, limit: int = 10**9) -> int | None:
    """How many matches in all a decision would take if the mean stayed where it is: the first ``t`` whose
    radius is under the mean's distance to the nearer edge of the tolerance band. None when the mean sits on an
    edge (no count decides it) or more than ``limit`` would be needed."""
    lo, hi = q.target - q.tolerance, q.target + q.tolerance
    gap = min(mean - lo, hi - mean) if lo <= mean <= hi else min(abs(mean - lo), abs(mean - hi))
    if gap <= 0:
        return None
    width = q.high - q.low
    t = 1
    while radius(t, alpha, width) >= gap:
        t *= 2
        if t > limit:
            return None
    low = t // 2
    while low + 1 < t:  # the radius falls with t: bisect to the first t that decides
        mid = (low + t) // 2
        if radius(mid, alpha, width) < gap:
            t = mid
        else:
            low = mid
    return t
