"""Words every game's story and screens share, so no narration says "card(s)"."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it takes: "1 card", "2 cards", "0 cards"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


__all__ = ["count"]
