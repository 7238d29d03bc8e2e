"""The host's own plugin: it registers the core's bots through the same hook as everyone else's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ravenry.hookspecs import hookimpl
from ravenry.specs import BotSpec

if TYPE_CHECKING:
    from ravenry.match import MatchBase


def _core_bot(name: str) -> Callable[[MatchBase, int], int]:
    def choose(match: MatchBase, seat: int) -> int:
        return match.bot_action(name, seat)

    return choose


@hookimpl
def ravenry_register_bots(register: Callable[[BotSpec], None]) -> None:
    register(BotSpec("random", _core_bot("random"), help="uniform among legal actions (Rust)"))
    register(BotSpec("heuristic", _core_bot("heuristic"), help="the game's own rule-of-thumb player (Rust)"))
