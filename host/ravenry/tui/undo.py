"""May a local player take back a decision? Only when taking it back hides nothing anyone has learnt: the
decision (and the bot moves that followed it) drew nothing random and revealed nothing hidden. The engine
knows both without any per-game code:

- **Nothing random**: the match's RNG (ChaCha, in the state) is at the same word position before and after.
  A shuffle, a draw from a shuffled deck or a die roll moves it.
- **Nothing hidden**: for each human seat, the part of the match that seat cannot see is resampled
  (``Match.determinized``, the same resampling search bots use), and the same actions are replayed in every
  resampled world. If the seat's view afterwards is the same in every world as in the real one, what the seat
  saw did not depend on anything hidden, so it learnt nothing hidden. If a replayed action is illegal in some
  world, or a view differs (a face-down card was revealed, a bot's choice showed what it held), undo is refused.

The second test samples worlds (``SAMPLES`` of them), so an action that reveals a hidden fact identical in every
sample would slip through; with hidden hands of several cards the chance of that is negligible, and the RNG test
is exact."""

from __future__ import annotations

from typing import Any

from ravenry.errors import RavenryError
from ravenry.match import MatchBase

SAMPLES = 6


def _rng(node: Any) -> Any:
    """The RNG record in a state dict (the first value under an ``rng`` key, depth first)."""
    if isinstance(node, dict):
        if "rng" in node:
            return node["rng"]
        for v in node.values():
            found = _rng(v)
            if found is not None:
                return found
    elif isinstance(node, list):
        for v in node:
            found = _rng(v)
            if found is not None:
                return found
    return None


def undo_refusal(before: MatchBase, after: MatchBase, humans: list[int]) -> str | None:
    """None when going back from ``after`` to ``before`` hides nothing any of ``humans`` learnt; else why not."""
    actions = after.history()[len(before.history()) :]
    rng_before, rng_after = _rng(before.state()), _rng(after.state())
    if rng_before is None or rng_before != rng_after:
        return "it drew something random (a card, a shuffle or a die)"
    determinized = getattr(before, "determinized", None)
    if determinized is None:
        return "this game cannot tell what its moves reveal"
    for seat in humans:
        seen = after.view(seat)
        for k in range(SAMPLES):
            world = determinized(seat, 0x5EED + k)
            try:
                for p, a in actions:
                    world.apply(p, a)
            except RavenryError:
                return "it revealed something hidden"
            if world.view(seat) != seen:
                return "it revealed something hidden"
    return None
