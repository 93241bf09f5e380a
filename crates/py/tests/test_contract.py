"""The environments' contract: whose deck, which seat, who goes first, formats, errors, logs."""

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import ygo
import ygo.gym
import ygo.pettingzoo
from ygo.spaces import flatten, unflatten

G = {name: i for i, name in enumerate(ygo.GLOBAL_NAMES)}
C = {name: i for i, name in enumerate(ygo.CARD_COLUMNS)}


def codes_of(deck):
    d = ygo.deck_list(deck)
    return set(d["main"]) | set(d["extra"])


def indices_of(deck):
    return {ygo.card_index(c) for c in codes_of(deck)}


def sides_known(obs):
    """The card indices of the known rows, per side (0: the viewer's)."""
    cards = obs["cards"][: obs["globals"][G["cards"]]]
    known = cards[cards[:, C["known"]] == 1]
    return [set(known[known[:, C["side"]] == s, C["index"]].tolist()) for s in (0, 1)]


def test_the_learner_plays_its_deck_from_the_seat_asked():
    # vanilla-yugi and vanilla-kaiba share no card: every known card tells whose deck it is.
    mine, theirs = indices_of("vanilla-yugi"), indices_of("vanilla-kaiba")
    assert mine and theirs and not mine & theirs
    seen = set()
    for seat in ("A", "B", "alternate"):
        env = ygo.gym.DuelEnv(deck="vanilla-yugi", opponent_deck="vanilla-kaiba", opponent="random", seat=seat)
        for k in range(4):
            # A seeded reset, then unseeded ones: "alternate" gives A, B, A, B.
            obs, info = env.reset(seed=7) if k == 0 else env.reset()
            if seat == "alternate":
                assert info["seat"] == "AB"[k % 2]
            if seat != "alternate":
                assert info["seat"] == seat and env.learner_seat == seat
            seen.add((seat, info["seat"]))
            assert obs["globals"][G["seat"]] == "AB".index(info["seat"])
            for _ in range(12):
                own, opp = sides_known(obs)
                assert own and own <= mine, "the learner's cards are from `deck`"
                assert opp <= theirs, "the opponent's known cards are from `opponent_deck`"
                if obs["globals"][G["turn"]] == 1:
                    # Seat A takes the first turn.
                    assert obs["globals"][G["my_turn"]] == (info["seat"] == "A")
                legal = np.flatnonzero(obs["action_mask"])
                obs, _, term, trunc, info = env.step(int(legal[-1]))
                if term or trunc:
                    break
    assert {("alternate", "A"), ("alternate", "B")} <= seen, seen


def test_vecenv_seats_and_decks():
    mine = indices_of("vanilla-yugi")
    env = ygo.VecEnv(6, deck="vanilla-yugi", opponent_deck="vanilla-kaiba", opponent="random", seed=2)
    obs = env.reset()
    assert set(env.seats()) == {"A", "B"}, "alternating seats over the batch's duels"
    for i, seat in enumerate(env.seats()):
        assert obs["to_play"][i] == "AB".index(seat)
        own, _ = sides_known({k: v[i] for k, v in obs.items()})
        assert own <= mine
    fixed = ygo.VecEnv(3, deck="vanilla-yugi", opponent_deck="vanilla-kaiba", opponent="random", seat="B")
    fixed.reset()
    assert fixed.seats() == ["B"] * 3
    with pytest.raises(ValueError, match="seat"):
        ygo.VecEnv(1, seat="C")


def test_a_masked_row_raises_illegal_action_naming_it():
    env = ygo.gym.DuelEnv(illegal_action="raise")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ygo.IllegalAction, match=f"row {bad} "):
        env.step(bad)
    vec = ygo.VecEnv(2, seed=1)
    vec.reset()
    with pytest.raises(ygo.IllegalAction, match="duel 1: row 999 "):
        vec.step(np.array([0, 999]))
    pz = ygo.pettingzoo.raw_env()
    pz.reset(seed=1)
    legal = len(pz._legal)
    with pytest.raises(ygo.IllegalAction, match=f"row {legal} "):
        pz.step(legal)


def test_a_step_after_the_end_raises():
    env = ygo.gym.DuelEnv(deck="vanilla-yugi", opponent_deck="vanilla-kaiba")
    with pytest.raises(ygo.DuelOver):
        env.step(0)
    obs, _ = env.reset(seed=4)
    for _ in range(5000):
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if term or trunc:
            break
    assert term or trunc
    with pytest.raises(ygo.DuelOver):
        env.step(0)
    obs, _ = env.reset(seed=5)
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_builtin_decks_name_their_format_and_play_it():
    decks = ygo.builtin_decks()
    assert decks["vanilla-yugi"] is None
    goat = [d for d, f in decks.items() if f == "goat"]
    assert {"goat-control", "chaos-control", "chaos-turbo", "warrior-toolbox"} <= set(goat)
    for d in ("goat-control", "warrior-toolbox"):
        env = ygo.gym.DuelEnv(deck=d, opponent_deck="chaos-control", format="goat", seat="B")
        obs, info = env.reset(seed=1)
        assert info["seat"] == "B"
        own, _ = sides_known(obs)
        assert own <= indices_of(d)
        assert 0 not in own, "every Goat card has an embedding index"


def test_pettingzoo_flat_observations():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(ygo.pettingzoo.env(flat=True), num_cycles=200)
    flat, nested = ygo.pettingzoo.raw_env(flat=True), ygo.pettingzoo.raw_env()
    flat.reset(seed=3)
    nested.reset(seed=3)
    for agent in ("player_0", "player_1"):
        f, n = flat.observe(agent), nested.observe(agent)
        assert f["observation"].dtype == np.int32 and f["observation"].ndim == 1
        assert flat.observation_space(agent)["observation"].contains(f["observation"])
        back = unflatten(f["observation"], flat.action_rows)
        assert all(np.array_equal(back[k], n["observation"][k]) for k in back)
        assert np.array_equal(flatten(n["observation"]), f["observation"])


def test_the_log_a_player_may_read_names_none_of_the_opponents_hidden_cards():
    d = ygo.Duel("goat-control", "chaos-control", seed=3)
    referee, a_reads = d.log(), d.log("A")
    assert any(line.startswith("B draws ") and "card(s)" not in line for line in referee), referee[:6]
    assert "B draws 5 card(s)" in a_reads
    assert not any(line.startswith("B draws ") and "card(s)" not in line for line in a_reads)
    assert any(line.startswith("A draws ") and "card(s)" not in line for line in a_reads), "A reads its own draws"
    # B's hand dealt again: the referee's log changes, A's does not.
    changed = 0
    for seed in range(6):
        s = d.dealt_again("A", seed)
        assert s.log("A") == a_reads
        changed += s.log() != referee
    assert changed, "the samples dealt B other cards"
    # Later in the duel: A's log never names a card B holds unseen, unless A can see one.
    for i in range(60):
        legal = d.legal_actions()
        if not legal:
            break
        d.apply(legal[i % len(legal)][0])
    view = d.view("A")
    public = {c["name"] for side in view["sides"] for pile in ("gy", "hand", "extra") for c in side[pile]}
    public |= {k["name"] for _, k in view["sides"][1]["known_hand"]}
    for side in view["sides"]:
        for zone in ("monsters", "spells", "banished"):
            public |= {c["Known"]["name"] for c in side[zone] if c and "Known" in c}
    public |= {c["name"] for c in view["chain"]}
    hidden = {c["name"] for c in d.view("B")["sides"][1]["hand"]}
    log = "\n".join(d.log("A"))
    for name in hidden - public - {c["name"] for c in d.view("A")["sides"][0]["hand"]}:
        assert f"draws {name}" not in log and f"sets {name}" not in log, name
