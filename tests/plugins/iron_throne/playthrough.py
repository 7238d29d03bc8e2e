"""Golden playthrough of iron-throne (style guide §6): a seeded 3-player match between heuristic bots, step by
step: who may act, the described legal actions, the choice, and what the acting seat was told.

Regenerate after an intended change of rules, labels or narration, then review the diff:
``python -m tests.plugins.iron_throne.playthrough``
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ravenry
from ravenry_iron_throne.render import narrate_event

GOLDEN = Path(__file__).parent / "playthroughs" / "iron_throne_3p_seed7.jsonl"
SEED = 7
STEPS = 120


def generate(seed: int = SEED, steps: int = STEPS) -> list[dict[str, Any]]:
    m = ravenry.game("iron-throne").new_match(3, seed=seed, options={"houses": ["stark", "lannister", "tyrell"]})
    seen = [0, 0, 0]
    lines: list[dict[str, Any]] = []
    for step in range(steps):
        if m.is_over:
            break
        p = m.to_act[0]
        legal = m.legal_actions(p)
        a = m.bot("heuristic", p)
        labels = [m.describe(x, p)["label"] for x in legal] if len(legal) <= 12 else f"{len(legal)} actions"
        chose = m.describe(a, p)["label"]
        m.apply(p, a)
        events = m.events(since=seen[p], viewer=p)
        seen[p] = max([seen[p]] + [e["index"] + 1 for e in events])
        lines.append(
            {
                "step": step,
                "seat": p,
                "legal": labels,
                "chose": chose,
                "told": [narrate_event(e, m.view(p)) for e in events],
            }
        )
    return lines


def main() -> None:
    GOLDEN.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in generate()), encoding="utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
