"""One self-contained HTML file for a tournament: tables and SVG plots, no scripts, fonts or links to fetch."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from ravenry.errors import RavenryError
from ravenry.services.tournament.result import points_rows
from ravenry.words import seat_number

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5rem 0; } td, th { padding: .2rem .6rem; text-align: right; }
th { background: #f0f0f0; } td:first-child, th:first-child { text-align: left; }
tr:nth-child(even) td { background: #fafafa; } .note { color: #555; font-size: .9rem; }
svg text { font-size: 12px; font-family: system-ui, sans-serif; }
"""


def write_report(result: dict[str, Any], path: str | Path) -> Path:
    """Write ``result`` (a ``TournamentResult.to_dict()``) as one HTML file at ``path``."""
    out = Path(path)
    try:
        out.write_text(render(result), encoding="utf-8")
    except OSError as e:  # a directory, a missing folder, a full disk: one line, not a traceback
        raise RavenryError(f"cannot write the report to {out}: {e.strerror or e}") from None
    return out


def render(r: dict[str, Any]) -> str:
    fair = r["fair_share"]
    ratings = r["ratings"]
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{_e(r['game'])} tournament</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_e(r['game'])}: tournament of {len(r['bots'])} bots, {r['players']} seats</h1>",
        "<p class='note'>"
        f"{r['matches']} matches over {r['deals']} deals (each deal replayed under every seating of its line-up), "
        f"seed {r['seed']}, engine {_e(r['engine'])}, backend {_e(r['backend'])}; {r['unfinished']} matches stopped "
        f"unfinished (not rated). Options: {_e(json.dumps(r['options'], sort_keys=True))}"
        f"{'; variants: ' + _e(', '.join(r['variants'])) if r['variants'] else ''}.</p>",
        "<h2>Ratings</h2>",
        "<p class='note'>openskill Plackett–Luce mu, with the 95% interval of a bootstrap over deals "
        f"({r['bootstrap_samples']} resamples); ordinal is mu − 3σ.</p>",
        _table(
            ["bot", "mu", "95% interval", "sigma", "ordinal"],
            [
                [x["bot"], f"{x['mu']:.2f}", _interval(x["ci95"], "{:.2f}"), f"{x['sigma']:.2f}", f"{x['ordinal']:.2f}"]
                for x in ratings
            ],
        ),
        _interval_plot([(x["bot"], x["mu"], x["ci95"]) for x in ratings], None, "{:.1f}"),
        "<h2>Win share per bot</h2>",
        f"<p class='note'>Fair share {fair:.1%}; Wilson 95% intervals.</p>",
        _table(
            ["bot", "seats", "win share", "95% interval"],
            [
                [x["bot"], str(x["seats"]), f"{x['share']:.1%}", _interval(x["ci95"], "{:.1%}")]
                for x in r["bots_win_share"]
            ],
        ),
        _interval_plot([(x["bot"], x["share"], x["ci95"]) for x in r["bots_win_share"]], fair, "{:.0%}"),
        "<h2>Head to head</h2>",
        "<p class='note'>Row bot's score against the column bot when both sat at one table: 1 for finishing ahead, "
        "½ for a tie, 0 behind.</p>",
        _h2h(r),
        "<h2>Seat-order bias</h2>",
        "<p class='note'>Win share per seat, pooled over bots (every bot sits in every seat equally often).</p>",
        _table(
            ["seat", "win share", "95% interval"],
            [
                [str(seat_number(s["seat"])), f"{s['share']:.1%}", _interval(s["ci95"], "{:.1%}")]
                for s in r["seat_bias"]
            ],
        ),
        _interval_plot(
            [(f"seat {seat_number(s['seat'])}", s["share"], s["ci95"]) for s in r["seat_bias"]], fair, "{:.0%}"
        ),
    ]
    if r["labels"]:
        parts += [
            "<h2>By label (house, class, deck)</h2>",
            _table(
                ["label", "seats", "win share", "95% interval"],
                [
                    [k, str(v["seats"]), f"{v['share']:.1%}", _interval(v["ci95"], "{:.1%}")]
                    for k, v in r["labels"].items()
                ],
            ),
            _interval_plot([(k, v["share"], v["ci95"]) for k, v in r["labels"].items()], fair, "{:.0%}"),
        ]
    if r.get("points"):
        parts += [
            "<h2>Tournament points</h2>",
            "<p class='note'>The game's own match scoring from its rulebook's tournament section, per bot and per "
            "label: the mean a match with a normal-approximation 95% interval, and the total.</p>",
            _table(
                ["bot / label", "seats", "mean", "95% interval", "total"],
                [
                    [name, str(x["seats"]), f"{x['mean']:.2f}", _interval(x["ci95"], "{:.2f}"), f"{x['total']:g}"]
                    for name, x in points_rows(r)
                ],
            ),
        ]
    lengths = r["lengths"]
    parts.append("<h2>Match length</h2>")
    if lengths.get("count"):
        parts += [
            _table(
                ["finished matches", "mean", "min", "25%", "median", "75%", "max"],
                [
                    [str(lengths["count"]), f"{lengths['mean']:.1f}"]
                    + [str(lengths[k]) for k in ("min", "p25", "median", "p75", "max")]
                ],
            ),
            _histogram(lengths["histogram"]),
        ]
    else:
        parts.append("<p>No match finished.</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _e(s: object) -> str:
    return html.escape(str(s))


def _interval(ci: list[float] | None, fmt: str) -> str:
    return "–" if not ci else f"{fmt.format(ci[0])} – {fmt.format(ci[1])}"


def _table(head: list[str], rows: list[list[str]]) -> str:
    h = "".join(f"<th>{_e(c)}</th>" for c in head)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"


def _h2h(r: dict[str, Any]) -> str:
    bots = r["bots"]
    rows = []
    for a in bots:
        row = [a]
        for b in bots:
            cell = r["head_to_head"][a].get(b) if a != b else None
            row.append("" if cell is None or not cell["meetings"] else f"{cell['score']:.0%} ({cell['meetings']})")
        rows.append(row)
    return _table(["", *bots], rows)


def _interval_plot(rows: list[tuple[str, float, list[float] | None]], reference: float | None, fmt: str) -> str:
    """Horizontal dots with interval whiskers, one row per entry, and a dashed line at ``reference``."""
    if not rows:
        return ""
    lows = [ci[0] for _, _, ci in rows if ci] + [v for _, v, _ in rows]
    highs = [ci[1] for _, _, ci in rows if ci] + [v for _, v, _ in rows]
    if reference is not None:
        lows.append(reference)
        highs.append(reference)
    lo, hi = min(lows), max(highs)
    pad = (hi - lo) * 0.08 or 1.0
    lo, hi = lo - pad, hi + pad
    left, width, row_h = 180, 420, 26
    height = row_h * len(rows) + 30

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * width

    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{left + width + 60}' height='{height}' role='img'>"]
    if reference is not None:
        rx = x(reference)
        out.append(
            f"<line x1='{rx:.1f}' y1='0' x2='{rx:.1f}' y2='{height - 20}' stroke='#999' stroke-dasharray='4 3'/>"
        )
        out.append(
            f"<text x='{rx:.1f}' y='{height - 6}' text-anchor='middle' fill='#666'>fair {fmt.format(reference)}</text>"
        )
    for i, (name, value, ci) in enumerate(rows):
        y = row_h * i + row_h / 2 + 4
        out.append(f"<text x='{left - 8}' y='{y + 4:.1f}' text-anchor='end'>{_e(name)}</text>")
        if ci:
            x0, x1 = x(ci[0]), x(ci[1])
            out.append(
                f"<line x1='{x0:.1f}' y1='{y:.1f}' x2='{x1:.1f}' y2='{y:.1f}' stroke='#4a6fa5' stroke-width='2'/>"
            )
        out.append(f"<circle cx='{x(value):.1f}' cy='{y:.1f}' r='4.5' fill='#1f3b63'/>")
        out.append(f"<text x='{x(value) + 8:.1f}' y='{y - 6:.1f}' fill='#333'>{fmt.format(value)}</text>")
    out.append("</svg>")
    return "".join(out)


def _histogram(bins: list[list[int]]) -> str:
    if not bins:
        return ""
    peak = max(c for _, _, c in bins) or 1
    # Bars wide enough for a "117–150" range label; the top margin leaves room for the tallest bar's count.
    bar_w, chart_h, left, top = 64, 140, 40, 20
    svg_w = left + bar_w * len(bins) + 20
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{svg_w}' height='{top + chart_h + 50}' role='img'>"]
    for i, (a, b, c) in enumerate(bins):
        h = c / peak * chart_h
        x = left + i * bar_w
        y = top + chart_h - h
        out.append(f"<rect x='{x + 3}' y='{y:.1f}' width='{bar_w - 6}' height='{h:.1f}' fill='#4a6fa5'/>")
        out.append(f"<text x='{x + bar_w / 2}' y='{y - 4:.1f}' text-anchor='middle'>{c}</text>")
        label = str(a) if a == b else f"{a}–{b}"
        out.append(
            f"<text x='{x + bar_w / 2}' y='{top + chart_h + 16}' text-anchor='middle' font-size='10'>{_e(label)}</text>"
        )
    out.append(f"<text x='{left}' y='{top + chart_h + 40}'>decisions per finished match</text></svg>")
    return "".join(out)
