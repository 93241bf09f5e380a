"""ygo: a Yu-Gi-Oh! OCG rules engine for AI research.

The duel (:class:`Duel`), observations as fixed-shape numpy arrays (``Duel.observe``,
layout in ``docs/OBSERVATION.md``), a batched environment stepped in Rust
(:class:`VecEnv`), the Rust information-set MCTS (:func:`mcts`) and samples of the hidden
state (``Duel.determinized``). Framework environments: :mod:`ygo.gym` (Gymnasium,
``gymnasium.make("ygo/Duel-v0")``) and :mod:`ygo.pettingzoo` (PettingZoo AEC); :mod:`ygo.openspiel`
registers the OpenSpiel game ``python_ygo``.
"""

from ygo._ygo import (
    ACTION_COLS,
    ACTION_COLUMNS,
    ACTION_KINDS,
    ACTION_ROWS,
    CARD_COLS,
    CARD_COLUMNS,
    CARD_FLAGS,
    CARD_ROWS,
    CHAIN_COLS,
    CHAIN_COLUMNS,
    CHAIN_ROWS,
    DEFAULT_DECKS,
    ENGINE_VERSION,
    EVENT_COLS,
    EVENT_COLUMNS,
    EVENT_KINDS,
    EVENT_ROWS,
    GLOBAL_NAMES,
    GLOBALS,
    Duel,
    DuelOver,
    IllegalAction,
    OBSERVATION_VERSION,
    THIS_TURN_FLAGS,
    ObservationOverflow,
    builtin_decks,
    card_catalog,
    card_codes,
    card_index,
    deck_list,
    mcts,
    play,
    policy_evaluate,
    table_extremes,
    verify_replay,
)
from ygo.vector import VecEnv

__all__ = [
    "ACTION_COLS",
    "ACTION_COLUMNS",
    "ACTION_KINDS",
    "ACTION_ROWS",
    "CARD_COLS",
    "CARD_COLUMNS",
    "CARD_FLAGS",
    "CARD_ROWS",
    "CHAIN_COLS",
    "CHAIN_COLUMNS",
    "CHAIN_ROWS",
    "DEFAULT_DECKS",
    "ENGINE_VERSION",
    "EVENT_COLS",
    "EVENT_COLUMNS",
    "EVENT_KINDS",
    "EVENT_ROWS",
    "GLOBAL_NAMES",
    "GLOBALS",
    "Duel",
    "DuelOver",
    "IllegalAction",
    "OBSERVATION_VERSION",
    "ObservationOverflow",
    "THIS_TURN_FLAGS",
    "VecEnv",
    "builtin_decks",
    "card_catalog",
    "card_codes",
    "card_index",
    "deck_list",
    "mcts",
    "play",
    "policy_evaluate",
    "table_extremes",
    "verify_replay",
]

try:  # Register "ygo/Duel-v0" when Gymnasium is installed.
    from ygo import gym as _gym  # noqa: F401
except ImportError:  # pragma: no cover - gymnasium is optional
    pass
