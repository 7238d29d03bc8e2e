"""The public API of design §4, on the fixture games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import ravenry
from ravenry import IllegalAction, OptionError, UnknownGame
from ravenry.model.match import Match


def test_games_lists_registered_games() -> None:
    ids = {i.id for i in ravenry.games()}
    assert {"fixture", "race-to-ten"} <= ids
    info = ravenry.game("fixture").info
    assert info.players == (2, 4) and "high-stakes" in info.variants and "random" in info.bots


def test_unknown_game_names_the_registered_ones() -> None:
    with pytest.raises(UnknownGame, match="registered games: .*fixture"):
        ravenry.game("chess")


def test_match_driver_loop_and_describe() -> None:
    m = ravenry.game("fixture").new_match(players=3, seed=7)
    assert sorted(m.to_act) == [0, 1, 2], "the first round is a simultaneous commit"
    legal = m.legal_actions(0)
    info = m.describe(legal[0], 0)
    assert info["kind"] == "commit" and info["fields"]["card"] == legal[0] and "commit card" in info["label"]
    m.apply(0, legal[0])
    assert 0 not in m.to_act and m.legal_actions(0) == []
    assert m.decisions == 1 and m.history() == [(0, legal[0])]


def test_same_seed_same_match_different_seed_different_deal() -> None:
    g = ravenry.game("fixture")
    assert g.new_match(2, seed=1).state() == g.new_match(2, seed=1).state()
    assert g.new_match(2, seed=1).state() != g.new_match(2, seed=2).state()


def test_apply_refuses_illegal_actions_with_a_reason_and_no_change() -> None:
    m = ravenry.game("fixture").new_match(2, seed=3)
    before = m.state()
    not_held = next(a for a in range(16) if a not in m.legal_actions(0))
    with pytest.raises(IllegalAction, match=f"holds no card {not_held}"):
        m.apply(0, not_held)
    with pytest.raises(IllegalAction, match="no seat 5"):
        m.apply(5, 0)
    assert m.state() == before and m.history() == []


def test_views_are_redacted_per_seat_and_public() -> None:
    m = ravenry.game("fixture").new_match(3, seed=1)
    v0, v1, pub = m.view(0), m.view(1), m.view(None)
    assert v0["hands"][0] is not None and v0["hands"][1] is None
    assert v1["hands"][1] is not None and v1["hands"][0] is None
    assert all(h is None for h in pub["hands"])
    assert "rng" in m.state() and "rng" not in v0
    with pytest.raises(OptionError, match="no seat 9"):
        m.view(9)


def test_events_follow_visibility() -> None:
    m = ravenry.game("fixture").new_match(2, seed=5)
    for p in m.to_act:
        m.apply(p, m.legal_actions(p)[0])
    drew0 = [e for e in m.events(0, 0) if "Drew" in e["event"]]
    hidden_to_0 = [e for e in m.events(0, 0) if "DrewHidden" in e["event"]]
    assert drew0 and all(e["event"]["Drew"]["seat"] == 0 for e in drew0)
    assert all(e["event"]["DrewHidden"]["seat"] == 1 for e in hidden_to_0)
    assert not any("Drew" in e["event"] for e in m.events(0, None)), "spectators never see a drawn card"
    since = m.event_count
    assert m.events(since, 0) == []


def test_clone_is_independent() -> None:
    m = ravenry.game("fixture").new_match(2, seed=5)
    c = m.clone()
    c.apply(0, c.legal_actions(0)[0])
    assert m.history() == [] and c.history() != []


def test_clone_copies_the_host_attributes_and_shares_nothing_mutable() -> None:
    m = ravenry.game("fixture").new_match(2, seed=5, options={"doubling": True}, meta={"seats": {"0": "random"}})
    for _ in range(40):  # past a frozen chunk of the shared logs, into a tail that clones share until written
        if m.is_over:
            break
        p = m.to_act[0]
        m.apply(p, m.legal_actions(p)[0])
    c = m.clone()
    assert type(c) is Match and c.game is m.game and c.variants == m.variants
    assert (c.options, c.meta) == (m.options, m.meta)
    assert c.history() == m.history() and c.events(0, all=True) == m.events(0, all=True)
    assert c.state() == m.state()
    c.meta["net"] = {"room": 1}
    c.options["doubling"] = False
    assert "net" not in m.meta and m.options == {"doubling": True}, "dict attributes are copied, not shared"
    before = (m.history(), m.events(0, all=True))
    if not c.is_over:
        p = c.to_act[0]
        c.apply(p, c.legal_actions(p)[0])
        assert len(c.history()) == len(before[0]) + 1
    assert (m.history(), m.events(0, all=True)) == before, "the original never sees the copy's moves"

    class Tagged(Match):
        pass

    t = Tagged(m.game, m.ruleset, 2, 5, options={})
    t.tag = "mine"
    tc = t.clone()
    assert type(tc) is Tagged and tc.tag == "mine"


def test_options_are_checked_and_variants_merge() -> None:
    g = ravenry.game("fixture")
    assert g.new_match(2, 1, options={"doubling": True}).to_act == [0], "the leader decides on doubling first"
    assert g.new_match(2, 1, variants=["high-stakes"]).options == {"doubling": True}
    with pytest.raises(OptionError, match="no option 'speed'; known options: doubling"):
        g.new_match(2, 1, options={"speed": 3})
    with pytest.raises(OptionError, match="takes true or false"):
        g.new_match(2, 1, options={"doubling": "yes"})
    with pytest.raises(OptionError, match="no variant 'turbo'"):
        g.new_match(2, 1, variants=["turbo"])
    with pytest.raises(OptionError, match="played by 2 to 4 players, not 7"):
        g.new_match(7, 1)
    with pytest.raises(OptionError, match="seed"):
        g.new_match(2, -1)


def test_pure_python_game_is_hosted_the_same_way() -> None:
    g = ravenry.game("race-to-ten")
    m = g.new_match(2, seed=0, options={"target": 5})
    assert isinstance(m, ravenry.PythonMatch)
    while not m.is_over:
        p = m.to_act[0]
        m.apply(p, m.legal_actions(p)[-1])
    assert m.outcome is not None and len(m.outcome["winners"]) == 1
    loaded = ravenry.load_match(m.to_bytes(), verify=True)
    assert loaded.state() == m.state() and loaded.outcome == m.outcome
    with pytest.raises(IllegalAction):
        g.new_match(2, 0).apply(1, 1)


def test_bots_choose_legal_actions() -> None:
    m = ravenry.game("fixture").new_match(4, seed=2)
    rng = random.Random(0)
    while not m.is_over:
        for p in m.to_act:
            a = m.bot("random", p)
            assert a in m.legal_actions(p)
            m.apply(p, a if rng.random() < 2 else a)
    with pytest.raises(OptionError, match="no bot 'genius'"):
        ravenry.game("fixture").new_match(2, 1).bot("genius", 0)


def test_simulate_is_independent_of_worker_count() -> None:
    one = ravenry.simulate("fixture", 3000, players=4, seed=9, workers=1)
    two = ravenry.simulate("fixture", 3000, players=4, seed=9, workers=2)
    assert one.wins == two.wins and one.decisions == two.decisions and one.finished == 3000
    assert abs(sum(one.wins) - 3000) < 1e-6, "fractional shared wins add up to one per match"
    assert one.by_label["first"][0] == 3000
    other = ravenry.simulate("fixture", 3000, players=4, seed=10, workers=1)
    assert other.wins != one.wins


def test_simulate_refuses_bad_requests() -> None:
    with pytest.raises(OptionError, match="no bot 'x'"):
        ravenry.simulate("fixture", 10, players=2, bots=["x"])
    with pytest.raises(OptionError, match="not 9"):
        ravenry.simulate("fixture", 10, players=9)


def test_simulate_python_games_in_a_python_loop() -> None:
    r = ravenry.simulate("race-to-ten", 50, players=3, seed=1)
    assert r.engine == "python" and r.finished == 50 and abs(sum(r.wins) - 50) < 1e-9


def test_fork_after_a_batch_does_not_hang() -> None:
    """The batch runner's thread pool lives only for the call, so a forked child can run its own batch."""
    import os

    ravenry.simulate("fixture", 2000, players=4, seed=1, workers=2)
    pid = os.fork()
    if pid == 0:  # child
        try:
            r = ravenry.simulate("fixture", 2000, players=4, seed=1, workers=2)
            os._exit(0 if r.finished == 2000 else 1)
        except BaseException:
            os._exit(2)
    import time

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(pid, 9)
    raise AssertionError("the forked child hung")


def test_plugin_data_reads_a_data_file_afresh_each_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "ravenry_datatest"
    (pkg / "data").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "data" / "deck.json").write_text('{"cards": [1, 2, 3], "name": "Ser Jörah"}', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    first = ravenry.plugin_data("ravenry_datatest", "deck")
    assert first == {"cards": [1, 2, 3], "name": "Ser Jörah"}
    first["cards"].append(4)  # a caller's change stays its own
    assert ravenry.plugin_data("ravenry_datatest", "deck")["cards"] == [1, 2, 3]
    with pytest.raises(FileNotFoundError):
        ravenry.plugin_data("ravenry_datatest", "missing")


def test_the_public_facades_re_export_exactly_their_packages() -> None:
    # ravenry.tui and ravenry.rl are the names plugins and researchers import; a name added to the package behind
    # one of them and forgotten in the facade would be public in one place and missing in the other.
    import ravenry.faces.tui as faces_tui
    import ravenry.rl as rl
    import ravenry.services.rl as services_rl
    import ravenry.tui as tui

    for facade, package in ((tui, faces_tui), (rl, services_rl)):
        assert sorted(facade.__all__) == sorted(package.__all__), facade.__name__
        for name in facade.__all__:
            assert getattr(facade, name) is getattr(package, name), name
    pytest.importorskip("pyspiel")
    from ravenry.services.rl import openspiel

    for name in rl._OPENSPIEL:
        assert getattr(rl, name) is getattr(openspiel, name), name
