"""Per-card statistics of a balance study: how often each card is played, and its owner's win share in the
matches where the owner played it against those where the owner could have and did not.

A seat *could* play a card when the card is in its deck (the runner's ``owned`` list); in a game that names no
deck (a shared market), every seat could. Played-or-not is an association, not a cause: a seat that is winning
may simply get to play more of its cards. ``--without CARD`` (restricted play on the same deals) measures what
a card changes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ravenry.services.simulate import CoreDetail, wilson

#: The table of a report lists at most this many cards (every card is in ``--json``); a card is listed only
#: when both of its groups hold at least ``MIN_SEEN`` seat-matches, since fewer say nothing.
SHOWN = 15
MIN_SEEN = 20


@dataclass
class CardTally:
    """Per card index (``Ruleset.card_names``): times played, and for seat-matches of finished matches whose seat
    could play it, the count and win-share sum (and squares) of those that played it and of those that did not."""

    names: list[str]
    plays: np.ndarray = field(init=False)
    #: rows: played, not played; columns: seat-matches, win-share sum, sum of squares
    seen: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        k = len(self.names)
        self.plays = np.zeros(k, dtype=np.int64)
        self.seen = np.zeros((2, 3, k), dtype=np.float64)

    def add(self, details: Sequence[CoreDetail], shares: Sequence[Sequence[float] | None]) -> None:
        """A batch of matches' details, each with its seats' win shares, or None for an unfinished match (whose
        plays are counted but whose seats say nothing about winning). Lists first, then one ``bincount`` a
        column: a batch is thousands of matches, and per-match array calls would cost more than the matches."""
        k = len(self.names)
        everyone = range(k)
        played_cards: list[int] = []
        played_times: list[int] = []
        cards: tuple[list[int], list[int]] = ([], [])
        weights: tuple[list[float], list[float]] = ([], [])
        for detail, seat_shares in zip(details, shares):
            _, _, _, played, owned = detail
            for p, seat in enumerate(played):
                did: set[int] = set()
                for c, t in seat:
                    played_cards.append(c)
                    played_times.append(t)
                    did.add(c)
                if seat_shares is None or p >= len(seat_shares):
                    continue
                s = seat_shares[p]
                mine = owned[p] if p < len(owned) and owned[p] else everyone
                for c in mine:
                    row = 0 if c in did else 1
                    cards[row].append(c)
                    weights[row].append(s)
        pc = np.asarray(played_cards, dtype=np.int64)
        keep = pc < k
        self.plays += np.bincount(pc[keep], weights=np.asarray(played_times, dtype=np.float64)[keep], minlength=k)[
            :k
        ].astype(np.int64)
        for row in (0, 1):
            ids = np.asarray(cards[row], dtype=np.int64)
            wts = np.asarray(weights[row], dtype=np.float64)
            known = ids < k
            ids, wts = ids[known], wts[known]
            self.seen[row, 0] += np.bincount(ids, minlength=k)[:k]
            self.seen[row, 1] += np.bincount(ids, weights=wts, minlength=k)[:k]
            self.seen[row, 2] += np.bincount(ids, weights=wts * wts, minlength=k)[:k]

    def rows(self) -> list[dict[str, Any]]:
        """Every card that was played or could have been, most played first: plays, and the owner's win share
        when played and when not, each with a plain 95% interval, and their difference with a normal 95%
        interval (descriptive: many cards, no stopping rule)."""
        out: list[dict[str, Any]] = []
        for i in np.flatnonzero((self.plays > 0) | (self.seen[:, 0, :].sum(axis=0) > 0)):
            groups = []
            for row in (0, 1):
                n, total, squares = (float(x) for x in self.seen[row, :, i])
                mean = total / n if n else math.nan
                var = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else math.nan
                groups.append((int(n), mean, var, total))
            (n1, m1, v1, t1), (n0, m0, v0, t0) = groups
            diff = m1 - m0
            half = 1.96 * math.sqrt(v1 / n1 + v0 / n0) if n1 > 1 and n0 > 1 else math.nan
            out.append(
                {
                    "card": self.names[i],
                    "plays": int(self.plays[i]),
                    "played": {"n": n1, "share": m1, "ci95": list(wilson(t1, n1))},
                    "not_played": {"n": n0, "share": m0, "ci95": list(wilson(t0, n0))},
                    "difference": diff,
                    "difference_ci95": [diff - half, diff + half],
                }
            )
        out.sort(key=lambda r: (-r["plays"], r["card"]))
        return out


def telling(rows: list[dict[str, Any]], limit: int = SHOWN) -> list[dict[str, Any]]:
    """The cards a designer reads first: those seen enough both ways, largest difference first."""
    seen = [r for r in rows if r["played"]["n"] >= MIN_SEEN and r["not_played"]["n"] >= MIN_SEEN]
    return sorted(seen, key=lambda r: -abs(r["difference"]))[:limit]


def played_by_name(names: list[str], played: list[list[tuple[int, int]]]) -> list[dict[str, int]]:
    """A match's cards played per seat, by name (for the per-match records)."""
    return [{names[c] if c < len(names) else str(c): t for c, t in seat} for seat in played]
