"""A policy is a bot: a callable from one seat's knowledge (``ravenry.Seat``) to an action, registered by name or
named on the command line as ``package.module:function``, plays in sim, tournament and play, and never gets the
match."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import ravenry
from click.testing import CliRunner
from ravenry.faces.cli import cli

seen: list[ravenry.Seat] = []


def lowest(seat: ravenry.Seat) -> int:
    """Always the lowest legal action code."""
    seen.append(seat)
    return min(seat.legal_actions)


def from_mask(seat: ravenry.Seat) -> int:
    """The first legal index of the dense mask, as a learned policy's argmax would give."""
    assert seat.legal_mask is not None
    return seat.action_of(int(seat.legal_mask.argmax()))


pytestmark = pytest.mark.usefixtures("forget_policy_bots")


def test_a_registered_policy_plays_and_sees_only_its_seat() -> None:
    ravenry.register_bot("lowest", lowest)
    assert "lowest" in ravenry.game("hearts").info.bots
    m = ravenry.game("hearts").new_match(4, seed=2)
    p = m.to_act[0]
    seen.clear()
    assert m.bot("lowest", p) == min(m.legal_actions(p))
    s = seen[-1]
    assert s.view == m.view(p) and s.seat == p and s.observation is not None
    assert not any(isinstance(v, ravenry.MatchBase) for v in vars(s).values()), "a policy never gets the match"
    result = ravenry.simulate("hearts", 3, 4, ["lowest", "random"], seed=1)
    assert result.matches == 3


def test_a_dense_index_maps_to_its_action_code() -> None:
    ravenry.register_bot("argmax", from_mask)
    m = ravenry.game("iron-throne").new_match(3, seed=4)
    p = m.to_act[0]
    assert m.bot("argmax", p) in m.legal_actions(p)


def test_an_illegal_answer_and_a_bad_name_are_refused() -> None:
    ravenry.register_bot("wrong", lambda seat: -1)
    m = ravenry.game("hearts").new_match(4, seed=2)
    with pytest.raises(ravenry.OptionError, match="bot 'wrong' chose -1, which is not a legal action"):
        m.bot("wrong", m.to_act[0])
    with pytest.raises(ravenry.OptionError, match="a bot name is a word"):
        ravenry.register_bot("two words", lowest)
    with pytest.raises(ravenry.OptionError, match="already a bot 'random'"):
        ravenry.register_bot("random", lowest)


def test_the_command_line_imports_a_policy_by_module_and_function(tmp_path: Path, monkeypatch: object) -> None:
    (tmp_path / "mypolicy.py").write_text("def act(seat):\n    return max(seat.legal_actions)\n")
    monkeypatch.syspath_prepend(str(tmp_path))  # type: ignore[attr-defined]
    r = CliRunner().invoke(
        cli, ["tournament", "hearts", "--bots", "mypolicy:act,random", "-n", "4", "--players", "4", "--json"]
    )
    assert r.exit_code == 0, r.output
    names = {row["bot"] for row in json.loads(r.output)["ratings"]}
    assert "mypolicy.act" in names
    r = CliRunner().invoke(cli, ["sim", "hearts", "-n", "2", "--players", "4", "--bots", "nosuchmodule:act"])
    assert r.exit_code != 0 and "cannot import it" in r.output
    sys.modules.pop("mypolicy", None)
