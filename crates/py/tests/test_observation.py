"""Observation arrays: shapes, hiding of unseen cards, the action table and its capacity."""

import numpy as np
import pytest
from conftest import play_out

import ygo


def test_shapes_and_types(mid_duel):
    o = mid_duel.observe()
    assert o["cards"].shape == (ygo.CARD_ROWS, ygo.CARD_COLS) and o["cards"].dtype == np.int16
    assert o["globals"].shape == (ygo.GLOBALS,) and o["globals"].dtype == np.int32
    assert o["actions"].shape == (ygo.ACTION_ROWS, ygo.ACTION_COLS) and o["actions"].dtype == np.int16
    assert o["action_mask"].shape == (ygo.ACTION_ROWS,) and o["action_mask"].dtype == np.int8
    assert len(ygo.CARD_COLUMNS) == ygo.CARD_COLS and len(ygo.GLOBAL_NAMES) == ygo.GLOBALS and len(ygo.ACTION_COLUMNS) == ygo.ACTION_COLS


def col(name):
    return ygo.CARD_COLUMNS.index(name)


def glob(o, name):
    return int(o["globals"][ygo.GLOBAL_NAMES.index(name)])


def test_mask_and_action_table_follow_the_legal_actions(mid_duel):
    o = mid_duel.observe()
    legal = mid_duel.legal_actions()
    assert int(o["action_mask"].sum()) == len(legal) == glob(o, "actions")
    assert o["action_mask"][: len(legal)].all()
    kinds = o["actions"][: len(legal), ygo.ACTION_COLUMNS.index("kind")]
    for k, (_, text) in zip(kinds, legal):
        name = ygo.ACTION_KINDS[k - 1]
        assert text.split()[0] in name or name in ("battle_phase", "main_phase_2", "end_phase", "end_turn", "tribute_summon", "special_summon"), (name, text)
    view = mid_duel.view(mid_duel.deciding)
    me = view["sides"]["AB".index(mid_duel.deciding)]
    assert glob(o, "lp") == me["lp"] and glob(o, "hand") == me["hand_count"] and glob(o, "deck") == me["deck_count"]


def test_unseen_cards_do_not_change_the_observation():
    """Deal the cards a player has not seen again; that player's arrays are identical."""
    compared = 0
    d = ygo.Duel("trap-stall", "bench-kaiba", seed=21)
    for step in range(900):
        if d.deciding is None:
            break
        if step % 9 == 0:
            for p in ("A", "B"):
                other = "B" if p == "A" else "A"
                # The other player's hidden cards dealt again, the history kept.
                s = d.dealt_again(p, step)
                assert s.view(p) == d.view(p)
                a, b = d.observe(p), s.observe(p)
                for k in a:
                    assert np.array_equal(a[k], b[k]), (step, p, k)
                compared += 1
                # ... while the other player, who knows those cards, can tell the difference.
                if s.view(other)["sides"]["AB".index(other)]["hand"] != d.view(other)["sides"]["AB".index(other)]["hand"]:
                    assert not np.array_equal(s.observe(other)["cards"], d.observe(other)["cards"])
        legal = d.legal_actions()
        d.apply(legal[(step * 7) % len(legal)][0])
    assert compared >= 60


def test_opponent_hidden_cards_carry_no_identity():
    d = ygo.Duel("trap-stall", "trap-stall", seed=2)
    seen_hidden = 0
    for step in range(600):
        if d.deciding is None:
            break
        o = d.observe("A")
        n = glob(o, "cards")
        rows = o["cards"][:n]
        hidden = rows[rows[:, col("known")] == 0]
        assert (hidden[:, col("index")] == 0).all() and (hidden[:, col("atk")] == -1).all() and (hidden[:, col("side")] == 1).all()
        seen_hidden += len(hidden)
        assert not o["cards"][n:].any()
        legal = d.legal_actions()
        d.apply(legal[(step * 5) % len(legal)][0])
    assert seen_hidden > 100


def test_overflow_is_raised_never_silent(mid_duel):
    d = mid_duel.clone()
    while len(d.legal_actions()) < 3:
        d.apply(d.legal_actions()[0][0])
    with pytest.raises(ygo.ObservationOverflow, match="legal actions"):
        d.observe(action_rows=2)
    assert glob(d.observe(action_rows=len(d.legal_actions())), "action_overflow") == 0


def test_finished_duel_observation():
    d = ygo.Duel("vanilla-yugi", "vanilla-kaiba", seed=4)
    play_out(d)
    w = d.outcome["winner"]
    o = d.observe("A")
    assert glob(o, "outcome") == (3 if w is None else 1 if w == "A" else 2)
    assert not o["action_mask"].any()


def test_card_index_maps_to_codes():
    codes = ygo.card_codes()
    assert codes[0] == 0 and len(set(codes)) == len(codes)
    assert all(ygo.card_index(c) == i for i, c in enumerate(codes) if i)
    assert ygo.card_index(1) == 0


def test_card_catalog_ships_names_and_descriptions():
    cat = ygo.card_catalog()
    assert [c["index"] for c in cat] == list(range(1, len(ygo.card_codes())))
    assert all(c["code"] == ygo.card_codes()[c["index"]] for c in cat)
    sangan = next(c for c in cat if c["name"] == "Sangan")
    assert ygo.card_index(sangan["code"]) == sangan["index"] and sangan["text"]
    assert len(ygo.card_catalog(format="goat")) == len(cat)
