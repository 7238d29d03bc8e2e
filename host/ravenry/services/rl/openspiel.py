"""OpenSpiel: every Ravenry game as a registered pyspiel Python game.

Facts declared to OpenSpiel: sequential dynamics (a secret simultaneous commit becomes one turn per seat in
``to_act``, in seat order, each blind to the others because a commit is face down in every other view: a
turn-based transform), sampled stochastic chance (the seeded RNG inside the state), imperfect information,
general-sum utility, terminal rewards. ``resample_from_infostate`` goes through the core's ``determinize``.

Information states: the string is a digest of the seat's view after every decision so far (perfect recall of what
the seat saw); the tensor is the seat's current observation tensor (the view already keeps the seat's record of
the match, e.g. discards and scores, but not the full action sequence).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pyspiel

from ravenry.model.match import Match
from ravenry.services.rl._tensors import Tensors

# A safeguard for algorithms that size buffers by it; no measured Ravenry match comes near it.
MAX_GAME_LENGTH = 100_000


def short_name(game: str) -> str:
    return "python_ravenry_" + game.replace("-", "_")


class _Held:
    """The match inside a state. pyspiel clones a Python state by deep-copying its attributes; this makes that copy
    the core's cheap clone (same RNG position) instead of a pickle of the Rust object."""

    def __init__(self, match: Match) -> None:
        self.match = match

    def __deepcopy__(self, memo: dict) -> _Held:
        return _Held(self.match.clone())


class RavenryState(pyspiel.State):
    """A Ravenry match as an OpenSpiel state."""

    def __init__(self, game: RavenryGame, match: Match, digests: list[bytes] | None = None) -> None:
        super().__init__(game)
        self.tensors = game.tensors
        self.score_rewards = game.score_rewards
        self._held = _Held(match)
        # Per seat: a running digest of every view the seat has had (its perfect-recall information state).
        self._digests = digests if digests is not None else [self._view_digest(b"", p) for p in range(match.players)]

    @property
    def match(self) -> Match:
        return self._held.match

    def _view_digest(self, before: bytes, p: int) -> bytes:
        return hashlib.blake2b(before + self.match.view_msgpack(p), digest_size=16).digest()

    def current_player(self) -> int:
        if self.match.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.match.to_act[0])

    def _legal_actions(self, player: int) -> list[int]:
        return [int(i) for i in np.flatnonzero(self.match.legal_mask(player))]

    def _apply_action(self, action: int) -> None:
        self.match.apply(self.match.to_act[0], self.tensors.code(int(action)))
        self._digests = [self._view_digest(d, p) for p, d in enumerate(self._digests)]

    def _action_to_string(self, player: int, action: int) -> str:
        code = self.tensors.code(int(action))
        # Two copies of a card in hand make equal labels; the code keeps OpenSpiel's action strings unique.
        return f"{self.match.describe(code, player)['label']} [{code}]"

    def is_terminal(self) -> bool:
        return bool(self.match.is_over)

    def returns(self) -> list[float]:
        return self.tensors.rewards(self.match, self.score_rewards)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> RavenryState:
        """A state ``player_id`` cannot tell from this one: the core resamples what the seat cannot see."""
        seed = int.from_bytes(self._digests[player_id][:8], "little") ^ self.match.decisions
        state = RavenryState(self.get_game(), self.match.determinized(player_id, seed), list(self._digests))
        # The other seats hold other hidden cards in the sampled world: their information states take it in, so a
        # search keys their decisions on what they would see there (the resampling seat's key is unchanged).
        state._digests = [d if q == player_id else state._view_digest(d, q) for q, d in enumerate(state._digests)]
        return state

    def clone(self) -> RavenryState:
        return RavenryState(self.get_game(), self.match.clone(), list(self._digests))

    def __deepcopy__(self, memo: dict) -> RavenryState:
        return self.clone()

    def __str__(self) -> str:
        return f"{self.tensors.game.id} decisions={self.match.decisions} to_act={self.match.to_act}"


class RavenryObserver:
    """The PyObserver of a Ravenry game: the seat's observation tensor, and view strings."""

    def __init__(self, tensors: Tensors, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        self.tensor = np.zeros(tensors.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RavenryState, player: int) -> None:
        self.tensor[:] = state.match.observation(player)

    def string_from(self, state: RavenryState, player: int) -> str:
        if self.perfect_recall:
            return state._digests[player].hex()
        return hashlib.blake2b(state.match.view_msgpack(player), digest_size=16).hexdigest()


class RavenryGame(pyspiel.Game):
    """A Ravenry game as a pyspiel Python game; parameters: players, seed, options (JSON), variants
    (comma-separated), score_rewards."""

    game_id = ""

    def __init__(self, params: Mapping[str, Any] | None = None, *, game_id: str | None = None) -> None:
        game_id = game_id or self.game_id
        params = dict(params or {})
        self.tensors = Tensors(
            game_id,
            params.get("players") or None,
            json.loads(params.get("options") or "{}"),
            [v for v in str(params.get("variants") or "").split(",") if v],
        )
        self.score_rewards = bool(params.get("score_rewards", False))
        self._seed = int(params.get("seed", 0))
        # New initial states are seeded by (seed, counter); the counter is the game's RNG state.
        self._counter = 0
        game_type = _game_type(game_id, self.tensors)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.tensors.action_size,
            max_chance_outcomes=0,
            num_players=self.tensors.players,
            min_utility=-1e9 if self.score_rewards else 0.0,
            max_utility=1e9 if self.score_rewards else 1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        full = {
            "players": self.tensors.players,
            "seed": int(params.get("seed", 0)),
            "options": json.dumps(params.get("options") and json.loads(params["options"]) or {}),
            "variants": ",".join(self.tensors.variants),
            "score_rewards": self.score_rewards,
        }
        super().__init__(game_type, info, full)

    def new_initial_state(self) -> RavenryState:
        key = f"{self._seed}:{self._counter}".encode()
        seed = int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little")
        self._counter += 1
        return RavenryState(self, self.tensors.new_match(seed))

    def get_rng_state(self) -> str:
        return str(self._counter)

    def set_rng_state(self, rng_state: str) -> None:
        self._counter = int(rng_state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> RavenryObserver:
        return RavenryObserver(self.tensors, iig_obs_type, params)


def _game_type(game_id: str, tensors: Tensors) -> pyspiel.GameType:
    lo, hi = tensors.ruleset.players
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Ravenry {tensors.game.spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": lo, "seed": 0, "options": "{}", "variants": "", "score_rewards": False},
    )


_registered: dict[str, type[RavenryGame]] = {}


def register(game: str) -> str:
    """Register ``game`` with pyspiel (once); returns its short name for ``pyspiel.load_game``."""
    name = short_name(game)
    if game not in _registered:
        # A class per game, as pyspiel's own Python games register: the registry outlives the interpreter, and a
        # class (unlike a closure) is not freed by it after Python has shut down.
        cls = type(f"RavenryGame_{game.replace('-', '_')}", (RavenryGame,), {"game_id": game})
        pyspiel.register_game(_game_type(game, Tensors(game)), cls)
        _registered[game] = cls
    return name


def openspiel_game(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    variants: Iterable[str] = (),
    seed: int = 0,
    score_rewards: bool = False,
) -> pyspiel.Game:
    """``game`` registered with pyspiel and loaded with these parameters."""
    params: dict[str, Any] = {"seed": seed, "options": json.dumps(dict(options or {})), "score_rewards": score_rewards}
    if players is not None:
        params["players"] = players
    if variants:
        params["variants"] = ",".join(variants)
    return pyspiel.load_game(register(game), params)


class CoreRolloutEvaluator:
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots that plays each rollout to the end with one of Ravenry's
    core bots (``random`` by default) on a clone of the match, instead of stepping pyspiel states in Python."""

    def __init__(self, bot: str = "random", rollouts: int = 1) -> None:
        self.bot = bot
        self.rollouts = rollouts

    def evaluate(self, state: RavenryState) -> np.ndarray:
        total = np.zeros(state.match.players)
        for _ in range(self.rollouts):
            m = state.match.clone()
            while not m.is_over:
                for p in m.to_act:
                    m.apply(p, m.bot_action(self.bot, p))
            total += state.tensors.rewards(m, state.score_rewards)
        return total / self.rollouts

    def prior(self, state: RavenryState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]
