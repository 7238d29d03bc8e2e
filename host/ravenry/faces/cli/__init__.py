"""The ``ravenry`` command. Each command parses its options, calls one public API function and renders the
result with rich (or prints JSON with ``--json``); no rules and no state live here."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import ravenry
from ravenry.errors import RavenryError
from ravenry.faces import line_mode as play_mod
from ravenry.faces import render
from ravenry.model.options import parse_cli
from ravenry.registry.plugins import get_plugin_manager, registry
from ravenry.services.backends import check_backend
from ravenry.services.tournament.result import points_rows
from ravenry.specs import bot_name, split_bots


class RavenryGroup(click.Group):
    """Turns every RavenryError into one clear line and exit code 1, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RavenryError as e:
            click.secho(f"error: {e}", fg="red", err=True)
            ctx.exit(1)


@click.group(cls=RavenryGroup)
@click.version_option(package_name="ravenry")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Ravenry: host tabletop games — play, watch, simulate and benchmark them."""
    # `join` lives in the net layer, below the full-screen client: it gets the client's runner from here.
    ctx.ensure_object(dict).setdefault("full_screen_join", _full_screen_join)


def _tui() -> Any:
    # Here, not at the top (start-up cost, not a circle): Textual and the network client it plays through load
    # only for the full-screen commands, so `ravenry list`, `info` or `sim` start as quickly as before.
    from ravenry.faces import tui

    return tui


def _full_screen_join(
    url: str, match: str | None, seat: int | None, watch: bool, token: str | None, create: dict[str, Any] | None
) -> None:
    """``ravenry join`` at a terminal: the lobby when no match, seat or creation is named, else the match."""
    # Start-up cost, as in _tui: the network stack loads only when joining.
    from ravenry.net import loop as event_loop  # start-up cost (see above)
    from ravenry.net.commands import remember_token, resolve_join  # start-up cost (see above)

    tui = _tui()
    if match is None and create is None and seat is None and not watch:
        tui.lobby_app(url, remember_token).run()
        return
    match_id, game_id, seat, token = event_loop.run(resolve_join(url, match, seat, watch, token, create))

    def remember(s: int, t: str) -> None:
        remember_token(url, match_id, s, t)

    tui.net_app(url, match_id, game_id, seat, token, watch, None if watch else remember).run()


def _console() -> Any:
    return render.console()


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))


@cli.command("list")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def list_games(as_json: bool) -> None:
    """List the installed games."""
    infos = ravenry.games()
    if as_json:
        _emit_json([{"id": i.id, "title": i.title, "players": list(i.players), "plugin": i.plugin} for i in infos])
        return
    t = Table(title="Installed games")
    for col in ("id", "title", "players", "variants", "plugin"):
        t.add_column(col)
    for i in infos:
        t.add_row(i.id, i.title, f"{i.players[0]}–{i.players[1]}", ", ".join(i.variants), i.plugin)
    _console().print(t)


@cli.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def info(game: str, as_json: bool) -> None:
    """Show a game's players, options, variants and bots."""
    i = ravenry.game(game).info
    opts = [
        {"name": o.name, "kind": o.kind.__name__, "default": o.default, "choices": o.choices, "help": o.help}
        for o in i.options
    ]
    if as_json:
        _emit_json(
            {
                "id": i.id,
                "title": i.title,
                "players": list(i.players),
                "options": opts,
                "variants": list(i.variants),
                "variant_plugins": dict(i.variant_plugins),
                "bots": list(i.bots),
                "plugin": i.plugin,
                "help": i.help,
            }
        )
        return
    c = _console()
    c.print(f"[bold]{i.title}[/] ({i.id}) — {i.players[0]} to {i.players[1]} players, from plugin {i.plugin}")
    if i.help:
        c.print(i.help)
    t = Table(title="options (-o name=value)")
    for col in ("name", "kind", "default", "choices", "help"):
        t.add_column(col)
    for o in opts:
        t.add_row(o["name"], o["kind"], json.dumps(o["default"]), ", ".join(map(str, o["choices"] or [])), o["help"])
    c.print(t)
    # A variant from another distribution than the game's own (an expansion) says where it comes from.
    own = next((p.distribution for p in registry().plugins if p.name == i.plugin), i.plugin)
    named = [v if i.variant_plugins.get(v, own) == own else f"{v} (from {i.variant_plugins[v]})" for v in i.variants]
    c.print(f"variants: {', '.join(named) or 'none'}")
    c.print(f"bots: {', '.join(i.bots)}")


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def plugins(as_json: bool) -> None:
    """Show which plugins loaded, from where, what each registered, and any problems."""
    reg = registry()
    rows = [vars(p) for p in reg.plugins]
    if as_json:
        _emit_json({"plugins": rows, "problems": reg.problems})
        return
    t = Table(title="Plugins")
    for col in ("name", "distribution", "version", "module", "registered"):
        t.add_column(col)
    for p in reg.plugins:
        what = [f"games: {', '.join(p.games)}"] if p.games else []
        what += [f"variants: {', '.join(p.variants)}"] if p.variants else []
        what += [f"bots: {', '.join(p.bots)}"] if p.bots else []
        what += [f"commands: {', '.join(p.commands)}"] if p.commands else []
        t.add_row(p.name, p.distribution, p.version, p.module, "; ".join(what))
    c = _console()
    c.print(t)
    for problem in reg.problems:
        c.print(f"[yellow]problem:[/] {problem}")


def _options(game: str, pairs: tuple[str, ...]) -> dict[str, Any]:
    return parse_cli(pairs, ravenry.game(game).options)


def _progress(disable: bool) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        disable=disable,
        console=render.console(),
    )


def _backend_options(f: Any) -> Any:
    """The options sim and tournament share for where matches run."""
    for option in (
        click.option("--address", help="with --backend ray: the cluster's address (default: start a local Ray)"),
        click.option(
            "--backend",
            type=click.Choice(["local", "ray"]),
            default="local",
            show_default=True,
            help='where matches run; ray needs pip install "ravenry[ray]"',
        ),
    ):
        f = option(f)
    return f


def _rate(per_s: float) -> str:
    """A rate readable at any size: 12,345 or 0.38 (a tournament of searching bots plays under one match a second)."""
    return f"{per_s:,.0f}" if per_s >= 10 else f"{per_s:.2f}"


def _label_table(title: str, labels: dict[str, dict[str, Any]]) -> Table:
    """Win share per label (house, class, deck) with its interval: the same table for sim and tournament."""
    t = Table(title=title)
    for col in ("label", "seats", "win share", "95% CI"):
        t.add_column(col, justify="right")
    for label, s in labels.items():
        t.add_row(label, str(s["seats"]), f"{s['share']:.1%}", _interval(s["ci95"]))
    return t


def _interval(ci: list[float] | None, fmt: str = "{:.1%}") -> str:
    return "–" if not ci else f"{fmt.format(ci[0])} – {fmt.format(ci[1])}"


@cli.command()
@click.argument("game")
@click.option("-n", "--matches", default=1000, show_default=True, help="how many matches")
@click.option("--players", type=int, help="players per match (default: the game's minimum)")
@click.option("--bots", default="random", show_default=True, help="bot per seat, comma-separated, cycled")
@click.option("--seed", default=0, show_default=True, help="run seed; match i plays from a seed derived from it")
@click.option("--workers", type=int, help="threads (default: all cores)")
@click.option("-o", "--option", "option_pairs", multiple=True, help="game option name=value")
@click.option("--variant", "variants", multiple=True, help="a named variant (repeatable)")
@_backend_options
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def sim(
    game: str,
    matches: int,
    players: int | None,
    bots: str,
    seed: int,
    workers: int | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
    backend: str,
    address: str | None,
    as_json: bool,
) -> None:
    """Run headless bot matches and report win shares (solo: mean score) with 95% intervals."""
    options = _options(game, option_pairs)
    bot_list = split_bots(bots)
    check_backend(backend, address)  # before the progress bar, so a missing Ray is one line
    with _progress(as_json) as bar:
        task = bar.add_task(f"{game}", total=matches)
        result = ravenry.simulate(
            game,
            matches,
            players,
            bot_list,
            seed,
            workers,
            options,
            variants,
            progress=lambda k: bar.advance(task, k),
            backend=backend,
            address=address,
        )
    data = result.to_dict()
    if as_json:
        _emit_json(data)
        return
    solo = result.players == 1
    t = Table(title=f"{game}: {result.matches} matches, {result.players} players, engine {result.engine}")
    cols = ("seat", "bot", "mean score", "95% CI") if solo else ("seat", "bot", "win share", "95% CI")
    for col in cols:
        t.add_column(col, justify="right")
    for s in data["seats"]:
        if solo:
            t.add_row(str(s["seat"]), s["bot"], f"{s['mean_score']:.2f}", _interval(s["score_ci95"], "{:.2f}"))
        else:
            t.add_row(str(s["seat"]), s["bot"], f"{s['share']:.1%}", _interval(s["ci95"]))
    c = _console()
    c.print(t)
    if data["by_label"] and not solo:
        c.print(_label_table("by house / class", data["by_label"]))
    c.print(
        f"finished {result.finished}/{result.matches}; {result.decisions_per_match:.1f} decisions/match; "
        f"{result.matches_per_s:,.0f} matches/s; {result.decisions_per_s:,.0f} decisions/s"
    )


@cli.command()
@click.argument("game")
@click.option("--bots", required=True, help="the bots to rank, comma-separated specs (ismcts:iterations=500)")
@click.option("--players", type=int, help="seats per match (default: the game's minimum)")
@click.option("-n", "--matches", default=None, type=int, help="how many matches (a whole number of rotations)")
@click.option("--seed", default=0, show_default=True, help="tournament seed; deal d plays from a seed derived from it")
@click.option("--workers", type=int, help="threads (default: all cores)")
@click.option("-o", "--option", "option_pairs", multiple=True, help="game option name=value")
@click.option("--variant", "variants", multiple=True, help="a named variant (repeatable)")
@click.option("--bootstrap", default=100, show_default=True, help="bootstrap resamples for the rating intervals")
@_backend_options
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="write a self-contained HTML report",
)
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def tournament(
    game: str,
    bots: str,
    players: int | None,
    matches: int | None,
    seed: int,
    workers: int | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
    bootstrap: int,
    backend: str,
    address: str | None,
    report_path: Path | None,
    as_json: bool,
) -> None:
    """Rank bots with seat rotation and duplicate deals: openskill ratings with intervals, head-to-head, seat
    bias and per-house tables."""
    options = _options(game, option_pairs)
    bot_list = split_bots(bots)
    n = matches if matches is not None else 20 * ravenry.tournament_unit(game, len(bot_list), players)
    check_backend(backend, address)
    with _progress(as_json) as bar:
        task = bar.add_task(f"{game} tournament", total=n)
        result = ravenry.tournament(
            game,
            bot_list,
            n,
            players,
            seed,
            workers,
            options,
            variants,
            backend=backend,
            address=address,
            bootstrap=bootstrap,
            progress=lambda k: bar.advance(task, k),
        )
    data = result.to_dict()
    if report_path is not None:
        ravenry.write_report(data, report_path)
    if as_json:
        _emit_json(data)
        return
    _print_tournament(data)
    if report_path is not None:
        _console().print(f"report written to {report_path}")


def _print_tournament(d: dict[str, Any]) -> None:
    c = _console()
    t = Table(title=f"{d['game']}: {d['matches']} matches over {d['deals']} deals, {d['players']} seats")
    for col in ("rank", "bot", "rating (mu)", "95% CI", "win share", "95% CI "):
        t.add_column(col, justify="right")
    shares = {x["bot"]: x for x in d["bots_win_share"]}
    for i, r in enumerate(d["ratings"], 1):
        s = shares[r["bot"]]
        t.add_row(
            str(i),
            r["bot"],
            f"{r['mu']:.2f}",
            _interval(r["ci95"], "{:.2f}"),
            f"{s['share']:.1%}",
            _interval(s["ci95"]),
        )
    c.print(t)
    h = Table(title="head to head (row's score against column)")
    h.add_column("")
    for b in d["bots"]:
        h.add_column(b, justify="right")
    for a in d["bots"]:
        cells = []
        for b in d["bots"]:
            cell = d["head_to_head"][a].get(b)
            cells.append("" if a == b or not cell or not cell["meetings"] else f"{cell['score']:.0%}")
        h.add_row(a, *cells)
    c.print(h)
    st = Table(title=f"seat bias (fair {d['fair_share']:.1%})")
    for col in ("seat", "win share", "95% CI"):
        st.add_column(col, justify="right")
    for s in d["seat_bias"]:
        st.add_row(str(s["seat"]), f"{s['share']:.1%}", _interval(s["ci95"]))
    c.print(st)
    if d["labels"]:
        c.print(_label_table("by house / class / deck", d["labels"]))
    if d["points"]:
        c.print(_points_table(d))
    ln = d["lengths"]
    if ln.get("count"):
        c.print(
            f"match length (decisions): median {ln['median']}, 25–75% {ln['p25']}–{ln['p75']}, "
            f"range {ln['min']}–{ln['max']}; unfinished (safeguard) {d['unfinished']}; "
            f"{_rate(d['timing']['matches_per_s'])} matches/s"
        )


def _points_table(d: dict[str, Any]) -> Table:
    """The game's own tournament points (its rulebook's match scoring), per bot and per label."""
    t = Table(title="tournament points a match", caption="the game's rulebook scoring; bots, then labels")
    for col in ("bot / label", "seats", "mean", "95% CI", "total"):
        t.add_column(col, justify="right")
    bots = len(d["points"])
    for i, (name, x) in enumerate(points_rows(d)):
        cells = (name, str(x["seats"]), f"{x['mean']:.2f}", _interval(x["ci95"], "{:.2f}"), f"{x['total']:g}")
        t.add_row(*cells, end_section=i == bots - 1)
    return t


def _bot_match(
    game: str,
    players: int | None,
    bots: str,
    seed: int | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
) -> tuple[ravenry.MatchBase, str]:
    """A new match (random seed unless given) and the bots to seat, falling back to random where the game has
    no heuristic bot."""
    import secrets

    g = ravenry.game(game)
    specs = ["random" if bot_name(b) == "heuristic" and "heuristic" not in g.info.bots else b for b in split_bots(bots)]
    for b in specs:
        try:
            g.check_bot(b)
        except ravenry.OptionError as e:
            raise click.BadParameter(str(e), param_hint="--bots") from None
    bots = ",".join(specs)
    m = g.new_match(players, secrets.randbits(63) if seed is None else seed, _options(game, option_pairs), variants)
    return m, bots


def _new_match_options(f: Any) -> Any:
    """The options play and watch share for starting a match."""
    for option in (
        click.option("--variant", "variants", multiple=True, help="a named variant (repeatable)"),
        click.option("-o", "--option", "option_pairs", multiple=True, help="game option name=value"),
        click.option("--seed", type=int, help="match seed (default: random)"),
    ):
        f = option(f)
    return f


def _full_screen(plain: bool) -> bool:
    """The Textual client unless ``--plain`` or not at a terminal (a pipe, a script, a test runner); always
    under textual-serve (``ravenry web``), whose driver draws to a browser through pipes."""
    if plain:
        return False
    return bool(os.environ.get("TEXTUAL_DRIVER")) or (sys.stdin.isatty() and sys.stdout.isatty())


def _plain_option(f: Any) -> Any:
    return click.option("--plain", is_flag=True, help="line mode (scripts, screen readers, pipes), not full screen")(f)


def _delay_option(f: Any) -> Any:
    return click.option(
        "--delay",
        type=click.FloatRange(0, 60),
        help="seconds between moves (default: 1 at a terminal, 0 in a pipe)",
    )(f)


def _pace(delay: float | None) -> float:
    return delay if delay is not None else (1.0 if sys.stdout.isatty() else 0.0)


def _seats(players: int, human: tuple[int, ...], bots: str) -> dict[int, str | None]:
    return play_mod.seating(players, list(human), split_bots(bots))


@cli.command()
@click.argument("game")
@click.option("--players", type=int, help="players (default: the game's minimum)")
@click.option("--seat", "human", type=int, multiple=True, help="a human seat (repeatable; default: seat 0)")
@click.option("--bots", default="heuristic", show_default=True, help="bots for the other seats, cycled")
@_new_match_options
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), help="autosave here after every action")
@_plain_option
def play(
    game: str,
    players: int | None,
    human: tuple[int, ...],
    bots: str,
    seed: int | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
    save: Path | None,
    plain: bool,
) -> None:
    """Play in the terminal against bots (several --seat: hotseat, passing the device between turns)."""
    m, bots = _bot_match(game, players, bots, seed, option_pairs, variants)
    seats = _seats(m.players, human or (0,), bots)
    if _full_screen(plain):
        _tui().local_app(m, seats, save).run()
        return
    play_mod.play(m, seats, _console(), _ask, save)


@cli.command()
@click.argument("game")
@click.option("--players", type=int, help="players (default: the game's minimum)")
@click.option("--bots", default="heuristic", show_default=True, help="bots for the seats, cycled")
@_new_match_options
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), help="save here after every action")
@_delay_option
@_plain_option
def watch(
    game: str,
    players: int | None,
    bots: str,
    seed: int | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
    save: Path | None,
    delay: float | None,
    plain: bool,
) -> None:
    """Watch bots play a match, narrated as a spectator sees it (Space pauses, n steps)."""
    m, bots = _bot_match(game, players, bots, seed, option_pairs, variants)
    seats = _seats(m.players, (), bots)
    if _full_screen(plain):
        _tui().local_app(m, seats, save, _pace(delay)).run()
        return
    m = play_mod.play(m, seats, _console(), _ask, save, delay=_pace(delay))
    _console().print(render.view(m, None))


def _ask(prompt: str) -> str:
    return str(click.prompt(prompt, default="", show_default=False))


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--verify", is_flag=True, help="replay the actions from the seed and check the saved state")
@_plain_option
def resume(file: Path, verify: bool, plain: bool) -> None:
    """Continue a saved match (autosaving back to FILE)."""
    m = ravenry.load_match(file, verify=verify)
    saved = m.meta.get("seats") or {"0": None}
    seats = {int(p): b for p, b in saved.items()}
    for p in range(m.players):
        seats.setdefault(p, "random")
    if _full_screen(plain):
        _tui().local_app(m, seats, file).run()
        return
    play_mod.play(m, seats, _console(), _ask, file)


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seat", type=int, help="narrate as this seat sees it (default: the public)")
@click.option("--all", "show_all", is_flag=True, help="show everything: every action, event and hidden card")
@click.option("--step", is_flag=True, help="wait for enter after each action")
@click.option("--verify", is_flag=True, help="also check that the replay reproduces the saved state")
@_delay_option
@_plain_option
def replay(
    file: Path, seat: int | None, show_all: bool, step: bool, verify: bool, delay: float | None, plain: bool
) -> None:
    """Step through a saved match from its seed, showing only what one seat (or the public) may know (full
    screen: Space pauses, n steps; --all is the line mode's)."""
    saved = ravenry.load_match(file, verify=verify)
    if seat is not None and not 0 <= seat < saved.players:
        raise click.BadParameter(f"the match has seats 0 to {saved.players - 1}", param_hint="--seat")
    fresh = saved.game.new_match(saved.players, saved.seed, saved.options, saved.variants)
    if _full_screen(plain) and not show_all:
        _tui().replay_app(fresh, saved.history(), seat, _pace(delay), paused=step).run()
        return
    play_mod.replay(fresh, saved.history(), _console(), _ask if step else None, seat, show_all)


@cli.command()
@click.option("--server", metavar="URL", help="a ravenry serve match server (ws://…): list, create, join, watch")
def lobby(server: str | None) -> None:
    """Open the full-screen lobby: start a local match, or play on a match server."""
    if server is not None and not server.startswith(("ws://", "wss://")):
        raise click.BadParameter("use a ws:// or wss:// address", param_hint="--server")
    # Start-up cost, as in _tui: the network stack loads only for the lobby.
    from ravenry.net.commands import remember_token

    parent = os.environ.get("RAVENRY_WEB_PARENT", "")  # ravenry.web.PARENT_VARIABLE, without importing aiohttp
    if parent.isdigit():  # a browser session's client: it ends with the `ravenry web` that started it
        from ravenry.faces.web import exit_with_parent  # only here: ravenry.web brings aiohttp

        exit_with_parent(int(parent))
    # Served to a browser, this machine is the server's, not the player's: no deck is read from its files.
    _tui().lobby_app(server, remember_token, read_files=not parent).run()


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="port to listen on")
@click.option("--server", metavar="URL", help="play on this ravenry serve match server (ws://…)")
@click.option(
    "--max-sessions",
    default=32,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="browser sessions at once (each is a client process here)",
)
@click.option(
    "--max-sessions-per-address",
    default=4,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="browser sessions at once from one address",
)
def web(host: str, port: int, server: str | None, max_sessions: int, max_sessions_per_address: int) -> None:
    """Serve the full-screen client to browsers (textual-serve): open http://HOST:PORT."""
    # Imported here, not at the top: textual-serve brings aiohttp, which every other command can do without.
    from ravenry.faces import web as web_mod

    if server is not None and not server.startswith(("ws://", "wss://")):
        raise click.BadParameter("use a ws:// or wss:// address", param_hint="--server")
    _console().print(f"serving the Ravenry client on http://{host}:{port} (Ctrl-C stops)")
    web_mod.serve(host, port, server, max_sessions, max_sessions_per_address)


@cli.command()
@click.option("--game", "games", multiple=True, help="only these games (default: every installed game)")
@click.option("--quick", is_flag=True, help="a short run (smoke test), not for recording")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("benches/results"),
    show_default=True,
    help="folder for the JSON results",
)
@click.option("--json", "as_json", is_flag=True, help="print the results as JSON")
def bench(games: tuple[str, ...], quick: bool, out: Path, as_json: bool) -> None:
    """Measure engine throughput per game and player count, beside OpenSpiel's hearts when installed
    (with --game hearts: Ravenry's hearts and OpenSpiel's on identical work, row by row)."""
    from ravenry.services import bench as bench_mod  # here, not at the top: only `ravenry bench` pays for importing it

    results = bench_mod.run(list(games) or None, quick=quick)
    path = bench_mod.write(results, out)
    if as_json:
        _emit_json(results)
        return
    c = _console()
    c.print(bench_mod.table(results))
    like_for_like = bench_mod.like_for_like_table(results)
    if like_for_like is not None:
        c.print(like_for_like)
    c.print(f"results written to {path}")


def _load_plugin_commands() -> None:
    pm, records, _ = get_plugin_manager()
    before = set(cli.commands)
    for impl in pm.hook.ravenry_register_commands.get_hookimpls():
        try:
            impl.function(cli)
        except Exception as e:  # a broken plugin must not take the CLI down
            click.secho(f"warning: plugin {pm.get_name(impl.plugin)!r} failed to add commands: {e}", err=True)
        name = pm.get_name(impl.plugin) or ""
        if name in records:
            records[name].commands.extend(sorted(set(cli.commands) - before))
        before = set(cli.commands)


def main() -> None:
    _load_plugin_commands()
    try:
        # Here, not at the top (start-up cost, not a circle): importing ravenry.cli, as tests and plugin commands
        # do, does not load the network stack (websockets, uvloop), and a host without it still plays locally.
        from ravenry.net.commands import join, serve

        cli.add_command(serve)
        cli.add_command(join)
    except ImportError:
        pass
    cli(prog_name="ravenry")


if __name__ == "__main__":
    main()
