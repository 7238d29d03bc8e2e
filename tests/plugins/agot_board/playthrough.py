"""Golden playthroughs of agot-board (style guide §6): seeded heuristic matches recorded step by step (who acted,
how many legal actions, the chosen action's label, the narrated events), for the base game and with each
Storm of Swords option (those need ravenry-storm-of-swords), truncated after ``STEPS`` decisions so CI stays
fast. Regenerate (never edit by hand) after an intended change of rules, labels or narration, and read the diff:

    python tests/plugins/agot_board/playthrough.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ravenry
from ravenry_agot_board.render import narrate_event

HERE = Path(__file__).parent / "playthroughs"
STEPS = 150
#: name -> (players, seed, variants); one case per Storm of Swords variant, and all of them together.
CASES: dict[str, tuple[int, int, list[str]]] = {
    "base_3p_seed7": (3, 7, []),
    "base_5p_seed3": (5, 3, []),
    "sos_house_cards_4p_seed1": (4, 1, ["sos-house-cards"]),
    "sos_westeros_4p_seed2": (4, 2, ["sos-westeros"]),
    "tactics_3p_seed4": (3, 4, ["tactics"]),
    "leaders_5p_seed5": (5, 5, ["leaders"]),
    "wildling_cards_5p_seed6": (5, 6, ["wildling-cards"]),
    "claims_4p_seed8": (4, 8, ["claims"]),
    "sos_three_player_3p_seed9": (3, 9, ["sos-three-player"]),
    "sos_all_3p_seed10": (
        3,
        10,
        ["sos-house-cards", "sos-westeros", "tactics", "leaders", "wildling-cards", "claims", "sos-three-player"],
    ),
}


def record(players: int, seed: int, variants: list[str], steps: int = STEPS) -> dict[str, Any]:
    m = ravenry.game("agot-board").new_match(players, seed=seed, variants=variants)
    lines = []
    seen = 0
    for _ in range(steps):
        if m.is_over:
            break
        p = m.to_act[0]
        legal = m.legal_actions(p)
        a = m.bot("heuristic", p)
        label = m.describe(a, p)["label"]
        m.apply(p, a)
        events = [narrate_event(e) for e in m.events(seen, None, all=True)]
        seen = m.event_count
        lines.append({"seat": p, "legal": len(legal), "action": label, "events": events})
    view = m.view(None)
    end = {k: view[k] for k in ("round", "phase") if k in view}
    return {"players": players, "seed": seed, "variants": variants, "steps": lines, "end": end, "outcome": m.outcome}


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, (players, seed, variants) in CASES.items():
        data = record(players, seed, variants)
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {HERE / name}.json ({len(data['steps'])} steps)")


if __name__ == "__main__":
    main()
