"""Every hook spec has a test named test_hook_<name> (the datasette guard), and each is exercised here."""

from __future__ import annotations

import sys

import click
import pluggy
import pytest
import ravenry
from ravenry import GameSpec, OptionSpec, VariantSpec, hookimpl
from ravenry.registry import hookspecs
from ravenry.registry.plugins import collect, get_plugin_manager

HOOKS = [name for name in dir(hookspecs) if name.startswith("ravenry_")]


def test_plugin_hooks_have_tests() -> None:
    missing = [h for h in HOOKS if f"test_hook_{h}" not in globals()]
    assert not missing, f"hooks without a test: {missing}"


def test_check_pending_passes_for_installed_plugins() -> None:
    pm, _, _ = get_plugin_manager()
    pm.check_pending()


def _with(plugin: object) -> ravenry.plugins.Registry:
    pm, records, problems = get_plugin_manager()
    pm.register(plugin, name="throwaway")
    try:
        return collect(pm, records, problems)
    finally:
        pm.unregister(name="throwaway")


class GamePlugin:
    @hookimpl
    def ravenry_register_games(self, register):  # type: ignore[no-untyped-def]
        register(
            GameSpec(
                id="tiny-fixture",
                title="Tiny",
                min_players=2,
                max_players=2,
                core="fixture",
                content={"deck": list(range(8)), "hand_size": 2},
                options=[OptionSpec("doubling", bool, False)],
            )
        )
        register(GameSpec(id="no-core", title="x", min_players=2, max_players=2, core="go"))
        register(GameSpec(id="fixture", title="again", min_players=2, max_players=2, core="fixture"))


def test_hook_ravenry_register_games() -> None:
    reg = _with(GamePlugin())
    assert reg.games["tiny-fixture"].title == "Tiny" and reg.game_plugin["tiny-fixture"] == "throwaway"
    assert any("the core has no game 'go'" in p for p in reg.problems)
    assert any("game id 'fixture' registered twice" in p and "ravenry-fixture" in p for p in reg.problems)
    assert reg.games["fixture"].title.startswith("Fixture"), "the first registration is kept"


class VariantPlugin:
    @hookimpl
    def ravenry_register_variants(self, register):  # type: ignore[no-untyped-def]
        register(VariantSpec(game="fixture", name="twice", options={"doubling": True}))
        register(VariantSpec(game="fixture", name="bad", options={"turbo": 1}))
        register(VariantSpec(game="nope", name="x", options={}))


def test_hook_ravenry_register_variants() -> None:
    reg = _with(VariantPlugin())
    assert reg.variants["fixture"]["twice"].options == {"doubling": True}
    assert any("unknown options ['turbo']" in p for p in reg.problems)
    assert any("unknown game 'nope'" in p for p in reg.problems)


class BotPlugin:
    @hookimpl
    def ravenry_register_bots(self, register):  # type: ignore[no-untyped-def]
        register(ravenry.BotSpec("last", lambda m, p: m.legal_actions(p)[-1], games=["fixture"]))


def test_hook_ravenry_register_bots() -> None:
    reg = _with(BotPlugin())
    m = ravenry.game("fixture").new_match(2, 1)
    assert reg.bots["last"].choose(m, 0) == m.legal_actions(0)[-1]
    assert "random" in reg.bots, "the built-in plugin registers the core bots through the same hook"


class CommandPlugin:
    @hookimpl
    def ravenry_register_commands(self, cli):  # type: ignore[no-untyped-def]
        @cli.command("throwaway-hi")
        def hi() -> None:
            click.echo("hi")


def test_hook_ravenry_register_commands() -> None:
    group = click.Group()
    pm = pluggy.PluginManager("ravenry")
    pm.add_hookspecs(hookspecs)
    pm.register(CommandPlugin())
    pm.hook.ravenry_register_commands(cli=group)
    assert "throwaway-hi" in group.commands


def test_a_raising_hook_is_reported_not_fatal() -> None:
    class Boom:
        @hookimpl
        def ravenry_register_games(self, register):  # type: ignore[no-untyped-def]
            raise RuntimeError("kaboom")

    reg = _with(Boom())
    assert any("kaboom" in p for p in reg.problems) and "fixture" in reg.games


def test_pinning_plugins_with_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAVENRY_PLUGINS", "")
    pm, records, _ = get_plugin_manager()
    assert set(records) == {"builtin"}
    monkeypatch.setenv("RAVENRY_PLUGINS", "fixture")
    pm, records, _ = get_plugin_manager()
    assert set(records) == {"builtin", "fixture"}


def test_hook_specs_are_documented_in_module() -> None:
    for name in HOOKS:
        assert getattr(hookspecs, name).__doc__, f"{name} has no docstring"
    assert sys.modules["ravenry.registry.hookspecs"] is hookspecs


def test_reload_rebuilds_the_registry() -> None:
    from ravenry.registry.plugins import registry, reload

    first = registry()
    again = reload()
    assert again is not first and set(again.games) == set(first.games)
    assert ravenry.game("fixture").info.id == "fixture"
