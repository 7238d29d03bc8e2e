"""Every Python snippet in docs/rl.md runs as written (so the page cannot rot)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
SNIPPETS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_the_page_has_a_snippet_per_interface() -> None:
    text = "\n".join(SNIPPETS)
    for name in ("Tensors(", "aec_env(", "single_agent_env(", "openspiel_game(", "VectorEnv("):
        assert name in text, f"docs/rl.md shows no runnable {name}"


@pytest.mark.parametrize("snippet", SNIPPETS, ids=[f"snippet-{i}" for i in range(len(SNIPPETS))])
def test_snippet_runs(snippet: str) -> None:
    if "open_spiel" in snippet:
        pytest.importorskip("pyspiel")
    exec(compile(snippet, str(DOC), "exec"), {"__name__": "docs_rl"})
