"""The host's own plugin: it registers the core's bots through the same hook as everyone else's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ravenry.hookspecs import hookimpl
from ravenry.specs import BotSpec


class _CoreBotMatch(Protocol):
    # What a core bot needs of a match (any ravenry.MatchBase): the registry sits below the match model.
    def bot_action(self, name: str, p: int) -> int: ...


def _core_bot(name: str) -> Callable[[_CoreBotMatch, int], int]:
    def choose(match: _CoreBotMatch, seat: int) -> int:
        return match.bot_action(name, seat)

    return choose


@hookimpl
def ravenry_register_bots(register: Callable[[BotSpec], None]) -> None:
    register(BotSpec("random", _core_bot("random"), help="uniform among legal actions (Rust)"))
    register(BotSpec("heuristic", _core_bot("heuristic"), help="the game's own rule-of-thumb player (Rust)"))
