"""A separate plugin distribution, installed into the environment, is discovered through its entry point; its
broken siblings are reported and do not take the host down."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[1] / "sample_plugin"


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, timeout=300, env={**os.environ, **env}
    )


@pytest.fixture(scope="module")
def installed() -> object:
    r = run("pip", "install", "--no-deps", "--no-build-isolation", "--quiet", str(SAMPLE))
    assert r.returncode == 0, r.stderr
    try:
        yield
    finally:
        run("pip", "uninstall", "--yes", "--quiet", "ravenry-sample")


def test_installed_plugin_is_discovered(installed: object) -> None:
    r = run("ravenry.faces.cli", "plugins", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    sample = next(p for p in data["plugins"] if p["name"] == "sample")
    assert sample["distribution"] == "ravenry-sample" and sample["version"] == "0.3.0"
    assert sample["bots"] == ["lowest"] and sample["variants"] == ["fixture:sample-doubling"]
    problems = "\n".join(data["problems"])
    assert "plugin 'sample-broken' (ravenry-sample) failed to load: ModuleNotFoundError" in problems
    assert "game id 'fixture' registered twice: by ravenry-fixture (fixture) and by ravenry-sample (sample-dupe)" in (
        problems
    )
    assert "'Bad Id' refused" in problems


def test_installed_plugin_command_and_bot_work(installed: object) -> None:
    r = run("ravenry.faces.cli", "sample-hello")
    assert r.returncode == 0 and "hello from ravenry-sample" in r.stdout
    r = run("ravenry.faces.cli", "sim", "fixture", "-n", "20", "--players", "2", "--bots", "lowest", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["engine"] == "python"


def test_pinned_set_excludes_the_plugin(installed: object) -> None:
    r = run("ravenry.faces.cli", "plugins", "--json", RAVENRY_PLUGINS="fixture")
    names = {p["name"] for p in json.loads(r.stdout)["plugins"]}
    assert names == {"fixture", "builtin"}
