"""PettingZoo AEC environment: both seats learn.

``env(deck_a="goat-control", deck_b="chaos-control", format="goat")``. Agents
``"player_0"`` (seat A, ``deck_a``, which takes the first turn) and ``"player_1"`` (seat B,
``deck_b``). Each observation is ``{"observation": ..., "action_mask": ...}`` (the
PettingZoo convention), from that agent's own view: the mask is all zeros for the agent not
deciding. ``"observation"`` is the Dict of the tables of ``docs/OBSERVATION.md``, or with
``flat=True`` one int32 ``Box``: the tables raveled and concatenated in the order of
``ygo.spaces.TABLES`` (``ygo.spaces.unflatten`` splits it again), for wrappers and learners
that expect arrays. The action is a row of the action table; a masked row raises
``ygo.IllegalAction`` naming it. Decisions with a single legal action are answered without
asking. Reward +1 to the winner and -1 to the loser when the duel ends. ``format="goat"``
(or ``edison``, ``tcg``, ``ocg``) plays a named format (its edition, cards and deck rules);
with neither ``edition`` nor ``format``, two Goat decks play ``goat``.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import ygo
from ygo._ygo import ACTION_ROWS, DEFAULT_DECKS
from ygo.spaces import flat_space, flatten, mask_space, table_spaces

AGENTS = ["player_0", "player_1"]
SEATS = {"player_0": "A", "player_1": "B"}
AGENT_OF = {seat: agent for agent, seat in SEATS.items()}


class DuelAEC(AECEnv):
    """The raw AEC environment (``env()`` wraps it in PettingZoo's order checks)."""

    metadata = {"name": "ygo_duel_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        deck_a: str = DEFAULT_DECKS[0],
        deck_b: str = DEFAULT_DECKS[1],
        edition: str | None = None,
        action_rows: int = ACTION_ROWS,
        render_mode: str | None = None,
        format: str | None = None,
        flat: bool = False,
    ):
        super().__init__()
        self.flat = flat
        self.deck_a, self.deck_b, self.edition, self.action_rows = deck_a, deck_b, edition, action_rows
        # A named format (goat, tcg, ocg): its edition, cards and deck rules (ygo.Duel checks them).
        self.format = format
        if format is not None:
            ygo.Duel(deck_a, deck_b, edition=edition, seed=0, format=format)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        tables = flat_space(action_rows) if flat else spaces.Dict(table_spaces(action_rows))
        obs_space = spaces.Dict({"observation": tables, "action_mask": mask_space(action_rows)})
        self._obs_spaces = {a: obs_space for a in AGENTS}
        self._act_spaces = {a: spaces.Discrete(action_rows) for a in AGENTS}
        self._seed = 0
        self.duel = None

    def observation_space(self, agent):
        return self._obs_spaces[agent]

    def action_space(self, agent):
        return self._act_spaces[agent]

    def _advance(self):
        """Answers single-choice decisions; the legal actions of the next real one."""
        while True:
            legal = self.duel.legal_actions()
            if len(legal) != 1:
                return legal
            self.duel.apply(legal[0][0])

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._seed = int(seed)
        else:
            self._seed += 1
        self.duel = ygo.Duel(self.deck_a, self.deck_b, edition=self.edition, seed=self._seed, format=self.format)
        self._legal = self._advance()
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENT_OF[self.duel.deciding]

    def observe(self, agent):
        o = self.duel.observe(SEATS[agent], self.action_rows)
        mask = o.pop("action_mask")
        return {"observation": flatten(o) if self.flat else o, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        row = int(action)
        if not 0 <= row < min(len(self._legal), self.action_rows):
            raise ygo.IllegalAction(f"{agent}: row {row} of the action table is masked: the legal rows are 0..{min(len(self._legal), self.action_rows)}")
        self.duel.apply(self._legal[row][0])
        self._legal = self._advance()
        outcome = self.duel.outcome
        if outcome is not None:
            winner = outcome["winner"]
            for a in self.agents:
                self.rewards[a] = 0.0 if winner is None else (1.0 if SEATS[a] == winner else -1.0)
                if outcome["reason"] == "Bound":
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
        else:
            self.agent_selection = AGENT_OF[self.duel.deciding]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.duel)
        return None

    def close(self):
        pass


def env(**kwargs) -> AECEnv:
    """The AEC environment with PettingZoo's standard checks (illegal actions, order)."""
    e = DuelAEC(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


raw_env = DuelAEC
