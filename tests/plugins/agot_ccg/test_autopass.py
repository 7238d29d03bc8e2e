"""Auto-pass in the full-screen client, on real CCG matches driven by keys: F3 passes the action windows of the
rest of the phase without asking, still asks a response, and its first mode stops at the window after defenders.
Each match is played by the heuristic bot up to the window where the test begins, then a human takes seat 1."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import ravenry
from ravenry.faces import tui
from ravenry.model.match import MatchBase
from ravenry_agot_ccg.ui import UI
from textual.widgets import RichLog

from tests.net.conftest import create, live_server, run
from tests.tui.conftest import deciding, drive, settle, until

CCG = UI(None)
DECKS = {"decks": ["stark", "lannister"]}


def reaches(match: MatchBase, at: Callable[[MatchBase], bool], limit: int = 2000) -> bool:
    """Let the heuristic bot play both seats until ``at(match)`` (True), or the match ends (False)."""
    for _ in range(limit):
        if match.is_over:
            return False
        if at(match):
            return True
        p = match.to_act[0]
        match.apply(p, match.bot("heuristic", p))
    return False


def bots_until(match: MatchBase, at: Callable[[MatchBase], bool]) -> None:
    assert reaches(match, at), "the match never reached the window the test starts at"


def at_event_window(seats: dict[int, str | None]) -> tuple[Any, tuple[Any, Any]]:
    """A Stark–Lannister match played by the heuristic to seat 0's first event window, in the client with
    ``seats``; and that window's (round, phase)."""
    m = ravenry.game("agot-ccg").new_match(2, seed=3, options=DECKS)
    bots_until(m, event_window)
    return tui.local_app(m, seats), (m.view(0)["round"], m.view(0)["phase"])


def passable(match: MatchBase, mode: str = "phase") -> dict[str, Any] | None:
    """Seat 0's pass in ``mode`` when it is to decide now."""
    if match.is_over or match.to_act[0] != 0:
        return None
    actions = [match.describe(a, 0) for a in match.legal_actions(0)]
    return CCG.auto_pass(match.view(0), 0, actions, mode) if len(actions) > 1 else None


def event_window(match: MatchBase) -> bool:
    """Seat 0 holds an event it may play in a challenges-phase action window: the prompt auto-pass saves."""
    if passable(match) is None or match.view(0)["phase"] != "Challenges":
        return False
    return any(match.describe(a, 0)["kind"] == "event" for a in match.legal_actions(0))


def story(app: Any) -> str:
    """The story pane's lines, as one text (a line the pane wraps is whole again)."""
    return " ".join(" ".join(line.text for line in app.query_one("#log", RichLog).lines).split())


def recorded(app: Any) -> list[dict[str, Any]]:
    """Every decision the app shows the player from now on."""
    shown: list[dict[str, Any]] = []
    show = app.show

    def keep(frame: dict[str, Any]) -> None:
        if frame.get("actions"):
            shown.append(frame)
        show(frame)

    app.show = keep
    return shown


def is_window(frame: dict[str, Any], mode: str = "phase") -> bool:
    return CCG.auto_pass(frame["view"], 0, frame["actions"], mode) is not None


async def play_on(pilot: Any, app: Any, scope: tuple[Any, Any], rounds: int = 400) -> None:
    """Decide by keys (the first choice each time) until a decision of another phase is shown."""
    for _ in range(60):
        await until(pilot, lambda: deciding(app) or bool(app.frame and app.frame["over"]), rounds=rounds)
        view = app.frame["view"]
        if app.frame["over"] or (view["round"], view["phase"]) != scope:
            return
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("the phase never ended")


def test_f3_passes_the_action_windows_of_the_phase_then_asks_again() -> None:
    app, scope = at_event_window({0: None, 1: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        assert is_window(app.frame)  # the window the player would be asked about
        await pilot.press("f3", "f3")  # the second mode: every window
        await settle(pilot)
        shown = recorded(app)
        assert "Auto-pass on: pass action windows for the rest of this phase. F3 turns it off." in story(app)
        await play_on(pilot, app, scope)
        in_phase = [f for f in shown if (f["view"]["round"], f["view"]["phase"]) == scope]
        assert not [f for f in in_phase if is_window(f)], "an action window of the phase was asked"
        assert story(app).count("Auto-pass for you: pass (no action) · F3 stops it") >= 2
        # The phase changed: the mode is over, and the next action window is asked.
        for _ in range(40):
            if is_window(app.frame) or app.frame["over"]:
                break
            await pilot.press("enter")
            await settle(pilot)
            await until(pilot, lambda: deciding(app) or bool(app.frame["over"]))
        assert is_window(app.frame), "no action window was asked after the phase"
        told = story(app)
        assert "Auto-pass ended with the phase (F3 turns it on again)." in told
        # The line comes after what happened before it (the story catches up first): dominance was won.
        assert told.index("wins dominance") < told.index("Auto-pass ended with the phase")
        assert "auto-pass on" not in str(app.query_one("#choices-title").render())

    drive(app, script)


def _response_follows(match: MatchBase) -> bool:
    """Seat 0 is at a challenges-phase window, and if it passes every window of the phase (the others playing the
    heuristic) the next thing it is asked is a response: the case auto-pass must still ask."""
    if passable(match) is None or match.view(0)["phase"] != "Challenges":
        return False
    probe = match.clone()
    scope = (probe.view(0)["round"], probe.view(0)["phase"])
    while not probe.is_over and (probe.view(0)["round"], probe.view(0)["phase"]) == scope:
        p = probe.to_act[0]
        if p != 0:
            probe.apply(p, probe.bot("heuristic", p))
            continue
        step = passable(probe)
        if step is None:
            return "Respond" in (probe.view(0)["pending"] or {})
        probe.apply(0, step["code"])
    return False


def _matches(options: dict[str, Any], seeds: int = 20) -> Iterator[MatchBase]:
    return (ravenry.game("agot-ccg").new_match(2, seed=seed, options=options) for seed in range(seeds))


def test_a_response_is_still_asked_with_auto_pass_on() -> None:
    # The first seeded match with such a window (a Greyjoy response such as Asha's "claims 1 power" follows it).
    m = next(m for m in _matches({"decks": ["greyjoy", "martell"]}) if reaches(m, _response_follows))
    app = tui.local_app(m, {0: None, 1: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        await pilot.press("f3", "f3")
        await settle(pilot)
        shown = recorded(app)
        await until(pilot, lambda: deciding(app) and not is_window(app.frame))
        asked = app.frame
        assert "Respond" in (asked["view"]["pending"] or {}), asked["view"]["pending"]
        assert any(a["label"] == "no, do not respond" for a in asked["actions"])
        assert "Auto-pass for you: pass (no action) · F3 stops it" in story(app)
        assert not [f for f in shown if is_window(f)]
        assert "auto-pass on (F3)" in str(app.query_one("#choices-title").render())  # still on after the response

    drive(app, script)


def test_the_first_mode_stops_at_the_window_after_defenders() -> None:
    app, scope = at_event_window({0: None, 1: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        shown = recorded(app)
        await pilot.press("f3")
        await settle(pilot)
        assert "this phase, except after defenders are declared" in story(app)
        await play_on(pilot, app, scope)
        windows = [f for f in shown if (f["view"]["round"], f["view"]["phase"]) == scope and is_window(f)]
        assert windows, "the window after defenders was not asked"
        assert all(f["view"]["window"]["at"] == "Defenders" for f in windows)
        assert all(f["view"]["challenge"]["stage"] == "Defenders" for f in windows)
        assert "Auto-pass for you: pass (no action) · F3 stops it" in story(app)

    drive(app, script)


def test_over_the_network_the_client_sends_the_passes() -> None:
    """Network play: the server's heuristic bot holds House Lannister; F3 at this client's first action window
    and every window of that phase is passed by the client (the server stays the authority and applies it)."""
    with live_server() as live:
        mid = run(create(live.url, "agot-ccg", 2, seed=3, bots={1: "heuristic"}, options=DECKS))
        app = tui.net_app(live.url, mid, "agot-ccg", seat=0)

        async def script(pilot: Any) -> None:
            for _ in range(60):  # the first choice each time, up to an action window
                await until(pilot, lambda: deciding(app), rounds=2000)
                if is_window(app.frame):
                    break
                await pilot.press("enter")
                await settle(pilot)
            view = app.frame["view"]
            scope = (view["round"], view["phase"])
            await pilot.press("f3", "f3")

            def asked() -> bool:
                # A window of the phase is drawn as its state comes, then answered by the client: never waited on.
                f = app.frame
                return deciding(app) and ((f["view"]["round"], f["view"]["phase"]) != scope or not is_window(f))

            for _ in range(60):  # no key for a window: one left to the player would stop this loop
                await until(pilot, asked, rounds=2000)
                if (app.frame["view"]["round"], app.frame["view"]["phase"]) != scope:
                    break
                await pilot.press("enter")
                await settle(pilot)
            assert story(app).count("Auto-pass for you: pass (no action) · F3 stops it") >= 2

        drive(app, script)


def test_hotseat_each_player_has_their_own_mode() -> None:
    """Two players at one screen: House Stark's F3 passes Stark's windows, and House Lannister is still asked."""
    app, scope = at_event_window({0: None, 1: None})

    def ready() -> bool:
        return deciding(app) or isinstance(app.screen, tui.app.PassDeviceScreen) or bool(app.frame["over"])

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        session = app.driver.session
        made: list[str] = []
        play = session.play_forced
        session.play_forced = lambda seat, action: made.append(play(seat, action)) or made[-1]
        await pilot.press("f3")  # the first mode; the pass it makes hands the screen to House Lannister
        await settle(pilot)
        shown = recorded(app)
        for _ in range(80):
            await until(pilot, ready)
            f = app.frame
            if not isinstance(app.screen, tui.app.PassDeviceScreen) and (
                f["over"] or (f["view"]["round"], f["view"]["phase"]) != scope
            ):
                break
            await pilot.press("enter")
            await settle(pilot)
        windows = [f for f in shown if (f["view"]["round"], f["view"]["phase"]) == scope and is_window(f)]
        assert all(f["view"]["window"]["at"] == "Defenders" for f in windows if f["seat"] == 0)
        theirs = [f for f in windows if f["seat"] == 1 and f["view"]["window"]["at"] != "Defenders"]
        assert theirs, "House Lannister's windows were passed too"
        assert made.count("pass (no action)") >= 2  # House Stark's, made for it

    drive(app, script)
