"""The full-screen commands' command lines: bad addresses are refused before anything starts, and a pipe (a
test runner, a script) gets the line mode without asking."""

from __future__ import annotations

import io
import sys

import pytest
from click.testing import CliRunner
from ravenry.faces.cli import cli
from ravenry.faces.cli.common import full_screen


def test_web_and_lobby_refuse_an_address_that_is_not_a_match_server() -> None:
    for cmd in (["web", "--server", "http://127.0.0.1:1"], ["lobby", "--server", "127.0.0.1:1"]):
        r = CliRunner().invoke(cli, cmd)
        assert r.exit_code == 2 and "ws://" in r.output


def test_a_pipe_gets_the_line_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert not full_screen(plain=True)
    assert not full_screen(plain=False)
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert full_screen(plain=False), "textual-serve draws through pipes: still full screen"
    monkeypatch.delenv("TEXTUAL_DRIVER")
    r = CliRunner().invoke(cli, ["watch", "iron-throne", "--players", "3", "--seed", "1", "--bots", "random"])
    assert r.exit_code == 0 and "Game over" in r.output
