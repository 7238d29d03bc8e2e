"""Tournament scoring of the rulebook ("Come ci si prepara ai Tornei"): a full win (15 power within the time
limit) 3 points, a full loss 0; when the time limit ends the match, the most power is a modified win (2) and the
rest modified losses (1); equal power at the limit is a draw, 1.5 each. A reusable scorer: it needs only a
finished match, so a tournament runner can call it per match.
"""

from __future__ import annotations

from typing import Any

FULL_WIN, FULL_LOSS, MODIFIED_WIN, MODIFIED_LOSS, DRAW = 3.0, 0.0, 2.0, 1.0, 1.5


def ended_by_time_limit(match: Any) -> bool:
    """Did the tournament time limit (option ``round_limit``) end the match?"""
    return any(_kind(e) == "RoundLimit" for e in match.events(0, None, all=True))


def _kind(e: dict[str, Any]) -> str:
    ev = e["event"]
    return str(next(iter(ev))) if isinstance(ev, dict) else str(ev)


def tournament_points(match: Any) -> list[float] | None:
    """Each seat's tournament points, or None for a match that has not finished (or stopped unfinished)."""
    out = match.outcome
    if not match.is_over or out is None:
        return None
    winners = set(out["winners"])
    n = len(out["scores"])
    if not ended_by_time_limit(match):
        return [FULL_WIN if s in winners else FULL_LOSS for s in range(n)]
    if len(winners) > 1:
        return [DRAW if s in winners else MODIFIED_LOSS for s in range(n)]
    return [MODIFIED_WIN if s in winners else MODIFIED_LOSS for s in range(n)]
