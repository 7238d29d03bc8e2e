"""A rigged coin as a game, to test balance studies against a known answer: seat 0 flips, and wins with
probability ``bias`` per mille; otherwise one of the other seats wins, each equally likely."""

from __future__ import annotations

import random
from typing import Any

from ravenry import IllegalAction


class Coin:
    version = "1"

    def __init__(self, players: int, bias: int, seed: int, winner: int | None = None) -> None:
        self.players, self.bias, self.seed, self.winner = players, bias, seed, winner

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Coin:
        return cls(players, options["bias"], seed)

    @classmethod
    def from_state(cls, state: dict[str, Any], options: dict[str, Any]) -> Coin:
        return cls(state["players"], state["bias"], state["seed"], state["winner"])

    def to_state(self) -> dict[str, Any]:
        return {"players": self.players, "bias": self.bias, "seed": self.seed, "winner": self.winner}

    def to_act(self) -> list[int]:
        return [] if self.winner is not None else [0]

    def legal_actions(self, p: int) -> list[int]:
        return [0] if p in self.to_act() else []

    def apply(self, p: int, a: int) -> list[tuple[list[int] | None, dict[str, Any]]]:
        if a not in self.legal_actions(p):
            raise IllegalAction(f"coin: seat {p} cannot flip now")
        rng = random.Random(self.seed)
        self.winner = 0 if rng.random() * 1000 < self.bias else rng.randrange(1, self.players)
        return [(None, {"Won": {"seat": self.winner}})]

    def outcome(self) -> dict[str, Any] | None:
        if self.winner is None:
            return None
        scores = [1.0 if p == self.winner else 0.0 for p in range(self.players)]
        return {"scores": scores, "ranks": [1 if s else 2 for s in scores], "winners": [self.winner]}

    def view(self, seat: int | None, all: bool) -> dict[str, Any]:
        return {"winner": self.winner}

    def describe(self, a: int, seat: int) -> dict[str, Any]:
        return {"code": a, "kind": "flip", "label": "flip the coin", "fields": {}}
