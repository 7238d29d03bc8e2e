"""Hosting pure-Python games. A third party's game implements ``PythonGame`` and registers with
``GameSpec(python_game=TheClass)``; ``PythonMatch`` gives it the same API as a Rust match (only speed differs)."""

from __future__ import annotations

import random
from typing import Any, Protocol

import msgpack

from ravenry.errors import IllegalAction, OptionError, SnapshotError
from ravenry.model.match import GameHandle, MatchBase


class PythonGame(Protocol):
    """What a pure-Python game provides. ``apply`` must raise ``IllegalAction`` without changing anything."""

    version: str

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> PythonGame: ...
    @classmethod
    def from_state(cls, state: dict[str, Any], options: dict[str, Any]) -> PythonGame: ...
    def to_state(self) -> dict[str, Any]: ...
    def to_act(self) -> list[int]: ...
    def legal_actions(self, p: int) -> list[int]: ...
    def apply(self, p: int, a: int) -> list[tuple[list[int] | None, dict[str, Any]]]:
        """Apply and return the events: ``(seats that see it or None for everyone, event)``."""
        ...

    def outcome(self) -> dict[str, Any] | None: ...
    def view(self, seat: int | None, all: bool) -> dict[str, Any]: ...
    def describe(self, a: int, seat: int) -> dict[str, Any]: ...


class PythonMatch(MatchBase):
    """A match of a pure-Python game, with history, events and snapshots kept by the host."""

    def __init__(
        self,
        game: GameHandle,
        players: int,
        seed: int,
        *,
        options: dict[str, Any],
        variants: tuple[str, ...] = (),
        meta: dict[str, Any] | None = None,
        impl: PythonGame | None = None,
        history: list[tuple[int, int]] | None = None,
    ) -> None:
        cls = game.spec.python_game
        if cls is None:
            raise OptionError(f"{game.id} is not a pure-Python game")
        lo, hi = game.info.players
        if not lo <= players <= hi:
            raise OptionError(f"{game.id} is played by {lo} to {hi} players, not {players}")
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.variants = variants
        self.meta = dict(meta or {})
        self._impl: PythonGame = impl if impl is not None else cls.new(players, seed, options)
        self._history: list[tuple[int, int]] = list(history or [])
        self._events: list[dict[str, Any]] = []
        self._bot_rng = random.Random(seed ^ 0x5EED)

    @property
    def to_act(self) -> list[int]:
        return list(self._impl.to_act())

    @property
    def is_over(self) -> bool:
        return not self._impl.to_act()

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self._impl.outcome()

    @property
    def decisions(self) -> int:
        return len(self._history)

    @property
    def event_count(self) -> int:
        return len(self._events)

    def legal_actions(self, p: int) -> list[int]:
        self._check_seat(p)
        return list(self._impl.legal_actions(p)) if p in self._impl.to_act() else []

    def apply(self, p: int, a: int) -> None:
        if not isinstance(a, int) or isinstance(a, bool) or not 0 <= a < 2**32:
            raise IllegalAction(f"{self.game.id}: action code must be an int from 0 to 2**32-1, not {a!r:.40}")
        if p not in self._impl.to_act():
            raise IllegalAction(f"{self.game.id}: seat {p!r:.40} may not act now")
        for seats, event in self._impl.apply(p, a):
            vis: Any = "All" if seats is None else {"Only": sum(1 << s for s in seats)}
            self._events.append({"index": len(self._events), "vis": vis, "event": event})
        self._history.append((p, a))

    def describe(self, a: int, seat: int | None = None) -> dict[str, Any]:
        """What legal action ``a`` of ``seat`` (default: the first seat to act) means; an error if it is not one."""
        if seat is None and not self.to_act:
            raise IllegalAction(f"{self.game.id}: the match is over; code {a!r:.40} means nothing now")
        p = self.to_act[0] if seat is None else seat
        if a not in self.legal_actions(p):
            raise IllegalAction(f"{self.game.id}: code {a!r:.40} is not a legal action of seat {p} now")
        return self._impl.describe(a, p)

    def history(self) -> list[tuple[int, int]]:
        return list(self._history)

    def state_msgpack(self) -> bytes:
        return msgpack.packb(self._impl.to_state(), use_bin_type=True)

    def view_msgpack(self, seat: int | None = None, all: bool = False) -> bytes:
        return msgpack.packb(self._impl.view(seat, all), use_bin_type=True)

    def events_msgpack(self, since: int = 0, seat: int | None = None, all: bool = False) -> bytes:
        def visible(e: dict[str, Any]) -> bool:
            vis = e["vis"]
            return all or vis == "All" or (seat is not None and bool(vis["Only"] >> seat & 1))

        return msgpack.packb([e for e in self._events[since:] if visible(e)], use_bin_type=True)

    def bot_action(self, name: str, p: int, seed: int | None = None) -> int:
        if name != "random":
            raise OptionError(f"{self.game.id} has no core bot {name!r}; known: random")
        legal = self.legal_actions(p)
        if not legal:
            raise OptionError(f"seat {p} has no action now")
        rng = self._bot_rng if seed is None else random.Random(seed)
        return rng.choice(legal)

    def clone(self) -> PythonMatch:
        m = PythonMatch.from_state_bytes(
            self.game,
            self.players,
            self.seed,
            self.state_msgpack(),
            options=self.options,
            variants=self.variants,
            meta=self.meta,
            history=self._history,
        )
        m._events = [dict(e) for e in self._events]
        m._bot_rng.setstate(self._bot_rng.getstate())
        return m

    @classmethod
    def from_state_bytes(cls, game: GameHandle, players: int, seed: int, data: bytes, **kw: Any) -> PythonMatch:
        cls_impl = game.spec.python_game
        assert cls_impl is not None
        try:
            state = msgpack.unpackb(data, raw=False, strict_map_key=False)
            impl = cls_impl.from_state(state, kw.get("options", {}))
        except Exception as e:
            raise SnapshotError(f"the saved {game.id} state does not load: {type(e).__name__}: {e}") from e
        return cls(game, players, seed, impl=impl, **kw)
