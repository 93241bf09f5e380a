"""The batched environment: N duels stepped in Rust with the GIL released.

``VecEnv(num_envs, deck, opponent_deck, opponent=None, seat="alternate", ...)`` keeps N
duels at a decision of the learner. ``reset()`` and ``step(actions)`` return an observation dict of stacked numpy
arrays (``cards`` (N, CARD_ROWS, CARD_COLS) int16, ``globals`` (N, GLOBALS) int32,
``actions`` (N, A, ACTION_COLS) int16, ``chain`` (N, CHAIN_ROWS, CHAIN_COLS) int16,
``events`` (N, EVENT_ROWS, EVENT_COLS) int16, ``action_mask`` (N, A) int8, ``to_play`` (N,)
int8: whose decision, 0 = A) and, from ``step``, ``rewards`` (float32), ``terminated`` and
``truncated`` (bool). ``actions[i]`` is a row of duel i's action table.

One step is one real decision of the learner: single-choice decisions are answered in
Rust (``skip_forced=True``), and with ``opponent="random"|"greedy"|"mcts"|"mcts:N"`` the
other seat is played in Rust. ``deck`` is always the learner's deck, ``opponent_deck`` the
other's; ``seat="A"|"B"|"alternate"`` is the seat of ``deck`` (``"alternate"``, the
default, changes it from duel to duel; ``seats()`` lists it per duel). Seat A takes the
first turn, so the seat says who goes first. With ``opponent=None`` (self-play) both seats
are the learner's (``deck`` sits at ``seat``); the reward is for the player who made the
step's decision. A finished duel is replaced at once ("same step" auto-reset): its step
returns the reward with ``terminated`` (``truncated`` for a draw by the engine's bounds)
and the first observation of the next duel. A masked row raises ``ygo.IllegalAction``
naming the duel and the row; nothing moves then.

``format="goat"`` (or ``tcg``, ``ocg``) plays a named format: its edition, its versions of
the cards, both decks checked against its deck rules and list (``ValueError`` otherwise);
the built-in Goat decks (``goat-control``, ``chaos-turbo``, ...) are legal in ``goat``. With
neither ``edition`` nor ``format``, two Goat decks play ``goat``.
"""

from __future__ import annotations

import numpy as np

from ygo._ygo import ACTION_ROWS, DEFAULT_DECKS, RawVecEnv


class VecEnv:
    """N duels stepped together in Rust; see the module documentation."""

    def __init__(
        self,
        num_envs: int = 64,
        deck: str = DEFAULT_DECKS[0],
        opponent_deck: str = DEFAULT_DECKS[1],
        opponent: str | None = None,
        seat: str | int | None = "alternate",
        seed: int = 0,
        threads: int = 1,
        edition: str | None = None,
        skip_forced: bool = True,
        action_rows: int = ACTION_ROWS,
        format: str | None = None,
    ):
        self._raw = RawVecEnv(num_envs, deck, opponent_deck, opponent, seat, seed, threads, edition, skip_forced, action_rows, format=format)
        self.num_envs = num_envs
        self.action_rows = self._raw.action_rows

    @staticmethod
    def _pack(arrays):
        cards, globals_, actions, mask, chain, events, rewards, terminated, truncated, to_play = arrays
        obs = {"cards": cards, "globals": globals_, "actions": actions, "chain": chain, "events": events, "action_mask": mask, "to_play": to_play}
        return obs, rewards, terminated, truncated

    def reset(self) -> dict:
        """Starts every duel again; the first observations."""
        return self._pack(self._raw.reset())[0]

    def step(self, actions) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray]:
        """One decision in every duel: ``(obs, rewards, terminated, truncated)``."""
        return self._pack(self._raw.step(np.ascontiguousarray(actions, dtype=np.int64)))

    def legal_actions(self, i: int) -> list[tuple[int, str]]:
        """Duel i's legal actions as ``(id, text)`` (for debugging; rows follow this order)."""
        return self._raw.legal_actions(i)

    def seats(self) -> list[str]:
        """The seat (``"A"`` or ``"B"``; A goes first) of ``deck`` in each duel now."""
        return self._raw.seats()

    def stats(self) -> dict:
        """Steps, episodes, wins/losses/draws (of ``deck``, the learner's), overflows."""
        return self._raw.stats()
