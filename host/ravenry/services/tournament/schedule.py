"""Who sits where: seat rotation and duplicate deals.

A tournament is a list of jobs ``(deal, seating)``. A *seating* gives the bot (an index into the tournament's
bot list) in every seat. Seatings come in *groups*: each deal is replayed under every seating of its group, so
the luck of a deal (cards, dice, setup) is shared by every bot that played it, as in duplicate bridge.

- ``k <= n`` bots for ``n`` seats: one group of ``k`` cyclic seatings, seat ``s`` of seating ``j`` holds bot
  ``(j + s) % k``. Over the group each bot sits in each seat exactly once per ``k`` seatings (with ``k < n``
  a bot holds several seats of one match).
- ``k > n``: one group per ``n``-subset of the bots (every pair of bots meets), each group the ``n`` rotations
  of its subset, so each bot sits in each seat equally often once every subset has had its turn.

A *schedule unit* is one deal per group. A tournament plays whole units, so every bot sits in every seat equally
often: a match count between units is rounded up to the next one, and fewer than one unit is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ravenry.errors import OptionError


@dataclass(frozen=True)
class Schedule:
    bots: int
    seats: int
    groups: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def unit(self) -> int:
        """Matches in one schedule unit: one deal under every seating of every group."""
        return sum(len(g) for g in self.groups)

    def rounded(self, matches: int) -> int:
        """``matches`` rounded up to whole schedule units; fewer than one unit is refused."""
        if matches < self.unit:
            raise OptionError(
                f"{matches} matches cannot seat {self.bots} bots in {self.seats} seats equally often: a tournament "
                f"needs at least {self.unit} (one deal under each of its {self.rotation_note()})"
            )
        return -(-matches // self.unit) * self.unit

    def jobs(self, matches: int, first_deal: int = 0) -> list[tuple[int, tuple[int, ...]]]:
        """Jobs for ``matches`` rounded up to whole units: deals ``first_deal, first_deal + 1, …`` cycling through
        the groups, each deal under every seating of its group."""
        total = self.rounded(matches)
        out: list[tuple[int, tuple[int, ...]]] = []
        deal = first_deal
        while len(out) < total:
            for group in self.groups:
                out.extend((deal, seating) for seating in group)
                deal += 1
        return out

    def rotation_note(self) -> str:
        if len(self.groups) == 1:
            return f"{self.unit} rotations"
        return f"{len(self.groups)} line-ups x {len(self.groups[0])} rotations"


def schedule(bots: int, seats: int) -> Schedule:
    if bots < 1:
        raise OptionError("a tournament needs at least one bot")
    if seats < 1:
        raise OptionError("a tournament needs at least one seat")
    if bots <= seats:
        group = tuple(tuple((j + s) % bots for s in range(seats)) for j in range(bots))
        return Schedule(bots, seats, (group,))
    groups = tuple(
        tuple(tuple(subset[(j + s) % seats] for s in range(seats)) for j in range(seats))
        for subset in combinations(range(bots), seats)
    )
    return Schedule(bots, seats, groups)
