"""Golden playthroughs: a seeded heuristic hearts match recorded step by step (seat, legal-action count, the chosen
action's label, the narrated events) and the final public view. Regenerate (never edit by hand) with

    python tests/plugins/hearts/playthrough.py

and read the diff: a change here means the rules, the deal or the heuristic bot changed behaviour.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ravenry
from ravenry_hearts.render import narrate_event

HERE = Path(__file__).parent / "playthroughs"
CASES: dict[str, tuple[int, dict[str, Any]]] = {
    "defaults_seed7": (7, {}),
    "two_hands_left_jd_bonus_seed3": (3, {"hands": 2, "pass_direction": "left", "jd_bonus": True}),
}


def record(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    m = ravenry.game("hearts").new_match(4, seed=seed, options=options)
    steps = []
    seen = 0
    while not m.is_over:
        for p in m.to_act:
            legal = m.legal_actions(p)
            a = m.bot("heuristic", p)
            label = m.describe(a, p)["label"]
            m.apply(p, a)
            events = [narrate_event(e) for e in m.events(seen, None, all=True)]
            seen = m.event_count
            steps.append({"seat": p, "legal": len(legal), "action": label, "events": events})
    return {"seed": seed, "options": options, "steps": steps, "final_view": m.view(None), "outcome": m.outcome}


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, (seed, options) in CASES.items():
        data = record(seed, options)
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
