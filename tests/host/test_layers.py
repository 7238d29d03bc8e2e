"""The import contracts of pyproject.toml (docs/architecture.md, "Host layers"): they cover every host module and
every game plugin, they hold, and they fail when a module imports upward (at module level, inside a function or
under ``TYPE_CHECKING``) or a plugin imports a private module. The failing cases run ``lint-imports`` with the
real configuration on a temporary copy of the sources, so the working tree is never touched."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; CI runs 3.11

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "host" / "ravenry"
LINT = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
needs_lint = pytest.mark.skipif(LINT is None, reason="import-linter is not installed (pip install -e '.[test]')")


def config() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def contract(cid: str) -> dict[str, Any]:
    return next(c for c in config()["contracts"] if c["id"] == cid)


def layer_names(c: dict[str, Any]) -> set[str]:
    prefix = [f"{c['containers'][0]}."] if "containers" in c else [""]
    return {prefix[0] + m.strip("() ") for layer in c["layers"] for m in re.split(r"[|:]", layer)}


def test_every_host_module_is_in_a_layer() -> None:
    placed = layer_names(contract("host-layers"))
    modules = {f"ravenry.{p.stem}" for p in HOST.glob("*.py") if p.stem != "__init__"}
    modules |= {f"ravenry.{p.name}" for p in HOST.iterdir() if (p / "__init__.py").exists()}
    missing = sorted(modules - placed)
    assert not missing, f"add {missing} to a layer of the host-layers contract in pyproject.toml"
    net = {f"ravenry.net.{p.stem}" for p in (HOST / "net").glob("*.py") if p.stem != "__init__"}
    missing = sorted(net - layer_names(contract("net-layers")))
    assert not missing, f"add {missing} to a layer of the net-layers contract in pyproject.toml"


def test_every_game_plugin_is_held_to_the_public_api() -> None:
    packages = {p.name for p in ROOT.glob("plugins/*/ravenry_*") if (p / "__init__.py").exists()}
    assert packages, "no plugins found"
    missing_roots = sorted(packages - set(config()["root_packages"]))
    missing_sources = sorted(packages - set(contract("plugins-public-api")["source_modules"]))
    assert not missing_roots, f"add {missing_roots} to [tool.importlinter] root_packages in pyproject.toml"
    assert not missing_sources, f"add {missing_sources} to the plugins-public-api contract's source_modules"


def _imports_ravenry(node: ast.AST) -> bool:
    if isinstance(node, ast.Import):
        return any(a.name.split(".")[0] == "ravenry" for a in node.names)
    return isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "ravenry" and node.level == 0


def test_function_level_imports_of_the_host_say_why() -> None:
    """No import inside a function dodges a circle; the few kept for start-up time carry a comment saying so."""
    silent = []
    for path in sorted(HOST.rglob("*.py")):
        lines = path.read_text().splitlines()
        for fn in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if _imports_ravenry(node):
                    assert isinstance(node, (ast.Import, ast.ImportFrom))
                    here, above = lines[node.lineno - 1], lines[node.lineno - 2]
                    if "#" not in here and not above.strip().startswith("#"):
                        silent.append(f"{path.relative_to(ROOT)}:{node.lineno}: {here.strip()}")
    assert not silent, "function-level imports without a reason:\n" + "\n".join(silent)


@needs_lint
def test_the_contracts_hold() -> None:
    run = subprocess.run([str(LINT), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 3 kept, 0 broken." in run.stdout


def _copy_sources(tmp: Path) -> Path:
    """The host and the plugins' packages (Python files only) under ``tmp/src``, plus the real configuration."""
    src = tmp / "src"
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    shutil.copytree(HOST, src / "ravenry", ignore=skip)
    for package in config()["root_packages"]:
        if package != "ravenry":
            shutil.copytree(next(ROOT.glob(f"plugins/*/{package}")), src / package, ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", tmp / "pyproject.toml")
    return src


def _append(path: Path, code: str) -> None:
    path.write_text(path.read_text() + "\n" + code + "\n")


@needs_lint
def test_a_wrong_import_is_reported(tmp_path: Path) -> None:
    src = _copy_sources(tmp_path)
    # The base importing the match model, at module level.
    _append(src / "ravenry" / "specs.py", "from ravenry.game import Game  # noqa")
    # The old circle's dodge: a match saving through the snapshot module above it, from inside a function.
    _append(src / "ravenry" / "match.py", "def _save_upward(m):\n    from ravenry import snapshot\n    return snapshot")
    # A type-only import counts too: the registry naming the match model's class.
    type_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ravenry.match import MatchBase"
    _append(src / "ravenry" / "builtin.py", type_only)
    # net/: a table reaching up to the connections.
    _append(src / "ravenry" / "net" / "table.py", "from ravenry.net.connection import Connection  # noqa")
    # A plugin importing a private module of the host.
    _append(src / "ravenry_iron_throne" / "render.py", "from ravenry.render import plain_event  # noqa")
    env = {"PYTHONPATH": str(src), "PATH": str(Path(sys.executable).parent)}
    run = subprocess.run(
        [str(LINT), "--no-cache", "--config", str(tmp_path / "pyproject.toml")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "Contracts: 0 kept, 3 broken." in out, out
    for reported in (
        "ravenry.specs -> ravenry.game",
        "ravenry.match -> ravenry.snapshot",
        "ravenry.builtin -> ravenry.match",
        "ravenry.net.table -> ravenry.net.connection",
        "ravenry_iron_throne.render -> ravenry.render",
    ):
        assert reported in out, f"{reported} not reported:\n{out}"
    # The copy is the one linted: the working tree's own sources are unchanged.
    assert "_save_upward" not in (HOST / "match.py").read_text()
