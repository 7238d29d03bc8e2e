"""Resource limits of the server, in one place so docs/network.md and the tests can name them."""

from __future__ import annotations

import functools
import ipaddress
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    # The largest client frame: an ``act`` frame is ~100 bytes and ``create`` with options well under 4 KiB, so
    # 64 KiB is generous for honest clients and small enough that a flood costs little. websockets closes the
    # connection (code 1009) on anything bigger before we ever decode it.
    max_frame: int = 64 * 1024
    # Token bucket per connection: a steady rate and a burst. A bot answering every prompt at once in a
    # 4-seat simultaneous commit sends a handful of frames; humans send far fewer.
    rate: float = 100.0
    burst: int = 200
    # A connection rate-limited this many times in a row (it keeps sending without backing off) is closed
    # (policy violation). Strikes end with the next frame let through.
    strikes: int = 50
    # A connection that sends nothing (not even a ping frame) for this long is closed; clients ping every
    # ``idle_seconds / 3``.
    idle_seconds: float = 120.0
    # Frames waiting to be written to one connection. State updates are coalesced (one pending update per
    # subscription, composed when written), so only replies and notices queue; a client that lets this many
    # pile up is not reading and is dropped rather than growing the server's memory.
    outbox: int = 256
    # Matches one server will host, and subscriptions (seats and watched matches) per connection.
    max_matches: int = 10_000
    max_subscriptions: int = 64
    # Caps per client in the lobby, so one client cannot fill the server (one filled the 10,000 matches in
    # 8.6 s before these): unfinished matches created and seats of unfinished matches held, per connection and
    # per address (an address with many connections shares one allowance).
    matches_per_connection: int = 20
    matches_per_address: int = 50
    seats_per_connection: int = 32
    seats_per_address: int = 128
    # Unfinished matches created per address range (IPv4 /24, IPv6 /64): many addresses of one network share it,
    # so no one range can hold more than a twentieth of ``max_matches`` and a newcomer elsewhere still gets in.
    matches_per_range: int = 500
    # Seats of unfinished matches held per address range: many addresses of one network cannot sit in every seat.
    seats_per_range: int = 256
    # Unfinished matches with search bots (anything but random and heuristic) created per address and per range:
    # searches share one pool of threads, so one client's matches cannot make every other search wait long.
    search_matches_per_address: int = 3
    search_matches_per_range: int = 6
    # Open connections per address (each is a file descriptor and a reader): more are closed at once (1008).
    connections_per_address: int = 64
    # The most a search bot a client asks for (``create … bots``) thinks per move, in seconds: the server adds
    # ``max_seconds`` to its spec and runs it on one thread. The command line's bots are the operator's own.
    bot_seconds: float = 2.0
    # An unfinished match nobody (no seat holder, no watcher) has been connected to for this long is closed and
    # its save moved into ``DIR/expired/``, so abandoned matches do not hold the match limit for good, even
    # across a restart. A dropped player keeps the seat for a reconnect until then. The command line's match
    # is exempt.
    abandoned_seconds: float = 3600.0
    # An unfinished match none of whose seats anyone has ever claimed (created, then left empty) expires after this
    # long instead: a flood of empty matches frees its places in minutes, not in an hour.
    unjoined_seconds: float = 300.0
    # ``list`` replies at most this many summaries a page, and costs one extra frame of the rate limit per this
    # many hosted matches it scans and per this many summaries it sends: a 10-byte request that makes the server
    # scan thousands of matches pays for it (benches/net_attacks.py, list flood).
    list_page: int = 50
    list_scan_per_token: int = 100
    list_summaries_per_token: int = 5
    # A connection whose socket stays backed up (it does not read) this long is dropped.
    write_timeout: float = 10.0
    # A connection that has not finished its opening handshake in this long is dropped (slowloris).
    handshake_seconds: float = 10.0
    # A finished match nobody watches is dropped from memory after this long. Without it a long-running server
    # would keep every match ever played. (Its save left the live folder for ``DIR/finished/`` when its last move
    # landed: a restarted server does not load it again.)
    keep_finished_seconds: float = 3600.0
    # Archived saves (``DIR/finished/<id>.rvn``) are deleted this many days after the match's last write (the
    # file's mtime); None keeps them forever. A month lets a player replay or report a match long after it ended,
    # and bounds the folder by the server's recent traffic, not its whole history. Pruned once at start-up (one
    # listing of the folder, in a thread after the server is listening) and then by the sweeper, from a list in
    # memory: the folder is never listed again while the server runs.
    keep_archived_days: float | None = 30.0
    # A seated player disconnected this long has their seat played by the match's takeover bot, while another
    # player is connected, until they come back with their token; None turns takeovers off (a dropped player's seat
    # then waits for them and its turn clock). A match's creator may ask for a longer grace, not a shorter one.
    takeover_after_seconds: float | None = 60.0
    # The takeover bot of a match whose creator names none: a search with a time budget (one is required, so a
    # dropped seat cannot hold a thread without bound). A game without that bot gets its default bot.
    takeover_bot: str = "ismcts:ms=500"


class TokenBucket:
    """The classic rate limiter: ``rate`` tokens a second up to ``burst``; each frame takes one."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def charge(self, n: float) -> None:
        """Take ``n`` tokens for work already decided on, into debt if need be (down to ``-burst``): the frames
        after it are refused until the debt is paid, so an expensive request costs its real price."""
        self.take(0.0)
        self.tokens = max(-self.burst, self.tokens - n)

    def take(self, n: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= n:
            self.tokens -= n
            return True
        return False


@functools.lru_cache(maxsize=4096)
def address_range(address: str) -> str:
    """The network an address belongs to for the per-range caps: its IPv4 /24 or IPv6 /64 (the address itself if
    it is not an IP address)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))
