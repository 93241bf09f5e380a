"""Gymnasium environment: one learner against a built-in AI of the Rust engine.

``DuelEnv(deck="goat-control", opponent_deck="chaos-control", opponent="greedy",
format="goat")``, also ``gymnasium.make("ygo/Duel-v0", ...)``.

- ``deck`` is always the learner's deck and ``opponent_deck`` the AI's, whatever the seat.
- ``seat="A"|"B"|"alternate"`` is the learner's seat (``"alternate"``, the default: A in the
  first duel after a seeded ``reset``, then B, A, ...). Seat A takes the first turn, so
  the seat says who goes first: ``seat="A"`` the learner, ``"B"`` the AI. ``info["seat"]``
  (from ``reset`` and ``step``) is the learner's seat in the current duel.
- ``format="goat"`` (or ``edison``, ``tcg``, ``ocg``) plays a named format: its edition, its
  versions of the cards, and both decks must be legal in it (a ``ValueError`` names the deck
  and the rule broken otherwise). ``ygo.builtin_decks()`` lists the built-in decks with the
  format each is made for. With neither ``edition`` nor ``format``, two Goat decks play
  ``goat`` (any other pair: Master Rule 2020).

The observation is a Dict of the tables of ``docs/OBSERVATION.md`` (``cards``, ``globals``,
``actions``, ``chain``, ``events``) plus ``action_mask``; the action is a row of the action
table (``Discrete(action_rows)``); ``action_masks()`` returns the mask too. The reward is +1
for a win, -1 for a loss, 0 otherwise. One step is one real decision of the learner:
single-choice decisions and the opponent's decisions are made in Rust.

An action outside the mask moves nothing. By default (``illegal_action="ignore"``, which
Gymnasium's ``check_env`` needs: it steps with unmasked samples) the step returns the same
observation, reward 0 and ``info["illegal_action"] = True``; ``illegal_action="raise"``
raises ``ygo.IllegalAction`` naming the row. A step after the duel ended (``terminated`` or
``truncated``) raises ``ygo.DuelOver``: call ``reset()``.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from ygo._ygo import ACTION_ROWS, DEFAULT_DECKS, DuelOver, IllegalAction, RawVecEnv
from ygo.spaces import mask_space, table_spaces

ENV_ID = "ygo/Duel-v0"


class DuelEnv(gymnasium.Env):
    """One learner against ``opponent`` (``random``, ``greedy``, ``mcts`` or ``mcts:N``)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        deck: str = DEFAULT_DECKS[0],
        opponent_deck: str = DEFAULT_DECKS[1],
        opponent: str = "random",
        seat: str | int | None = "alternate",
        edition: str | None = None,
        action_rows: int = ACTION_ROWS,
        render_mode: str | None = None,
        illegal_action: str = "ignore",
        format: str | None = None,
    ):
        super().__init__()
        if illegal_action not in ("ignore", "raise"):
            raise ValueError(f"illegal_action must be 'ignore' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.deck, self.opponent_deck, self.opponent = deck, opponent_deck, opponent
        self.seat, self.edition, self.action_rows = seat, edition, action_rows
        self.format = format
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({**table_spaces(action_rows), "action_mask": mask_space(action_rows)})
        self.action_space = spaces.Discrete(action_rows)
        if not (seat is None or str(seat).upper() in ("A", "B", "0", "1", "ALTERNATE")):
            raise ValueError(f"seat must be 'A', 'B' or 'alternate', not {seat!r}")
        self._base, self._count = 0, 0
        self._raw = self._make(0, "A")  # checks the decks, the format and the opponent now
        self._mask = np.zeros(action_rows, np.int8)
        self._last = None
        self._over = True

    def _seat_now(self) -> str:
        if self.seat is None or str(self.seat).lower() == "alternate":
            return "AB"[self._count % 2]
        return "AB"[int(self.seat)] if str(self.seat) in ("0", "1") else str(self.seat).upper()

    def _make(self, seed: int, seat: str) -> RawVecEnv:
        # One duel, not restarted when it ends (reset() starts the next).
        return RawVecEnv(1, self.deck, self.opponent_deck, self.opponent, seat, seed, 1, self.edition, True, self.action_rows, False, self.format)

    def _obs(self, arrays):
        cards, globals_, actions, mask, chain, events = arrays[:6]
        self._mask = mask[0]
        self._last = {"cards": cards[0], "globals": globals_[0], "actions": actions[0], "chain": chain[0], "events": events[0], "action_mask": mask[0]}
        return self._last

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._base, self._count = int(seed), 0
        self._raw = self._make((self._base * 1_000_003 + self._count) % 2**64, self._seat_now())
        self._count += 1
        obs = self._obs(self._raw.reset())
        self._over = False
        return obs, self._info()

    def _info(self) -> dict:
        return {"action_mask": self._mask, "seat": self._raw.seats()[0]}

    @property
    def learner_seat(self) -> str:
        """The learner's seat in the current duel (``"A"`` goes first)."""
        return self._raw.seats()[0]

    def step(self, action):
        if self._over:
            raise DuelOver("the duel is over (or not started): call reset() before stepping")
        action = int(action)
        if not (0 <= action < self.action_rows and self._mask[action]):
            if self.illegal_action == "raise":
                raise IllegalAction(f"row {action} of the action table is masked: the legal rows are 0..{int(self._mask.sum())}")
            obs = {k: v.copy() for k, v in self._last.items()}
            return obs, 0.0, False, False, {**self._info(), "action_mask": self._mask.copy(), "illegal_action": True}
        arrays = self._raw.step(np.array([action], dtype=np.int64))
        obs = self._obs(arrays)
        reward, terminated, truncated = float(arrays[-4][0]), bool(arrays[-3][0]), bool(arrays[-2][0])
        self._over = terminated or truncated
        return obs, reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The current action mask as booleans (for masked-action learners)."""
        return self._mask.astype(bool)

    def legal_actions(self) -> list[tuple[int, str]]:
        """The learner's legal actions as ``(id, text)``, in action-table order."""
        return self._raw.legal_actions(0)

    def render(self):
        if self.render_mode == "ansi":
            return "\n".join(text for _, text in self.legal_actions())
        return None


def _register() -> None:
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="ygo.gym:DuelEnv")


_register()
