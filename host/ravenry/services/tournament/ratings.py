"""Ratings from match ranks with openskill's Plackett–Luce model, and bootstrap intervals over deals.

Every seat of a match is a team of one; tied ranks (a shared win) are ties. When a bot holds several seats of
one match (fewer bots than seats), each seat is rated as a copy of the bot's rating and the bot then takes the
sum of the copies' changes in ``mu`` and the product of their variance ratios, as if the seats' results had been
applied one after another.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce


@dataclass(frozen=True)
class RatedMatch:
    deal: int
    seating: tuple[int, ...]
    ranks: tuple[int, ...]
    # Seats a takeover bot played for a person who dropped (a server match's record: ``meta.net.made_for``, read
    # by ``ravenry.net.takeover.stood_in``): their result is partly the bot's, so ratings may leave the match out.
    stood_in: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


def rate(bots: int, matches: Sequence[RatedMatch], leave_out_stood_in: bool = False) -> list[Rating]:
    """Ratings of ``bots`` bots after ``matches`` in order; with ``leave_out_stood_in``, without the matches
    in which a takeover bot played a seat for someone."""
    model = PlackettLuce()
    mus = [model.mu] * bots
    sigmas = [model.sigma] * bots
    for m in matches:
        if leave_out_stood_in and m.stood_in:
            continue
        teams = [[model.rating(mu=mus[b], sigma=sigmas[b])] for b in m.seating]
        new = model.rate(teams, ranks=list(m.ranks))
        delta_mu = [0.0] * bots
        var_ratio = [1.0] * bots
        for b, team in zip(m.seating, new):
            delta_mu[b] += team[0].mu - mus[b]
            var_ratio[b] *= (team[0].sigma / sigmas[b]) ** 2
        for b in set(m.seating):
            mus[b] += delta_mu[b]
            sigmas[b] *= var_ratio[b] ** 0.5
    return [Rating(mu, sigma) for mu, sigma in zip(mus, sigmas)]


def bootstrap(
    bots: int, matches: Sequence[RatedMatch], samples: int, seed: int, leave_out_stood_in: bool = False
) -> list[tuple[float, float]]:
    """95% interval of each bot's ``mu``: rate again over deals drawn with replacement, ``samples`` times."""
    by_deal: dict[int, list[RatedMatch]] = {}
    for m in matches:
        if leave_out_stood_in and m.stood_in:
            continue
        by_deal.setdefault(m.deal, []).append(m)
    deals = sorted(by_deal)
    if not deals or samples <= 0:
        return [(float("nan"), float("nan"))] * bots
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in range(bots)]
    for _ in range(samples):
        picked = [by_deal[d] for d in rng.choices(deals, k=len(deals))]
        ratings = rate(bots, [m for group in picked for m in group])
        for b, r in enumerate(ratings):
            draws[b].append(r.mu)
    return [_percentiles(sorted(d)) for d in draws]


def _percentiles(values: list[float]) -> tuple[float, float]:
    def at(q: float) -> float:
        pos = q * (len(values) - 1)
        lo = int(pos)
        hi = min(lo + 1, len(values) - 1)
        return values[lo] + (values[hi] - values[lo]) * (pos - lo)

    return (at(0.025), at(0.975))
