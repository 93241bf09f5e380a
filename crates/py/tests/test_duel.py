"""The duel API: actions by id and text, rejection, clones, bytes, replays, decks."""

import base64
import copy
import json
import pickle
import struct

import pytest
from conftest import REPO, play_out

import ygo


def test_defaults_and_legal_actions():
    d = ygo.Duel()
    assert d.decks == ["bench-yugi", "bench-kaiba"]
    assert d.deciding == "A" and d.turn == 1
    legal = d.legal_actions()
    assert legal and all(isinstance(i, int) and isinstance(t, str) for i, t in legal)
    assert len({i for i, _ in legal}) == len(legal), "ids are distinct"


def test_ids_are_stable_across_clones_and_bytes(mid_duel):
    ids = mid_duel.legal_actions()
    assert mid_duel.clone().legal_actions() == ids
    assert ygo.Duel.from_bytes(mid_duel.to_bytes()).legal_actions() == ids


def test_apply_by_id_and_by_text_agree(mid_duel):
    by_id, by_text = mid_duel.clone(), mid_duel.clone()
    action_id, text = mid_duel.legal_actions()[-1]
    by_id.apply(action_id)
    by_text.apply(text)
    assert by_id.to_bytes() == by_text.to_bytes()


@pytest.mark.parametrize("bad", [123456789, "dance", "normal summon Nobody", 1.5, None])
def test_illegal_actions_raise_and_change_nothing(mid_duel, bad):
    before = mid_duel.to_bytes()
    with pytest.raises(ygo.IllegalAction):
        mid_duel.apply(bad)
    assert mid_duel.to_bytes() == before
    assert issubclass(ygo.IllegalAction, ValueError)


def test_clone_is_independent(mid_duel):
    c = mid_duel.clone()
    c2 = copy.deepcopy(mid_duel)
    before = mid_duel.to_bytes()
    play_out(c)
    assert c.outcome is not None
    assert mid_duel.outcome is None and mid_duel.to_bytes() == before
    assert c2.to_bytes() == before


def test_bytes_and_pickle_round_trip(mid_duel):
    back = pickle.loads(pickle.dumps(mid_duel))
    assert back.to_bytes() == mid_duel.to_bytes()
    assert back.view("A") == mid_duel.view("A")
    with pytest.raises(ValueError):
        ygo.Duel.from_bytes(b"not a duel")


def test_outcome_and_replay_verify(tmp_path):
    d = ygo.Duel("vanilla-yugi", "vanilla-kaiba", seed=11)
    assert d.outcome is None
    n = play_out(d)
    assert d.deciding is None and d.legal_actions() == []
    assert d.outcome["winner"] in ("A", "B", None) and d.outcome["reason"]
    path = tmp_path / "duel.json"
    d.save_replay(str(path))
    report = ygo.verify_replay(str(path))
    assert report["identical"] and report["actions"] == n
    data = json.loads(path.read_text())
    assert data["replay"]["actions"] and data["decks"] == ["vanilla-yugi", "vanilla-kaiba"]
    # A tampered replay is caught.
    data["events"] = data["events"][:-1]
    assert not ygo.verify_replay(json.dumps(data))["identical"]
    with pytest.raises(ygo.IllegalAction):
        d.apply(0)


def test_decks_from_files_and_links():
    path = REPO / "crates/cards/decks/vanilla-yugi.ydk"
    main = [int(line) for line in path.read_text().split("!side")[0].split("#extra")[0].splitlines() if line.strip().isdigit()]

    def section(codes):
        return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()

    url = "ydke://" + section(main) + "!" + section([]) + "!" + section([]) + "!"
    by_name = ygo.Duel("vanilla-yugi", "vanilla-kaiba", seed=3)
    by_path = ygo.Duel(str(path), "vanilla-kaiba", seed=3)
    by_link = ygo.Duel(url, "vanilla-kaiba", seed=3)
    assert by_path.view("A")["sides"][0]["hand"] == by_name.view("A")["sides"][0]["hand"]
    assert by_link.view("A")["sides"][0]["hand"] == by_name.view("A")["sides"][0]["hand"]
    with pytest.raises(ValueError, match="no-such-deck"):
        ygo.Duel("no-such-deck")
    with pytest.raises(ValueError, match="edition"):
        ygo.Duel(edition="mr9")


def test_format_is_taken_and_resolved_in_one_place():
    assert ygo.Duel(format=None).deciding == "A"
    # RULE: DECK-5 -- a named format checks both decks: today's vanilla decks are not Goat.
    with pytest.raises(ValueError, match="goat"):
        ygo.Duel(format="goat")
    with pytest.raises(ValueError, match="no-such-format"):
        ygo.Duel(format="no-such-format")
    d = ygo.Duel("vanilla-yugi", "vanilla-kaiba", format="tcg")
    assert d.deciding in ("A", "B")
    with pytest.raises(ValueError, match="Pot of Greed"):
        ygo.Duel(format="tcg")  # the bench decks play a card the current list forbids


def test_view_has_the_rust_view_content(mid_duel):
    v = mid_duel.view("A")
    assert set(v) == {"viewer", "turn", "turn_player", "phase", "step", "deciding", "outcome", "sides", "chain", "actions"}
    me, opp = v["sides"]
    assert len(me["hand"]) == me["hand_count"]
    assert opp["hand"] == [] and opp["hand_count"] > 0, "the opponent's hand is hidden"
    assert all(set(c) >= {"code", "name", "atk", "def", "level", "owner", "counters"} for c in me["hand"])
    if mid_duel.deciding == "A":
        assert [t for _, t in v["actions"]] == [t for _, t in mid_duel.legal_actions()]
    else:
        assert v["actions"] == []


def test_search_and_samples(mid_duel):
    p = mid_duel.deciding
    action_id, text = ygo.mcts(mid_duel, p, iterations=30, seed=1)
    assert (action_id, text) in mid_duel.legal_actions()
    assert ygo.mcts(mid_duel, p, iterations=30, seed=1) == (action_id, text), "same seed, same choice"
    other = "B" if p == "A" else "A"
    with pytest.raises(ValueError):
        ygo.mcts(mid_duel, other, iterations=5)
    s = mid_duel.determinized(p, 9)
    assert s.view(p) == mid_duel.view(p), "the sample looks the same to the player"
    side = 1 if other == "B" else 0

    def hand(duel):  # the opponent's hand, as the opponent sees it
        return [c["code"] for c in duel.view(other)["sides"][side]["hand"]]

    samples = [hand(mid_duel.determinized(p, seed)) for seed in range(8)]
    assert all(len(h) == len(hand(mid_duel)) for h in samples)
    assert any(h != hand(mid_duel) for h in samples), "the hidden hand is dealt again"


def test_play_out_plays_on_in_place_and_leaves_the_original_alone(mid_duel):
    d = mid_duel.clone()
    before = mid_duel.view("A")
    n = d.play_out("random", "greedy", seed=3)
    assert n > 0 and d.deciding is None and d.outcome is not None
    assert mid_duel.view("A") == before and mid_duel.deciding is not None
    # Seeded: the same AIs and seed play the same duel.
    again = mid_duel.clone()
    assert again.play_out("random", "greedy", seed=3) == n and again.log() == d.log()
    with pytest.raises(ValueError, match="unknown AI"):
        mid_duel.clone().play_out("nobody", "random")
