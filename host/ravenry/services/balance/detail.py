"""What a balance study counts from the runner's detail of each match (``CoreDetail``) beyond results: how much
choosing each phase asks for, and how the lead moved (``docs/balance.md`` defines each figure)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ravenry.services.balance.tally import Mean
from ravenry.services.simulate import CoreDetail, wilson


def phase_name(names: list[str], i: int) -> str:
    """Phase ``i`` in the game's words (``"all"`` for a game that names none)."""
    if i < len(names):
        return names[i]
    return "all" if not names and i == 0 else f"phase {i + 1}"


@dataclass
class PhaseTally:
    """Per phase, over every decision of every match: decisions, forced ones and the legal actions summed."""

    names: list[str]
    counts: list[list[int]] = field(default_factory=list)

    def add(self, phases: list[tuple[int, int, int]]) -> None:
        if len(self.counts) < len(phases):
            self.counts.extend([0, 0, 0] for _ in range(len(phases) - len(self.counts)))
        for row, (d, f, c) in zip(self.counts, phases):
            row[0] += d
            row[1] += f
            row[2] += c

    def rows(self) -> list[dict[str, Any]]:
        """One row per phase that saw a decision, in the game's phase order: its share of all decisions, its
        branching factor (legal actions per decision) and its share of forced decisions."""
        total = sum(d for d, _, _ in self.counts)
        return [
            {
                "phase": phase_name(self.names, i),
                "decisions": d,
                "share": d / total,
                "forced": f,
                "choices": c,
                "branching": c / d,
                "forced_share": f / d,
            }
            for i, (d, f, c) in enumerate(self.counts)
            if d
        ]


@dataclass
class LeadTally:
    """Lead changes by the game's standing, per match, and how often the winner came from behind."""

    #: matches with a standing to follow (finished or not)
    changes: Mean = field(default_factory=Mean)
    #: matches whose lead never changed hands
    steady: int = 0
    #: over finished matches: a winner strictly behind the leader at half, and at three quarters, of the match
    comeback: list[Mean] = field(default_factory=lambda: [Mean(), Mean()])

    def add(self, lead_changes: int | None, comeback: tuple[bool, bool] | None) -> None:
        if lead_changes is not None:
            self.changes.add(lead_changes)
            self.steady += lead_changes == 0
        if comeback is not None:
            for m, behind in zip(self.comeback, comeback):
                m.add(float(behind))

    def to_dict(self) -> dict[str, Any]:
        if not self.changes.n:
            return {}
        out: dict[str, Any] = {
            "matches": self.changes.n,
            "lead_changes": {"mean": self.changes.mean, "sd": self.changes.sd},
            "steady": self.steady / self.changes.n,
        }
        for key, m in zip(("comeback_half", "comeback_three_quarters"), self.comeback):
            if m.n:
                out[key] = {"n": m.n, "share": m.mean, "ci95": list(wilson(m.total, m.n))}
        return out


@dataclass
class DetailTally:
    """The phase and lead tallies fed from one batch of records' details."""

    phases: PhaseTally
    lead: LeadTally = field(default_factory=LeadTally)

    def add(self, detail: CoreDetail) -> None:
        phases, lead_changes, comeback, _, _ = detail
        self.phases.add(phases)
        self.lead.add(lead_changes, comeback)
