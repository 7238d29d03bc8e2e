"""Words every game's story and screens share, so no narration says "card(s)", and one way to number seats."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it takes: "1 card", "2 cards", "0 cards"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def seat_number(seat: int) -> int:
    """Seat ``seat`` as a person reads and types it. The API, the protocol's fields, saves and the RL adapters
    count seats from 0; every screen, story, log line and command-line option counts them from 1, as the games'
    own "Player 1" does."""
    return seat + 1


def seat_range(players: int) -> str:
    """The one line that says which seat numbers a person may use: "seats are numbered 1 to 4"."""
    return f"seats are numbered 1 to {players}" if players > 1 else "the only seat is 1"


def players_range(lo: int, hi: int) -> str:
    """A game's player counts as a person says them: "2–4 players", "4 players", "1 player"."""
    return count(lo, "player") if lo == hi else f"{lo}–{hi} players"


__all__ = ["count", "players_range", "seat_number", "seat_range"]
