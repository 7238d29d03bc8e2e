"""Module paths from before the host's layers became packages (issue 38), still importable: ``import
ravenry.simulate`` gives ``ravenry.services.simulate``, the same module object. Scripts outside the host (benches/,
users' notebooks) keep working while they move to the new paths; the host, its tests and the plugins use only the
new ones (tests/host/test_layers.py), so this table only shrinks. Public paths are not here: ``ravenry``,
``ravenry.tui`` and ``ravenry.rl`` are real modules."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

MOVED = {
    "ravenry.backends": "ravenry.services.backends",
    "ravenry.bench": "ravenry.services.bench",
    "ravenry.builtin": "ravenry.registry.builtin",
    "ravenry.cli": "ravenry.faces.cli",
    "ravenry.game": "ravenry.model.game",
    "ravenry.hookspecs": "ravenry.registry.hookspecs",
    "ravenry.match": "ravenry.model.match",
    "ravenry.options": "ravenry.model.options",
    "ravenry.play": "ravenry.faces.line_mode",
    "ravenry.plugins": "ravenry.registry.plugins",
    "ravenry.pygame": "ravenry.model.python_game",
    "ravenry.render": "ravenry.faces.render",
    "ravenry.simulate": "ravenry.services.simulate",
    "ravenry.snapshot": "ravenry.model.snapshot",
    "ravenry.tournament": "ravenry.services.tournament",
    "ravenry.web": "ravenry.faces.web",
}


class _Alias(importlib.abc.Loader):
    """Loads an old path as the module at its new one (imported once, under its new name)."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system stamped the old path's spec on the module; it keeps its own.
        module.__spec__ = self.spec


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        old = next((o for o in MOVED if fullname == o or fullname.startswith(o + ".")), None)
        if old is None:
            return None
        new = MOVED[old] + fullname[len(old) :]
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))


def install() -> None:
    """Called at the end of ``ravenry/__init__``. The modules it has loaded are entered under their old paths at
    once: importing one of those through the finder would set the package's attribute of that name to the module,
    and ``ravenry.game``, ``ravenry.simulate`` and ``ravenry.tournament`` are the API's functions."""
    for old, new in MOVED.items():
        if new in sys.modules:
            sys.modules.setdefault(old, sys.modules[new])
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
