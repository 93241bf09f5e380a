"""Gymnasium spaces of the observation arrays (layout in ``docs/OBSERVATION.md``)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from ygo._ygo import ACTION_COLS, CARD_COLS, CARD_ROWS, GLOBALS

I16 = np.iinfo(np.int16)
I32 = np.iinfo(np.int32)


def table_spaces(action_rows: int) -> dict[str, spaces.Space]:
    """The three tables: ``cards``, ``globals`` and ``actions``."""
    return {
        "cards": spaces.Box(I16.min, I16.max, (CARD_ROWS, CARD_COLS), np.int16),
        "globals": spaces.Box(I32.min, I32.max, (GLOBALS,), np.int32),
        "actions": spaces.Box(I16.min, I16.max, (action_rows, ACTION_COLS), np.int16),
    }


def mask_space(action_rows: int) -> spaces.Box:
    """The action mask: 1 for each row of the action table in use."""
    return spaces.Box(0, 1, (action_rows,), np.int8)
