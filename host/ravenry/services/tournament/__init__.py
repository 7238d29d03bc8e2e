"""Tournaments: seat rotation, duplicate deals, openskill ratings with bootstrap intervals, balance tables and a
self-contained HTML report. ``ravenry.tournament(...)`` runs one; ``ravenry tournament`` is its CLI."""

from ravenry.services.tournament.report import write_report
from ravenry.services.tournament.result import TournamentResult
from ravenry.services.tournament.run import tournament, tournament_unit

__all__ = ["TournamentResult", "tournament", "tournament_unit", "write_report"]
