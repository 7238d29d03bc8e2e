"""How strong and how fast the ``ismcts`` search is (docs/search.md): thin layers over ``ravenry.tournament`` and
``Match.bot_action``, one subcommand per question, every result in the shared envelope (``_record.py``).

    python benches/search.py strength GAME PLAYERS [--matches 60] [--spec ismcts] [--against heuristic] [--tag T]
        [--kinds defenders] [--stop-after S]   one ismcts seat against `--against` elsewhere, seats rotated
    python benches/search.py duel GAME --players N -n MATCHES --bots SPEC_A SPEC_B --name NAME
                                              two specs sharing every table (a tournament)
    python benches/search.py prior GAME --players N -n M [--budget iterations=30] [--prior 10]
                                              the duel of the heuristic prior against none
    python benches/search.py rollouts GAME --players N -n M [--extra cut=200]
                                              the duel of heuristic against random rollouts
    python benches/search.py timing [--spec ismcts] [--decisions 8]   seconds a decision at each default budget
    python benches/search.py scaling [GAME ...] [--seconds S] [--out FILE]   one worker against two, per thread
    python benches/search.py report [GAME]   the recorded strength runs as one markdown table

Writes ``search_<subcommand>_<game>_<n>p.json`` (``search_timing.json``, ``search_scaling.json``) in the results
folder beside this script unless ``--out`` names another file. Every subcommand plays each match on one core
unless ``--workers`` says more.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import ravenry
from _record import RESULTS, Run
from ravenry.services.simulate import wilson

MAX_DECISIONS = 20_000  # a safeguard far above any real match (agot-board: about 900); see `unfinished`
STUCK = RESULTS / "stuck"


def _slug(game: str) -> str:
    return game.replace("-", "_")


# --- strength: one search seat against a baseline bot ----------------------------------------------------------


def play(
    game: str, players: int, seed: int, bots: list[str], kinds: frozenset[str] = frozenset(), tally: Any = None
) -> tuple[dict[str, Any] | None, list[float], int]:
    """One match with ``bots[p]`` in seat ``p``; returns the outcome (None when the safeguard stopped it: the match
    is saved under ``results/stuck/`` to be diagnosed), the search seats' think times and decisions.
    ``kinds``: action kinds (``defenders``) to tally in ``tally[bot]`` = [decisions offering one, times one chosen]."""
    m = ravenry.game(game).new_match(players, seed)
    thinks: list[float] = []
    bot_seed = seed * 7919
    while not m.is_over:
        if m.decisions >= MAX_DECISIONS:
            STUCK.mkdir(parents=True, exist_ok=True)
            (STUCK / f"{game}_{players}p_{seed}_{'-'.join(b.split(':')[0] for b in bots)}.ravenry").write_bytes(
                m.to_bytes()
            )
            return None, thinks, m.decisions
        for p in m.to_act:
            legal = m.legal_actions(p)
            bot_seed += 1
            if len(legal) == 1:
                a = legal[0]
            elif bots[p].startswith("ismcts"):
                t = time.perf_counter()
                a = m.bot_action(bots[p], p, seed=bot_seed)
                thinks.append(time.perf_counter() - t)
            else:
                a = m.bot_action(bots[p], p, seed=bot_seed)
            if kinds and len(legal) > 1 and any(m.describe(x, p)["kind"] in kinds for x in legal):
                row = tally.setdefault(bots[p], [0, 0])
                row[0] += 1
                row[1] += m.describe(a, p)["kind"] in kinds
            m.apply(p, a)
    return m.outcome, thinks, m.decisions


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    mu = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return mu, mu - half, mu + half


def strength(args: argparse.Namespace) -> None:
    """The search seat's win share with its 95% Wilson interval beside the fair share (``1 / players``); for solo
    games the mean score of the search and of the baseline over the same seeds. Seconds per search decision too."""
    run = Run("search strength")
    n = args.players
    started = time.time()
    thinks: list[float] = []
    rows = []
    kinds = frozenset(k for k in args.kinds.split(",") if k)
    tally: dict[str, list[int]] = {}
    unfinished: list[int] = []
    played = args.matches
    if n == 1:
        # Solo: the same seeds with the search and with the opponent bot; compare mean scores.
        for k in range(args.matches):
            seed = args.seed * 100_003 + k
            o_search, t, _ = play(args.game, 1, seed, [args.spec])
            o_base, _, _ = play(args.game, 1, seed, [args.against])
            thinks += t
            if o_search is None or o_base is None:
                unfinished.append(seed)
                continue
            rows.append({"seed": seed, "search": o_search["scores"][0], "against": o_base["scores"][0]})
        s = mean_ci([r["search"] for r in rows])
        b = mean_ci([r["against"] for r in rows])
        d = mean_ci([r["search"] - r["against"] for r in rows])
        summary: dict[str, Any] = {
            "search_mean": s[0],
            "search_ci95": [s[1], s[2]],
            "against_mean": b[0],
            "against_ci95": [b[1], b[2]],
            "difference_mean": d[0],
            "difference_ci95": [d[1], d[2]],
        }
    else:
        wins = 0.0
        per_seat = [0.0] * n
        for k in range(args.matches):
            if k % n == 0 and args.stop_after and time.time() - started > args.stop_after:
                break
            played = k + 1
            seat = k % n
            bots = [args.against] * n
            bots[seat] = args.spec
            seed = args.seed * 100_003 + k // n
            o, t, decisions = play(args.game, n, seed, bots, kinds, tally)
            thinks += t
            if o is None:
                unfinished.append(seed)
                continue
            share = (1.0 / len(o["winners"])) if seat in o["winners"] else 0.0
            wins += share
            per_seat[seat] += share
            rows.append({"seed": seed, "search_seat": seat, "share": share, "decisions": decisions})
            print(f"{k + 1}/{args.matches}: seat {seat} share {share:.2f}, {decisions} decisions", file=sys.stderr)
        finished = len(rows)
        lo, hi = wilson(wins, finished)
        fair = 1.0 / n
        summary = {
            "win_share": wins / finished,
            "ci95": [lo, hi],
            "fair": fair,
            "ratio_to_fair": wins / finished / fair,
            "lower_ci_above_fair": lo > fair,
            "by_seat": [w / max(1, sum(r["search_seat"] == q for r in rows)) for q, w in enumerate(per_seat)],
        }
    out = {
        "game": args.game,
        "players": n,
        "matches": played if n > 1 else args.matches,
        "matches_planned": args.matches,
        "search": args.spec,
        "against": args.against,
        "summary": summary,
        "unfinished": {"max_decisions": MAX_DECISIONS, "seeds": unfinished},
        "chosen_kinds": {
            "kinds": sorted(kinds),
            "by_bot": {b: {"offered": o, "chosen": c, "share": c / o if o else None} for b, (o, c) in tally.items()},
        },
        "seconds_per_search_decision": {
            "mean": statistics.fmean(thinks) if thinks else 0.0,
            "max": max(thinks, default=0.0),
            "decisions": len(thinks),
        },
        "matches_detail": rows,
    }
    tag = f"_{args.tag}" if args.tag else ""
    run.write(out, args.out or RESULTS / f"search_strength_{_slug(args.game)}_{n}p{tag}.json")
    print(json.dumps({k: out[k] for k in ("game", "players", "matches", "search", "summary", "unfinished")}, indent=1))


# --- duels: two specs sharing every table ------------------------------------------------------------------------


def duel(args: argparse.Namespace, bots: list[str], name: str) -> dict[str, Any]:
    """Run the tournament of ``bots``, write it (its ``to_dict()`` in the envelope) and print its table."""
    run = Run(f"search {name}")
    done = [0]

    def progress(k: int) -> None:
        done[0] += k
        print(f"\r{done[0]}/{args.matches}", end="", file=sys.stderr, flush=True)

    result = ravenry.tournament(
        args.game, bots, args.matches, players=args.players, seed=args.seed, workers=args.workers, progress=progress
    )
    data = result.to_dict()
    print(file=sys.stderr)
    out = run.write(data, args.out or RESULTS / f"search_{name}_{_slug(args.game)}_{args.players}p.json")
    print(f"{args.game} {args.players}p, {data['matches']} matches, fair {data['fair_share']:.1%}")
    for s in data["bots_win_share"]:
        lo, hi = s["ci95"]
        print(f"  {s['bot']:<40} {s['share']:6.1%}  [{lo:.1%}, {hi:.1%}]  seats {s['seats']}")
    a, b = bots
    h2h = data["head_to_head"][a][b]
    print(f"  {a} scores {h2h['score']:.3f} [{h2h['ci95'][0]:.3f}, {h2h['ci95'][1]:.3f}] against {b} -> {out}")
    return data


def duel_bots(args: argparse.Namespace) -> tuple[list[str], str]:
    """The two specs and the results name of a `duel`, `prior` or `rollouts` run."""
    if args.command == "prior":
        return [f"ismcts:{args.budget},prior={args.prior}", f"ismcts:{args.budget}"], "prior"
    if args.command == "rollouts":
        extra = f",{args.extra}" if args.extra else ""
        return [f"ismcts:rollout=heuristic{extra}", f"ismcts:rollout=random{extra}"], "rollouts"
    return list(args.bots), args.name


# --- timing: seconds a decision at the default budgets -----------------------------------------------------------

SETUPS = [
    ("iron-throne", 3),
    ("iron-throne", 4),
    ("iron-throne", 5),
    ("roll-player", 1),
    ("roll-player", 2),
    ("roll-player", 4),
    ("agot-ccg", 2),
    ("agot-ccg", 3),
    ("agot-ccg", 4),
    ("agot-board", 3),
    ("agot-board", 4),
    ("agot-board", 5),
    ("hearts", 4),
]


def time_setup(game: str, players: int, spec: str, decisions: int, seed: int) -> dict[str, float | int]:
    """Heuristic seats play a match and the search decides every seventh real choice of seat 0, timed."""
    m = ravenry.game(game).new_match(players, seed)
    times: list[float] = []
    choices = 0
    bot_seed = 1
    while not m.is_over and len(times) < decisions:
        for p in m.to_act:
            legal = m.legal_actions(p)
            bot_seed += 1
            if p == 0 and len(legal) > 1 and choices % 7 == 0:
                t = time.perf_counter()
                a = m.bot_action(spec, p, seed=bot_seed)
                times.append(time.perf_counter() - t)
            else:
                a = m.bot_action("heuristic", p, seed=bot_seed)
            choices += p == 0 and len(legal) > 1
            m.apply(p, a)
    return {"mean": statistics.fmean(times), "max": max(times), "decisions_timed": len(times), "at": m.decisions}


def timing(args: argparse.Namespace) -> None:
    """The check that the default budgets stay under a second a decision; run it on an idle machine."""
    run = Run("search timing")
    setups = [(g, p) for g, p in SETUPS if not args.game or g in args.game]
    rows = []
    for game, players in setups:
        row = {"game": game, "players": players, **time_setup(game, players, args.spec, args.decisions, args.seed)}
        rows.append(row)
        print(f"{game:<12} {players}p  mean {row['mean']:.3f} s  max {row['max']:.3f} s", flush=True)
    run.write({"spec": args.spec, "rows": rows}, args.out or RESULTS / "search_timing.json")


# --- scaling: one worker against two, per thread's CPU time ------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


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


def measure_scaling(game: str, players: int, seconds: float) -> dict[str, Any]:
    """The same search (`trees=2`: identical decisions, identical iterations) on one worker and on two.

    `cpu_overhead`: CPU seconds on two workers over one (above 1: the threads slow each other down, the code's
    cost of parallelism). `balance`: the busier thread's CPU time over the mean of both. `idle_machine_ratio`: one
    worker's CPU seconds over the busier thread's on two, the wall-clock ratio a core per thread would give;
    `wall_ratio` is what this machine gave, and `cores_used` says why the two may differ."""
    from ravenry.services.bench import _after

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


def scaling(args: argparse.Namespace) -> None:
    """Linux only (`/proc/self/task`). Written only with `--out`: record it from a quiet machine."""
    run = Run("search scaling")
    rows = []
    for game in args.games:
        lo, hi = ravenry.game(game).info.players
        for players in range(lo, hi + 1):
            r = measure_scaling(game, players, args.seconds)
            rows.append(r)
            print(
                f"{game:12} {players}p  cpu overhead {r['cpu_overhead']:.3f}  balance {r['balance']:.3f}  "
                f"idle-machine ratio {r['idle_machine_ratio']:.2f}  wall ratio {r['wall_ratio']:.2f}  "
                f"cores used {r['cores_used']:.2f}",
                flush=True,
            )
    if args.out:
        run.write({"results": rows}, args.out)


# --- report: the recorded strength runs as one table -------------------------------------------------------------


def report_rows(game: str | None, folder: Path = RESULTS) -> list[str]:
    """The markdown table of every ``search_strength_*.json`` in ``folder`` (for docs/search.md and the games' docs)."""
    out = [
        "| game | players | search | against | matches | search result | 95% interval | fair "
        "| s/decision (mean, max) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for path in sorted(folder.glob("search_strength_*.json")):
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


# --- the command line --------------------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)

    s = sub.add_parser("strength", help="one ismcts seat against a baseline elsewhere, seats rotated")
    s.add_argument("game")
    s.add_argument("players", type=int)
    s.add_argument("--matches", type=int, default=60, help="matches in all (a multiple of the player count)")
    s.add_argument("--spec", default="ismcts", help="the search bot's spec")
    s.add_argument("--against", default="heuristic", help="the bot in every other seat")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--tag", default="", help="appended to the results file's name, to keep a variant apart")
    s.add_argument(
        "--stop-after", type=float, default=0.0, help="seconds: start no new rotation of seats after this (0: never)"
    )
    s.add_argument("--kinds", default="", help="action kinds to tally per bot: how often offered, how often chosen")
    s.add_argument("--out", type=Path, help="the results file (default: search_strength_… in the results folder)")

    for name, text in (
        ("duel", "two bot specs sharing every table: a tournament"),
        ("prior", "the heuristic prior (ismcts:prior=N) against none, at one budget"),
        ("rollouts", "ismcts with heuristic rollouts against random rollouts, at the default budget"),
    ):
        d = sub.add_parser(name, help=text)
        d.add_argument("game")
        d.add_argument("--players", type=int, required=True)
        d.add_argument("-n", "--matches", type=int, default=60)
        d.add_argument("--seed", type=int, default=1)
        d.add_argument("--workers", type=int, default=1)
        d.add_argument("--out", type=Path, help=f"the results file (default: search_{name}_… in the results folder)")
        if name == "duel":
            d.add_argument("--bots", nargs=2, required=True, metavar="SPEC")
            d.add_argument("--name", required=True, help="the results file's middle part")
        elif name == "prior":
            d.add_argument("--budget", default="iterations=30", help="parameters both bots share")
            d.add_argument("--prior", type=int, default=10)
        else:
            d.add_argument("--extra", default="", help="parameters both bots share, e.g. iterations=300")

    t = sub.add_parser("timing", help="seconds per ismcts decision at each game's default budget, one core")
    t.add_argument("--spec", default="ismcts")
    t.add_argument("--decisions", type=int, default=8)
    t.add_argument("--seed", type=int, default=5)
    t.add_argument("--game", action="append", help="only this game (repeatable; default: every setup)")
    t.add_argument("--out", type=Path, help="the results file (default: benches/results/search_timing.json)")

    c = sub.add_parser("scaling", help="one worker against two on the same search, every thread's CPU time")
    c.add_argument("games", nargs="*", default=["fixture", "hearts", "iron-throne", "roll-player", "agot-ccg"])
    c.add_argument("--seconds", type=float, default=1.0, help="about how long one search runs")
    c.add_argument("--out", type=Path, help="the results file (benches/results/search_scaling.json to record)")

    r = sub.add_parser("report", help="print the recorded strength runs as one markdown table")
    r.add_argument("game", nargs="?")
    return ap


def main() -> None:
    args = parser().parse_args()
    if args.command == "strength":
        strength(args)
    elif args.command in ("duel", "prior", "rollouts"):
        duel(args, *duel_bots(args))
    elif args.command == "timing":
        timing(args)
    elif args.command == "scaling":
        scaling(args)
    else:
        print("\n".join(report_rows(args.game)))


if __name__ == "__main__":
    main()
