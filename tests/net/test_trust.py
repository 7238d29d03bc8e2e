"""Server trust (issue 37): what a network client sends is never a way into the server's files. A ``create`` whose
options name a file (any path, ``/proc``, a device, a name of 4,000 characters) is refused with one
``OptionError`` line that quotes only what the client sent; a deck travels as its text, bounded in size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import ravenry
from ravenry.net.client import Client
from ravenry.options import MAX_TEXT

from .conftest import live_server, run
from .test_hardening import ask


def _stark_list() -> str:
    content = ravenry.game("agot-ccg").spec.content
    c: Any = content() if callable(content) else content
    name = {card["code"]: card["name"] for card in c["cards"]}
    deck = next(d for d in c["decks"] if d["house"] == "stark")
    lines = ["House: Stark", "Agenda: none"] + [f"1x {name[p]}" for p in deck["plots"]]
    return "\n".join(lines + [f"{n}x {name[code]}" for code, n in deck["cards"]]) + "\n"


@pytest.mark.parametrize(
    "deck",
    ["/etc/hostname", "/proc/self/environ", "/dev/zero", "SECRET", "../" * 20 + "etc/passwd", "d/" + "x" * 4000],
)
def test_a_client_cannot_make_the_server_read_a_file(tmp_path: Path, deck: str) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("House: Stark\n1x the server's secret\n", encoding="utf-8")
    deck = str(secret) if deck == "SECRET" else deck
    with live_server() as live:

        async def go() -> None:
            async with Client(live.url) as c:
                for options in ({"deck": deck}, {"decks": [deck, "lannister"]}):
                    err = await ask(c, "create", game="agot-ccg", players=2, options=options)
                    assert err["t"] == "error" and err["code"] == "OptionError", err
                    message = err["message"]
                    assert "names a file" in message and "\n" not in message
                    assert "secret" not in message.replace(str(secret), ""), "the reply quotes the file"

        run(go())
        assert not live.server.tables  # nothing was created


def test_a_deck_travels_as_its_text_bounded_in_size() -> None:
    with live_server() as live:

        async def go() -> None:
            async with Client(live.url) as c:
                made = await ask(
                    c, "create", game="agot-ccg", players=2, options={"decks": [_stark_list(), "baratheon"]}
                )
                assert made["t"] != "error", made
                big = _stark_list() + "# padding\n" * (MAX_TEXT // 10)
                err = await ask(c, "create", game="agot-ccg", players=2, options={"decks": [big]})
                assert err["code"] in ("OptionError", "too-large"), err

        run(go())
        seats = live.call(lambda: next(iter(live.server.tables.values())).match.view(None)["seats"])
        assert [s["house"] for s in seats] == ["stark", "baratheon"]
