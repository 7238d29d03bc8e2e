"""Options of a path kind: only the local command line reads a file, bounded and safely; the Python API
and the network refuse an entry that names a file without opening it; text options are bounded in size."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
import ravenry
from ravenry.model.options import MAX_TEXT, parse_cli, read_text_file
from ravenry_agot_ccg.decklists import deck_list

OPENED: list[str] = []
_WATCHING: list[set[str]] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    # Audit hooks cannot be removed: this one only records while a test watches some paths.
    if event == "open" and _WATCHING and isinstance(args[0], (str, bytes, os.PathLike)):
        name = os.fsdecode(args[0])
        if any(name.endswith(w) for w in _WATCHING[-1]):
            OPENED.append(name)


sys.addaudithook(_audit)


def test_a_deck_file_on_the_command_line_becomes_its_text(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    legal = deck_list("stark")
    f.write_text(legal, encoding="utf-8")
    specs = ravenry.game("agot-ccg").options
    assert parse_cli([f"decks={f},lannister"], specs) == {"decks": [legal, "lannister"]}
    assert parse_cli([f"deck={f}"], specs) == {"deck": legal}
    assert parse_cli(["decks=stark,lannister"], specs) == {"decks": ["stark", "lannister"]}


def test_a_file_the_game_refuses_is_named_with_its_problems(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    f.write_text("House: Stark", encoding="utf-8")
    with pytest.raises(ravenry.OptionError, match=rf"option 'deck': {f} has \d+ problems:\n  - {f}: ") as e:
        parse_cli([f"deck={f}"], ravenry.game("agot-ccg").options)
    assert "player" not in str(e.value)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("/proc/self/environ", "is not a regular file"),
        ("/dev/zero", "is not a regular file"),
        ("/sys/kernel/mm", "is not a regular file"),
        ("DIR", "is not a regular file"),
        ("FIFO", "is not a regular file"),
        ("BIG", f"is larger than {MAX_TEXT} bytes"),
        ("LATIN1", "is not UTF-8 text"),
        ("MISSING", "No such file or directory"),
        ("LONG", "cannot read"),
        ("NUL", "not a usable file name"),
    ],
)
def test_a_file_that_is_no_player_s_text_is_one_clear_line(tmp_path: Path, name: str, said: str) -> None:
    """Reading never blocks (a FIFO with no writer), never reads more than the bound, never a device or /proc."""
    (tmp_path / "DIR").mkdir()
    os.mkfifo(tmp_path / "FIFO")
    (tmp_path / "BIG").write_bytes(b"x" * (MAX_TEXT + 1))
    (tmp_path / "LATIN1").write_bytes("Ser Barristan Selmy\nGhiacci\xe0".encode("latin-1"))
    paths = {
        "DIR": str(tmp_path / "DIR"),
        "FIFO": str(tmp_path / "FIFO"),
        "BIG": str(tmp_path / "BIG"),
        "LATIN1": str(tmp_path / "LATIN1"),
        "MISSING": str(tmp_path / "missing.txt"),
        "LONG": str(tmp_path / ("x" * 4000)),
        "NUL": str(tmp_path / "a\0b"),
    }
    path = paths.get(name, name)
    with pytest.raises(ravenry.OptionError) as e:
        read_text_file(path, "deck file")
    msg = str(e.value)
    assert said in msg and "\n" not in msg and msg.startswith("deck file: ")


def test_the_api_refuses_a_path_and_opens_nothing(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("House: Stark\nthe server's secret\n", encoding="utf-8")
    g = ravenry.game("agot-ccg")
    _WATCHING.append({"secret.txt", "hostname", "environ"})
    try:
        for options in ({"deck": str(secret)}, {"decks": [str(secret)]}, {"deck": "/etc/hostname"}):
            with pytest.raises(ravenry.OptionError, match="names a file") as e:
                g.new_match(2, seed=1, options=options)
            assert "secret" not in str(e.value).replace(str(secret), "")
    finally:
        _WATCHING.pop()
    assert OPENED == []


def test_text_options_are_bounded() -> None:
    g = ravenry.game("agot-ccg")
    with pytest.raises(ravenry.OptionError, match=f"at most {MAX_TEXT}"):
        g.new_match(2, seed=1, options={"decks": ["House: Stark\n" + "1x Arya Stark\n" * 6000]})
