"""The Gymnasium and PettingZoo environments pass their frameworks' own checkers."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import ygo
import ygo.gym
import ygo.pettingzoo


def test_gym_check_env_and_registration():
    check_env(ygo.gym.DuelEnv())
    env = gymnasium.make("ygo/Duel-v0", opponent="greedy")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    env.close()


def play_episode(env, seed):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) >= 2, "single-choice decisions are answered by the environment"
        obs, r, term, trunc, info = env.step(int(legal[steps % len(legal)]))
        total += r
        steps += 1
        if term or trunc:
            return total, steps, obs


def test_gym_episodes_end_with_a_result_and_seeds_repeat():
    env = ygo.gym.DuelEnv(deck="vanilla-yugi", opponent_deck="vanilla-kaiba", opponent="random")
    r1, n1, final = play_episode(env, 3)
    r2, n2, _ = play_episode(env, 3)
    assert (r1, n1) == (r2, n2)
    assert r1 in (-1.0, 0.0, 1.0)
    assert not final["action_mask"].any()
    outcome = int(final["globals"][ygo.GLOBAL_NAMES.index("outcome")])
    assert outcome == {1.0: 1, -1.0: 2, 0.0: 3}[r1]


def test_gym_illegal_action_moves_nothing():
    env = ygo.gym.DuelEnv()
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, r, term, trunc, info = env.step(bad)
    assert info["illegal_action"] and r == 0.0 and not term
    assert all(np.array_equal(obs[k], obs2[k]) for k in obs)
    strict = ygo.gym.DuelEnv(illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ygo.IllegalAction):
        strict.step(bad)


@pytest.mark.parametrize("opponent", ["greedy", "mcts:8"])
def test_gym_plays_against_the_search_ais(opponent):
    env = ygo.gym.DuelEnv(deck="vanilla-yugi", opponent_deck="vanilla-kaiba", opponent=opponent)
    obs, _ = env.reset(seed=2)
    for _ in range(30):
        legal = np.flatnonzero(obs["action_mask"])
        obs, r, term, trunc, _ = env.step(int(legal[0]))
        if term or trunc:
            break
    assert obs["globals"][ygo.GLOBAL_NAMES.index("turn")] >= 1


def test_pettingzoo_api_test():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(ygo.pettingzoo.env(), num_cycles=400)


def test_pettingzoo_masks_and_rewards():
    env = ygo.pettingzoo.env(deck_a="vanilla-yugi", deck_b="vanilla-kaiba")
    env.reset(seed=5)
    assert env.observation_space("player_0") is env.observation_space("player_0")
    final = {}
    for agent in env.agent_iter(max_iter=20000):
        obs, reward, term, trunc, _ = env.last()
        other = "player_1" if agent == "player_0" else "player_0"
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        assert obs["action_mask"].sum() >= 2
        assert not env.observe(other)["action_mask"].any(), "only the deciding agent has actions"
        env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])
