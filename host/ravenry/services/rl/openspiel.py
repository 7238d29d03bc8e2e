"""OpenSpiel: every Ravenry game as a registered pyspiel Python game.

Importing this module registers every game with a Rust core (``python_ravenry_<game>``), as importing one of
OpenSpiel's own Python games registers it, so ``pyspiel.load_game`` and unpickling work after this one import.

Facts declared to OpenSpiel: sequential dynamics (a secret simultaneous commit becomes one turn per seat in
``to_act``, in seat order, each blind to the others because a commit is face down in every other view: a
turn-based transform), deterministic chance (every shuffle and roll comes from the ``seed`` parameter: a game
loaded with one seed always starts the same match, another seed deals another one), imperfect information,
general-sum utility, terminal rewards. ``resample_from_infostate`` goes through the core's ``determinize``.

Strings: a seat's observation is its view as compact JSON; its information state adds its own actions so far and
a digest of every view it has had (perfect recall). States pickle and serialize as OpenSpiel's Python games do
(history plus the Python attributes); the match inside travels as its save bytes, so a resampled world survives.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any, cast
from urllib.parse import unquote

import numpy as np
import pyspiel

from ravenry.model.game import game as find_game
from ravenry.model.game import games as all_games
from ravenry.model.match import Match, unpack
from ravenry.model.snapshot import load_match
from ravenry.services.rl._tensors import Tensors

# A safeguard for algorithms that size buffers by it; no measured Ravenry match comes near it.
MAX_GAME_LENGTH = 100_000

# OpenSpiel's game strings split parameters on "," and "=" and nest on "(" ")": a string parameter holding one of
# these (a list option's JSON) is percent-encoded in the canonical string, so game.ToString() loads back.
_UNSAFE = {c: f"%{ord(c):02X}" for c in "%,=()"}


def short_name(game: str) -> str:
    return "python_ravenry_" + game.replace("-", "_")


def _json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def encode_options(options: Mapping[str, Any]) -> str:
    """``options`` as the ``options`` game parameter: compact JSON, percent-encoding what game strings split on."""
    return "".join(_UNSAFE.get(c, c) for c in _json(dict(options)))


def decode_options(text: str) -> dict[str, Any]:
    """The ``options`` game parameter back to a dict (plain JSON or its percent-encoded form)."""
    options = json.loads(unquote(text or "{}"))
    if not isinstance(options, dict):
        raise ValueError(f"the options parameter must be a JSON object, got {text!r}")
    return options


def _variants(text: str) -> list[str]:
    # "+" joins them in the canonical string (a "," would end the parameter); "," is accepted from a params dict.
    return [v for v in str(text or "").replace(",", "+").split("+") if v]


class _Held:
    """The match inside a state. pyspiel clones a Python state by deep-copying its attributes; this makes that copy
    the core's cheap clone (same RNG position) instead of a pickle of the Rust object. Pickled (OpenSpiel's
    serialization pickles a Python state's attributes) it is the match's save bytes: a determinized world, which no
    replay from the seed gives back, survives too."""

    def __init__(self, match: Match) -> None:
        self.match = match

    def __deepcopy__(self, memo: dict) -> _Held:
        return _Held(self.match.clone())

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return _held_from_bytes, (self.match.to_bytes(),)


def _view_digest(match: Match, before: bytes, seat: int) -> bytes:
    return hashlib.blake2b(before + match.view_msgpack(seat), digest_size=8).digest()


def _held_from_bytes(data: bytes) -> _Held:
    return _Held(cast(Match, load_match(data)))


class RavenryState(pyspiel.State):
    """A Ravenry match as an OpenSpiel state."""

    def __init__(self, game: RavenryGame, match: Match, digests: list[bytes]) -> None:
        super().__init__(game)
        self._held = _Held(match)
        # Per seat: a running digest of every view the seat has had, and its own actions (its perfect recall).
        self._digests = digests
        self._own: list[list[int]] = [[] for _ in range(match.players)]

    # Looked up on the game rather than held: the state's attributes are what OpenSpiel pickles, and the ruleset
    # inside Tensors does not pickle (a deserialized state is made by its game, which has them).
    @property
    def tensors(self) -> Tensors:
        return cast(RavenryGame, self.get_game()).tensors

    @property
    def score_rewards(self) -> bool:
        return cast(RavenryGame, self.get_game()).score_rewards

    @property
    def match(self) -> Match:
        return self._held.match

    def _view_digest(self, before: bytes, p: int) -> bytes:
        return _view_digest(self.match, before, p)

    def current_player(self) -> int:
        if self.match.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.match.to_act[0])

    def _legal_actions(self, player: int) -> list[int]:
        return [int(i) for i in np.flatnonzero(self.match.legal_mask(player))]

    def _apply_action(self, action: int) -> None:
        seat = self.match.to_act[0]
        self.match.apply(seat, self.tensors.code(int(action)))
        self._own[seat].append(int(action))
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
        seed = int.from_bytes(self._digests[player_id], "little") ^ self.match.decisions
        # A clone keeps the history (pyspiel holds it in C++); the match inside is swapped for the sampled world.
        state = self.clone()
        state._held = _Held(self.match.determinized(player_id, seed))
        # The other seats hold other hidden cards in the sampled world: their information states take it in, so a
        # search keys their decisions on what they would see there (the resampling seat's key is unchanged).
        state._digests = [d if q == player_id else state._view_digest(d, q) for q, d in enumerate(state._digests)]
        return state

    def view_string(self, seat: int | None) -> str:
        """``seat``'s view (``None``: the public's) as compact JSON: what the seat sees now, readable."""
        return _json(self.match.view(seat))

    def information_state_text(self, seat: int) -> str:
        """``seat``'s information state: its view now, its own actions (dense indices) so far and a digest of every
        view it has had; equal exactly where the seat's views and actions have been (to the digest's 64 bits)."""
        return f"{self.view_string(seat)} mine={_json(self._own[seat])} seen={self._digests[seat].hex()}"

    # No Python clone(): pyspiel's own keeps the history and move number (held in C++), and deep-copies these
    # attributes (the match by the core's clone).
    def __deepcopy__(self, memo: dict) -> RavenryState:
        return cast(RavenryState, self.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # OpenSpiel's own state pickling (its serialize_game_and_state) behind a module function, so unpickling
        # imports this module first and the game is registered in a fresh process too.
        return _state_from_string, (pyspiel.serialize_game_and_state(self.get_game(), self),)

    def __str__(self) -> str:
        # The whole state (every hidden card), as OpenSpiel's ToString: what its serialization checks compare.
        everything = _json(unpack(self.match.view_msgpack(None, all=True)))
        return f"{self.tensors.game.id} decisions={self.match.decisions} to_act={self.match.to_act} {everything}"


def _state_from_string(data: str) -> RavenryState:
    return cast(RavenryState, pyspiel.deserialize_game_and_state(data)[1])


class RavenryObserver:
    """The PyObserver of a Ravenry game. A seat's observation (public and the seat's private information): its
    observation tensor and view string, or with perfect recall its information state string. Public information
    only: the spectator's view string, no tensor. Other kinds are not provided (no string, no tensor)."""

    def __init__(self, tensors: Tensors, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        public = bool(getattr(iig_obs_type, "public_info", True))
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        self.kind = (
            "seat"
            if public and private == pyspiel.PrivateInfoType.SINGLE_PLAYER
            else "public"
            if public and private == pyspiel.PrivateInfoType.NONE and not self.perfect_recall
            else None
        )
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if self.kind == "seat":
            self.tensor = np.zeros(tensors.observation_size, np.float32)
            self.dict = {"info_state" if self.perfect_recall else "observation": self.tensor}

    def set_from(self, state: RavenryState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.match.observation(player)

    def string_from(self, state: RavenryState, player: int) -> str | None:
        if self.kind == "seat":
            return state.information_state_text(player) if self.perfect_recall else state.view_string(player)
        if self.kind == "public":
            return state.view_string(None)
        return None


class RavenryGame(pyspiel.Game):
    """A Ravenry game as a pyspiel Python game; parameters: players, seed (of the match every initial state
    starts), options (a JSON object), variants ("+"-separated), score_rewards."""

    game_id = ""

    def __init__(self, params: Mapping[str, Any] | None = None, *, game_id: str | None = None) -> None:
        game_id = game_id or self.game_id
        params = dict(params or {})
        options = decode_options(str(params.get("options") or "{}"))
        self.tensors = Tensors(game_id, params.get("players") or None, options, _variants(params.get("variants", "")))
        self.score_rewards = bool(params.get("score_rewards", False))
        self.seed = int(params.get("seed", 0))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.tensors.action_size,
            max_chance_outcomes=0,
            num_players=self.tensors.players,
            # Scores (and a solo game's reward, its score) have no bound the game declares.
            min_utility=-1e9 if self.score_rewards or self.tensors.players == 1 else 0.0,
            max_utility=1e9 if self.score_rewards or self.tensors.players == 1 else 1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        # Canonical values: game.ToString() loads back as this same game (OpenSpiel's pickling and serialization).
        full = {
            "players": self.tensors.players,
            "seed": self.seed,
            "options": encode_options(options),
            "variants": "+".join(self.tensors.variants),
            "score_rewards": self.score_rewards,
        }
        super().__init__(_game_type(game_id, self.tensors), info, full)
        self._initial: tuple[Match, list[bytes]] | None = None

    def new_initial_state(self) -> RavenryState:
        # Deterministic: the seed fixes every shuffle and roll, so every initial state is one match, made once and
        # cloned (pyspiel makes an initial state for each clone and each deserialized state, then overwrites it).
        if self._initial is None:
            m = self.tensors.new_match(self.seed)
            self._initial = m, [_view_digest(m, b"", p) for p in range(m.players)]
        match, digests = self._initial
        return RavenryState(self, match.clone(), list(digests))

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> RavenryObserver:
        return RavenryObserver(self.tensors, iig_obs_type, params)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # The game string, loaded back by a module function: unpickling imports this module, which registers it.
        return _game_from_string, (str(self),)


def _game_from_string(text: str) -> pyspiel.Game:
    return pyspiel.load_game(text)


def _game_type(game_id: str, tensors: Tensors) -> pyspiel.GameType:
    lo, hi = tensors.ruleset.players
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Ravenry {tensors.game.spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
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


def register_all() -> list[str]:
    """Register every game with a Rust core; returns their short names."""
    return [register(info.id) for info in all_games() if find_game(info.id).spec.core is not None]


def openspiel_game(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    variants: Iterable[str] = (),
    seed: int = 0,
    score_rewards: bool = False,
) -> pyspiel.Game:
    """``game`` registered with pyspiel and loaded with these parameters."""
    params: dict[str, Any] = {"seed": seed, "options": encode_options(options or {}), "score_rewards": score_rewards}
    if players is not None:
        params["players"] = players
    if variants:
        params["variants"] = "+".join(variants)
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


register_all()
