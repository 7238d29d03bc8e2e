"""A server killed with SIGKILL mid-match and started again resumes every match where it was: no action lost,
none applied twice, same seed, and the clients come back with their tokens. The match, once over, is archived
into ``DIR/finished/``."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import ravenry
from ravenry.model.snapshot import read
from ravenry.net.client import Client, SeatPlayer, random_chooser

from .conftest import GAMES, free_port, run, seats_for


def start_server(port: int, save_dir: Path, game: str) -> tuple[subprocess.Popen[str], list[str]]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-u",
            "-m",
            "ravenry.net.server",
            game,
            "--players",
            str(seats_for(game)),
            "--port",
            str(port),
            "--save-dir",
            str(save_dir),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    lines: list[str] = []
    deadline = time.monotonic() + 20
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.strip())
        if line.startswith("serving on"):
            return proc, lines
    proc.kill()
    raise AssertionError(f"server did not start: {lines}")


def slow_chooser(seed: int) -> object:
    base = random_chooser(seed)

    async def choose(state: dict) -> int | None:
        await asyncio.sleep(0.05)  # slow enough that the kill lands mid-match, even on a busy machine
        return await base(state)

    return choose


# The rigged coin is decided by its first move: it has no "mid-match" for a kill to land in.
@pytest.mark.parametrize("game", [g for g in GAMES if g != "coin"])
def test_server_killed_mid_match_resumes_every_match(tmp_path: Path, game: str) -> None:
    port = free_port()
    proc, lines = start_server(port, tmp_path, game)
    match_id = lines[0].split()[1].rstrip(":")
    save = tmp_path / f"{match_id}.rvn"
    url = f"ws://127.0.0.1:{port}"
    killed: dict[str, object] = {}

    async def go() -> list[SeatPlayer]:
        players = [
            SeatPlayer(url, match_id, seat=s, choose=slow_chooser(s), reconnect_for=30) for s in range(seats_for(game))
        ]
        tasks = [asyncio.ensure_future(p.run()) for p in players]
        # A second match on the same server, of every other game, waiting for players: it must come back too.
        async with Client(url) as c:
            for other in GAMES:
                await c.request("create", game=other, players=seats_for(other), seed=99, bots={1: "random"})
            while not any(p.last and p.last["turn"] >= 2 for p in players):
                await asyncio.sleep(0.005)
            # Their bots moved long ago (at creation), so this is what the saves hold at the kill.
            killed["lobby"] = sorted((m["id"], m["game"], m["turn"]) for m in (await c.request("list"))["matches"])
        proc.send_signal(signal.SIGKILL)
        await asyncio.to_thread(proc.wait)
        killed["at"] = time.monotonic()
        killed["save"] = read(save)
        new_proc, new_lines = await asyncio.to_thread(start_server, port, tmp_path, game)
        killed["proc"], killed["lines"] = new_proc, new_lines
        await asyncio.gather(*tasks)
        async with Client(url) as c:
            killed["lobby_after"] = sorted(
                (m["id"], m["game"], m["turn"]) for m in (await c.request("list"))["matches"] if m["id"] != match_id
            )
        return players

    try:
        # A random agot-ccg match runs to 750 decisions at 0.05 s each: the budget is for the slowest game on a
        # loaded machine, not a speed claim.
        players = run(go(), timeout=120)
    finally:
        for p in (proc, killed.get("proc")):
            if isinstance(p, subprocess.Popen) and p.poll() is None:
                p.send_signal(signal.SIGTERM)
                p.wait(5)
    before = killed["save"]
    assert isinstance(before, dict) and len(before["actions"]) >= 2
    assert any(match_id in line for line in killed["lines"])  # type: ignore[attr-defined]
    assert not save.exists(), "the finished match's save is still in the live folder"
    save = tmp_path / "finished" / f"{match_id}.rvn"
    final = ravenry.load_match(save, verify=True)  # replays from the seed: the history is a real match
    history = [list(a) for a in final.history()]
    assert final.is_over and final.seed == before["seed"] and len(history) > len(before["actions"])
    # Nothing saved before the kill was lost or changed...
    assert history[: len(before["actions"])] == before["actions"]
    for p in players:
        assert p.reconnects >= 1 and all(e["code"] != "bad-token" for e in p.errors)
        moves = [a for s, a in history if s == p.seat]
        acked_before = [a for _, a, t in p.acks if t < killed["at"]]  # type: ignore[operator]
        saved_before = [a for s, a in before["actions"] if s == p.seat]
        # ...every acknowledged action was on disk before the client heard "ok"...
        assert acked_before == saved_before[: len(acked_before)] and len(saved_before) - len(acked_before) <= 1
        # ...and every acknowledged action is in the history exactly once (at most one more, applied and saved
        # while the kill cut its "ok" off).
        acked = [a for _, a, _ in p.acks]
        assert acked == moves or any(acked == moves[:i] + moves[i + 1 :] for i in range(len(moves)))
    assert os.path.getsize(save) > 0
    # Every other match came back as it was (no one played in them, so their turn is unchanged).
    waiting = [m for m in killed["lobby"] if m[0] != match_id]  # type: ignore[attr-defined]
    assert killed["lobby_after"] == waiting and len(waiting) == len(GAMES)
