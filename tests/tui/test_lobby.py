"""The lobby and network play in the full-screen client: the lobby lists a server's games, sets up a match in
its form and creates it by keys, joins it; a decision goes to the server; a lost connection shows at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ravenry.faces import tui
from ravenry.faces.tui.create import CreateForm
from textual.widgets import Button, Input, OptionList, Select, TextArea

from tests.net.conftest import live_server
from tests.tui.conftest import drive, screen_text, until


def test_lobby_creates_joins_plays_and_shows_a_lost_connection_at_once() -> None:
    server = live_server()
    live = server.__enter__()
    stopped = False
    try:
        app = tui.lobby_app(live.url)

        async def script(pilot: Any) -> None:
            nonlocal stopped
            await until(pilot, lambda: "Game of Thrones: The Iron Throne (3–5 players" in screen_text(app))
            text = screen_text(app)
            assert "Matches on the server" in text and "Create a match" in text
            assert "houses=[]" not in text, "the game's title and player range, not a dump of its options"
            lobby = app.query_one(tui.Lobby)
            target = next(i for i, e in enumerate(lobby.entries) if e.get("game") == "iron-throne")
            lobby.query_one("#lobby-list").highlighted = target
            await pilot.press("enter")  # the new match's form, its Create button focused
            await until(pilot, lambda: "New match on the server" in screen_text(app))
            await pilot.press("enter")  # create a 3-player match with the server's bots and join seat 1
            await until(pilot, lambda: bool(app.frame and app.frame.get("actions")), rounds=2000)
            assert "you are House" in screen_text(app)
            tables = live.call(lambda: list(live.server.tables.values()))
            assert len(tables) == 1
            before = live.call(lambda: tables[0].match.decisions)
            await pilot.press("enter")  # choose a leader: the server applies it
            await until(pilot, lambda: live.call(lambda: tables[0].match.decisions) > before, rounds=2000)
            await until(pilot, lambda: bool(app.frame and app.frame.get("actions")), rounds=2000)
            # The server goes away while the player thinks: the screen says so with no key pressed.
            server.__exit__(None, None, None)
            stopped = True
            await until(pilot, lambda: "connection lost" in screen_text(app).lower(), rounds=400)

        drive(app, script)
    finally:
        if not stopped:
            server.__exit__(None, None, None)


def test_a_second_choice_while_the_lobby_is_leaving_is_ignored() -> None:
    """Enter pressed twice on "create" (or a click then Enter, as in a browser) creates one match and joins it; the
    second selection, queued while the first was being acted on, used to reach a lobby whose widgets the match
    screen had replaced and end the client."""
    with live_server() as live:
        app = tui.lobby_app(live.url)

        async def script(pilot: Any) -> None:
            await until(pilot, lambda: "Game of Thrones: The Iron Throne (3–5 players" in screen_text(app))
            lobby = app.query_one(tui.Lobby)
            target = next(i for i, e in enumerate(lobby.entries) if e.get("game") == "iron-throne")
            ol = lobby.query_one("#lobby-list", OptionList)
            ol.highlighted = target
            ol.action_select()  # both selections are queued before the lobby handles the first: one form
            ol.action_select()
            await until(pilot, lambda: "New match on the server" in screen_text(app))
            assert len(lobby.query(CreateForm)) == 1
            create = lobby.query_one("#form-create", Button)
            create.press()  # and the form's Create twice: one match
            create.press()
            await until(pilot, lambda: bool(app.frame and app.frame.get("actions")), rounds=2000)
            assert "you are House" in screen_text(app)
            assert live.call(lambda: len(live.server.tables)) == 1

        drive(app, script)


def _stark_list() -> str:
    from ravenry_agot_ccg.decklists import deck_list

    return deck_list("stark")


def _create_agot_ccg_with_deck(deck: str, read_files: bool = True) -> tuple[str, list[Any]]:
    """Type ``deck`` into the lobby's deck field, create an agot-ccg match; the status line and the server's
    tables after."""
    with live_server() as live:
        app = tui.lobby_app(live.url, read_files=read_files)
        status = ""

        async def script(pilot: Any) -> None:
            nonlocal status
            await until(pilot, lambda: "A Game of Thrones" in screen_text(app) and "CCG" in screen_text(app))
            lobby = app.query_one(tui.Lobby)
            ol = lobby.query_one("#lobby-list", OptionList)
            ol.highlighted = next(i for i, e in enumerate(lobby.entries) if e.get("game") == "agot-ccg")
            ol.focus()
            await pilot.press("enter")
            await until(pilot, lambda: bool(lobby.query("#form-opt-deck")))
            lobby.query_one("#form-opt-deck", TextArea).text = deck
            await pilot.press("enter")  # Create still has the focus
            await until(pilot, lambda: bool(app.frame) or "✗" in screen_text(app), rounds=2000)
            status = screen_text(app)

        drive(app, script)
        tables = live.call(lambda: [t.match for t in live.server.tables.values()])
    return status, tables


def test_the_create_screen_takes_a_pasted_deck_list() -> None:
    """Over the network a deck travels as its text; the player pastes it into the lobby."""
    _, tables = _create_agot_ccg_with_deck(_stark_list())
    assert len(tables) == 1 and tables[0].view(None)["seats"][0]["house"] == "stark"


def test_the_create_screen_reads_a_deck_file_on_the_player_s_machine(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(_stark_list(), encoding="utf-8")
    _, tables = _create_agot_ccg_with_deck(str(path))
    assert len(tables) == 1 and tables[0].options["deck"] == _stark_list()


def test_a_browser_s_lobby_reads_no_file_of_the_server(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(_stark_list(), encoding="utf-8")
    status, tables = _create_agot_ccg_with_deck(str(path), read_files=False)
    assert not tables and "cannot read files on the server" in status


async def _open_form(pilot: Any, lobby: Any, game_id: str, ready: str, keys: tuple[str, ...] = ()) -> None:
    """Open ``game_id``'s create form from the list (typing ``keys`` there first) and wait for its ``ready`` field."""
    ol = lobby.query_one("#lobby-list", OptionList)
    ol.highlighted = next(i for i, e in enumerate(lobby.entries) if e.get("form") and e["form"].id == game_id)
    ol.focus()
    await pilot.press(*keys, "enter")
    await until(pilot, lambda: bool(lobby.query(ready)))


def test_the_form_creates_a_match_with_the_options_seats_and_clock_chosen() -> None:
    """Hearts from the form, by keys: a switch turned on, a number typed, a seat left open for a friend, a turn
    clock, the bot for a dropped player; Enter in the last text field creates it, and the server's match has every
    one of them."""
    with live_server() as live:
        app = tui.lobby_app(live.url)

        async def script(pilot: Any) -> None:
            await until(pilot, lambda: "Hearts (4 players)" in screen_text(app))
            lobby = app.query_one(tui.Lobby)
            await _open_form(pilot, lobby, "hearts", "#form-opt-jd_bonus")
            text = screen_text(app)
            assert "player 1" in text and "player 4" in text and "player 0" not in text, "as the list says"
            assert "pass_direction" in text and "random" in text, "a choice shows its default"
            lobby.query_one("#form-opt-jd_bonus").focus()
            await pilot.press("space")  # the jack of diamonds bonus: on
            lobby.query_one("#form-seat-1", Select).value = "@open"  # seat 2 waits for another player
            lobby.query_one("#form-clock", Input).focus()
            await pilot.press("3", "0")
            lobby.query_one("#form-takeover", Select).value = "heuristic"  # plays a dropped player's seat
            field = lobby.query_one("#form-opt-hands", Input)
            field.focus()
            field.value = ""
            await pilot.press("2", "enter")  # two hands; Enter in a text field creates
            await until(pilot, lambda: bool(app.frame), rounds=2000)

        drive(app, script)
        (table,) = live.call(lambda: list(live.server.tables.values()))
        assert table.match.options["jd_bonus"] is True and table.match.options["hands"] == 2
        assert [s.bot for s in table.seats] == [None, None, "heuristic", "heuristic"]
        assert table.turn_seconds == 30 and table.seats[0].token_hash is not None and table.seats[1].free
        assert table.takeover is not None and table.takeover.bot == "heuristic"


def test_the_form_shows_the_server_s_refusal_in_one_line_and_stays() -> None:
    with live_server() as live:
        app = tui.lobby_app(live.url)

        async def script(pilot: Any) -> None:
            await until(pilot, lambda: "Hearts (4 players)" in screen_text(app))
            lobby = app.query_one(tui.Lobby)
            await _open_form(pilot, lobby, "hearts", "#form-opt-hands")
            field = lobby.query_one("#form-opt-hands", Input)
            field.focus()
            field.value = "500"  # past the game's 100
            await pilot.press("enter")
            await until(pilot, lambda: "✗" in screen_text(app), rounds=2000)
            status = lobby.query_one("#form-status").render()
            assert "hands" in str(status) and "\n" not in str(status)
            assert lobby.query(CreateForm) and app.driver is None, "the form stays for another try"
            await pilot.press("escape")  # back to the list
            await until(pilot, lambda: not lobby.query(CreateForm))
            assert lobby.query_one("#lobby-list", OptionList).display

        drive(app, script)
        assert live.call(lambda: len(live.server.tables)) == 0


def test_the_local_form_starts_a_variant_with_two_players_at_this_screen() -> None:
    """Locally: two seats of yours are a hotseat; a variant and a switch; 80×24 holds the form."""
    app = tui.lobby_app(None)

    async def script(pilot: Any) -> None:
        await pilot.pause()
        lobby = app.query_one(tui.Lobby)
        await _open_form(pilot, lobby, "agot-ccg", "#form-players")
        assert "player 2" in screen_text(app) and "variant tournament" in screen_text(app)
        lobby.query_one("#form-seat-1", Select).value = "@you"  # hotseat: both seats at this screen
        lobby.query_one("#form-variant-tournament").focus()
        await pilot.press("space")
        lobby.query_one("#form-create", Button).focus()
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.frame), rounds=2000)
        session = app.driver.session
        assert session.match.players == 2 and session.match.variants == ("tournament",)
        assert session.seats == {0: None, 1: None}

    drive(app, script, size=(80, 24))


def test_a_variant_that_is_one_switch_is_offered_once() -> None:
    """Roll Player's variants each turn on one of its options: the form shows the option's switch alone, and a
    player count typed on the list is the form's."""
    app = tui.lobby_app(None)

    async def script(pilot: Any) -> None:
        await pilot.pause()
        lobby = app.query_one(tui.Lobby)
        await _open_form(pilot, lobby, "roll-player", "#form-players", keys=("3",))
        assert lobby.query_one("#form-players", Select).value == 3
        assert not lobby.query("#form-variant-short-game") and lobby.query("#form-opt-short_game")
        lobby.query_one("#form-opt-short_game").focus()
        await pilot.press("space")
        assert "on" in screen_text(app)
        lobby.query_one("#form-create", Button).focus()
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.frame), rounds=2000)
        m = app.driver.session.match
        assert m.players == 3 and m.options["short_game"] is True
        assert [b for b in app.driver.session.seats.values()] == [None, "heuristic", "heuristic"]

    drive(app, script, size=(80, 24))


def test_esc_closes_an_open_select_first_then_the_form() -> None:
    app = tui.lobby_app(None)

    async def script(pilot: Any) -> None:
        await pilot.pause()
        lobby = app.query_one(tui.Lobby)
        await _open_form(pilot, lobby, "hearts", "#form-seat-0")
        seat = lobby.query_one("#form-seat-0", Select)
        seat.focus()
        await pilot.press("enter")
        await until(pilot, lambda: seat.expanded)
        await pilot.press("escape")
        await until(pilot, lambda: not seat.expanded)
        assert lobby.query(CreateForm), "the first Esc only closes the list of choices"
        await pilot.press("escape")
        await until(pilot, lambda: not lobby.query(CreateForm))
        assert lobby.query_one("#lobby-list", OptionList).has_focus

    drive(app, script, size=(80, 24))


def test_a_game_this_machine_lacks_gets_a_form_from_the_server_s_defaults() -> None:
    """The server's game is not installed here: its fields take their kinds from its defaults, and no name it
    sends (a variant with a space) can break the form."""
    from ravenry.faces.tui.create import server_form
    from textual.app import App

    entry = {
        "id": "elsewhere",
        "title": "Elsewhere",
        "players": [2, 3],
        "bots": ["random"],
        "variants": ["odd name"],
        "options": {"fast": False, "rounds": 5, "colour": "red", "tags": []},
    }
    form = server_form(entry)
    assert [(f.name, f.kind) for f in form.fields] == [
        ("fast", "bool"),
        ("rounds", "int"),
        ("colour", "text"),
        ("tags", "list"),
    ]
    assert form.default_bot == "random"
    got: dict[str, Any] = {}

    class Host(App[None]):
        def compose(self) -> Any:
            yield CreateForm(form, network=True)

    app = Host()

    async def script(pilot: Any) -> None:
        app.query_one("#form-opt-fast").focus()
        await pilot.press("space")
        app.query_one("#form-opt-tags", Input).value = "a, b"
        r = await app.query_one(CreateForm).request()
        got.update(options=r.options, bots=r.bots(), mine=r.mine())

    drive(app, script, size=(80, 24))
    assert got == {"options": {"fast": True, "tags": ["a", "b"]}, "bots": {1: "random"}, "mine": [0]}
