"""Scripts the tests load by their path: the benches are scripts run from the repository root, not a package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
BENCHES = ROOT / "benches"


def load(path: Path, name: str) -> ModuleType:
    """The script at ``path`` as module ``name``, registered under that name: a script that imports its siblings
    finds them, and a function it sends to forked worker processes is looked up there."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
