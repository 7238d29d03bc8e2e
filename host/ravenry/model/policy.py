"""A policy is a bot: any callable from what one seat may know (``Seat``) to an action becomes a bot by name, usable
wherever a bot is named (``sim``, ``tournament``, ``balance``, ``play``, the server's seats). ``register_bot`` does
it from Python; ``--bots package.module:function`` on the command line imports the function and registers it as
the bot ``package.module.function``. The policy never gets the match: ``Seat`` is built from the seat's view,
observation and legal actions, so a policy bot reads no more than its seat sees, as every bot must."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ravenry.errors import OptionError
from ravenry.model import game as game_model
from ravenry.model.match import Match, MatchBase
from ravenry.registry.plugins import registry
from ravenry.specs import BotSpec

# ``package.module:function``: a dotted module, a colon, a dotted attribute; no ``=`` (that is a bot's parameter).
_IMPORTABLE = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")
_NAME = re.compile(r"^[A-Za-z_][\w.-]*$")


@dataclass(frozen=True)
class Seat:
    """What a policy may know when it decides: the seat's view, its observation tensor and the dense legal mask
    (games in the core; None otherwise), and its legal actions as codes with their descriptions."""

    game: str
    seat: int
    players: int
    view: dict[str, Any]
    legal_actions: list[int]
    observation: npt.NDArray[np.float32] | None = None
    legal_mask: npt.NDArray[np.uint8] | None = None
    descriptions: list[dict[str, Any]] = field(default_factory=list)
    _codes: npt.NDArray[np.uint32] | None = field(default=None, repr=False)

    def action_of(self, index: int) -> int:
        """The action code of a dense index (a policy's output over ``legal_mask``)."""
        if self._codes is None:
            raise OptionError(f"{self.game} has no dense action space: choose from legal_actions")
        return int(self._codes[index])

    @classmethod
    def of(cls, match: MatchBase, seat: int) -> Seat:
        legal = list(match.legal_actions(seat))
        core: dict[str, Any] = {}
        if isinstance(match, Match):
            core = {
                "observation": match.observation(seat),
                "legal_mask": match.legal_mask(seat),
                "_codes": _action_codes(match.ruleset, match.players),
            }
        return cls(
            game=match.game.id,
            seat=seat,
            players=match.players,
            view=match.view(seat),
            legal_actions=legal,
            descriptions=[match.describe(a, seat) for a in legal],
            **core,
        )


def _action_codes(ruleset: Any, players: int) -> npt.NDArray[np.uint32]:
    """The dense action space's codes, built once per ruleset and player count (the CCG's has 74,818: building it
    at every decision would cost more than the policy)."""
    key = (ruleset.hash, players)
    codes = _CODES.get(key)
    if codes is None:
        codes = _CODES[key] = ruleset.action_codes(players)
        codes.setflags(write=False)
    return codes


_CODES: dict[tuple[str, int], npt.NDArray[np.uint32]] = {}

Policy = Callable[[Seat], int]


def register_bot(name: str, policy: Policy, games: Sequence[str] | None = None, help: str = "") -> None:
    """Make ``policy`` a bot called ``name`` (for ``games``, or every game). Its answer must be one of the seat's
    legal action codes; anything else is refused as an ``OptionError`` naming the bot."""
    if not _NAME.match(name):
        raise OptionError(f"a bot name is a word (letters, digits, _ . -), not {name!r}")
    if name in registry().bots:
        raise OptionError(f"there is already a bot {name!r}")

    def choose(match: MatchBase, seat: int) -> int:
        view = Seat.of(match, seat)
        action = policy(view)
        if not isinstance(action, (int, np.integer)) or int(action) not in view.legal_actions:
            raise OptionError(f"bot {name!r} chose {action!r:.40}, which is not a legal action of seat {seat}")
        return int(action)

    registry().bots[name] = BotSpec(name, choose, games, help or f"policy {name}")
    game_model.clear_cache()  # each game's bot list is cached; it must see the new bot


def importable(spec: str) -> bool:
    """Whether a bot spec names a function to import (``package.module:function``) rather than a registered bot."""
    return bool(_IMPORTABLE.match(spec)) and spec.partition(":")[0] not in registry().bots


def register_imported(spec: str) -> str:
    """Import ``package.module:function`` and register it as the bot ``package.module.function`` (once); returns that
    name. For the command line only: a network client's bot names are never imported."""
    name = spec.replace(":", ".")
    if name in registry().bots:
        return name
    module_name, _, attr = spec.partition(":")
    try:
        target: Any = importlib.import_module(module_name)
        for part in attr.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError) as e:
        raise OptionError(f"bot {spec!r}: cannot import it ({e})") from None
    if not callable(target):
        raise OptionError(f"bot {spec!r} is not callable")
    register_bot(name, target)
    return name


__all__ = ["Policy", "Seat", "importable", "register_bot", "register_imported"]
