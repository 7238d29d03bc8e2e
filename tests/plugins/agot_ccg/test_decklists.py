"""agot-ccg deck lists as players pasted them (issue 40): ``ravenry agot-ccg deck check`` names the file (and the
line) in every error, reads deck-builder files by their content whatever their name, and a match's error numbers
the players from 1."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
import ravenry
import ravenry_agot_ccg
from click.testing import CliRunner
from ravenry import OptionError
from ravenry_agot_ccg.decklists import deck_list

DECKS = Path(__file__).resolve().parents[3] / "core_rs" / "src" / "games" / "agot_ccg" / "tests" / "decks"


def check(*paths: Path) -> tuple[int, str]:
    group = click.Group("ravenry")
    ravenry_agot_ccg.ravenry_register_commands(group)
    r = CliRunner().invoke(group, ["agot-ccg", "deck", "check", *map(str, paths)])
    return r.exit_code, r.output


def test_deck_check_names_the_file_and_line_of_every_problem(tmp_path: Path) -> None:
    text = deck_list("stark").replace("2x Arya Stark\n", "Jojen Reed\nHouse Messenger\n2x Arya Strak\n")
    path = tmp_path / "my stark.txt"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    at = {name: lines.index(name) + 1 for name in ("Jojen Reed", "2x Arya Strak")}
    code, out = check(path)
    assert code == 1, out
    assert f"{path}: 3 problems" in out, out
    assert f"{path}:{at['Jojen Reed']}: R7 Jojen Reed: a Winter Edition card not playable here yet" in out, out
    assert f'{path}:{at["2x Arya Strak"]}: unknown card "Arya Strak": did you mean "Arya Stark"?' in out, out
    assert f"{path}: the House deck holds at least 60 cards, not 59" in out, out  # the House Messenger counts
    assert "seat" not in out and "option" not in out, out


def test_deck_files_are_read_by_their_content_whatever_their_name(tmp_path: Path) -> None:
    forum = tmp_path / "forum.txt"
    forum.write_text((DECKS / "forum_stark.txt").read_text(encoding="utf-8"), encoding="utf-8")
    octgn = tmp_path / "baratheon.txt"  # an .o8d under another name
    octgn.write_text((DECKS / "octgn_baratheon.o8d").read_text(encoding="utf-8"), encoding="utf-8")
    agotdb = tmp_path / "lannister.deck"
    agotdb.write_text((DECKS / "agotdb_lannister.xml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out = check(forum, octgn, agotdb)
    assert code == 0 and out.count(": legal") == 3, out


def test_a_match_names_the_player_whose_deck_is_illegal() -> None:
    with pytest.raises(OptionError, match=r"player 2's deck breaks the deck rules \(2 problems\)") as e:
        ravenry.game("agot-ccg").new_match(2, seed=1, options={"decks": ["lannister", "House: Stark\nEddard Stark\n"]})
    assert "seat" not in str(e.value)
