"""Balance studies for designers: is a game fair, to whom, and what does a rule change? Answers come with
anytime-valid intervals and verdicts against a tolerance, inside a budget (``docs/balance.md``)."""

from ravenry.services.balance.sequential import FAIR, OFF, UNDECIDED, Answer, Question
from ravenry.services.balance.study import BalanceReport, balance, parse_budget, write_records_path

__all__ = [
    "FAIR",
    "OFF",
    "UNDECIDED",
    "Answer",
    "BalanceReport",
    "Question",
    "balance",
    "parse_budget",
    "write_records_path",
]
