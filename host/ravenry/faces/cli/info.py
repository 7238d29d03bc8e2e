"""``ravenry list``, ``info`` and ``plugins``: what is installed."""

from __future__ import annotations

import click

import ravenry
from ravenry.faces import tables
from ravenry.faces.cli.common import console, emit_json
from ravenry.registry.plugins import registry


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def list_games(as_json: bool) -> None:
    """List the installed games."""
    infos = ravenry.games()
    if as_json:
        emit_json([{"id": i.id, "title": i.title, "players": list(i.players), "plugin": i.plugin} for i in infos])
        return
    console().print(tables.games_table(infos))


@click.command()
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
        emit_json(
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
    tables.print_info(console(), i, opts, registry())


@click.command()
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def plugins(as_json: bool) -> None:
    """Show which plugins loaded, from where, what each registered, and any problems."""
    reg = registry()
    if as_json:
        emit_json({"plugins": [vars(p) for p in reg.plugins], "problems": reg.problems})
        return
    tables.print_plugins(console(), reg)
