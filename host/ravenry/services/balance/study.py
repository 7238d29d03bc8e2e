"""A balance study: play batches of matches until every question is answered or the budget is spent.

Questions: is each seat's win share within ``tolerance`` of a fair share (``1/players``), and each faction's (a
seat's label: House, class, deck)? With ``without``, the study plays every deal twice, as configured and with the
restriction, and asks whether each seat's and each faction's share moved by more than ``tolerance``. The error
rate ``alpha`` is shared out over the questions (Bonferroni), and every interval is anytime-valid
(``ravenry.balance.sequential``), so stopping at the first look where all are decided keeps it.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ravenry.errors import OptionError
from ravenry.model.game import Game
from ravenry.model.game import game as get_game
from ravenry.model.options import variant_names
from ravenry.services.backends import check_backend
from ravenry.services.balance.cards import CardTally, played_by_name
from ravenry.services.balance.detail import DetailTally, PhaseTally, phase_counts, phase_name
from ravenry.services.balance.sequential import UNDECIDED, Answer, Question, answer
from ravenry.services.balance.tally import Mean, Tally
from ravenry.services.simulate import CoreRecord, check_bots, check_run
from ravenry.services.tournament.run import collector_paused, play_core_jobs
from ravenry.services.tournament.schedule import schedule
from ravenry.words import seat_number

#: Matches in the first batch (rounded up to whole seat rotations); later batches double, up to MAX_BATCH, and
#: shrink to what the time left allows at the speed seen so far.
FIRST_BATCH = 16
MAX_BATCH = 4096


@dataclass
class Restriction:
    """The other arm of a restricted-play comparison: variants dropped and option values changed."""

    text: str
    variants: tuple[str, ...]
    options: dict[str, Any]


@dataclass
class BalanceReport:
    game: str
    players: int
    bots: list[str]
    seed: int
    options: dict[str, Any]
    variants: list[str]
    tolerance: float
    alpha: float
    budget: dict[str, float | None]
    tally: Tally
    answers: list[Answer]
    seconds: float = 0.0
    looks: int = 0
    stopped: str = ""
    engine: str = "rust"
    restricted: Tally | None = None
    without: str | None = None
    change: list[Answer] = field(default_factory=list)
    #: phases and lead, from the runner's detail of each match (None where the Python loop played)
    detail: DetailTally | None = None
    #: per-card statistics, for a game that names its cards (None for the others)
    cards: CardTally | None = None

    @property
    def decided(self) -> bool:
        """Every question answered. A solo study asks none (no one to be fair to): it runs its whole budget."""
        answers = [*self.answers, *self.change]
        return bool(answers) and all(a.verdict != UNDECIDED for a in answers)

    def to_dict(self) -> dict[str, Any]:
        t = self.tally
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "seed": self.seed,
            "options": self.options,
            "variants": self.variants,
            "tolerance": self.tolerance,
            "alpha": self.alpha,
            "budget": self.budget,
            "engine": self.engine,
            "matches": t.matches,
            "finished": t.finished,
            "unfinished": t.unfinished,
            "looks": self.looks,
            "seconds": round(self.seconds, 3),
            "stopped": self.stopped,
            "answers": [a.to_dict() for a in self.answers],
            "scores": [{"seat": p, "mean": m.mean, "sd": m.sd} for p, m in enumerate(t.scores)],
            "faction_scores": {k: {"n": m.n, "mean": m.mean, "sd": m.sd} for k, m in sorted(t.faction_scores.items())},
            "lengths": t.lengths(),
            "margin": {"mean": t.margins.mean, "sd": t.margins.sd},
            "ties": t.ties,
            "choice": t.choice(),
            "pairs": t.pair_rows(),
            "phases": self.detail.phases.rows() if self.detail else [],
            "lead": self.detail.lead.to_dict() if self.detail and self.players > 1 else {},
            "cards": self.cards.rows() if self.cards else [],
        }
        if self.restricted is not None:
            out["without"] = self.without
            out["change"] = [a.to_dict() for a in self.change]
            out["restricted_unfinished"] = self.restricted.unfinished
        return out


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """``5000`` (matches), ``90s`` or ``2m`` (time): a balance study's budget as (matches, seconds)."""
    t = text.strip().lower()
    unit = {"s": 1.0, "m": 60.0, "h": 3600.0}.get(t[-1:]) if t else None
    try:
        if unit is not None:
            seconds = float(t[:-1]) * unit
            if 0 < seconds < math.inf:
                return None, seconds
        elif t.isdigit() and int(t) > 0:
            return int(t), None
    except ValueError:
        pass
    raise OptionError(f"budget {text!r:.40}: a number of matches (5000) or a time (90s, 2m, 1h)")


def parse_without(g: Game, text: str, variants: Sequence[str], options: dict[str, Any]) -> Restriction:
    """``--without`` in words: a variant of the study to leave out, ``option=value`` for the other arm, or, for a
    game with a ``without`` option (the CCG's cards), one more name to leave out."""
    if "=" in text:
        name, _, raw = text.partition("=")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        known = {o.name for o in g.spec.options}
        if name not in known:
            raise OptionError(f"--without {text!r}: {g.id} has no option {name!r}; known: {', '.join(sorted(known))}")
        return Restriction(text, tuple(variants), {name: value})
    if text not in variants:
        if any(o.name == "without" for o in g.spec.options):
            return Restriction(text, tuple(variants), {"without": [*options.get("without", []), text]})
        raise OptionError(
            f"--without {text!r}: name a variant the study plays ({', '.join(variants) or 'none'}) "
            "or an option as name=value"
        )
    return Restriction(text, tuple(v for v in variants if v != text), {})


def balance(
    game: str,
    players: int | None = None,
    bots: Iterable[str] = ("heuristic",),
    *,
    tolerance: float = 0.05,
    alpha: float = 0.05,
    max_matches: int | None = None,
    max_seconds: float | None = 120.0,
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    variants: Iterable[str] = (),
    without: str | None = None,
    backend: str = "local",
    address: str | None = None,
    records: IO[str] | None = None,
    max_decisions: int = 1_000_000,
    progress: Callable[[int], None] | None = None,
) -> BalanceReport:
    """Study the balance of ``game``: see the module's docstring. Never open-ended: ``max_matches``,
    ``max_seconds`` or both bound it (a batch under way when the time runs out is finished)."""
    g = get_game(game)
    n = g.spec.min_players if players is None else players
    if not isinstance(n, int) or isinstance(n, bool) or not g.spec.min_players <= n <= g.spec.max_players:
        raise OptionError(f"{game} takes {g.spec.min_players}-{g.spec.max_players} players, not {n!r:.20}")
    names = list(bots)
    if not names:
        raise OptionError("name at least one bot")
    check_bots(g, names)
    check_backend(backend, address)
    if max_matches is None and max_seconds is None:
        raise OptionError("a balance study needs a budget: a number of matches, a time, or both")
    if max_matches is not None and (not isinstance(max_matches, int) or max_matches < 1):
        raise OptionError(f"the match budget must be a whole number from 1, not {max_matches!r:.20}")
    if max_seconds is not None and not max_seconds > 0:
        raise OptionError(f"the time budget must be above 0 seconds, not {max_seconds!r:.20}")
    if not 0 < tolerance < 1:
        raise OptionError(f"tolerance is a share between 0 and 1 (0.05 is ±5 points), not {tolerance!r:.20}")
    if not 0 < alpha < 0.5:
        raise OptionError(f"alpha is an error rate between 0 and 0.5, not {alpha!r:.20}")
    w = check_run(seed, workers)
    variants = variant_names(game, variants)
    full = g.resolve_options(options, variants)
    other = None
    if without is not None:
        r = parse_without(g, without, variants, full)
        other = (r.variants, g.resolve_options({**(options or {}), **r.options}, r.variants))
        if other[1] == full:
            raise OptionError(f"--without {without!r} changes no option of the study: both arms would be the same")
        if g.spec.core:
            g.ruleset(other[1])  # a name the content does not know is refused now, not after the first batch
    plan = schedule(len(names), n)
    phase_names, card_names = _names(g, full)
    report = BalanceReport(
        game=game,
        players=n,
        bots=names,
        seed=seed,
        options=full,
        variants=list(variants),
        tolerance=tolerance,
        alpha=alpha,
        budget={"matches": max_matches, "seconds": max_seconds},
        tally=Tally(n),
        answers=[],
        restricted=Tally(n) if other else None,
        without=without,
        detail=DetailTally(PhaseTally(phase_names)) if g.spec.core else None,
        cards=CardTally(card_names) if card_names else None,
    )
    paired = PairedChange(n)
    started = time.perf_counter()
    deal = 0
    batch = plan.rounded(max(FIRST_BATCH, plan.unit))
    while True:
        if max_matches is not None:
            batch = min(batch, max_matches - report.tally.matches)
            if batch < plan.unit:
                report.stopped = "match budget spent"
                break
            batch -= batch % plan.unit
        jobs = plan.jobs(batch, first_deal=deal)
        deal = jobs[-1][0] + 1
        # The collector stays off until the batch's records are tallied and freed (see `collector_paused`).
        with collector_paused():
            _play_batch(report, paired, other, jobs, seed, w, backend, address, max_decisions, records)
        if progress:
            progress(len(jobs))
        report.looks += 1
        report.answers = questions(report.tally, tolerance, alpha / (2 if other else 1))
        if report.decided:
            report.stopped = "every question decided"
            break
        batch = min(batch * 2, MAX_BATCH)
        if max_seconds is not None:
            elapsed = time.perf_counter() - started
            fits = int((max_seconds - elapsed) / (elapsed / report.tally.matches))
            if fits < plan.unit:
                report.stopped = "time budget spent"
                break
            batch = min(batch, fits)
        batch = max(plan.unit, batch - batch % plan.unit)
    report.seconds = time.perf_counter() - started
    return report


def _play_batch(
    report: BalanceReport,
    paired: PairedChange,
    other: tuple[tuple[str, ...], dict[str, Any]] | None,
    jobs: list[tuple[int, tuple[int, ...]]],
    seed: int,
    workers: int,
    backend: str,
    address: str | None,
    max_decisions: int,
    records: IO[str] | None,
) -> None:
    """Play one batch of deals (both arms of a restricted-play study) and add it to the report's tallies."""
    g = get_game(report.game)
    names, n, full, variants = report.bots, report.players, report.options, tuple(report.variants)
    phase_names = report.detail.phases.names if report.detail else []
    card_names = report.cards.names if report.cards else []
    # One Rust call per batch on this machine (the study looks between batches, not between chunks).
    chunk = len(jobs) if backend == "local" else None
    recs, report.engine = play_core_jobs(
        g, n, seed, names, full, variants, jobs, workers, backend, address, max_decisions, chunk=chunk, detail=True
    )
    report.tally.add(recs)
    _add_detail(report, recs)
    _write(records, jobs, recs, names, "as configured" if other else None, phase_names, card_names)
    if other is not None and report.restricted is not None:
        alt, _ = play_core_jobs(
            g, n, seed, names, other[1], other[0], jobs, workers, backend, address, max_decisions, chunk=chunk
        )
        report.restricted.add(alt)
        paired.add(recs, alt)
        _write(records, jobs, alt, names, f"without {report.without}", phase_names, card_names)
        report.change = paired.answers(report.tolerance, report.alpha / 2)


def _names(g: Game, options: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The game's phase names and card names (what the runner's detail indexes); none for a Python game."""
    if not g.spec.core:
        return [], []
    rs = g.ruleset(options)
    return list(rs.phase_names), list(rs.card_names)


def _add_detail(report: BalanceReport, recs: Sequence[CoreRecord]) -> None:
    told = [rec for rec in recs if rec[7] is not None]
    if report.detail is not None and told:
        report.detail.add([rec[7] for rec in told if rec[7] is not None])
    if report.cards is not None and told:
        details = [rec[7] for rec in told if rec[7] is not None]
        report.cards.add(details, [None if rec[1] is None else [s[2] for s in rec[1]] for rec in told])


def questions(t: Tally, tolerance: float, alpha: float) -> list[Answer]:
    """The seat, first-player and faction questions, with ``alpha`` shared out over them (an equal part to each
    group that the game has, split evenly inside the group)."""
    if t.players < 2:
        return []  # solo: there is no one to be fair to; the report gives the score's spread
    fair = 1 / t.players
    out = []
    groups = 1 + bool(t.factions) + bool(t.first.n)
    for p, m in enumerate(t.seats):
        out.append(
            answer(Question(f"seat {seat_number(p)}", fair, tolerance), m.total, m.n, alpha / groups / t.players)
        )
    if t.first.n:
        out.append(answer(Question("first player", fair, tolerance), t.first.total, t.first.n, alpha / groups))
    for label, m in sorted(t.factions.items()):
        out.append(answer(Question(label, fair, tolerance), m.total, m.n, alpha / groups / len(t.factions)))
    return out


class PairedChange:
    """Restricted play on shared deals: per deal, how much each seat's (and faction's) share moved when the
    restriction applied. Differences lie in [-1, 1]; the fair answer is no change."""

    def __init__(self, players: int) -> None:
        self.seats = [Mean() for _ in range(players)]
        self.factions: dict[str, Mean] = {}

    def add(self, base: Sequence[CoreRecord], restricted: Sequence[CoreRecord]) -> None:
        for (_, ra, la, *_), (_, rb, lb, *_) in zip(base, restricted):
            if ra is None or rb is None:
                continue
            for p, (sa, sb) in enumerate(zip(ra, rb)):
                change = sb[2] - sa[2]
                self.seats[p].add(change)
                label = la[p] if p < len(la) else None
                if label is not None and label == (lb[p] if p < len(lb) else None):
                    self.factions.setdefault(label, Mean()).add(change)

    def answers(self, tolerance: float, alpha: float) -> list[Answer]:
        qs = [(f"seat {seat_number(p)}", m) for p, m in enumerate(self.seats)] + sorted(self.factions.items())
        return [
            answer(Question(f"change: {name}", 0.0, tolerance, -1.0, 1.0), m.total, m.n, alpha / len(qs))
            for name, m in qs
        ]


def _write(
    out: IO[str] | None,
    jobs: list[tuple[int, tuple[int, ...]]],
    recs: list[CoreRecord],
    bots: list[str],
    arm: str | None,
    phase_names: list[str],
    card_names: list[str],
) -> None:
    """One JSON line per match, for pandas: the deal, who sat where, the factions, the result and the length,
    and where the runner told it, the decisions per phase, the lead and the cards each seat played."""
    if out is None:
        return
    for (deal, seating), (decisions, results, labels, _, first, forced, choices, detail) in zip(jobs, recs):
        row: dict[str, Any] = {
            "deal": deal,
            "bots": [bots[b] for b in seating],
            "factions": list(labels),
            "decisions": decisions,
            "forced": forced,
            "choices": choices,
            "finished": results is not None,
        }
        if first is not None:
            row["first"] = first
        if results is not None:
            row["ranks"] = [r[0] for r in results]
            row["scores"] = [r[1] for r in results]
            row["win_shares"] = [r[2] for r in results]
        if arm is not None:
            row["arm"] = arm
        if detail is not None:
            flat, lead_changes, comeback, played, _ = detail
            phases = phase_counts(flat)
            row["phases"] = {
                phase_name(phase_names, i // 3): phases[i : i + 3] for i in range(0, len(phases), 3) if phases[i]
            }
            if lead_changes is not None:
                row["lead_changes"] = lead_changes
            if comeback is not None:
                row["comeback"] = list(comeback)
            if card_names:
                row["cards_played"] = played_by_name(card_names, played)
        out.write(json.dumps(row) + "\n")


def write_records_path(path: str | os.PathLike[str]) -> IO[str]:
    """Open ``path`` for the per-match records (a clear error, not a traceback, when it cannot be written)."""
    try:
        return Path(path).open("w", encoding="utf-8")
    except OSError as e:
        raise OptionError(f"cannot write the records to {str(path)!r}: {e.strerror}") from e
