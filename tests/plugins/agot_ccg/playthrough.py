"""Golden playthroughs of agot-ccg (style guide §6): seeded heuristic matches recorded step by step (the acting
seat, its legal actions (their labels when few, else their count), the chosen action's label and what that
seat was told), then the outcome. Regenerate (never edit by hand) after an intended change of rules, content,
labels, narration or the bot, and read the diff:

    python tests/plugins/agot_ccg/playthrough.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ravenry
from ravenry_agot_ccg.render import narrate_event

HERE = Path(__file__).parent / "playthroughs"
# name: (players, seed, options, variants)
CASES: dict[str, tuple[int, int, dict[str, Any], list[str]]] = {
    "first_game_2p_seed1": (2, 1, {}, ["first-game"]),
    "melee_3p_seed2_tournament": (3, 2, {"decks": ["baratheon", "targaryen", "stark"]}, ["tournament"]),
}
LABELS = 8


def record(players: int, seed: int, options: dict[str, Any], variants: list[str]) -> dict[str, Any]:
    m = ravenry.game("agot-ccg").new_match(players, seed=seed, options=options, variants=variants)
    seen = [0] * players
    steps = []
    while not m.is_over:
        p = m.to_act[0]
        legal = m.legal_actions(p)
        a = m.bot("heuristic", p)
        labels: list[str] | int = [m.describe(x, p)["label"] for x in legal] if len(legal) <= LABELS else len(legal)
        chose = m.describe(a, p)["label"]
        m.apply(p, a)
        told = m.events(since=seen[p], viewer=p)
        seen[p] = max([seen[p]] + [e["index"] + 1 for e in told])
        steps.append({"seat": p, "legal": labels, "chose": chose, "told": [narrate_event(e, m.view(p)) for e in told]})
    return {
        "players": players,
        "seed": seed,
        "options": options,
        "variants": variants,
        "steps": steps,
        "outcome": m.outcome,
    }


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, case in CASES.items():
        data = record(*case)
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {name}.json: {len(data['steps'])} steps")


if __name__ == "__main__":
    main()
