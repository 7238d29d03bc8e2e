"""agot-ccg agendas: a deck list's ``Agenda:`` line (rulebook "Prepararsi a giocare": House and agenda
are announced at setup). A list with a real agenda loads and its agenda is public; an illegal pairing is refused
with its problem listed, by the match options and by ``ravenry agot-ccg deck check``."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
import ravenry
import ravenry_agot_ccg
from click.testing import CliRunner
from ravenry import OptionError
from ravenry.model.options import parse_cli
from ravenry_agot_ccg import load_content
from ravenry_agot_ccg.decklists import problems


def _stark_list(agenda: str) -> str:
    c = load_content()
    name = {card["code"]: card["name"] for card in c["cards"]}
    deck = next(d for d in c["decks"] if d["house"] == "stark")
    lines = ["House: Stark", f"Agenda: {agenda}"] + [f"1x {name[p]}" for p in deck["plots"]]
    lines += [f"{n}x {name[code]}" for code, n in deck["cards"]]
    return "\n".join(lines) + "\n"


def test_a_deck_list_with_an_agenda_loads_and_the_agenda_is_public(tmp_path: Path) -> None:
    path = tmp_path / "treaty.txt"
    path.write_text(_stark_list("Treaty (Lannister)"), encoding="utf-8")
    g = ravenry.game("agot-ccg")
    m = g.new_match(2, seed=1, options=parse_cli([f"decks={path},lannister"], g.options))
    seats = m.view(None)["seats"]
    assert [s["house"] for s in seats] == ["stark", "lannister"]
    assert [s["agenda"] for s in seats] == ["Treaty (lannister)", None]
    assert problems(_stark_list("The Night's Watch")) == []


@pytest.mark.parametrize(
    ("agenda", "problem"),
    [
        ("Treaty (Stark)", "Treaty must name a House other than your own (stark)"),
        ("Treaty", "Treaty names a House"),
        ("Maesters of the Citadel (Baratheon)", "Maesters of the Citadel names no House"),
        ("Eddard Stark", "Eddard Stark (U6) is not an agenda"),
    ],
)
def test_an_illegal_agenda_pairing_is_refused_with_its_problem(tmp_path: Path, agenda: str, problem: str) -> None:
    text = _stark_list(agenda)
    found = problems(text)
    assert len(found) == 1 and problem in found[0], found
    with pytest.raises(OptionError, match="1 problems"):
        ravenry.game("agot-ccg").new_match(2, seed=1, options={"decks": [text]})
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    group = click.Group("ravenry")
    ravenry_agot_ccg.ravenry_register_commands(group)
    r = CliRunner().invoke(group, ["agot-ccg", "deck", "check", str(path)])
    assert r.exit_code == 1 and problem in r.output, r.output
