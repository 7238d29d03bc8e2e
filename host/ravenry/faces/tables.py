"""The rich tables the ``ravenry`` command prints its results in: installed games and plugins, a game's options,
a batch's win shares, a tournament's ratings, head-to-head, seat bias and points, and the engine benchmark.
Each takes the same data ``--json`` prints (or the API's result objects) and only lays it out."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.table import Table

from ravenry.registry.plugins import Registry
from ravenry.services.balance.cards import MIN_SEEN, telling
from ravenry.services.simulate import SimResult
from ravenry.services.tournament.result import points_rows
from ravenry.specs import GameInfo
from ravenry.words import seat_number


def interval(ci: list[float] | None, fmt: str = "{:.1%}") -> str:
    return "–" if not ci else f"{fmt.format(ci[0])} – {fmt.format(ci[1])}"


def rate(per_s: float) -> str:
    """A rate readable at any size: 12,345 or 0.38 (a tournament of searching bots plays under one match a second)."""
    return f"{per_s:,.0f}" if per_s >= 10 else f"{per_s:.2f}"


def games_table(infos: list[GameInfo]) -> Table:
    t = Table(title="Installed games")
    for col in ("id", "title", "players", "variants", "plugin"):
        t.add_column(col)
    for i in infos:
        t.add_row(i.id, i.title, f"{i.players[0]}–{i.players[1]}", ", ".join(i.variants), i.plugin)
    return t


def print_info(c: Console, i: GameInfo, opts: list[dict[str, Any]], reg: Registry) -> None:
    """A game's players, options table, variants (an expansion's named with its distribution) and bots."""
    c.print(f"[bold]{i.title}[/] ({i.id}) — {i.players[0]} to {i.players[1]} players, from plugin {i.plugin}")
    if i.help:
        c.print(i.help)
    t = Table(title="options (-o name=value)")
    for col in ("name", "kind", "default", "choices", "help"):
        t.add_column(col)
    for o in opts:
        t.add_row(o["name"], o["kind"], json.dumps(o["default"]), ", ".join(map(str, o["choices"] or [])), o["help"])
    c.print(t)
    # A variant from another distribution than the game's own (an expansion) says where it comes from.
    own = next((p.distribution for p in reg.plugins if p.name == i.plugin), i.plugin)
    named = [v if i.variant_plugins.get(v, own) == own else f"{v} (from {i.variant_plugins[v]})" for v in i.variants]
    c.print(f"variants: {', '.join(named) or 'none'}")
    c.print(f"bots: {', '.join(i.bots)}")


def print_plugins(c: Console, reg: Registry) -> None:
    t = Table(title="Plugins")
    for col in ("name", "distribution", "version", "module", "registered"):
        t.add_column(col)
    for p in reg.plugins:
        what = [f"games: {', '.join(p.games)}"] if p.games else []
        what += [f"variants: {', '.join(p.variants)}"] if p.variants else []
        what += [f"bots: {', '.join(p.bots)}"] if p.bots else []
        what += [f"commands: {', '.join(p.commands)}"] if p.commands else []
        t.add_row(p.name, p.distribution, p.version, p.module, "; ".join(what))
    c.print(t)
    for problem in reg.problems:
        c.print(f"[yellow]problem:[/] {problem}")


def label_table(title: str, labels: dict[str, dict[str, Any]], scores: bool = False) -> Table:
    """Win share per label (house, class, deck) with its interval: the same table for sim and tournament. With
    ``scores``, the mean score instead (a solo game, where every finished match is a "win")."""
    t = Table(title=title)
    for col in ("label", "seats", "mean score" if scores else "win share", "95% CI"):
        t.add_column(col, justify="right")
    for label, s in labels.items():
        if scores:
            t.add_row(label, str(s["seats"]), f"{s['mean_score']:.2f}", interval(s["score_ci95"], "{:.2f}"))
        else:
            t.add_row(label, str(s["seats"]), f"{s['share']:.1%}", interval(s["ci95"]))
    return t


def print_sim(c: Console, game: str, result: SimResult, data: dict[str, Any]) -> None:
    """Per seat its bot and win share (solo: mean score) with the interval, per label, then the rates."""
    solo = result.players == 1
    t = Table(title=f"{game}: {result.matches} matches, {result.players} players, engine {result.engine}")
    cols = ("seat", "bot", "mean score", "95% CI") if solo else ("seat", "bot", "win share", "95% CI")
    for col in cols:
        t.add_column(col, justify="right")
    for s in data["seats"]:
        if solo:
            t.add_row(
                str(seat_number(s["seat"])), s["bot"], f"{s['mean_score']:.2f}", interval(s["score_ci95"], "{:.2f}")
            )
        else:
            t.add_row(str(seat_number(s["seat"])), s["bot"], f"{s['share']:.1%}", interval(s["ci95"]))
    c.print(t)
    if data["by_label"]:
        c.print(label_table("by house / class", data["by_label"], scores=solo))
    c.print(
        f"finished {result.finished}/{result.matches}; {result.decisions_per_match:.1f} decisions/match; "
        f"{result.matches_per_s:,.0f} matches/s; {result.decisions_per_s:,.0f} decisions/s"
    )


def print_tournament(c: Console, d: dict[str, Any]) -> None:
    """A tournament's ``to_dict()``: ratings with win shares, head to head, seat bias, labels, points, lengths."""
    t = Table(title=f"{d['game']}: {d['matches']} matches over {d['deals']} deals, {d['players']} seats")
    # A bot is read by its name: on a narrow terminal the intervals wrap, never the name ("hearts_poli…").
    for col in ("rank", "bot", "rating (mu)", "95% CI", "win share", "95% CI "):
        t.add_column(col, justify="right", no_wrap=col == "bot")
    shares = {x["bot"]: x for x in d["bots_win_share"]}
    for i, r in enumerate(d["ratings"], 1):
        s = shares[r["bot"]]
        t.add_row(
            str(i),
            r["bot"],
            f"{r['mu']:.2f}",
            interval(r["ci95"], "{:.2f}"),
            f"{s['share']:.1%}",
            interval(s["ci95"]),
        )
    c.print(t)
    h = Table(title="head to head (row's score against column)")
    h.add_column("")
    for b in d["bots"]:
        h.add_column(b, justify="right")
    for a in d["bots"]:
        cells = []
        for b in d["bots"]:
            cell = d["head_to_head"][a].get(b)
            cells.append("" if a == b or not cell or not cell["meetings"] else f"{cell['score']:.0%}")
        h.add_row(a, *cells)
    c.print(h)
    st = Table(title=f"seat bias (fair {d['fair_share']:.1%})")
    for col in ("seat", "win share", "95% CI"):
        st.add_column(col, justify="right")
    for s in d["seat_bias"]:
        st.add_row(str(seat_number(s["seat"])), f"{s['share']:.1%}", interval(s["ci95"]))
    c.print(st)
    if d["labels"]:
        c.print(label_table("by house / class / deck", d["labels"]))
    if d["points"]:
        c.print(points_table(d))
    ln = d["lengths"]
    if ln.get("count"):
        c.print(
            f"match length (decisions): median {ln['median']}, 25–75% {ln['p25']}–{ln['p75']}, "
            f"range {ln['min']}–{ln['max']}; unfinished (safeguard) {d['unfinished']}; "
            f"{rate(d['timing']['matches_per_s'])} matches/s"
        )


def points_table(d: dict[str, Any]) -> Table:
    """The game's own tournament points (its rulebook's match scoring), per bot and per label."""
    t = Table(title="tournament points a match", caption="the game's rulebook scoring; bots, then labels")
    for col in ("bot / label", "seats", "mean", "95% CI", "total"):
        t.add_column(col, justify="right")
    bots = len(d["points"])
    for i, (name, x) in enumerate(points_rows(d)):
        cells = (name, str(x["seats"]), f"{x['mean']:.2f}", interval(x["ci95"], "{:.2f}"), f"{x['total']:g}")
        t.add_row(*cells, end_section=i == bots - 1)
    return t


def bench_table(results: dict[str, Any]) -> Table:
    """``ravenry bench``'s rows: per game and player count, decisions/s unless said."""
    t = Table(title="Ravenry throughput (decisions/s unless said)")
    if "load_average_before" in results:  # each row's own load is in the JSON
        before, after = results["load_average_before"][0], results["load_average_after"][0]
        t.caption = f"machine load (1-minute average): {before:.2f} before, {after:.2f} after"
    cols = ("game", "players", "rust 1 worker", "rust all", "python driver", "clone/s", "snapshot rt/s", "bytes")
    for col in (*cols, "ismcts it/s 1 worker", "ismcts it/s all", "all/1 (cores used)"):
        t.add_column(col, justify="right")

    def f(x: Any) -> str:
        return f"{x:,.0f}" if isinstance(x, (int, float)) else "—"

    def scaling(search: dict[str, Any]) -> str:
        if "all_over_1" not in search:
            return "—"
        return f"{search['all_over_1']:.2f} ({search.get('cores_used_all_workers', 0):.2f})"

    for r in results["results"]:
        t.add_row(
            r["game"],
            str(r["players"]),
            f(r.get("rust_batch_1_worker", {}).get("decisions_per_s")),
            f(r.get("rust_batch_all_workers", {}).get("decisions_per_s")),
            f(r["python_driver_decisions_per_s"]),
            f(r["clone_per_s"]),
            f(r.get("snapshot_round_trips_per_s")),
            str(r["snapshot_bytes"]),
            f(r.get("ismcts_iterations_per_s", {}).get("random_1_worker")),
            f(r.get("ismcts_iterations_per_s", {}).get("random_all_workers")),
            scaling(r.get("ismcts_iterations_per_s", {})),
        )
    return t


VERDICT_STYLE = {"fair": "green", "off": "bold red", "undecided": "dim"}


def balance_table(title: str, answers: list[dict[str, Any]]) -> Table:
    t = Table(title=title)
    for col in ("question", "share", "interval", "verdict", "decided at"):
        t.add_column(col, justify="left" if col in ("question", "verdict") else "right")
    for a in answers:
        # "decided at": how many seen in all would decide it if the share stayed where it is.
        need = a["still_needed"]
        more = "" if a["verdict"] != "undecided" else (f"≈{need:,}" if need else "never")
        style = VERDICT_STYLE[a["verdict"]]
        t.add_row(
            a["question"].removeprefix("change: "),
            f"{a['mean']:+.1%}" if a["target"] == 0 else f"{a['mean']:.1%}",
            interval(a["interval"]),
            f"[{style}]{a['verdict']}[/]",
            more,
        )
    return t


def print_balance(c: Console, d: dict[str, Any]) -> None:
    """A balance study's ``to_dict()``: the verdicts, then length, margins and what stopped it."""
    points = round(100 * d["tolerance"], 2)
    fair = 1 / d["players"]
    if d["answers"]:
        c.print(
            balance_table(
                f"{d['game']}, {d['players']} players: win share against {fair:.1%} ± {points:g} points", d["answers"]
            )
        )
    else:
        t = Table(title=f"{d['game']} solo: score by faction (no one to be fair to)")
        for col in ("faction", "matches", "mean score", "sd"):
            t.add_column(col, justify="left" if col == "faction" else "right")
        for name, f in d["faction_scores"].items():
            t.add_row(name, f"{f['n']:,}", f"{f['mean']:.2f}", f"{f['sd']:.2f}")
        c.print(t)
    if "change" in d:
        c.print(balance_table(f"without “{d['without']}”, on the same deals: change (target 0)", d["change"]))
    lengths = d["lengths"]
    c.print(
        f"{d['matches']:,} matches ({d['unfinished']} unfinished) in {d['seconds']:.0f} s, {d['looks']} looks; "
        f"stopped: {d['stopped']}. Decisions a match: {lengths.get('mean', 0):.0f} (sd {lengths.get('sd', 0):.0f}); "
        f"ties for first: {d['ties']}."
    )
    if d["choice"]:
        c.print(
            f"Legal actions a decision: {d['choice']['branching']:.1f}; forced (one legal action): "
            f"{d['choice']['forced']:.0%}."
        )
    print_balance_detail(c, d)


def print_balance_detail(c: Console, d: dict[str, Any]) -> None:
    """What the runner told of each match: choice per phase, the lead, and the cards that tell the most."""
    phases = d.get("phases") or []
    if len(phases) > 1:
        t = Table(title="Choice by phase")
        for col in ("phase", "decisions", "legal actions", "forced"):
            t.add_column(col, justify="left" if col == "phase" else "right")
        for row in phases:
            t.add_row(row["phase"], f"{row['share']:.1%}", f"{row['branching']:.1f}", f"{row['forced_share']:.0%}")
        c.print(t)
    lead = d.get("lead") or {}
    if lead:
        text = (
            f"The lead (by the game's standing) changed hands {lead['lead_changes']['mean']:.1f} times a match; "
            f"never, in {lead['steady']:.0%} of matches."
        )
        half = lead.get("comeback_half")
        if half:
            late = lead["comeback_three_quarters"]
            text += (
                f" Comebacks (a winner strictly behind the leader at half time): {half['share']:.0%} "
                f"({interval(half['ci95'])}); behind at three quarters: {late['share']:.0%}."
            )
        c.print(text)
    cards = telling(d.get("cards") or [])
    if cards:
        t = Table(
            title=f"Cards: owner's win share when played and when not (seen {MIN_SEEN}+ times each way; "
            "all cards in --json)"
        )
        for col in ("card", "plays", "played", "not played", "difference (95%)"):
            t.add_column(col, justify="left" if col == "card" else "right")
        for r in cards:
            lo, hi = r["difference_ci95"]
            t.add_row(
                r["card"],
                f"{r['plays']:,}",
                f"{r['played']['share']:.0%} of {r['played']['n']:,}",
                f"{r['not_played']['share']:.0%} of {r['not_played']['n']:,}",
                f"{r['difference']:+.0%} ({lo:+.0%} to {hi:+.0%})",
            )
        c.print(t)
