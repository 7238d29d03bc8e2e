"""Golden playthroughs: a seeded heuristic match recorded step by step (legal-action count, the chosen action's
label, the narrated events) and each seat's final view. Regenerate (never edit by hand) with

    python tests/plugins/roll_player/playthrough.py

and read the diff: a change here means the rules, the content or the bot changed behaviour.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ravenry
from ravenry_roll_player.render import narrate_event

HERE = Path(__file__).parent / "playthroughs"
CASES = {"solo_seed7": (1, 7, []), "two_players_seed3_short": (2, 3, ["short-game"])}


def record(players: int, seed: int, variants: list[str]) -> dict[str, Any]:
    m = ravenry.game("roll-player").new_match(players, seed=seed, variants=variants)
    steps = []
    seen = 0
    while not m.is_over:
        (p,) = m.to_act
        legal = m.legal_actions(p)
        a = m.bot("heuristic", p)
        label = m.describe(a, p)["label"]
        m.apply(p, a)
        events = [narrate_event(e) for e in m.events(seen, None, all=True)]
        seen = m.event_count
        steps.append({"seat": p, "legal": len(legal), "action": label, "events": events})
    return {"players": players, "seed": seed, "variants": variants, "steps": steps, "outcome": m.outcome}


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, (players, seed, variants) in CASES.items():
        data = record(players, seed, variants)
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
