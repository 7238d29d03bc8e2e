"""The ``ravenry`` command: one module per command family (``info``: list, info, plugins; ``run``: sim,
tournament, bench; ``play``: play, watch, resume, replay; ``net``: lobby, web and the full-screen ``join``), each
command parsing its options, calling one public API function and rendering the result with rich (``--json``:
the same data as JSON). No rules and no state live here; the tables are in ``ravenry.faces.tables``."""

from __future__ import annotations

from typing import Any

import click

from ravenry.errors import RavenryError
from ravenry.faces.cli import info, net, play, run
from ravenry.registry.plugins import get_plugin_manager


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
    ctx.ensure_object(dict).setdefault("full_screen_join", net.full_screen_join)


for command in (
    info.list_games,
    info.info,
    info.plugins,
    run.sim,
    run.tournament,
    run.balance,
    run.bench,
    play.play,
    play.watch,
    play.resume,
    play.replay,
    net.lobby,
    net.web,
):
    cli.add_command(command)


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
        # Here, not at the top (start-up cost, not a circle): importing ravenry.faces.cli, as tests and plugin
        # commands do, does not load the network stack (websockets, uvloop), and a host without it still plays locally.
        from ravenry.net.commands import join, serve

        cli.add_command(serve)
        cli.add_command(join)
    except ImportError:
        pass
    cli(prog_name="ravenry")
