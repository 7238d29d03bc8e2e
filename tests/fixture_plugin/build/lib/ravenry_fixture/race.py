"""A pure-Python game hosted through ``GameSpec(python_game=...)``: players take turns adding 1 or 2 to a shared
total; whoever brings it to the target wins. Action codes: 1 and 2."""

from __future__ import annotations

from typing import Any

from ravenry import IllegalAction


class RaceToTen:
    version = "1"

    def __init__(self, players: int, target: int, total: int = 0, turn: int = 0, winner: int | None = None) -> None:
        self.players, self.target, self.total, self.turn, self.winner = players, target, total, turn, winner

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> RaceToTen:
        return cls(players, options["target"], turn=seed % players)

    @classmethod
    def from_state(cls, state: dict[str, Any], options: dict[str, Any]) -> RaceToTen:
        return cls(state["players"], state["target"], state["total"], state["turn"], state["winner"])

    def to_state(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "target": self.target,
            "total": self.total,
            "turn": self.turn,
            "winner": self.winner,
        }

    def to_act(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def legal_actions(self, p: int) -> list[int]:
        return [a for a in (1, 2) if self.total + a <= self.target] if p in self.to_act() else []

    def apply(self, p: int, a: int) -> list[tuple[list[int] | None, dict[str, Any]]]:
        if a not in self.legal_actions(p):
            raise IllegalAction(f"race-to-ten: seat {p} cannot add {a} to {self.total} now")
        self.total += a
        events: list[tuple[list[int] | None, dict[str, Any]]] = [(None, {"Added": {"seat": p, "amount": a}})]
        if self.total == self.target:
            self.winner = p
            events.append((None, {"Won": {"seat": p}}))
        self.turn = (self.turn + 1) % self.players
        return events

    def outcome(self) -> dict[str, Any] | None:
        if self.winner is None:
            return None
        scores = [1.0 if p == self.winner else 0.0 for p in range(self.players)]
        return {"scores": scores, "ranks": [1 if s else 2 for s in scores], "winners": [self.winner]}

    def view(self, seat: int | None, all: bool) -> dict[str, Any]:
        return {"total": self.total, "target": self.target, "turn": self.turn, "winner": self.winner}

    def describe(self, a: int, seat: int) -> dict[str, Any]:
        return {"code": a, "kind": "add", "label": f"add {a} (total becomes {self.total + a})", "fields": {"amount": a}}
