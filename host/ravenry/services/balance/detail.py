"""What a balance study counts from the runner's detail of each match (``CoreDetail``) beyond results: how much
choosing each phase asks for, and how the lead moved (``docs/balance.md`` defines each figure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ravenry.services.balance.tally import Mean
from ravenry.services.simulate import CoreDetail, wilson


def phase_name(names: list[str], i: int) -> str:
    """Phase ``i`` in the game's words (``"all"`` for a game that names none)."""
    if i < len(names):
        return names[i]
    return "all" if not names and i == 0 else f"phase {i + 1}"


def phase_counts(phases: bytes) -> list[int]:
    """One match's phases as the runner gives them (``CoreDetail``), as plain numbers."""
    return [int(x) for x in np.frombuffer(phases, dtype="<i8")]


@dataclass
class PhaseTally:
    """Per phase, over every decision of every match: decisions, forced ones and the legal actions summed."""

    names: list[str]
    #: rows: phases; columns: decisions, forced, legal actions summed
    counts: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), dtype=np.int64))

    def add(self, phases: Sequence[bytes]) -> None:
        """A batch of matches' phases, each flat (decisions, forced, choices of phase 0, then of phase 1, …) as
        the runner gives them: little-endian 64-bit integers, padded to the game's named phases."""
        if not phases:
            return
        width = max(len(p) for p in phases)
        # Padded by the runner, matches of one game have one length; a phase past the names pads the others.
        flat = np.frombuffer(b"".join(p.ljust(width, b"\0") for p in phases), dtype="<i8")
        summed = flat.reshape(len(phases), -1).sum(axis=0).reshape(-1, 3)
        if len(summed) > len(self.counts):
            self.counts = np.vstack([self.counts, np.zeros((len(summed) - len(self.counts), 3), dtype=np.int64)])
        self.counts[: len(summed)] += summed

    def rows(self) -> list[dict[str, Any]]:
        """One row per phase that saw a decision, in the game's phase order: its share of all decisions, its
        branching factor (legal actions per decision) and its share of forced decisions."""
        total = int(self.counts[:, 0].sum())
        return [
            {
                "phase": phase_name(self.names, i),
                "decisions": int(d),
                "share": int(d) / total,
                "forced": int(f),
                "choices": int(c),
                "branching": int(c) / int(d),
                "forced_share": int(f) / int(d),
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

    def add(self, details: Sequence[CoreDetail]) -> None:
        changes = np.array([d[1] for d in details if d[1] is not None], dtype=np.float64)
        self.changes.add_many(changes)
        self.steady += int((changes == 0).sum())
        behind = np.array([d[2] for d in details if d[2] is not None], dtype=np.float64).reshape(-1, 2)
        for k, m in enumerate(self.comeback):
            m.add_many(behind[:, k])

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
    """The phase and lead tallies, fed a batch of records' details at a time."""

    phases: PhaseTally
    lead: LeadTally = field(default_factory=LeadTally)

    def add(self, details: Sequence[CoreDetail]) -> None:
        self.phases.add([d[0] for d in details])
        self.lead.add(details)
