"""``ygo`` as an OpenSpiel game (the ``open-spiel`` package): ``python_ygo``.

    import pyspiel
    import ygo.openspiel  # registers "python_ygo"
    game = pyspiel.load_game("python_ygo", {"format": "goat", "deck_a": "goat-control", "deck_b": "chaos-control"})

Design (``docs/OPENSPIEL.md``): a sequential, zero-sum, imperfect-information game with
terminal rewards (+1 / -1, 0 for a draw or a duel cut at ``max_game_length``). Player 0 is
seat A (``deck_a``, who takes the first turn), player 1 seat B. The first node is a chance
node: ``seeds`` equally likely outcomes, outcome *k* starting ``ygo.Duel(deck_a, deck_b,
seed=k, format=format)`` (the shuffles; coin tosses and dice later in the duel come from the
duel's own random source, seeded by that outcome). An action is a row of the deciding
player's action table (``docs/OBSERVATION.md``): action *k* is the *k*-th entry of
``Duel.legal_actions()`` now, so ``num_distinct_actions`` is ``ygo.ACTION_ROWS``.

Tensors are the observation arrays of ``Duel.observe(player)`` flattened (float32):
``information_state_tensor`` all of them (``cards``, ``globals``, ``actions``,
``action_mask``, ``chain``, ``events``), ``observation_tensor`` the same without the event
table. Both are functions of ``view(player)`` and that player's legal actions only. The
information state string is the player's own record: after every move a digest of the
arrays that player saw, and the text of each of their own moves. The history (the seed's
outcome, then the rows) replays the duel; ``serialize`` is OpenSpiel's form for Python
games (that history, and the state's attributes pickled: the duel's bytes).

``RolloutEvaluator`` is an evaluator for OpenSpiel's MCTS and IS-MCTS bots
(``open_spiel.python.algorithms``) whose random rollouts run in Rust (``Duel.play_out``).
"""

from __future__ import annotations

import hashlib
import json

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - open_spiel is optional
    raise ImportError("ygo.openspiel needs OpenSpiel: pip install open_spiel (or ygo[openspiel])") from e

import ygo
from ygo._ygo import ACTION_COLS, ACTION_ROWS, CARD_COLS, CARD_ROWS, CHAIN_COLS, CHAIN_ROWS, EVENT_COLS, EVENT_ROWS, GLOBALS

SHORT_NAME = "python_ygo"
SEATS = ("A", "B")

#: The game's parameters and their defaults: a Goat pair.
DEFAULT_PARAMS = {
    "format": "goat",
    "deck_a": "goat-control",
    "deck_b": "chaos-control",
    "seeds": 1024,
    "max_game_length": 20000,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Yu-Gi-Oh! (ygo rules engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)

#: The observation tables in the order the tensors concatenate them, with their shapes.
TABLES = (
    ("cards", (CARD_ROWS, CARD_COLS)),
    ("globals", (GLOBALS,)),
    ("actions", (ACTION_ROWS, ACTION_COLS)),
    ("action_mask", (ACTION_ROWS,)),
    ("chain", (CHAIN_ROWS, CHAIN_COLS)),
    ("events", (EVENT_ROWS, EVENT_COLS)),
)


class YgoGame(pyspiel.Game):
    """``python_ygo``: parameters ``format``, ``deck_a``, ``deck_b``, ``seeds``, ``max_game_length``."""

    def __init__(self, params=None):
        p = dict(DEFAULT_PARAMS)
        p.update(params or {})
        self.format = p["format"] or None
        self.decks = (p["deck_a"], p["deck_b"])
        self.seeds = int(p["seeds"])
        self.max_length = int(p["max_game_length"])
        if self.seeds < 1 or self.max_length < 1:
            raise ValueError("seeds and max_game_length must be positive")
        ygo.Duel(*self.decks, seed=0, format=self.format)  # refuses unknown decks, or decks the format forbids
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_ROWS,
            max_chance_outcomes=self.seeds,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self):
        return YgoState(self)

    def max_chance_nodes_in_history(self):
        return 1  # the deal's seed

    def make_py_observer(self, iig_obs_type=None, params=None):
        return YgoObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def _observe(duel: ygo.Duel, seat: str) -> dict:
    """``duel.observe(seat)``; a position with more legal actions than ``ACTION_ROWS`` (none
    measured) shows its first ``ACTION_ROWS``, the ones offered as actions."""
    try:
        return duel.observe(seat, action_rows=ACTION_ROWS)
    except ygo.ObservationOverflow:
        obs = duel.observe(seat, action_rows=max(ACTION_ROWS, len(duel.legal_actions())))
        obs["actions"], obs["action_mask"] = obs["actions"][:ACTION_ROWS], obs["action_mask"][:ACTION_ROWS]
        return obs


def _digest(obs: dict) -> str:
    h = hashlib.blake2b(digest_size=12)
    for name, _ in TABLES:
        h.update(np.ascontiguousarray(obs[name]).tobytes())
    return h.hexdigest()


class YgoState(pyspiel.State):
    """A duel, or before it the chance node that draws its seed. ``state.duel`` is the
    ``ygo.Duel`` (``None`` at the chance node)."""

    def __init__(self, game: YgoGame):
        super().__init__(game)
        # Plain values, not the game: OpenSpiel deep-copies and pickles a state's attributes.
        self.decks, self.format, self.seeds, self.max_length = game.decks, game.format, game.seeds, game.max_length
        self.duel: ygo.Duel | None = None
        self.moves = 0
        # Per player: what they saw after each move (a digest of their arrays), and their own moves.
        self.records: list[list[str]] = [[], []]

    # -- OpenSpiel's state API --------------------------------------------------------

    def current_player(self):
        if self.duel is None:
            return pyspiel.PlayerId.CHANCE
        if self._over():
            return pyspiel.PlayerId.TERMINAL
        return SEATS.index(self.duel.deciding)

    def _over(self) -> bool:
        return self.duel.deciding is None or self.moves >= self.max_length

    def is_terminal(self):
        return self.duel is not None and self._over()

    def chance_outcomes(self):
        assert self.duel is None
        p = 1.0 / self.seeds
        return [(k, p) for k in range(self.seeds)]

    def _legal_actions(self, player):
        if self.duel is None or self._over() or player != self.current_player():
            return []
        return list(range(min(len(self.duel.legal_actions()), ACTION_ROWS)))

    def _apply_action(self, action):
        if self.duel is None:
            self.duel = ygo.Duel(*self.decks, seed=int(action), format=self.format)
        else:
            player = self.current_player()
            legal = self.duel.legal_actions()
            if not 0 <= action < min(len(legal), ACTION_ROWS):
                raise ygo.IllegalAction(f"row {action} is not one of the {len(legal)} legal actions")
            self.duel.apply(legal[action][0])
            self.moves += 1
            self.records[player].append(f"me: {legal[action][1]}")
        for p, seat in enumerate(SEATS):
            self.records[p].append(_digest(_observe(self.duel, seat)))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if self.duel is not None and self.current_player() == player:
            legal = self.duel.legal_actions()
            if 0 <= action < len(legal):
                # The row first: two actions may read alike (two copies of a card in the GY).
                return f"{action}: {legal[action][1]}"
        return f"row {action}"

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = (self.duel.outcome or {}).get("winner")
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == "A" else [-1.0, 1.0]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one: the cards hidden from them
        dealt again (their own Deck's order too) and the duel's random source reseeded
        (``Duel.determinized``), their record kept (IS-MCTS's root sample)."""
        s = self.clone()
        if s.duel is not None:
            s.duel = self.duel.determinized(SEATS[player_id], int(probability_sampler() * 2**53))
        return s

    def __str__(self):
        if self.duel is None:
            return "chance: the seed"
        lines = [repr(self.duel), f"moves {self.moves}"]
        lines += [f"{k}: {text}" for k, (_, text) in enumerate(self.duel.legal_actions()[:ACTION_ROWS])]
        return "\n".join(lines)


class YgoObserver:
    """OpenSpiel's PyObserver for ``python_ygo``: ``tensor`` (float32) and ``dict`` (named
    views) from ``Duel.observe(player)``; the event table only for perfect recall."""

    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"python_ygo's observer takes no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        pieces = [(n, s) for n, s in TABLES if n != "events" or self.perfect_recall]
        self.tensor = np.zeros(sum(int(np.prod(s)) for _, s in pieces), np.float32)
        self.dict = {}
        i = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[i : i + n].reshape(shape)
            i += n

    def set_from(self, state: YgoState, player: int):
        self.tensor.fill(0)
        if state.duel is None:
            return
        obs = _observe(state.duel, SEATS[player])
        for name, view in self.dict.items():
            view[...] = obs[name]

    def string_from(self, state: YgoState, player: int) -> str:
        if self.perfect_recall:
            return f"player {player}\n" + "\n".join(state.records[player])
        if state.duel is None:
            return f"player {player}: the duel is not dealt yet"
        seat = SEATS[player]
        text = json.dumps(state.duel.view(seat), sort_keys=True, separators=(",", ":"))
        if state.duel.deciding == seat:
            text += "\n" + "\n".join(t for _, t in state.duel.legal_actions()[:ACTION_ROWS])
        return text


class RolloutEvaluator:
    """An evaluator for OpenSpiel's MCTS and IS-MCTS bots (the interface of
    ``open_spiel.python.algorithms.mcts.Evaluator``): the mean result of ``n_rollouts``
    duels played on to the end by the built-in ``ai`` (``random`` by default) in Rust, and
    a uniform prior."""

    def __init__(self, n_rollouts: int = 1, ai: str = "random", random_state: np.random.RandomState | None = None):
        self.n_rollouts, self.ai = n_rollouts, ai
        self._rng = random_state or np.random.RandomState()

    def evaluate(self, state: YgoState):
        if state.duel is None:
            return np.zeros(2)
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            d = state.duel.clone()
            d.play_out(self.ai, self.ai, seed=int(self._rng.randint(2**31)))
            winner = (d.outcome or {}).get("winner")
            if winner is not None:
                total += [1.0, -1.0] if winner == "A" else [-1.0, 1.0]
        return total / self.n_rollouts

    def prior(self, state: YgoState):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


pyspiel.register_game(_GAME_TYPE, YgoGame)
