"""The batched environment: shapes, rewards, auto-reset, refusals, threads."""

import numpy as np
import pytest

import ygo


def random_rows(rng, mask):
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def test_batch_steps_and_resets():
    env = ygo.VecEnv(8, "vanilla-yugi", "vanilla-kaiba", seed=3)
    obs = env.reset()
    assert obs["cards"].shape == (8, ygo.CARD_ROWS, ygo.CARD_COLS)
    assert obs["actions"].shape == (8, ygo.ACTION_ROWS, ygo.ACTION_COLS)
    rng = np.random.default_rng(0)
    finished = []
    for _ in range(1500):
        mover = obs["to_play"].copy()
        obs, rewards, term, trunc = env.step(random_rows(rng, obs["action_mask"]))
        assert rewards.dtype == np.float32 and term.dtype == np.bool_
        done = term | trunc
        assert (rewards[~done] == 0).all()
        finished += list(zip(mover[done], rewards[done]))
        assert (obs["action_mask"].sum(axis=1) >= 2).all(), "every duel waits at a real decision"
    stats = env.stats()
    assert finished and stats["episodes"] == len(finished) and stats["steps"] == 8 * 1500
    assert set(r for _, r in finished) <= {-1.0, 0.0, 1.0}
    assert stats["overflows"] == 0


def test_bad_actions_are_refused():
    env = ygo.VecEnv(2, seed=1)
    obs = env.reset()
    with pytest.raises(ValueError, match="duel 1"):
        env.step(np.array([0, ygo.ACTION_ROWS - 1]))
    with pytest.raises(ValueError):
        env.step(np.array([0]))
    again, *_ = env.step(np.zeros(2, dtype=np.int64))  # still usable
    assert again["cards"].shape[0] == 2


def test_threads_give_the_same_duels():
    a = ygo.VecEnv(6, seed=9, threads=1, opponent="random")
    b = ygo.VecEnv(6, seed=9, threads=2, opponent="random")
    oa, ob = a.reset(), b.reset()
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(1)
    for _ in range(300):
        oa, ra, *_ = a.step(random_rows(rng_a, oa["action_mask"]))
        ob, rb, *_ = b.step(random_rows(rng_b, ob["action_mask"]))
        assert np.array_equal(ra, rb)
    assert all(np.array_equal(oa[k], ob[k]) for k in oa)
    assert a.legal_actions(0) == b.legal_actions(0)


def test_bad_arguments():
    with pytest.raises(ValueError, match="opponent"):
        ygo.VecEnv(2, opponent="nobody")
    with pytest.raises(ValueError):
        ygo.VecEnv(0)
