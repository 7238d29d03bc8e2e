"""One hosted match: the authority that checks and applies actions, runs server-side bots and the turn clock,
and composes what each seat and spectator may see.

Everything here runs on the server's event loop. A table's ``lock`` is held from ``apply`` until the save is on
disk, and no frame is composed while it is held, so no client ever sees a state that a crash could take back.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from ravenry.errors import IllegalAction
from ravenry.model.match import MatchBase
from ravenry.net.protocol import BadFrame, encode_spliced
from ravenry.net.takeover import QUICK_BOTS, BotRecord, Takeover, reclaimed_notice, takeover_notice
from ravenry.specs import bot_name
from ravenry.words import count, seat_number

log = logging.getLogger("ravenry.net")

_pools: dict[bool, ThreadPoolExecutor] = {}


def bot_pool(spec: str) -> ThreadPoolExecutor:
    """The threads a server bot thinks on: apart from asyncio's default pool (which the saves use), and searches
    apart from quick bots. Each table has at most one bot move in flight and a pool serves moves in the order
    they come, so matches take turns: none can starve another."""
    quick = bot_name(spec) in QUICK_BOTS
    pool = _pools.get(quick)
    if pool is None:
        size = 2 if quick else max(1, os.cpu_count() or 1)
        pool = _pools[quick] = ThreadPoolExecutor(
            size, thread_name_prefix="ravenry-quick-bots" if quick else "ravenry-search-bots"
        )
    return pool


Saver = Callable[["Table"], Awaitable[None]]


class Outbox(Protocol):
    def send(self, frame: dict[str, Any]) -> None: ...


class Subscriber(Protocol):
    """What a table needs of a subscriber: ``ravenry.net.connection.Subscription``, typed structurally because
    connections sit above tables (docs/architecture.md)."""

    seat: int | None

    @property
    def conn(self) -> Outbox: ...
    def mark(self) -> None: ...


def hash_token(token: str) -> str:
    # Only the hash is kept (and saved), so a leaked save directory does not hand out seats.
    return hashlib.sha256(token.encode()).hexdigest()


class TableLock:
    """The table's ``asyncio.Lock``, plus the subscriptions whose state could not be composed while it was held:
    they are marked again when it is released, so none waits for the next move to see this one."""

    __slots__ = ("_lock", "_held_back")

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self._held_back: list[Subscriber] = []

    def locked(self) -> bool:
        return self._lock.locked()

    def hold_back(self, sub: Subscriber) -> None:
        self._held_back.append(sub)

    async def __aenter__(self) -> None:
        await self._lock.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self._lock.release()
        if self._held_back:
            subs, self._held_back = self._held_back, []
            for sub in subs:
                sub.mark()


@dataclass
class Seat:
    index: int
    bot: str | None = None  # a server-side bot plays this seat
    token_hash: str | None = None  # set when a client joins; the token itself is only ever sent to that client
    standin: bool = False  # the match's takeover bot plays it while its player is away
    away_since: float | None = None  # time.monotonic() since when its player has not been connected (not saved)

    @property
    def free(self) -> bool:
        return self.bot is None and self.token_hash is None


@dataclass
class Table:
    id: str
    match: MatchBase
    seats: list[Seat]
    turn_seconds: float | None = None
    fallback: str = "random"  # the bot that acts for a seat whose clock ran out
    saver: Saver | None = None
    takeover: Takeover | None = None  # None: a dropped player's seat waits for them (and its clock)
    lock: TableLock = field(default_factory=TableLock)
    subscribers: set[Subscriber] = field(default_factory=set)
    # prompt[s]: the turn counter at which seat s's options last changed (or s last acted). An action chosen at
    # turn t is current iff prompt[s] <= t <= decisions. Plain ``t == decisions`` would make every secret
    # simultaneous commit stale as soon as another seat committed first, though nothing the seat could do
    # had changed.
    prompt: list[int] = field(default_factory=list)
    _options: list[tuple[bool, tuple[int, ...]]] = field(default_factory=list)
    deadlines: dict[int, float] = field(default_factory=dict)  # seat -> time.monotonic() when its clock runs out
    _timer: asyncio.TimerHandle | None = None
    _bots: asyncio.Task[None] | None = None
    _closed: bool = False
    finished_at: float | None = None  # time.monotonic() when the match was seen over (for the server's sweep)
    # The state frames composed at the current turn, by (seat, since, turn, events, clock); cleared as it moves.
    _frames: dict[tuple[Any, ...], bytes] = field(default_factory=dict)
    alone_since: float | None = None  # time.monotonic() since when nobody is connected to it (unfinished)
    pinned: bool = False  # the command line's match: never expires
    # Why the match stopped taking actions (a save failed): an action is acknowledged only once it is on disk.
    halted: str | None = None
    # The decisions bots made for people; sized to the match in __post_init__ unless restored from a save.
    record: BotRecord = field(default_factory=lambda: BotRecord(0))
    _takeover_timer: asyncio.TimerHandle | None = None
    _takeover_task: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        # After a restart every seat starts from a fresh prompt: an action chosen before the crash is stale.
        self.prompt = [self.match.decisions] * self.match.players
        if self.record.players != self.match.players:
            self.record = BotRecord(self.match.players)
        self._options = [self._options_of(s) for s in range(self.match.players)]
        self._arm_clock()

    # -- seats and tokens ---------------------------------------------------------------------------------
    def free_seat(self, seat: int | None) -> int:
        """The seat a join would take (``seat``, or the first free one); refuses, changing nothing, if none."""
        if self.halted:
            raise BadFrame("halted", f"match {self.id} takes no more players: {self.halted}")
        if seat is None:
            free = [s.index for s in self.seats if s.free]
            if not free:
                raise BadFrame("no-seat", f"match {self.id} has no free seat")
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            # Messages are for people: they count seats from 1, as every screen does (the fields count from 0).
            n = len(self.seats)
            raise BadFrame("no-seat", f"match {self.id} has seats 1 to {n}, not {seat_number(seat)}")
        s = self.seats[seat]
        if not s.free:
            who = f"bot {s.bot!r}" if s.bot else "another player (resume with your token if it is yours)"
            raise BadFrame("seat-taken", f"seat {seat_number(seat)} of match {self.id} is taken by {who}")
        return seat

    def claim(self, seat: int) -> str:
        """Give free seat ``seat`` (checked by ``free_seat``) a new token; returns the token."""
        token = secrets.token_urlsafe(24)
        self.seats[self.free_seat(seat)].token_hash = hash_token(token)
        self._arm_clock()
        return token

    def release(self, seat: int) -> None:
        """Free a claimed seat: its token stops working."""
        self.seats[seat].token_hash = None
        self.seats[seat].standin = False
        self.deadlines.pop(seat, None)
        self._arm_clock()

    def has_free_seat(self) -> bool:
        return not self.match.is_over and any(s.free for s in self.seats)

    def seen_alone(self) -> None:
        """Note when the last connected client (seat holder or watcher) went, for the abandoned-match expiry."""
        if self.subscribers:
            self.alone_since = None
        elif self.alone_since is None:
            self.alone_since = time.monotonic()

    def seat_of(self, token: str) -> int:
        h = hash_token(token)
        for s in self.seats:
            # compare_digest: the time taken must not tell an attacker how much of a forged token was right
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return s.index
        raise BadFrame("bad-token", f"that token holds no seat of match {self.id}")

    # -- acting ---------------------------------------------------------------------------------------------
    async def act(self, token: str, turn: int, action: int, seat: int | None = None) -> int:
        """Check and apply a client's action; ``BadFrame`` says why it was refused (nothing changes then).
        Returns the turn counter right after the action."""
        p = self.seat_of(token)
        if seat is not None and seat != p:
            raise BadFrame("wrong-seat", f"your token holds seat {seat_number(p)}, not seat {seat_number(seat)}")
        async with self.lock:
            if self.halted:
                raise BadFrame("halted", f"match {self.id} takes no more actions: {self.halted}")
            m = self.match
            if m.is_over:
                raise BadFrame("match-over", f"match {self.id} is over")
            if p not in m.to_act:
                to_act = ", ".join(str(seat_number(q)) for q in m.to_act)
                raise BadFrame("not-your-turn", f"seat {seat_number(p)} may not act now; to act: {to_act}")
            if turn > m.decisions or turn < self.prompt[p]:
                raise BadFrame(
                    "stale",
                    f"action chosen at turn {turn}, but seat {seat_number(p)}'s options changed at turn"
                    f" {self.prompt[p]}"
                    f" (now turn {m.decisions}); choose again from the latest state",
                )
            if action not in m.legal_actions(p):
                raise BadFrame("illegal", f"action {action} is not legal for seat {seat_number(p)} now")
            try:
                m.apply(p, action)
            except IllegalAction as e:
                raise BadFrame("illegal", str(e)) from None
            after = m.decisions
            self.record.played_for[p].clear()  # they have seen it: their state carried it until they acted
            await self._applied(p)
        self.publish()
        return after

    async def _applied(self, p: int) -> None:
        """Bookkeeping after an apply, under the lock: prompts, clock, save."""
        m = self.match
        self.prompt[p] = m.decisions
        for s in range(m.players):
            now = self._options_of(s)
            if now != self._options[s]:
                self._options[s] = now
                self.prompt[s] = m.decisions
                self.deadlines.pop(s, None)
        self._arm_clock()
        if self.saver is not None:
            try:
                await self.saver(self)
            except Exception as e:
                # Not on disk, so not acknowledged: the match stops here (a restarted server resumes it from its
                # last good save, without this action) and everyone at the table is told why.
                # The details (paths, the system's words) stay in the operator's log, not in frames.
                log.error("match %s: saving turn %d failed: %s: %s", self.id, m.decisions, type(e).__name__, e)
                why = f"saving turn {m.decisions} failed on the server (see its log); the match is stopped"
                self.halt(why)
                raise BadFrame("save-failed", why) from None
        self.kick_bots()

    def halt(self, why: str) -> None:
        """Stop taking actions; no state after the last good save is shown again (see ``state_frame``)."""
        self.halted = why
        self.close()
        self.notice({"kind": "halted", "message": why})

    def _options_of(self, s: int) -> tuple[bool, tuple[int, ...]]:
        m = self.match
        return (s in m.to_act, tuple(m.legal_actions(s)) if s in m.to_act else ())

    async def _apply_bot(self, p: int, name: str, reason: str) -> bool:
        async with self.lock:
            m = self.match
            if m.is_over or p not in m.to_act:
                return False
            if self.halted:
                return False
            try:
                # A bot thinks with the GIL released, off the event loop: other tables keep playing.
                a = await asyncio.get_running_loop().run_in_executor(bot_pool(name), m.bot, name, p)
                label = m.describe(a, p).get("label", str(a)) if reason in ("takeover", "clock") else ""
                turn = m.decisions
                m.apply(p, a)
                if reason in ("takeover", "clock"):
                    self.record.add(turn, p, reason, str(label))
            except Exception as e:  # bots are plugin code: any exception is theirs, not the server's
                # A bot that cannot move is a plugin bug; log it and leave the seat waiting rather than crash.
                log.error(
                    "match %s: bot %r for seat %d failed: %s: %s", self.id, name, seat_number(p), type(e).__name__, e
                )
                return False
            try:
                await self._applied(p)
            except BadFrame:
                return False  # halted: the table told its subscribers
        if reason == "clock":
            self.notice(
                {
                    "kind": "timeout",
                    "seat": p,
                    "bot": name,
                    "message": f"seat {seat_number(p)}'s clock ran out; its fallback bot {name!r} acted",
                }
            )
        self.publish()
        return True

    # -- server-side bots --------------------------------------------------------------------------------------
    def kick_bots(self) -> None:
        if self._closed or (self._bots is not None and not self._bots.done()):
            return
        if any(self.bot_for(p) for p in self.match.to_act):
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while not self._closed and not self.match.is_over:
            todo = [p for p in self.match.to_act if self.bot_for(p)]
            if not todo:
                return
            for p in todo:
                bot = self.bot_for(p)
                if bot is None:  # its player came back while another seat's bot moved
                    continue
                if not await self._apply_bot(p, bot, "bot" if self.seats[p].bot else "takeover"):
                    return
            # Let clients and other tables run between bot moves: a bots-only match must not hog the loop.
            await asyncio.sleep(0)

    # -- takeover of dropped seats ---------------------------------------------------------------------------
    def bot_for(self, p: int) -> str | None:
        """The bot that plays seat ``p`` now: its server bot, or the takeover bot while its player is away and
        another player is here (nobody plays a match out for no one: it waits, and expires as abandoned)."""
        s = self.seats[p]
        if s.bot is not None:
            return s.bot
        if s.standin and self.takeover is not None and self._players_here():
            return self.takeover.bot
        return None

    def _players_here(self) -> bool:
        return any(sub.seat is not None for sub in self.subscribers)

    def presence(self) -> None:
        """Called whenever a client subscribes or goes: start an absent player's grace, hand a returning player
        back their seat, and arm the timer of the next takeover."""
        self.seen_alone()
        online = {sub.seat for sub in self.subscribers if sub.seat is not None}
        now = time.monotonic()
        for s in self.seats:
            if s.bot is not None or s.token_hash is None:
                s.away_since = None
            elif s.index in online:
                s.away_since = None
                if s.standin:
                    self._hand_back(s)
            elif s.away_since is None:
                s.away_since = now
        self._arm_takeover()
        self.kick_bots()  # a standin waits while nobody is here, and moves again when someone comes back

    def _hand_back(self, s: Seat) -> None:
        # From the next decision on the player chooses again: a move its bot is thinking about now still lands.
        s.standin = False
        played = len(self.record.played_for[s.index])
        log.info("match %s: player %d is back after %s", self.id, seat_number(s.index), count(played, "bot decision"))
        self.notice(reclaimed_notice(s.index, played))
        self._arm_clock()
        self.publish()  # saved by the resume that brought them back (``Server.dispatch``)

    def _arm_takeover(self) -> None:
        if self._takeover_timer is not None:
            self._takeover_timer.cancel()
            self._takeover_timer = None
        if self.takeover is None or self.match.is_over or self._closed or self.halted:
            return
        due = [s.away_since for s in self.seats if s.away_since is not None and not s.standin]
        if not due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # built outside the loop: armed again by start()
            return
        delay = max(0.0, min(due) + self.takeover.after - time.monotonic())
        self._takeover_timer = loop.call_later(delay, self._takeover_fired)

    def _takeover_fired(self) -> None:
        self._takeover_timer = None
        self._takeover_task = asyncio.get_running_loop().create_task(self._take_over())

    async def _take_over(self) -> None:
        t = self.takeover
        if t is None or self.match.is_over or self._closed or self.halted or not self._players_here():
            return  # with nobody here, the next player to come back starts it (and is told)
        now = time.monotonic()
        due = [s for s in self.seats if s.away_since is not None and not s.standin and now - s.away_since >= t.after]
        for s in due:
            s.standin = True
            log.info("match %s: seat %d's player away %g s; %r plays it", self.id, seat_number(s.index), t.after, t.bot)
            self.notice(takeover_notice(s.index, t))
        if due:
            self._arm_clock()
            await self.save_seats()
            self.kick_bots()
            self.publish()
        self._arm_takeover()

    async def save_seats(self) -> None:
        """Save a change of who plays a seat, so a restart keeps it; a failure is logged (the next action's save
        would fail too and stop the match, saying so)."""
        if self.saver is None or self._closed:
            return
        async with self.lock:
            try:
                await self.saver(self)
            except Exception as e:
                log.error("match %s: saving a seat change failed: %s: %s", self.id, type(e).__name__, e)

    # -- turn clock ----------------------------------------------------------------------------------------
    def _arm_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self.turn_seconds or self.match.is_over or self._closed:
            self.deadlines.clear()
            return
        now = time.monotonic()
        # Only claimed seats are on the clock: a seat nobody has joined yet waits for its player, instead of being
        # played by the fallback bot before anyone could sit down. A claimed seat whose player dropped is on it.
        # A seat its takeover bot plays is off the clock: the bot answers within its own time budget.
        waiting = [p for p in self.match.to_act if self.seats[p].bot is None and self.seats[p].token_hash is not None]
        waiting = [p for p in waiting if not self.seats[p].standin]
        self.deadlines = {p: self.deadlines.get(p, now + self.turn_seconds) for p in waiting}
        if self.deadlines:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # built outside the loop (tests, loading): armed again by start()
                return
            delay = max(0.0, min(self.deadlines.values()) - now)
            self._timer = loop.call_later(delay, self._clock_fired)

    def _clock_fired(self) -> None:
        self._timer = None
        asyncio.get_running_loop().create_task(self._timeouts())

    async def _timeouts(self) -> None:
        now = time.monotonic()
        acted = False
        for p, deadline in sorted(self.deadlines.items()):
            if deadline <= now:
                acted = await self._apply_bot(p, self.fallback, "clock") or acted
        if not acted:
            self._arm_clock()

    def clock(self) -> dict[int, float]:
        now = time.monotonic()
        return {p: round(max(0.0, d - now), 1) for p, d in self.deadlines.items()}

    def start(self) -> None:
        """Called once the table is on the loop: arm the clock, start the takeover grace of every absent player
        and let bots move."""
        self._arm_clock()
        self.presence()
        self.kick_bots()

    def close(self) -> None:
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
        if self._takeover_timer is not None:
            self._takeover_timer.cancel()
        if self._takeover_task is not None:
            self._takeover_task.cancel()
        if self._bots is not None:
            self._bots.cancel()

    # -- what clients see ------------------------------------------------------------------------------------
    def publish(self) -> None:
        for sub in list(self.subscribers):
            sub.mark()

    def notice(self, body: dict[str, Any]) -> None:
        frame = {"t": "notice", "match": self.id, **body}
        for sub in list(self.subscribers):
            sub.conn.send(frame)

    def state_frame(self, seat: int | None, since: int) -> tuple[bytes, int]:
        """The encoded state frame as ``seat`` (None: a spectator) may see it, with the events from index ``since``
        on, and the index of the next event. Only while ``lock`` is free: a held lock means an action may not be on
        disk yet."""
        m = self.match
        clock = self.clock() or None
        key = (seat, since, m.decisions, m.event_count, tuple(sorted(clock.items())) if clock else None)
        cached = self._frames.get(key)
        if cached is not None:
            # Spectators (and a seat's several connections) at the same point get the same bytes: 150 watchers
            # of one table cost one composition, not 150 (benches/net_attacks.py, stalled readers).
            return cached, m.event_count
        if len(self._frames) >= 64 or (self._frames and next(iter(self._frames))[2:4] != key[2:4]):
            self._frames.clear()
        to_act = list(m.to_act)
        actions: list[dict[str, Any]] = []
        if seat is not None and seat in to_act:
            actions = [m.describe(a, seat) for a in m.legal_actions(seat)]
        next_event = m.event_count
        frame = {
            "t": "state",
            "match": self.id,
            "game": m.game.id,
            "seat": seat,
            "turn": m.decisions,
            "to_act": to_act,
            "next_event": next_event,
            "actions": actions,
            "clock": clock,
            "over": m.is_over,
            "outcome": m.outcome,
        }
        if seat is not None and self.record.played_for[seat]:
            # Only to the seat itself, in its own labels: what its takeover bot chose while its player was away.
            frame["played_for"] = [{"turn": t, "label": label} for t, label in self.record.played_for[seat]]
        # The view and events come from the core as msgpack; they go out as they are.
        packed = {"view": m.view_msgpack(seat), "events": m.events_msgpack(since, seat)}
        data = self._frames[key] = encode_spliced(frame, packed)
        return data, next_event

    def summary(self) -> dict[str, Any]:
        m = self.match
        online = {sub.seat for sub in self.subscribers if sub.seat is not None}
        made = self.record.counts()
        return {
            "id": self.id,
            "game": m.game.id,
            "players": m.players,
            "turn": m.decisions,
            "over": m.is_over,
            "turn_seconds": self.turn_seconds,
            "takeover": None if self.takeover is None else self.takeover.to_meta(),
            "seats": [
                {
                    "seat": s.index,
                    "bot": s.bot,
                    "taken": s.token_hash is not None,
                    "online": s.index in online,
                    "standin": s.standin,
                    "bot_decisions": made[s.index],
                }
                for s in self.seats
            ],
            "watchers": sum(1 for sub in self.subscribers if sub.seat is None),
        }

    # -- persistence -------------------------------------------------------------------------------------------
    def net_meta(self) -> dict[str, Any]:
        """What a restarted server needs besides the match itself; saved in the snapshot's ``meta``."""
        return {
            "id": self.id,
            "seats": [{"bot": s.bot, "token": s.token_hash, "standin": s.standin} for s in self.seats],
            "turn_seconds": self.turn_seconds,
            "fallback": self.fallback,
            "takeover": None if self.takeover is None else self.takeover.to_meta(),
            **self.record.to_meta(),
        }

    @classmethod
    def from_saved(cls, match: MatchBase, saver: Saver | None) -> Table:
        net = match.meta["net"]
        seats = [
            Seat(i, bot=s.get("bot"), token_hash=s.get("token"), standin=s.get("standin", False))
            for i, s in enumerate(net["seats"])
        ]
        t = net.get("takeover")
        return cls(
            net["id"],
            match,
            seats,
            net.get("turn_seconds"),
            net.get("fallback", "random"),
            saver,
            takeover=None if t is None else Takeover(t["bot"], float(t["after"])),
            record=BotRecord.from_meta(net, match.players),
        )
