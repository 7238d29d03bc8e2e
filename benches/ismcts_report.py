"""Print the recorded ``ismcts`` strength runs (benches/results/ismcts_strength_*.json) as one markdown table,
for docs/search.md and the games' docs: ``python benches/ismcts_report.py [GAME]``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

RESULTS = Path(__file__).parent / "results"


def rows(game: str | None) -> list[str]:
    out = [
        "| game | players | search | against | matches | search result | 95% interval | fair "
        "| s/decision (mean, max) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for path in sorted(RESULTS.glob("ismcts_strength_*.json")):
        d = json.loads(path.read_text())
        if game and d["game"] != game:
            continue
        s = d["summary"]
        t = d["seconds_per_search_decision"]
        if d["players"] == 1:
            result = f"{s['search_mean']:.1f} stars vs {s['against_mean']:.1f} (difference {s['difference_mean']:+.1f})"
            ci = f"difference {s['difference_ci95'][0]:+.1f} to {s['difference_ci95'][1]:+.1f}"
            fair = "—"
        else:
            result = f"win share {s['win_share']:.1%} ({s['ratio_to_fair']:.2f}× fair)"
            ci = f"{s['ci95'][0]:.1%} – {s['ci95'][1]:.1%}"
            fair = f"{s['fair']:.1%}"
        stopped = len(d.get("unfinished", {}).get("seeds", []))
        matches = f"{d['matches'] - stopped} (+{stopped} stopped by the safeguard)" if stopped else str(d["matches"])
        out.append(
            f"| {d['game']} | {d['players']} | `{d['search']}` | {d['against']} | {matches} | {result} | {ci} "
            f"| {fair} | {t['mean']:.2f}, {t['max']:.2f} |"
        )
    return out


if __name__ == "__main__":
    print("\n".join(rows(sys.argv[1] if len(sys.argv) > 1 else None)))
