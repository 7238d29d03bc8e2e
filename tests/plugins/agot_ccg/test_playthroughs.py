"""Replays the golden playthroughs (see playthrough.py) and diffs them step by step."""

from __future__ import annotations

import json

import pytest

from .playthrough import CASES, HERE, record


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    golden = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    now = record(*CASES[name])
    for i, (want, got) in enumerate(zip(golden["steps"], now["steps"], strict=False)):
        assert got == want, f"step {i} differs"
    assert len(now["steps"]) == len(golden["steps"])
    assert now["outcome"] == golden["outcome"]
