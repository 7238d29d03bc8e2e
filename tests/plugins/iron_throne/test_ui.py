"""The Iron Throne in the full-screen client, driven by keys: the leader sheets' texts from the content data, the
encounter totals before committing, undo, and the hotseat screen."""

from __future__ import annotations

from typing import Any

import ravenry
from ravenry.faces import tui
from ravenry_iron_throne.ui import card_value, content, side_crowns

from tests.tui.conftest import deciding, drive, screen_text, settle, until

SEATS: dict[int, str | None] = {0: None, 1: "heuristic", 2: "heuristic", 3: "heuristic"}


def leader_texts(house: str) -> list[str]:
    h = next(x for x in content()["houses"] if x["name"] == house)
    return [x["text"] for x in h["leaders"]]


def test_play_by_keys_shows_leader_text_then_the_commit_totals() -> None:
    m = ravenry.game("iron-throne").new_match(4, seed=3)
    app = tui.local_app(m, SEATS)

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        view = app.frame["view"]
        me = view["seats"][0]
        text = screen_text(app)
        # The two leader sheets offered are listed and the highlighted one's full ability text is shown.
        first = me["characters"][me["leader_offers"][0]]["name"]
        assert f"offered leader: {first}" in text
        sheet = next(x for x in content()["houses"] if x["name"] == me["house"])["leaders"]
        wanted = next(x for x in sheet if x["character"] == first)["text"]
        assert wanted.split(":")[0] in text
        assert "Choose your leader" in text
        # Decide by keys until a house card is to be committed, then check the preview's totals.
        for _ in range(40):
            await until(pilot, lambda: deciding(app) or bool(app.frame and app.frame["over"]))
            kinds = {a["kind"] for a in app.frame["actions"]}
            if "commit" in kinds:
                break
            await pilot.press("enter")
            await settle(pilot)
        else:
            raise AssertionError("never reached a commit")
        view = app.frame["view"]
        enc = view["encounter"]
        side = 1 if enc["attacker"] == 0 else 2
        highlighted = app.query_one(tui.app.ActionPicker).highlighted_action()
        assert highlighted is not None and highlighted["kind"] == "commit"
        mine = side_crowns(view, side) + enc["bonus"][side - 1]
        value = card_value(highlighted["fields"]["card"])
        assert f"your side: crowns+bonus {mine} + card {value} = {mine + value}" in screen_text(app)
        # Typing narrows the list: "hostility" leaves only hostility cards.
        await pilot.press(*"hostility")
        await settle(pilot)
        shown = app.query_one(tui.app.ActionPicker).rows
        assert shown and all("Hostility" in r.action["label"] for r in shown if r is not None)

    drive(app, script)


def test_undo_restores_the_exact_state_and_is_refused_after_a_reveal() -> None:
    m = ravenry.game("iron-throne").new_match(4, seed=3)
    app = tui.local_app(m, SEATS)

    async def script(pilot: Any) -> None:
        session = app.driver.session
        await until(pilot, lambda: deciding(app))
        # The leader pick is a secret commit; the bots have committed theirs, so picking reveals all four
        # leaders at once. Taking it back now would let the player choose again knowing theirs: refused.
        await pilot.press("enter")
        await until(pilot, lambda: deciding(app))
        after_pick = session.match.state_msgpack()
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert "Cannot undo: it revealed something hidden" in screen_text(app)
        assert session.match.state_msgpack() == after_pick
        # Play on by keys until a decision can be taken back (one that revealed and drew nothing), then undo it.
        for _ in range(80):
            await until(pilot, lambda: deciding(app))
            before = session.match.state_msgpack()
            events = session.match.event_count
            await pilot.press("enter")
            await settle(pilot)
            await until(pilot, lambda: deciding(app))
            if session.checkpoints and session.undo_check(0) is None:
                break
        else:
            raise AssertionError("no decision could be taken back")
        assert session.match.state_msgpack() != before
        await pilot.press("ctrl+z")
        await until(pilot, lambda: deciding(app))
        assert session.match.state_msgpack() == before
        assert session.match.event_count == events
        assert "Your last decision was taken back." in screen_text(app)

    drive(app, script)


def test_hotseat_covers_the_screen_between_two_humans() -> None:
    m = ravenry.game("iron-throne").new_match(3, seed=5)
    app = tui.local_app(m, {0: None, 1: None, 2: "heuristic"})

    async def script(pilot: Any) -> None:
        await until(pilot, lambda: deciding(app))
        first = app.frame["seat"]
        hand0 = [c.line for c in app.cards if c.group == "hand"]
        await pilot.press("enter")  # the first human picks a leader: the second must pick now
        await until(pilot, lambda: type(app.screen).__name__ == "PassDeviceScreen")
        text = screen_text(app)
        assert "Pass the device to House" in text
        for line in hand0:
            assert line not in text
        await pilot.press("enter")
        await until(pilot, lambda: deciding(app))
        assert app.frame["seat"] != first
        assert all(c.key.startswith(("leader", "card", "hostage")) for c in app.cards)

    drive(app, script)
