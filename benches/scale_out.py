"""Local backend against Ray on this machine: matches/s of `simulate` and `tournament`, and Ray's cost per task.

    pip install ".[ray]" && python benches/scale_out.py [--matches 20000] [--out benches/results/scale_out.json]

Both backends run the same chunks of the same run and must give the same totals (checked here too); what differs
is where the chunks run. Ray is started locally with one CPU per core. The per-task overhead is measured with
chunks of one match of the fixture game, whose play costs microseconds, against the same chunks run locally.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import datetime, timezone
from pathlib import Path

import ravenry
import ray
from ravenry.backends import RulesetSource, run_chunks


def _timed(f):
    t = time.perf_counter()
    out = f()
    return out, time.perf_counter() - t


def _strip(d: dict) -> dict:
    return {
        k: v
        for k, v in d.items()
        if k not in ("timing", "seconds", "matches_per_s", "decisions_per_s", "backend", "workers")
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=20_000)
    ap.add_argument("--tasks", type=int, default=400, help="one-match tasks for the per-task overhead")
    ap.add_argument("--out", type=Path, default=Path("benches/results/scale_out.json"))
    args = ap.parse_args()
    cpus = os.cpu_count() or 1
    game, kw = "iron-throne", dict(players=4, bots=["heuristic"], seed=1)
    rows = []
    for workers in sorted({1, cpus}):
        r, s = _timed(lambda w=workers: ravenry.simulate(game, args.matches, workers=w, **kw))
        rows.append(
            {
                "run": "simulate",
                "backend": "local",
                "workers": workers,
                "matches": args.matches,
                "seconds": s,
                "matches_per_s": args.matches / s,
            }
        )
        local = r.to_dict()
    (_, init_s) = _timed(lambda: ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False))
    r, s = _timed(lambda: ravenry.simulate(game, args.matches, backend="ray", **kw))
    assert _strip(r.to_dict()) == _strip(local), "Ray and local totals differ"
    rows.append(
        {
            "run": "simulate",
            "backend": "ray",
            "workers": cpus,
            "matches": args.matches,
            "seconds": s,
            "matches_per_s": args.matches / s,
        }
    )
    t_matches = args.matches // 10
    tkw = dict(players=4, seed=1)
    for backend in ("local", "ray"):
        res, s = _timed(
            lambda b=backend: ravenry.tournament(game, ["heuristic", "random"], t_matches, backend=b, **tkw)
        )
        rows.append(
            {
                "run": "tournament",
                "backend": backend,
                "workers": cpus,
                "matches": res.matches,
                "seconds": s,
                "matches_per_s": res.matches / s,
                "note": "includes rating and a 100-sample bootstrap",
            }
        )
    g = ravenry.game("fixture")
    source = RulesetSource(*g.ruleset_args(g.resolve_options(None)))
    chunks = [(2, 1, 7, ["random"], 1, i, 10_000) for i in range(args.tasks)]
    _, local_s = _timed(lambda: run_chunks(source, "simulate", chunks, "local"))
    _, ray_s = _timed(lambda: run_chunks(source, "simulate", chunks, "ray"))
    overhead = {
        "tasks": args.tasks,
        "local_seconds": local_s,
        "ray_seconds": ray_s,
        "ray_ms_per_task": (ray_s - local_s) / args.tasks * 1000,
        "ray_init_seconds": init_s,
    }
    ray.shutdown()
    out = {
        "made": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": cpus, "platform": platform.platform(), "load_average": os.getloadavg()},
        "ray": ray.__version__,
        "game": game,
        "rows": rows,
        "ray_task_overhead": overhead,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    for row in rows:
        print(f"{row['run']:<10} {row['backend']:<5} workers {row['workers']}: {row['matches_per_s']:>9,.0f} matches/s")
    print(f"Ray: {overhead['ray_ms_per_task']:.2f} ms per task beyond local; init {init_s:.1f} s")


if __name__ == "__main__":
    main()
