"""A balance report as one self-contained HTML page: the verdicts in words, a plot of every interval against the
tolerance band, game lengths, and faction pairs. Inline SVG and CSS only; the page fetches nothing."""

from __future__ import annotations

import html
import math
import os
from pathlib import Path
from typing import Any

from ravenry.errors import OptionError
from ravenry.services.balance.cards import MIN_SEEN, telling
from ravenry.services.balance.study import BalanceReport

COLOURS = {"fair": "#2e7d32", "off": "#c62828", "undecided": "#9e9e9e"}
WIDTH, ROW, LEFT = 640, 26, 150


def _e(x: object) -> str:
    return html.escape(str(x))


def _pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:.1f}%"


def forest(answers: list[dict[str, Any]], low: float, high: float) -> str:
    """Each question's interval (a bar), its mean (a dot), the target (a line) and the tolerance band (shaded)."""
    if not answers:
        return ""
    span = high - low
    plot = WIDTH - LEFT - 20

    def x(v: float) -> float:
        return LEFT + plot * (min(high, max(low, v)) - low) / span

    h = ROW * len(answers) + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" role="img">']
    for i, a in enumerate(answers):
        y = 10 + i * ROW
        t, tol = a["target"], a["tolerance"]
        lo, hi = a["interval"]
        colour = COLOURS[a["verdict"]]
        parts.append(
            f'<rect x="{x(t - tol):.1f}" y="{y}" width="{x(t + tol) - x(t - tol):.1f}" height="{ROW - 6}" '
            'fill="#e8f5e9"/>'
        )
        parts.append(
            f'<line x1="{x(t):.1f}" y1="{y}" x2="{x(t):.1f}" y2="{y + ROW - 6}" stroke="#555" stroke-dasharray="3 2"/>'
        )
        mid = y + (ROW - 6) / 2
        parts.append(
            f'<line x1="{x(lo):.1f}" y1="{mid}" x2="{x(hi):.1f}" y2="{mid}" stroke="{colour}" stroke-width="4"/>'
        )
        if not math.isnan(a["mean"]):
            parts.append(f'<circle cx="{x(a["mean"]):.1f}" cy="{mid}" r="4" fill="{colour}"/>')
        parts.append(f'<text x="{LEFT - 8}" y="{mid + 4}" text-anchor="end" font-size="13">{_e(a["question"])}</text>')
    axis = h - 14
    for k in range(5):
        v = low + span * k / 4
        parts.append(f'<text x="{x(v):.1f}" y="{axis + 10}" text-anchor="middle" font-size="11">{_pct(v)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram(values: list[int], bins: int = 30) -> str:
    if not values:
        return ""
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, (v - lo) // width)] += 1
    top = max(counts)
    bar = (WIDTH - 40) / bins
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="150" role="img">']
    for i, c in enumerate(counts):
        hgt = 110 * c / top
        parts.append(
            f'<rect x="{20 + i * bar:.1f}" y="{120 - hgt:.1f}" width="{bar - 1:.1f}" height="{hgt:.1f}" '
            'fill="#5c6bc0"/>'
        )
    parts.append(f'<text x="20" y="140" font-size="11">{lo}</text>')
    parts.append(f'<text x="{WIDTH - 20}" y="140" text-anchor="end" font-size="11">{hi} decisions</text>')
    parts.append("</svg>")
    return "".join(parts)


def phase_bars(phases: list[dict[str, Any]]) -> str:
    """Per phase, a bar as long as its share of all decisions, its forced part darker, and its legal actions."""
    if not phases:
        return ""
    top = max(p["share"] for p in phases)
    plot = WIDTH - LEFT - 110
    h = ROW * len(phases) + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" role="img">']
    for i, p in enumerate(phases):
        y = 5 + i * ROW
        w = plot * p["share"] / top
        parts.append(f'<rect x="{LEFT}" y="{y}" width="{w:.1f}" height="{ROW - 8}" fill="#9fa8da"/>')
        parts.append(
            f'<rect x="{LEFT}" y="{y}" width="{w * p["forced_share"]:.1f}" height="{ROW - 8}" fill="#303f9f"/>'
        )
        mid = y + (ROW - 8) / 2 + 4
        parts.append(f'<text x="{LEFT - 8}" y="{mid}" text-anchor="end" font-size="13">{_e(p["phase"])}</text>')
        parts.append(
            f'<text x="{LEFT + w + 6:.1f}" y="{mid}" font-size="11">{_pct(p["share"])}, '
            f"{p['branching']:.1f} legal, {p['forced_share']:.0%} forced</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _detail(d: dict[str, Any]) -> list[str]:
    """The sections told from the runner's detail of each match: phases, the lead, the cards."""
    body: list[str] = []
    if d["phases"]:
        rows = "".join(
            f"<tr><td>{_e(p['phase'])}</td><td>{p['decisions']:,}</td><td>{_pct(p['share'])}</td>"
            f"<td>{p['branching']:.1f}</td><td>{_pct(p['forced_share'])}</td></tr>"
            for p in d["phases"]
        )
        body += [
            "<h2>Choice by phase</h2>",
            "<p>Where the decisions of a match fall: each bar is a phase's share of all decisions, its dark part the "
            "decisions that were forced (a single legal action).</p>",
            phase_bars(d["phases"]),
            "<table><tr><th>phase</th><th>decisions</th><th>share</th><th>legal actions</th><th>forced</th></tr>"
            f"{rows}</table>",
        ]
    lead = d["lead"]
    if lead:
        text = (
            "<p>The lead, by the game's standing after each decision, changed hands "
            f"{lead['lead_changes']['mean']:.1f} times a match (sd {lead['lead_changes']['sd']:.1f}); it never "
            f"changed in {_pct(lead['steady'])} of "
            "matches. A change is a new seat alone in the lead; a tie for the lead is no leader."
        )
        for key, when in (("comeback_half", "half"), ("comeback_three_quarters", "three quarters")):
            if key in lead:
                c = lead[key]
                text += (
                    f" The winner was strictly behind the leader at {when} of the match in {_pct(c['share'])} of "
                    f"finished matches ({_pct(c['ci95'][0])} – {_pct(c['ci95'][1])})."
                )
        body += ["<h2>Lead changes and comebacks</h2>", text + "</p>"]
    cards = telling(d["cards"], limit=40)
    if cards:
        rows = "".join(
            f"<tr><td>{_e(r['card'])}</td><td>{r['plays']:,}</td><td>{_pct(r['played']['share'])} of "
            f"{r['played']['n']:,}</td><td>{_pct(r['not_played']['share'])} of {r['not_played']['n']:,}</td>"
            f"<td>{100 * r['difference']:+.0f} ({100 * r['difference_ci95'][0]:+.0f} to "
            f"{100 * r['difference_ci95'][1]:+.0f}) points</td></tr>"
            for r in cards
        )
        body += [
            "<h2>Cards</h2>",
            "<p>For each card, its owner's win share in matches where the owner played it and where the owner "
            f"could have and did not (cards seen {MIN_SEEN}+ times each way, largest difference first; every card "
            "is in <code>--json</code>). This is an association, not a cause: a seat that is ahead gets to play "
            "more cards. <code>--without CARD</code> measures what a card changes.</p>",
            "<table><tr><th>card</th><th>plays</th><th>played</th><th>not played</th><th>difference (95%)</th></tr>"
            f"{rows}</table>",
        ]
    return body


def _table(answers: list[dict[str, Any]]) -> str:
    rows = []
    for a in answers:
        lo, hi = a["interval"]
        need = a["still_needed"]
        more = "" if a["verdict"] != "undecided" else (f"≈{need:,} seen in all" if need else "no count decides it")
        rows.append(
            f"<tr><td>{_e(a['question'])}</td><td>{_pct(a['mean'])}</td><td>{_pct(lo)} – {_pct(hi)}</td>"
            f'<td style="color:{COLOURS[a["verdict"]]};font-weight:bold">{a["verdict"]}</td><td>{a["n"]:,}</td>'
            f"<td>{more}</td></tr>"
        )
    head = "<tr><th>question</th><th>share</th><th>interval</th><th>verdict</th><th>seen</th><th>to decide</th></tr>"
    return f"<table>{head}{''.join(rows)}</table>"


def page(report: BalanceReport) -> str:
    d = report.to_dict()
    tol = _pct(report.tolerance).rstrip("%").rstrip("0").rstrip(".")
    fair = 1 / report.players if report.players else 0
    title = f"Balance of {report.game}, {report.players} players"
    off = [a["question"] for a in d["answers"] if a["verdict"] == "off"]
    undecided = [a["question"] for a in d["answers"] if a["verdict"] == "undecided"]
    summary = (
        f"<p><b>Off by more than ±{tol} points:</b> {_e(', '.join(off)) or 'none'}. "
        f"<b>Not yet decided:</b> {_e(', '.join(undecided)) or 'none'}. Everything else is within ±{tol} points "
        f"of a fair share ({_pct(fair)}).</p>"
    )
    lengths = d["lengths"]
    body = [
        f"<h1>{_e(title)}</h1>",
        f"<p>{d['matches']:,} matches ({d['finished']:,} finished) of {_e(', '.join(report.bots))}, "
        f"seed {report.seed}, "
        f"in {d['seconds']:.0f} s over {d['looks']} looks; stopped: {_e(d['stopped'])}. Options: "
        f"<code>{_e(report.options)}</code>; variants: {_e(', '.join(report.variants) or 'none')}.</p>",
        summary if report.players > 1 else "<p>A solo game: no one to be fair to; see the scores below.</p>",
        "<h2>Win shares</h2>",
        "<p>Each bar is an interval that holds, with probability "
        f"{_pct(1 - report.alpha)} for all of them together, at every look the study took. Green band: the fair "
        f"share ±{tol} points. <i>Fair</i>: the whole bar is inside the band; <i>off</i>: none of it is; "
        "<i>undecided</i>: more matches are needed (the last column estimates how many, if the share stays where "
        "it is).</p>",
        forest(d["answers"], 0.0, min(1.0, max([fair * 2, *[a["interval"][1] for a in d["answers"]]]))),
        _table(d["answers"]),
    ]
    if report.restricted is not None:
        body += [
            f"<h2>What “without {_e(report.without)}” changes</h2>",
            "<p>The same deals played both ways; each bar is the change in win share (target: no change).</p>",
            forest(d["change"], -0.5, 0.5),
            _table(d["change"]),
        ]
    body += [
        "<h2>Length and margins</h2>",
        f"<p>Decisions per match: mean {lengths.get('mean', 0):.0f}, sd {lengths.get('sd', 0):.0f}, median "
        f"{lengths.get('p50', 0):.0f}, 90th percentile {lengths.get('p90', 0):.0f}, "
        f"longest {lengths.get('max', 0):.0f}. "
        f"Matches that never finished (a limit hit: look for a rule hole): {d['unfinished']}. Ties for first: "
        f"{d['ties']}. Winner's margin over the runner-up: {d['margin']['mean']:.2f} points on average.</p>",
        histogram(report.tally.decisions),
    ]
    if d["choice"]:
        body.append(
            f"<p>Legal actions per decision: {d['choice']['branching']:.1f} on average; forced decisions (a single "
            f"legal action, no choice to make): {_pct(d['choice']['forced'])}.</p>"
        )
    body += _detail(d)
    if d["faction_scores"]:
        rows = "".join(
            f"<tr><td>{_e(name)}</td><td>{f['n']:,}</td><td>{f['mean']:.2f}</td><td>{f['sd']:.2f}</td></tr>"
            for name, f in d["faction_scores"].items()
        )
        body += [
            "<h2>Score by faction</h2>",
            f"<table><tr><th>faction</th><th>seen</th><th>mean score</th><th>sd</th></tr>{rows}</table>",
        ]
    if d["pairs"]:
        rows = "".join(
            f"<tr><td>{_e(p['faction'])}</td><td>{_e(p['against'])}</td><td>{_pct(p['share'])}</td>"
            f"<td>{_pct(p['ci95'][0])} – {_pct(p['ci95'][1])}</td><td>{p['n']:,}</td></tr>"
            for p in d["pairs"]
        )
        body += [
            "<h2>Faction against faction</h2>",
            "<p>A faction's win share in matches where the other also sat (plain 95% intervals, for reading, "
            "not verdicts).</p>",
            f"<table><tr><th>faction</th><th>against</th><th>share</th><th>95%</th><th>matches</th></tr>{rows}</table>",
        ]
    style = (
        "body{font-family:system-ui,sans-serif;max-width:760px;margin:2em auto;padding:0 1em;color:#222}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border-bottom:1px solid #ddd;padding:3px 10px;"
        "text-align:left}code{font-size:90%}"
    )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title>'
        f"<style>{style}</style></head><body>{''.join(body)}</body></html>\n"
    )


def write_page(report: BalanceReport, path: str | os.PathLike[str]) -> Path:
    """Write the report page to ``path`` (a clear error, not a traceback, when it cannot be written)."""
    out = Path(path)
    try:
        out.write_text(page(report), encoding="utf-8")
    except OSError as e:
        raise OptionError(f"cannot write the report to {str(path)!r}: {e.strerror}") from e
    return out
