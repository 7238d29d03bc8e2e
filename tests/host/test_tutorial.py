"""docs/rl.md's tutorial runs as written, in small: examples/hearts_policy.py trains a policy, saves it, and the
saved policy enters a tournament by name beside the built-in bots."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
import ravenry
from click.testing import CliRunner
from ravenry.faces.cli import cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hearts_policy.py"


def load_example(weights: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.setenv("HEARTS_POLICY", str(weights))
    monkeypatch.syspath_prepend(str(EXAMPLE.parent))  # as the tutorial's PYTHONPATH=examples
    spec = importlib.util.spec_from_file_location("hearts_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pytestmark = pytest.mark.usefixtures("forget_policy_bots")


def test_the_trained_policy_is_saved_and_ranked_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    weights = tmp_path / "policy.npz"
    example = load_example(weights, monkeypatch)
    got = example.train(minutes=0.05, out=weights, matches=32, seed=3)
    assert got["hands"] > 0 and weights.exists()
    w = np.load(weights)["w"]
    assert w.shape == (642, 52) and np.abs(w).sum() > 0, "the weights moved from zero"
    result = CliRunner().invoke(
        cli, ["tournament", "hearts", "--players", "4", "-n", "12", "--bots", "hearts_policy:act,heuristic,random"]
    )
    assert result.exit_code == 0, result.output
    assert "hearts_policy.act" in result.output
    ratings = ravenry.tournament("hearts", ["hearts_policy.act", "heuristic", "random"], 12, players=4)
    assert "hearts_policy.act" in {r["bot"] for r in ratings.to_dict()["ratings"]}


def test_the_policy_answers_the_most_probable_legal_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    weights = tmp_path / "policy.npz"
    example = load_example(weights, monkeypatch)
    m = ravenry.game("hearts").new_match(4, seed=2)
    p = m.to_act[0]
    seat = ravenry.Seat.of(m, p)
    assert seat.legal_mask is not None
    # Weights that favour one legal card above every other: the policy must play exactly that card.
    legal = np.flatnonzero(seat.legal_mask)
    favourite = int(legal[-1])
    w = np.zeros((seat.observation.shape[0] + 1, seat.legal_mask.shape[0]), np.float32)
    w[-1, favourite] = 5.0
    np.savez(weights, w=w)
    example._weights.cache_clear()
    assert example.act(seat) == seat.action_of(favourite)
