"""Ravenry: a plugin-based tabletop game host with a fast, deterministic Rust core.

>>> import ravenry
>>> m = ravenry.game("iron-throne").new_match(players=4, seed=7)
"""

from ravenry._core import __version__ as core_version
from ravenry.errors import IllegalAction, OptionError, PluginError, RavenryError, SnapshotError, UnknownGame
from ravenry.model.game import Game, game, games
from ravenry.model.match import Match, MatchBase
from ravenry.model.options import read_text_file
from ravenry.model.policy import Seat, register_bot
from ravenry.model.python_game import PythonGame, PythonMatch
from ravenry.model.snapshot import load_match
from ravenry.registry.hookspecs import hookimpl
from ravenry.services.balance import BalanceReport, balance
from ravenry.services.simulate import SimResult, simulate
from ravenry.services.tournament import TournamentResult, tournament, tournament_unit, write_report
from ravenry.specs import BotSpec, GameInfo, GameSpec, OptionSpec, VariantSpec, plugin_data
from ravenry.words import count

__all__ = [
    "Seat",
    "register_bot",
    "count",
    "BalanceReport",
    "BotSpec",
    "Game",
    "GameInfo",
    "GameSpec",
    "IllegalAction",
    "Match",
    "MatchBase",
    "OptionError",
    "OptionSpec",
    "PluginError",
    "PythonGame",
    "PythonMatch",
    "RavenryError",
    "SimResult",
    "SnapshotError",
    "TournamentResult",
    "UnknownGame",
    "VariantSpec",
    "balance",
    "core_version",
    "game",
    "games",
    "hookimpl",
    "load_match",
    "plugin_data",
    "read_text_file",
    "simulate",
    "tournament",
    "tournament_unit",
    "write_report",
]
