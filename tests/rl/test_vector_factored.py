"""``VectorEnv(actions="factored")``: one index per factor, a mask per factor given the chosen prefix, the same
matches as the dense env, and no mask wider than a few hundred for the CCG."""

from __future__ import annotations

import numpy as np
import pytest
from ravenry import IllegalAction, OptionError
from ravenry.rl import Tensors, VectorEnv

from tests.rl.conftest import game_cases

CASES = game_cases()
IDS = [f"{g}-{n}p" for g, n in CASES]


def rows(env: VectorEnv) -> list[np.ndarray]:
    """Each match's legal actions (rows of factor indices, or dense indices), in the game's legal order."""
    indices, offsets = env.legal()
    return [indices[offsets[i] : offsets[i + 1]] for i in range(env.n)]


def reachable(env: VectorEnv, i: int, legal: list[np.ndarray]) -> set[tuple[int, ...]]:
    """Every tuple reachable for match ``i`` by walking ``masks_after`` a factor at a time (the other matches hold
    a prefix of their first legal row)."""
    f = len(env.factor_sizes)
    open_, leaves = [()], set()
    first = np.stack([r[0] for r in legal])
    while open_:
        prefix = open_.pop()
        k = len(prefix)
        if k == f:
            leaves.add(prefix)
            continue
        p = first[:, :k].copy()
        p[i] = prefix
        mask = env.masks_after(p)
        assert mask.shape == (env.n, env.factor_sizes[k]) and mask.dtype == np.uint8
        open_ += [(*prefix, int(v)) for v in np.flatnonzero(mask[i])]
    return leaves


@pytest.mark.parametrize("players", [2, 4])
def test_the_ccg_factors_are_narrow_and_join_into_its_codes(players: int) -> None:
    env = VectorEnv("agot-ccg", 4, players=players, seed=1, workers=1, actions="factored")
    t = Tensors("agot-ccg", players)
    assert env.factor_names == ["kind", "x", "y"]
    assert max(env.factor_sizes) <= 600, env.factor_sizes
    assert t.action_size == {2: 74_818, 4: 147_788}[players]
    _, mask, _ = env.reset()
    assert mask.shape == (4, env.factor_sizes[0])
    kinds, xs, ys = (env.factor_values(k).astype(np.int64) for k in range(3))
    for r in rows(env):
        for a, x, y in r:
            code = int(kinds[a] << 24 | xs[x] << 16 | ys[y])
            assert t.code(t.index(code)) == code, "every legal tuple joins into a code of the dense space"


@pytest.mark.parametrize("players", [2, 4])
def test_a_factored_step_is_the_dense_step_and_the_masks_reach_exactly_the_legal_actions(players: int) -> None:
    dense = VectorEnv("agot-ccg", 6, players=players, seed=3, workers=2)
    fact = VectorEnv("agot-ccg", 6, players=players, seed=3, workers=2, actions="factored")
    t = Tensors("agot-ccg", players)
    kinds, xs, ys = (fact.factor_values(k).astype(np.int64) for k in range(3))
    od, md, sd = dense.reset()
    of, mf, sf = fact.reset()
    rng = np.random.default_rng(players)
    dones = 0
    for step in range(120):
        assert np.array_equal(od, of) and np.array_equal(sd, sf)
        ld, lf = rows(dense), rows(fact)
        picks = []
        for i in range(6):
            codes = [int(kinds[a] << 24 | xs[x] << 16 | ys[y]) for a, x, y in lf[i]]
            assert [t.index(c) for c in codes] == list(ld[i]), "the same legal actions, in the same order"
            assert np.array_equal(np.flatnonzero(mf[i]), np.unique(lf[i][:, 0]))
            if step % 20 == 0:
                assert reachable(fact, i, lf) == {tuple(map(int, r)) for r in lf[i]}
            picks.append(int(rng.integers(len(ld[i]))))
        actions = np.array([ld[i][j] for i, j in enumerate(picks)])
        tuples = np.stack([lf[i][j] for i, j in enumerate(picks)])
        od, md, sd, rd, dd = dense.step(actions)
        of, mf, sf, rf, df = fact.step(tuples)
        assert np.array_equal(rd, rf) and np.array_equal(dd, df)
        dones += int(dd.sum())
    assert np.array_equal(od, of)


def test_an_illegal_tuple_or_prefix_is_refused_naming_the_match_and_nothing_moves() -> None:
    env = VectorEnv("agot-ccg", 3, players=2, seed=4, workers=1, actions="factored")
    twin = VectorEnv("agot-ccg", 3, players=2, seed=4, workers=1, actions="factored")
    _, mask, _ = env.reset()
    twin.reset()
    good = env.random_legal(np.random.default_rng(4))
    assert good.shape == (3, 3)
    bad = good.copy()
    bad[1, 0] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(IllegalAction, match="match 1"):
        env.masks_after(bad[:, :1])
    with pytest.raises(IllegalAction, match="match 1"):
        env.step(bad)
    wide = good.copy()
    wide[2, 2] = env.factor_sizes[2]
    with pytest.raises(IllegalAction, match="match 2"):
        env.step(wide)
    with pytest.raises(OptionError):
        env.step(good[:, :2])
    with pytest.raises(OptionError):
        env.masks_after(good)
    a, b = env.step(good), twin.step(good)
    assert all(np.array_equal(x, y) for x, y in zip(a, b)), "the refused calls left every match as it was"


def test_factored_arrays_do_not_depend_on_the_worker_count() -> None:
    def run(workers: int) -> list[np.ndarray]:
        env = VectorEnv("agot-ccg", 8, players=3, seed=6, workers=workers, actions="factored")
        obs, mask, seat = env.reset()
        rng = np.random.default_rng(6)
        trace = [obs, mask, seat]
        for _ in range(60):
            chosen = env.random_legal(rng)
            trace += [env.masks_after(chosen[:, :1]), env.masks_after(chosen[:, :2])]
            obs, mask, seat, rewards, dones = env.step(chosen)
            trace += [obs, mask, seat, rewards, dones]
        return trace

    assert all(np.array_equal(a, b) for a, b in zip(run(1), run(2)))


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_every_game_steps_factored(game: str, players: int) -> None:
    """A game without a factoring of its own has one factor, its dense space: the same masks and steps."""
    dense = VectorEnv(game, 4, players=players, seed=2, workers=2)
    fact = VectorEnv(game, 4, players=players, seed=2, workers=2, actions="factored")
    a, b = dense.reset(), fact.reset()
    rng = np.random.default_rng(2)
    for _ in range(30):
        if len(fact.factor_sizes) == 1:
            assert fact.factor_sizes == [dense.action_size]
            assert all(np.array_equal(x, y) for x, y in zip(a, b))
        else:
            assert np.array_equal(a[0], b[0])
        d, f = rows(dense), rows(fact)
        j = [int(rng.integers(len(r))) for r in d]
        a = dense.step(np.array([r[k] for r, k in zip(d, j)]))
        b = fact.step(np.stack([r[k] for r, k in zip(f, j)]).reshape(4, -1))


def test_copy_false_hands_out_read_only_masks_overwritten_in_place() -> None:
    env = VectorEnv("agot-ccg", 4, players=2, seed=8, workers=2, actions="factored", copy=False)
    _, mask, _ = env.reset()
    rng = np.random.default_rng(8)
    chosen = env.random_legal(rng)
    m1 = env.masks_after(chosen[:, :1])
    assert not m1.flags.writeable and not mask.flags.writeable
    assert env.masks_after(chosen[:, :1]) is m1
    assert env.masks_after(chosen[:, :0]) is mask, "k = 0 is the first factor's mask"


def test_options_are_checked() -> None:
    with pytest.raises(OptionError):
        VectorEnv("fixture", 2, players=2, actions="sparse")
    dense = VectorEnv("fixture", 2, players=2)
    dense.reset()
    assert dense.factor_sizes == [] and dense.factor_names == []
    with pytest.raises(OptionError):
        dense.masks_after(np.zeros((2, 1), dtype=np.int64))
