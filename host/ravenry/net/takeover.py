"""Bot specs within the server's bounds, and seat takeover: when a seated player has been disconnected longer
than a grace period, the match's takeover bot plays that seat until the player comes back with its token. Here:
the setting of one match, the checks of the operator's and a creator's choice, and the record of the decisions
bots made for people (saved in ``meta.net``, checked on load by ``check_meta``). The table runs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ravenry.errors import OptionError, RavenryError
from ravenry.model.game import Game
from ravenry.net.limits import Limits
from ravenry.net.protocol import BadFrame
from ravenry.specs import bot_name, bot_params
from ravenry.words import count, seat_number

#: Parameters that bound how long a bot thinks: a takeover bot that is not a quick one must carry one, so a
#: dropped player cannot cost the server an unbounded search per decision.
TIME_KEYS = frozenset({"ms", "seconds", "max_seconds"})
#: Bots that answer in microseconds (the core's random and every game's heuristic): no time budget needed, and
#: the server runs them on a pool of their own (``table.bot_pool``).
QUICK_BOTS = frozenset({"random", "heuristic"})
#: Who made a decision for a person: the takeover bot while they were away, or the fallback when their clock ran out.
KINDS = ("takeover", "clock")
MAX_AFTER = 86_400.0


@dataclass(frozen=True)
class Takeover:
    """One match's setting: ``bot`` plays a seat whose player has been away ``after`` seconds."""

    bot: str
    after: float

    def to_meta(self) -> dict[str, Any]:
        return {"bot": self.bot, "after": self.after}


def time_bounded(spec: str) -> bool:
    """Whether ``spec`` thinks for a bounded time: a quick bot, or one with a time parameter."""
    if bot_name(spec) in QUICK_BOTS:
        return True
    keys = {kv.partition("=")[0].strip() for kv in bot_params(spec).split(",") if kv.strip()}
    return bool(keys & TIME_KEYS)


def bounded_bot(g: Game, spec: str, cap: float) -> str:
    """A bot spec a client sent, within the server's bounds: a search thinks at most ``cap`` seconds a move
    (``max_seconds``, which leaves its iteration budget as asked), on one thread. Quick bots, and a plugin's
    bot that takes no clock, are left as sent (create refuses a spec that is not valid)."""
    name = bot_name(spec)
    if name in QUICK_BOTS:
        return spec
    kept = []
    for kv in filter(None, (part.strip() for part in bot_params(spec).split(","))):
        key, _, value = (x.strip() for x in kv.partition("="))  # as the core reads them: "workers =64" too
        if key == "seconds":
            try:
                value = f"{min(cap, float(value)):g}"
            except ValueError:
                pass  # malformed: check_bot below refuses it, and the spec as sent
        if key not in ("workers", "max_seconds"):
            kept.append(f"{key}={value}")
    bounded = f"{name}:" + ",".join([*kept, f"max_seconds={cap:g}"])
    try:
        g.check_bot(bounded)
    except RavenryError:
        return spec
    return bounded


def check_operator_setting(after: float | None, bot: str) -> None:
    """The server's own setting (``ravenry serve --takeover-after S --takeover-bot SPEC``): raises ValueError
    saying what is wrong."""
    if after is not None and not 0 < after <= MAX_AFTER:
        raise ValueError(f"the takeover grace must be from more than 0 to {MAX_AFTER:g} seconds, not {after:g}")
    if not time_bounded(bot):
        raise ValueError(
            f"takeover bot {bot!r} has no time budget: add one of {', '.join(sorted(TIME_KEYS))}"
            f" (e.g. {bot_name(bot)}:ms=500), so a dropped seat cannot hold the server's threads without bound"
        )


def resolve(limits: Limits, g: Game, bot: str | None, after: float | None) -> Takeover | None:
    """The takeover setting of a new match: the creator's ``bot`` (a spec, or ``"off"``) and ``after`` (a
    grace no shorter than the server's), else the server's; refused, changing nothing, if not valid."""
    least = limits.takeover_after_seconds
    if bot == "off":
        return None
    if least is None:
        if bot is not None or after is not None:
            raise BadFrame("bad-takeover", "this server does not take over dropped seats (its operator turned it off)")
        return None
    grace = least if after is None else after
    if not least <= grace <= MAX_AFTER:
        raise BadFrame(
            "bad-takeover",
            f"takeover_after must be from {least:g} s (this server's grace) to {MAX_AFTER:g} s, not {grace:g}",
        )
    if bot is None:
        bot = limits.takeover_bot
        try:
            g.check_bot(bot)
        except OptionError:
            bot = g.default_bot  # the server's bot is not one of this game's
    else:
        try:
            g.check_bot(bot)
        except OptionError as e:
            raise BadFrame("bad-takeover", f"takeover bot: {e}") from None
        if not time_bounded(bot):
            raise BadFrame("bad-takeover", f"takeover bot {bot!r} has no time budget (ms=… or seconds=…)")
    return Takeover(bot, grace)


@dataclass
class BotRecord:
    """The decisions bots made for people, per decision: ``made_for`` is ``[turn, seat, kind]`` for each (turn:
    the decision counter when it was chosen; kind: ``KINDS``); ``played_for[seat]`` is what the takeover bot
    chose for that seat since its player last acted, as ``[turn, label]`` with the seat's own labels, for the
    player's next state."""

    players: int
    made_for: list[list[Any]] = field(default_factory=list)
    played_for: list[list[list[Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.played_for:
            self.played_for = [[] for _ in range(self.players)]

    def add(self, turn: int, seat: int, kind: str, label: str) -> None:
        self.made_for.append([turn, seat, kind])
        if kind == "takeover":
            self.played_for[seat].append([turn, label])

    def counts(self) -> list[int]:
        """Decisions bots made for each seat's player."""
        out = [0] * self.players
        for _, seat, _ in self.made_for:
            out[seat] += 1
        return out

    def to_meta(self) -> dict[str, Any]:
        return {"made_for": self.made_for, "played_for": self.played_for}

    @classmethod
    def from_meta(cls, net: dict[str, Any], players: int) -> BotRecord:
        return cls(
            players,
            [list(x) for x in net.get("made_for", [])],
            [[list(x) for x in seat] for seat in net.get("played_for", [])],
        )


def stood_in(net: dict[str, Any]) -> dict[int, int]:
    """From a save's ``meta.net`` (a finished match's record): seat -> decisions the takeover bot made for its
    player, for the seats it played at all. Rating code leaves such matches out (``ratings.rate``)."""
    out: dict[int, int] = {}
    for _, seat, kind in net.get("made_for", []):
        if kind == "takeover":
            out[seat] = out.get(seat, 0) + 1
    return out


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_meta(net: dict[str, Any], players: int) -> None:
    """Check the takeover part of a save's ``meta.net``: raises ValueError saying what is wrong."""
    t = net.get("takeover")
    if t is not None:
        if not isinstance(t, dict) or not isinstance(t.get("bot"), str):
            raise ValueError("meta.net.takeover is not a map with a bot name")
        after = t.get("after")
        if isinstance(after, bool) or not isinstance(after, (int, float)) or not 0 < after <= MAX_AFTER:
            raise ValueError(f"meta.net.takeover.after is not a grace from more than 0 to {MAX_AFTER:g} seconds")
    for i, s in enumerate(net["seats"]):
        if not isinstance(s.get("standin", False), bool):
            raise ValueError(f"meta.net.seats[{i}].standin is not true or false")
    made = net.get("made_for", [])
    if not isinstance(made, list):
        raise ValueError("meta.net.made_for is not a list")
    for j, d in enumerate(made):
        if not (
            isinstance(d, list)
            and len(d) == 3
            and _is_int(d[0])
            and d[0] >= 0
            and _is_int(d[1])
            and 0 <= d[1] < players
            and d[2] in KINDS
        ):
            raise ValueError(f"meta.net.made_for[{j}] is not [turn, seat, {' or '.join(KINDS)}]")
    played = net.get("played_for", [[] for _ in range(players)])
    if not isinstance(played, list) or len(played) != players:
        raise ValueError(f"meta.net.played_for must list the match's {players} seats")
    for i, seat in enumerate(played):
        if not isinstance(seat, list) or not all(
            isinstance(d, list) and len(d) == 2 and _is_int(d[0]) and isinstance(d[1], str) for d in seat
        ):
            raise ValueError(f"meta.net.played_for[{i}] is not a list of [turn, label]")


def takeover_notice(seat: int, t: Takeover) -> dict[str, Any]:
    """What every seat is told when the bot takes a seat over: who and which bot, never what it will choose."""
    # "player N", as the game's own screens name a seat's person (the same 1-based number as "seat N").
    message = (
        f"player {seat_number(seat)} has been away {t.after:g} s; the takeover bot {t.bot!r} plays for them until "
        "they return"
    )
    return {"kind": "takeover", "seat": seat, "bot": t.bot, "message": message}


def reclaimed_notice(seat: int, played: int) -> dict[str, Any]:
    """What every seat is told when the player is back: how many decisions were made for them, not which (those
    go to that seat alone, in its next state's ``played_for``)."""
    made = count(played, "decision")
    message = f"player {seat_number(seat)} is back; the takeover bot made {made} for them"
    return {"kind": "reclaimed", "seat": seat, "decisions": played, "message": message}


def operator_limits(limits: Limits, after: str | None, bot: str | None) -> Limits:
    """``limits`` with the command line's ``--takeover-after`` (seconds, or ``off``) and ``--takeover-bot``,
    checked: raises ValueError saying what is wrong."""
    grace = limits.takeover_after_seconds
    if after is not None:
        try:
            grace = None if after.strip().lower() == "off" else float(after)
        except ValueError:
            raise ValueError(f"--takeover-after takes seconds or 'off', not {after!r}") from None
    spec = limits.takeover_bot if bot is None else bot
    check_operator_setting(grace, spec)
    return replace(limits, takeover_after_seconds=grace, takeover_bot=spec)
