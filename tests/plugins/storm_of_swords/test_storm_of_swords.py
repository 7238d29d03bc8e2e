"""The Storm of Swords plugin extends another plugin's game: with it `agot-board` has the rulebook's options and
variants (named as coming from ravenry-storm-of-swords) and their content; pinned out, `agot-board` is the base
game, and a save that needs the expansion says so. The rules themselves are tested in Rust
(core_rs/src/games/agot_board/tests/sos.rs and cards.rs)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest
import ravenry
from ravenry import OptionError, OptionSpec, SnapshotError, VariantSpec, hookimpl
from ravenry.registry.plugins import collect, get_plugin_manager, reload
from ravenry_storm_of_swords import OPTIONS, load_content

from tests.conformance.kit import play_random

DIST = "ravenry-storm-of-swords"


@pytest.fixture
def pin(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str | None], None]]:
    """``pin("agot-board")``: the expansion uninstalled, as far as the host can tell (only agot-board loads);
    ``pin(None)``: every installed plugin again."""

    def set_pin(value: str | None) -> None:
        if value is None:
            monkeypatch.delenv("RAVENRY_PLUGINS", raising=False)
        else:
            monkeypatch.setenv("RAVENRY_PLUGINS", value)
        reload()

    try:
        yield set_pin
    finally:
        set_pin(None)


def test_it_registers_its_options_and_variants_onto_agot_board() -> None:
    info = ravenry.game("agot-board").info
    assert [o.name for o in info.options] == [o[0] for o in OPTIONS]
    assert all(o.default is False and o.kind is bool for o in info.options)
    assert sorted(info.variants) == sorted(name for _, name, _, _ in OPTIONS)
    assert all(info.variant_plugins[name] == DIST for _, name, _, _ in OPTIONS)
    assert info.plugin == "agot-board", "the game itself stays agot-board's"


def test_its_content_names_sources_and_is_merged_only_when_in_force() -> None:
    c = load_content()["storm_of_swords"]
    assert len(c["house_cards"]["cards"]) == 35 and sum(w["count"] for w in c["westeros"]["cards"]) == 30
    for part in ("house_cards", "westeros", "wildlings", "tactics"):
        assert all(x["source"] in {"rulebook", "research", "designed"} for x in c[part]["cards"]), part
    assert [w for w in c["westeros"]["cards"] if w["key"] == "swing_the_sword"][0]["source"] == "rulebook"
    g = ravenry.game("agot-board")
    base = g.resolve_options(None)
    assert "storm_of_swords" not in json.loads(g.content_json_for(base))
    sos = g.resolve_options(None, variants=["tactics"])
    doc = json.loads(g.content_json_for(sos))
    assert doc["storm_of_swords"] == json.loads(json.dumps(c)), "merged whole, one part"
    assert g.content_json_for(sos) == g.content_json_for(dict(reversed(list(sos.items())))), "deterministic"
    assert g.ruleset_hash(sos) != g.ruleset_hash(base), "the content and options are in the ruleset hash"
    assert g.canonical_options(base) == {}, "expansion options at their defaults are not part of the ruleset"


def test_info_lists_the_variants_and_names_the_plugin() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "ravenry.faces.cli", "info", "agot-board"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert r.returncode == 0, r.stderr
    text = " ".join(r.stdout.split())  # rich wraps long lines
    for _, name, _, _ in OPTIONS:
        assert f"{name} (from {DIST})" in text
    pinned = subprocess.run(
        [sys.executable, "-m", "ravenry.faces.cli", "info", "agot-board", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "RAVENRY_PLUGINS": "agot-board"},
    )
    assert pinned.returncode == 0, pinned.stderr
    data = json.loads(pinned.stdout)
    assert data["variants"] == [] and data["options"] == []


def test_pinned_out_agot_board_is_the_base_game(pin: Callable[[str | None], None]) -> None:
    pin("agot-board")
    g = ravenry.game("agot-board")
    assert g.info.variants == () and g.info.options == ()
    with pytest.raises(OptionError, match="no variant 'tactics'"):
        g.new_match(3, seed=1, variants=["tactics"])
    with pytest.raises(OptionError, match="no option 'sos_house_cards'"):
        g.new_match(3, seed=1, options={"sos_house_cards": True})
    m = g.new_match(3, seed=4)
    play_random(m, random.Random(4), 5000)
    assert m.is_over


def test_a_save_naming_an_sos_variant_needs_the_plugin(pin: Callable[[str | None], None]) -> None:
    m = ravenry.game("agot-board").new_match(4, seed=3, variants=["leaders"])
    play_random(m, random.Random(3), 40)
    data = m.to_bytes()
    assert ravenry.load_match(data, verify=True).state() == m.state()
    pin("agot-board")
    want = f"uses leaders, sos_house_cards of agot-board from the plugin {DIST}, which is not installed"
    with pytest.raises(SnapshotError, match=want):
        ravenry.load_match(data)


def test_a_base_game_save_loads_with_or_without_the_plugin(pin: Callable[[str | None], None]) -> None:
    with_plugin = ravenry.game("agot-board").new_match(3, seed=8)
    play_random(with_plugin, random.Random(8), 60)
    pin("agot-board")
    without = ravenry.game("agot-board").new_match(3, seed=8)
    play_random(without, random.Random(8), 60)
    assert ravenry.load_match(with_plugin.to_bytes(), verify=True).state() == without.state()
    pin(None)
    assert ravenry.load_match(without.to_bytes(), verify=True).state() == with_plugin.state()


class Clash:
    @hookimpl
    def ravenry_register_variants(self, register):  # type: ignore[no-untyped-def]
        clash = OptionSpec("tactics", int, default=0)
        register(VariantSpec(game="agot-board", name="more-tactics", options={"tactics": 1}, adds_options=[clash]))
        register(VariantSpec(game="agot-board", name="bad-content", options={}, content=42))  # type: ignore[arg-type]


def test_an_expansion_option_added_twice_differently_is_refused() -> None:
    pm, records, problems = get_plugin_manager()
    pm.register(Clash(), name="throwaway")
    try:
        reg = collect(pm, records, problems)
    finally:
        pm.unregister(name="throwaway")
    text = "\n".join(reg.problems)
    assert f"variant 'more-tactics' refused: it adds option 'tactics', which {DIST} added differently" in text
    assert "variant 'bad-content' refused: content must be a dict" in text
    assert reg.added_options["agot-board"]["tactics"][0].kind is bool, "the first one is kept"
