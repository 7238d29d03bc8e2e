"""Behaviour is frozen while code moves: every digest of ``frozen.py`` matches the one recorded in
``frozen.json`` (regenerate only for an intended change of behaviour)."""

from __future__ import annotations

import json

import pytest

from tests.conformance.frozen import HERE, cases, digest

RECORDED: dict[str, str] = json.loads(HERE.read_text())


def test_every_case_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(f"{g}/{n}p/{v or '-'}" for g, n, v in cases())


@pytest.mark.parametrize(("game", "players", "variant"), cases())
def test_behaviour_is_unchanged(game: str, players: int, variant: str) -> None:
    key = f"{game}/{players}p/{variant or '-'}"
    assert digest(game, players, variant) == RECORDED[key], f"{key}: behaviour changed (see frozen.py)"
