"""May a local player take back a decision? Only when taking it back hides nothing anyone has learnt: the
decision (and the bot moves that followed it) drew nothing random and revealed nothing hidden. The engine
knows both without any per-game code:

- **Nothing random**: the match's RNG (ChaCha, in the state) is at the same word position before and after.
  A shuffle, a die roll or anything else drawn from the RNG moves it.
- **Nothing hidden**: what each human seat saw since the decision (its view after every move) must be
  explainable by *any* arrangement of what it could not see. The hidden part of the match before the decision
  is resampled (``Match.determinized``, the resampling search bots use) several times; in each resampled world
  the moves are replayed, and where a bot's recorded move is not possible there (it committed a card that
  world's hand does not hold), any move of that bot that gives the seat the same view stands in for it. If
  some world cannot reproduce the seat's views step by step, those views depended on hidden facts: a face-down
  card was revealed, or a hidden card was drawn into sight, and undo is refused.

The second test samples worlds (``SAMPLES`` of them), so a reveal of a hidden fact that happens to be the same
in every sample slips through; with hidden hands and decks of several cards that is unlikely, and the RNG test
is exact. It is for local play only: over the network the server is the authority and nothing is taken back.
"""

from __future__ import annotations

from typing import Any

from ravenry.errors import RavenryError
from ravenry.model.match import MatchBase

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


def _replays(world: MatchBase, steps: list[tuple[int, int]], seat: int, views: list[dict[str, Any]]) -> bool:
    """Can ``world`` go through ``steps`` showing ``seat`` exactly ``views``? Moves of other seats may be
    replaced by any move of theirs that looks the same to ``seat``."""
    for (p, a), want in zip(steps, views):
        candidates = [a] if p == seat else [a, *(b for b in world.legal_actions(p) if b != a)]
        for b in candidates:
            trial = world.clone()
            try:
                trial.apply(p, b)
            except RavenryError:
                continue
            if trial.view(seat) == want:
                world = trial
                break
        else:
            return False
    return True


def undo_refusal(before: MatchBase, after: MatchBase, humans: list[int]) -> str | None:
    """None when going back from ``after`` to ``before`` hides nothing any of ``humans`` learnt; else why not."""
    steps = after.history()[len(before.history()) :]
    rng_before, rng_after = _rng(before.state()), _rng(after.state())
    if rng_before is None or rng_before != rng_after:
        return "it drew something random (a card, a shuffle or a die)"
    determinized = getattr(before, "determinized", None)
    if determinized is None:
        return "this game cannot tell what its moves reveal"
    for seat in humans:
        real = before.clone()
        views = []
        for p, a in steps:
            real.apply(p, a)
            views.append(real.view(seat))
        for k in range(SAMPLES):
            if not _replays(determinized(seat, 0x5EED + k), steps, seat, views):
                return "it revealed something hidden"
    return None
