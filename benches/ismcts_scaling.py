"""Where the time of a two-worker ISMCTS search goes: the code's cost apart from what the machine gives.

    python benches/ismcts_scaling.py [GAME ...] [--seconds S] [--out DIR]

Each row searches a game's first real decision twice with the *same* work, `trees=2` on one worker and on two
(root parallelism: identical decisions, identical iterations), and reads every thread's CPU time from
`/proc/self/task` (Linux) around each search. Three figures follow:

- `cpu_overhead`: CPU seconds on two workers over CPU seconds on one. Above 1 means the threads slow each other
  down (allocator contention, shared cache lines, a serial part spinning): the code's cost of parallelism.
- `balance`: the busier thread's CPU time over the mean of both; 1 when the two trees split the work evenly.
- `idle_machine_ratio`: one worker's CPU seconds over the busier thread's on two: the wall-clock ratio the
  search would reach if each thread had a core of its own. `wall_ratio` is what this machine gave, and
  `cores_used` (CPU seconds per wall second on two workers) says why the two may differ.

Writes `ismcts_scaling.json` into `--out` when given (record it only from a quiet machine; say the load).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import ravenry
from ravenry.bench import _after

TICK = os.sysconf("SC_CLK_TCK")


def cpu_by_thread() -> dict[str, float]:
    """CPU seconds of every thread of this process, by thread id: nanoseconds on a CPU from `schedstat`, or
    user + system clock ticks from `stat` where the kernel keeps no schedstat."""
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            out[tid] = int(Path(f"/proc/self/task/{tid}/schedstat").read_text().split()[0]) / 1e9
            continue
        except (OSError, ValueError, IndexError):
            pass
        try:
            fields = Path(f"/proc/self/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[tid] = (int(fields[11]) + int(fields[12])) / TICK
    return out


def timed_search(m: Any, seat: int, spec: str) -> tuple[float, list[float]]:
    """Wall seconds of one seeded search, and the CPU seconds of each thread that worked during it."""
    before, start = cpu_by_thread(), time.perf_counter()
    m.bot_action(spec, seat, seed=1)
    wall, after = time.perf_counter() - start, cpu_by_thread()
    used = sorted((after[t] - before.get(t, 0.0) for t in after), reverse=True)
    # Threads that merely woke up (the interpreter's, an idle pool thread) are left out.
    return wall, [u for u in used if u > 0.05 * wall]


def measure(game: str, players: int, seconds: float) -> dict[str, Any]:
    m = _after(game, players, 0)
    while not m.is_over and all(len(m.legal_actions(q)) < 2 for q in m.to_act):
        m.apply(m.to_act[0], m.legal_actions(m.to_act[0])[0])
    seat = next(q for q in m.to_act if len(m.legal_actions(q)) > 1)
    m.bot_action("ismcts:iterations=64,rollout=random,workers=2", seat, seed=1)  # the pool's threads exist
    iterations = 64
    while timed_search(m, seat, f"ismcts:iterations={iterations},rollout=random,trees=2")[0] < seconds / 8:
        iterations *= 2
    iterations *= 8
    best: dict[int, tuple[float, list[float]]] = {}
    for workers in (1, 2, 1, 2):
        spec = f"ismcts:iterations={iterations},rollout=random,trees=2,workers={workers}"
        wall, cpu = timed_search(m, seat, spec)
        if workers not in best or wall < best[workers][0]:
            best[workers] = (wall, cpu)
    (wall1, cpu1), (wall2, cpu2) = best[1], best[2]
    one, busiest = sum(cpu1), max(cpu2, default=0.0)
    return {
        "game": game,
        "players": players,
        "iterations": iterations,
        "wall_s": {"1_worker": wall1, "2_workers": wall2},
        "thread_cpu_s": {"1_worker": cpu1, "2_workers": cpu2},
        "cpu_overhead": sum(cpu2) / one if one else None,
        "balance": busiest / (sum(cpu2) / len(cpu2)) if cpu2 else None,
        "idle_machine_ratio": one / busiest if busiest else None,
        "wall_ratio": wall1 / wall2,
        "cores_used": sum(cpu2) / wall2,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=["fixture", "hearts", "iron-throne", "roll-player", "agot-ccg"])
    ap.add_argument("--seconds", type=float, default=1.0, help="about how long one search runs")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    rows = []
    for game in args.games:
        lo, hi = ravenry.game(game).info.players
        for players in range(lo, hi + 1):
            r = measure(game, players, args.seconds)
            rows.append(r)
            print(
                f"{game:12} {players}p  cpu overhead {r['cpu_overhead']:.3f}  balance {r['balance']:.3f}  "
                f"idle-machine ratio {r['idle_machine_ratio']:.2f}  wall ratio {r['wall_ratio']:.2f}  "
                f"cores used {r['cores_used']:.2f}",
                flush=True,
            )
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        doc = {
            "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "load_average": os.getloadavg(),
            "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
            "results": rows,
        }
        path = args.out / "ismcts_scaling.json"
        path.write_text(json.dumps(doc, indent=2) + "\n")
        print(f"written to {path}")


if __name__ == "__main__":
    main()
