"""Bot specs (``name:key=value,...``): one syntax in the API, ``sim``, ``play``, ``serve --bots`` and ``join --bot``;
bad parameters are an ``OptionError`` that lists the valid ones."""

from __future__ import annotations

import asyncio
import json

import pytest
import ravenry
from click.testing import CliRunner
from ravenry.faces.cli import cli
from ravenry.net.commands import join
from ravenry.net.protocol import BadFrame
from ravenry.net.server import Server, parse_bots
from ravenry.specs import bot_name, bot_params, split_bots


def invoke(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_spec_lists_split_on_bot_names_not_on_parameters() -> None:
    assert split_bots("ismcts:iterations=200,heuristic") == ["ismcts:iterations=200", "heuristic"]
    assert split_bots("ismcts:iterations=200,c=0.7,random,ismcts") == [
        "ismcts:iterations=200,c=0.7",
        "random",
        "ismcts",
    ]
    assert split_bots("random, heuristic,") == ["random", "heuristic"]
    assert bot_name("ismcts:seconds=0.5") == "ismcts" and bot_params("ismcts:seconds=0.5") == "seconds=0.5"
    assert parse_bots("1=ismcts:iterations=50,c=0.5,3", 3) == {0: "ismcts:iterations=50,c=0.5", 2: "random"}


def test_api_simulate_and_match_bot_take_parameters() -> None:
    r = ravenry.simulate("fixture", 6, 2, ["ismcts:iterations=30,c=0.5", "random"], seed=2, workers=1)
    assert r.finished == 6 and r.engine == "rust"
    m = ravenry.game("fixture").new_match(2, 3)
    p = m.to_act[0]
    assert m.bot("ismcts:iterations=30", p) in m.legal_actions(p)
    assert m.bot("ismcts:seconds=0.01,workers=2", p) in m.legal_actions(p)
    assert m.bot_action("ismcts:iterations=30", p, seed=4) == m.bot_action("ismcts:iterations=30", p, seed=4)


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        (
            "ismcts:depth=3",
            "valid parameters: iterations, seconds, ms, max_seconds, c, rollout, prior, cut, workers, trees, goal, "
            "observers, infer",
        ),
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:rollout=heuristic", "no heuristic"),
        ("ismcts:prior=5", "no heuristic to take a prior from"),
        ("random:c=1", "valid parameters: none"),
        ("minimax", "known( bots)?: ismcts, random"),
    ],
)
def test_bad_specs_say_what_would_be_valid(spec: str, says: str) -> None:
    with pytest.raises(ravenry.OptionError, match=says):
        ravenry.simulate("fixture", 2, 2, [spec])
    with pytest.raises(ravenry.OptionError, match=says):
        m = ravenry.game("fixture").new_match(2, 1)
        m.bot(spec, m.to_act[0])


def test_cli_sim_and_play_take_specs() -> None:
    r = invoke("sim", "fixture", "-n", "4", "--players", "2", "--bots", "ismcts:iterations=20,random", "--json")
    data = json.loads(r.output)
    assert [s["bot"] for s in data["seats"]] == ["ismcts:iterations=20", "random"]
    r = invoke("sim", "fixture", "-n", "2", "--bots", "ismcts:speed=2")
    assert r.exit_code == 1 and "valid parameters" in r.output
    r = invoke("play", "fixture", "--players", "2", "--seed", "3", "--bots", "ismcts:iterations=20", input="1\n" * 40)
    assert r.exit_code == 0 and "final result" in r.output, r.output
    r = invoke("play", "fixture", "--players", "2", "--bots", "ismcts:bogus=1", input="")
    assert r.exit_code != 0 and "valid parameters" in r.output


def test_server_seats_search_bots_and_refuses_bad_specs() -> None:
    async def go() -> None:
        server = Server()
        t = server.create("fixture", 2, seed=1, bots={1: "ismcts:iterations=20,c=0.5"})
        assert t.seats[1].bot == "ismcts:iterations=20,c=0.5"
        with pytest.raises(BadFrame, match="valid parameters"):
            server.create("fixture", 2, seed=1, bots={1: "ismcts:nope=1"})

    asyncio.run(go())


def test_join_bot_takes_the_spec_syntax_but_client_bots_have_no_parameters() -> None:
    r = CliRunner().invoke(join, ["ws://127.0.0.1:1", "--bot", "random:c=1"])
    assert r.exit_code != 0 and "takes no parameters" in r.output
    r = CliRunner().invoke(join, ["ws://127.0.0.1:1", "--bot", "ismcts"])
    assert r.exit_code != 0 and "no client-side bot" in r.output
