"""The host's own plugin: it registers the core's bots through the same hook as everyone else's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ravenry.registry.hookspecs import hookimpl
from ravenry.specs import BotSpec


class _CoreBotMatch(Protocol):
    # What a core bot needs of a match (any ravenry.MatchBase): the registry sits below the match model.
    def bot_action(self, name: str, p: int, seed: int | None = None) -> int: ...


def _core_bot(spec: str) -> Callable[[_CoreBotMatch, int], int]:
    """A chooser for a core bot spec (``ismcts:iterations=200``); the core checks the parameters."""

    def choose(match: _CoreBotMatch, seat: int) -> int:
        return match.bot_action(spec, seat)

    return choose


def _core(name: str, help: str) -> BotSpec:
    return BotSpec(name, _core_bot(name), help=help, with_params=_core_bot)


@hookimpl
def ravenry_register_bots(register: Callable[[BotSpec], None]) -> None:
    register(_core("random", "uniform among legal actions (Rust)"))
    register(_core("heuristic", "the game's own rule-of-thumb player (Rust)"))
    register(
        _core(
            "ismcts",
            "information-set MCTS (Rust), e.g. ismcts:iterations=2000,c=0.7,rollout=heuristic,workers=2 or "
            "ismcts:seconds=0.5; see docs/search.md",
        )
    )
