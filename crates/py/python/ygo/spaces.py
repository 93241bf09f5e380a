"""Gymnasium spaces of the observation arrays (layout in ``docs/OBSERVATION.md``)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from ygo._ygo import ACTION_COLS, CARD_COLS, CARD_ROWS, CHAIN_COLS, CHAIN_ROWS, EVENT_COLS, EVENT_ROWS, GLOBALS

I16 = np.iinfo(np.int16)
I32 = np.iinfo(np.int32)


def table_spaces(action_rows: int) -> dict[str, spaces.Space]:
    """The tables: ``cards``, ``globals``, ``actions``, ``chain`` and ``events``."""
    return {
        "cards": spaces.Box(I16.min, I16.max, (CARD_ROWS, CARD_COLS), np.int16),
        "globals": spaces.Box(I32.min, I32.max, (GLOBALS,), np.int32),
        "actions": spaces.Box(I16.min, I16.max, (action_rows, ACTION_COLS), np.int16),
        "chain": spaces.Box(I16.min, I16.max, (CHAIN_ROWS, CHAIN_COLS), np.int16),
        "events": spaces.Box(I16.min, I16.max, (EVENT_ROWS, EVENT_COLS), np.int16),
    }


#: The tables of an observation, in the order ``flatten`` concatenates them.
TABLES = ("cards", "globals", "actions", "chain", "events")


def table_shapes(action_rows: int) -> dict[str, tuple[int, ...]]:
    """The shape of each table."""
    return {k: v.shape for k, v in table_spaces(action_rows).items()}


def flat_space(action_rows: int) -> spaces.Box:
    """The tables raveled and concatenated (``TABLES`` order) as one int32 vector."""
    n = sum(int(np.prod(s)) for s in table_shapes(action_rows).values())
    return spaces.Box(I32.min, I32.max, (n,), np.int32)


def flatten(obs: dict) -> np.ndarray:
    """One observation's tables as the vector of ``flat_space``."""
    return np.concatenate([np.asarray(obs[k], np.int32).ravel() for k in TABLES])


def unflatten(flat: np.ndarray, action_rows: int) -> dict[str, np.ndarray]:
    """The tables again from a vector of ``flat_space`` (int32 arrays)."""
    out, at = {}, 0
    for k, shape in table_shapes(action_rows).items():
        n = int(np.prod(shape))
        out[k] = flat[at : at + n].reshape(shape)
        at += n
    return out


def mask_space(action_rows: int) -> spaces.Box:
    """The action mask: 1 for each row of the action table in use."""
    return spaces.Box(0, 1, (action_rows,), np.int8)
