"""``ravenry sim``, ``tournament`` and ``bench``: headless runs of many matches, and the engine's throughput."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

import ravenry
from ravenry.faces import tables
from ravenry.faces.cli.common import backend_options, console, emit_json, game_options
from ravenry.faces.seats import bot_specs
from ravenry.services.backends import check_backend
from ravenry.services.balance import html, parse_budget, write_records_path

T = TypeVar("T")


def _with_progress(
    label: str, total: int, quiet: bool, backend: str, address: str | None, run: Callable[[Callable[[int], None]], T]
) -> T:
    """``run(progress)`` under a progress bar of ``total`` matches (none with ``--json``). The bar is drawn at the
    first finished match, so a bad count, bot or option is refused as one line with no bar above it."""
    check_backend(backend, address)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        disable=quiet,
        console=console(),
    )
    task = bar.add_task(label, total=total)

    def advance(k: int) -> None:
        if not bar.live.is_started:
            bar.start()
        bar.advance(task, k)

    try:
        return run(advance)
    finally:
        if bar.live.is_started:
            bar.stop()


@click.command()
@click.argument("game")
@click.option("-n", "--matches", default=1000, show_default=True, type=click.IntRange(min=1), help="how many matches")
@click.option("--players", type=int, help="players per match (default: the game's minimum)")
@click.option("--bots", default="random", show_default=True, help="bot per seat, comma-separated, cycled")
@click.option("--seed", default=0, show_default=True, help="run seed; match i plays from a seed derived from it")
@click.option("--workers", type=int, help="threads (default: all cores)")
@click.option("-o", "--option", "option_pairs", multiple=True, help="game option name=value")
@click.option("--variant", "variants", multiple=True, help="a named variant (repeatable)")
@backend_options
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
    options, bot_list = game_options(game, option_pairs), bot_specs(bots)
    result = _with_progress(
        game,
        matches,
        as_json,
        backend,
        address,
        lambda progress: ravenry.simulate(
            game,
            matches,
            players,
            bot_list,
            seed,
            workers,
            options,
            variants,
            progress=progress,
            backend=backend,
            address=address,
        ),
    )
    data = result.to_dict()
    if as_json:
        emit_json(data)
        return
    tables.print_sim(console(), game, result, data)


@click.command()
@click.argument("game")
@click.option("--bots", required=True, help="the bots to rank, comma-separated specs (ismcts:iterations=500)")
@click.option("--players", type=int, help="seats per match (default: the game's minimum)")
@click.option("-n", "--matches", type=click.IntRange(min=1), help="how many matches (a whole number of rotations)")
@click.option("--seed", default=0, show_default=True, help="tournament seed; deal d plays from a seed derived from it")
@click.option("--workers", type=int, help="threads (default: all cores)")
@click.option("-o", "--option", "option_pairs", multiple=True, help="game option name=value")
@click.option("--variant", "variants", multiple=True, help="a named variant (repeatable)")
@click.option("--bootstrap", default=100, show_default=True, help="bootstrap resamples for the rating intervals")
@backend_options
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
    options, bot_list = game_options(game, option_pairs), bot_specs(bots)
    n = matches if matches is not None else 20 * ravenry.tournament_unit(game, len(bot_list), players)
    result = _with_progress(
        f"{game} tournament",
        n,
        as_json,
        backend,
        address,
        lambda progress: ravenry.tournament(
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
            progress=progress,
        ),
    )
    data = result.to_dict()
    if report_path is not None:
        ravenry.write_report(data, report_path)
    if as_json:
        emit_json(data)
        return
    tables.print_tournament(console(), data)
    if report_path is not None:
        console().print(f"report written to {report_path}")


@click.command()
@click.argument("game")
@click.option("--players", type=int, help="players per match (default: the game's minimum)")
@click.option("--bots", default="heuristic", show_default=True, help="bots seated in rotation, comma-separated")
@click.option("--budget", default="2m", show_default=True, help="matches (5000) or time (90s, 2m): never open-ended")
@click.option(
    "--tolerance", default=5.0, show_default=True, help="points of win share from fair that still count as fair"
)
@click.option("--alpha", default=0.05, show_default=True, help="the chance that any verdict is wrong, at most")
@click.option("--without", help="compare on the same deals without a variant, or with option=value")
@click.option("--seed", default=0, show_default=True, help="study seed; deal d plays from a seed derived from it")
@click.option("--workers", type=int, help="threads (default: all cores)")
@click.option("-o", "--option", "option_pairs", multiple=True, help="game option name=value")
@click.option("--variant", "variants", multiple=True, help="a named variant (repeatable)")
@backend_options
@click.option("--records", type=click.Path(dir_okay=False, path_type=Path), help="one JSON line per match")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), help="an HTML report")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def balance(
    game: str,
    players: int | None,
    bots: str,
    budget: str,
    tolerance: float,
    alpha: float,
    without: str | None,
    seed: int,
    workers: int | None,
    option_pairs: tuple[str, ...],
    variants: tuple[str, ...],
    backend: str,
    address: str | None,
    records: Path | None,
    report_path: Path | None,
    as_json: bool,
) -> None:
    """Is the game fair to every seat and faction? Verdicts within a tolerance, with intervals, inside a budget
    (docs/balance.md)."""
    max_matches, max_seconds = parse_budget(budget)
    options, bot_list = game_options(game, option_pairs), bot_specs(bots)
    out = write_records_path(records) if records is not None else None
    try:
        with console().status(f"{game}: balance study, budget {budget}", spinner="dots") if not as_json else _quiet():
            report = ravenry.balance(
                game,
                players,
                bot_list,
                tolerance=tolerance / 100,
                alpha=alpha,
                max_matches=max_matches,
                max_seconds=max_seconds,
                seed=seed,
                workers=workers,
                options=options,
                variants=variants,
                without=without,
                backend=backend,
                address=address,
                records=out,
            )
    finally:
        if out is not None:
            out.close()
    if report_path is not None:
        html.write_page(report, report_path)
    if as_json:
        emit_json(report.to_dict())
        return
    tables.print_balance(console(), report.to_dict())
    for path, what in ((records, "records"), (report_path, "report")):
        if path is not None:
            console().print(f"{what} written to {path}")


@contextmanager
def _quiet() -> Iterator[None]:
    yield


@click.command()
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
    """Measure engine throughput per game and player count (OpenSpiel beside it: benches/peers/)."""
    from ravenry.services import bench as bench_mod  # here, not at the top: only `ravenry bench` pays for importing it

    results = bench_mod.run(list(games) or None, quick=quick)
    path = bench_mod.write(results, out)
    if as_json:
        emit_json(results)
        return
    console().print(tables.bench_table(results))
    console().print(f"results written to {path}")
