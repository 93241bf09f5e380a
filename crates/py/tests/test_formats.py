"""format= in every environment (issue 28): the built-in Goat decks play the Goat format
(Expert Rule, the 2005 cards, its deck rules and list), and an illegal deck is refused."""

import json

import numpy as np
import pytest

import ygo
import ygo.gym
import ygo.pettingzoo

GOAT = ("goat-control", "chaos-turbo")


def test_duel_plays_goat_and_its_replay_says_so():
    d = ygo.Duel(*GOAT, seed=1, format="goat")
    assert json.loads(d.replay())["play_format"] == "goat"
    with pytest.raises(ValueError, match="not legal in the goat format"):
        ygo.Duel("goat-control", "synchro", format="goat")


def test_gym_duel_env_takes_format():
    env = ygo.gym.DuelEnv(deck=GOAT[0], opponent_deck=GOAT[1], opponent="random", format="goat")
    obs, _ = env.reset(seed=2)
    for _ in range(20):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, term, trunc, _ = env.step(int(legal[0]))
        if term or trunc:
            break
    with pytest.raises(ValueError, match="DECK-5"):
        ygo.gym.DuelEnv(deck="goat-control", opponent_deck="synchro", format="goat")


def test_pettingzoo_env_takes_format():
    env = ygo.pettingzoo.env(deck_a=GOAT[0], deck_b=GOAT[1], format="goat")
    env.reset(seed=3)
    assert json.loads(env.unwrapped.duel.replay())["play_format"] == "goat"
    with pytest.raises(ValueError, match="not legal in the goat format"):
        ygo.pettingzoo.env(deck_a="goat-control", deck_b="synchro", format="goat")


def test_vec_env_takes_format():
    env = ygo.VecEnv(4, *GOAT, opponent="random", format="goat")
    obs = env.reset()
    acts = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    obs, rewards, term, trunc = env.step(acts)
    assert obs["action_mask"].shape[0] == 4
    with pytest.raises(ValueError, match="not legal in the goat format"):
        ygo.VecEnv(1, "goat-control", "synchro", format="goat")


def test_two_goat_decks_play_goat_without_being_told():
    # As every CLI command does: neither edition nor format given, two Goat decks.
    assert json.loads(ygo.Duel(*GOAT, seed=1).replay())["play_format"] == "goat"
    env = ygo.pettingzoo.env(deck_a=GOAT[0], deck_b=GOAT[1])
    env.reset(seed=3)
    assert json.loads(env.unwrapped.duel.replay())["play_format"] == "goat"
    # An edition given, or a deck that is not a Goat deck: today's rules.
    assert json.loads(ygo.Duel(*GOAT, seed=1, edition="mr2020").replay()).get("play_format") is None
    assert json.loads(ygo.Duel("goat-control", "vanilla-kaiba", seed=1).replay()).get("play_format") is None
