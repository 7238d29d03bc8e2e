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
    prefixes = [f"{c}." for c in c["containers"]] if "containers" in c else [""]
    return {p + m.strip("() ") for p in prefixes for layer in c["layers"] for m in re.split(r"[|:]", layer)}


def _modules(package: Path, dotted: str) -> set[str]:
    """The modules and sub-packages directly in ``package``, by dotted name (``__init__``/``__main__`` aside)."""
    found = {f"{dotted}.{p.stem}" for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")}
    return found | {f"{dotted}.{p.name}" for p in package.iterdir() if (p / "__init__.py").exists()}


# Each package of the host and the contract that orders its modules.
PACKAGE_CONTRACTS = {
    "faces": "faces-layers",
    "services": "services-layers",
    "model": "model-layers",
    "registry": "registry-layers",
    "net": "net-layers",
}


def test_every_host_module_is_in_a_layer() -> None:
    missing = sorted(_modules(HOST, "ravenry") - layer_names(contract("host-layers")))
    assert not missing, f"add {missing} to a layer of the host-layers contract in pyproject.toml"
    packages = {p.name for p in HOST.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(PACKAGE_CONTRACTS), f"give each package of host/ravenry its contract: {sorted(packages)}"
    for package, cid in PACKAGE_CONTRACTS.items():
        missing = sorted(_modules(HOST / package, f"ravenry.{package}") - layer_names(contract(cid)))
        assert not missing, f"add {missing} to a layer of the {cid} contract in pyproject.toml"


def test_every_game_plugin_is_held_to_the_public_api() -> None:
    packages = {p.name for p in ROOT.glob("plugins/*/ravenry_*") if (p / "__init__.py").exists()}
    assert packages, "no plugins found"
    missing_roots = sorted(packages - set(config()["root_packages"]))
    assert not missing_roots, f"add {missing_roots} to [tool.importlinter] root_packages in pyproject.toml"
    # The contract covers every root package, so root_packages is the one list a new game is added to.
    assert contract("plugins-public-api")["source_modules"] == ["*"]


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
    assert "Contracts: 7 kept, 0 broken." in run.stdout


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
    _append(src / "ravenry" / "specs.py", "from ravenry.model.game import Game  # noqa")
    # The old circle's dodge: a match saving through the snapshot module above it, from inside a function.
    save_upward = "def _save_upward(m):\n    from ravenry.model import snapshot\n    return snapshot"
    _append(src / "ravenry" / "model" / "match.py", save_upward)
    # A type-only import counts too: the registry naming the match model's class.
    type_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ravenry.model.match import MatchBase"
    _append(src / "ravenry" / "registry" / "builtin.py", type_only)
    # net/: a table reaching up to the connections.
    _append(src / "ravenry" / "net" / "table.py", "from ravenry.net.connection import Connection  # noqa")
    # A plugin importing a private module of the host.
    _append(src / "ravenry_iron_throne" / "render.py", "from ravenry.faces.render import plain_event  # noqa")
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
    # Kept: faces and services. Broken: host, net and plugins, and model and registry, where specs' upward import
    # also leads (ravenry.model.match -> ravenry.specs -> ravenry.model.game).
    assert "Contracts: 2 kept, 5 broken." in out, out
    for reported in (
        "ravenry.specs -> ravenry.model.game",
        "ravenry.model.match -> ravenry.model.snapshot",
        "ravenry.registry.builtin -> ravenry.model.match",
        "ravenry.net.table -> ravenry.net.connection",
        "ravenry_iron_throne.render -> ravenry.faces.render",
    ):
        assert reported in out, f"{reported} not reported:\n{out}"
    # The copy is the one linted: the working tree's own sources are unchanged.
    assert "_save_upward" not in (HOST / "model" / "match.py").read_text()


def test_the_api_functions_named_like_modules_stay_functions() -> None:
    import ravenry

    assert all(callable(f) for f in (ravenry.game, ravenry.simulate, ravenry.tournament, ravenry.balance))


def _import_graph() -> dict[str, set[str]]:
    """Module -> the host modules it imports directly, as import-linter sees them: at module level, inside
    functions and under ``TYPE_CHECKING`` alike."""
    grimp = pytest.importorskip("grimp")  # installed with import-linter
    graph = grimp.build_graph("ravenry", include_external_packages=False, cache_dir=None)  # no cache in the tree
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def _a_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as its path (first module repeated at the end), or None: a depth-first search that
    stops at the first edge back to a module still on its path."""
    done: set[str] = set()
    for root in sorted(graph):
        if root in done:
            continue
        path = [root]
        todo = [sorted(graph[root])]
        while todo:
            if not todo[-1]:
                todo.pop()
                done.add(path.pop())
                continue
            nxt = todo[-1].pop()
            if nxt in path:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in done:
                path.append(nxt)
                todo.append(sorted(graph.get(nxt, ())))
    return None


def test_a_cycle_is_found() -> None:
    assert _a_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert _a_cycle({"a": {"b"}, "b": {"c"}, "c": {"b"}}) == ["b", "c", "b"]


def test_no_import_cycle_in_the_host() -> None:
    """No module of host/ravenry reaches itself through imports (the layers contracts allow cycles among
    siblings joined by ``:``, and within one layer; this allows none). Modules that ``import ravenry`` (the
    public API) see every module its __init__ imports, so a service doing so must sit above all of them."""
    cycle = _a_cycle(_import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


MAX_LINES = 600


def test_no_source_file_is_over_600_lines() -> None:
    """One job per file: split past about 600 lines (style guide, "Size"), in the host, every plugin and the core."""
    files = sorted(HOST.rglob("*.py")) + sorted(ROOT.glob("plugins/*/ravenry_*/**/*.py"))
    files += sorted(ROOT.glob("core_rs/src/**/*.rs"))
    sizes = {str(p.relative_to(ROOT)): len(p.read_text().splitlines()) for p in files}
    over = sorted(f"{f} ({n} lines)" for f, n in sizes.items() if n > MAX_LINES)
    assert not over, f"split these past {MAX_LINES} lines: {over}"
