"""The server as the only authority, as a property: whatever mix of act frames arrive (any seat's token, any
turn, any code), the match on the server is exactly the seed replayed with the actions it acknowledged, and
every refusal changed nothing."""

from __future__ import annotations

import msgpack
import ravenry
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ravenry.net.limits import Limits
from websockets.sync.client import connect

from .conftest import GAMES, create, live_server, run, seats_for

attempts = st.lists(
    st.tuples(
        st.integers(0, 3),  # which seat's token (modulo the seats there are)
        st.sampled_from(["now", "past", "future", "zero"]),  # the turn it claims to have chosen at
        st.one_of(st.just("legal"), st.integers(0, 40)),  # a legal action of that seat, or any code
    ),
    min_size=1,
    max_size=25,
)


def test_acknowledged_actions_are_exactly_the_history() -> None:
    seen: dict[str, int] = {}
    # Every example creates a match and holds its seats from this one address: lift the lobby's caps, which this
    # property is not about (tests/net/test_hardening.py tests them).
    limits = Limits(
        rate=100_000,
        burst=100_000,
        matches_per_connection=100_000,
        matches_per_address=100_000,
        matches_per_range=100_000,
        seats_per_connection=100_000,
        seats_per_address=100_000,
        seats_per_range=100_000,
    )
    with live_server(limits) as live:

        @settings(deadline=None, suppress_health_check=list(HealthCheck))
        @given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), plan=attempts)
        def check(game: str, seed: int, plan: list[tuple[int, str, object]]) -> None:
            n = seats_for(game)
            mid = run(create(live.url, game, n, seed=seed))
            shadow = ravenry.game(game).new_match(n, seed)
            with connect(live.url) as ws:

                def ask(frame: dict) -> dict:
                    ws.send(msgpack.packb({**frame, "ref": 1}))
                    while True:  # skip state frames; the reply carries our ref
                        reply = msgpack.unpackb(ws.recv(timeout=5), strict_map_key=False)
                        if reply.get("ref") == 1:
                            return reply

                tokens = [ask({"t": "join", "match": mid, "seat": s})["token"] for s in range(n)]
                for who, when, what in plan:
                    seat = who % n
                    turn = {
                        "now": shadow.decisions,
                        "past": shadow.decisions - 1,
                        "future": shadow.decisions + 1,
                        "zero": 0,
                    }[when]
                    legal = shadow.legal_actions(seat) if seat in shadow.to_act else []
                    action = legal[0] if what == "legal" and legal else (what if isinstance(what, int) else 0)
                    before = shadow.state_msgpack()
                    reply = ask(
                        {"t": "act", "match": mid, "token": tokens[seat], "turn": max(turn, 0), "action": action}
                    )
                    key = "ok" if reply["t"] == "ok" else reply["code"]
                    seen[key] = seen.get(key, 0) + 1
                    if reply["t"] == "ok":
                        # Accepted: it was legal for that seat now, and we apply it to the shadow too.
                        assert action in legal
                        shadow.apply(seat, action)
                        assert reply["turn"] == shadow.decisions
                    else:
                        assert reply["t"] == "error" and reply["code"] in {
                            "not-your-turn",
                            "stale",
                            "illegal",
                            "match-over",
                        }, reply
                        assert shadow.state_msgpack() == before
                    server = live.call(lambda: live.server.tables[mid].match.state_msgpack())
                    assert server == shadow.state_msgpack()

        check()
    # The plans really mixed accepted moves with each kind of refusal (else the property above says little).
    assert seen.get("ok", 0) > 0 and {"not-your-turn", "stale", "illegal"} <= set(seen), seen
