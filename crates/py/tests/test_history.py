"""Observation version 2: the revealed cards, the chain, the last public events, this turn's flags."""

import numpy as np

import ygo

G = {n: i for i, n in enumerate(ygo.GLOBAL_NAMES)}
C = {n: i for i, n in enumerate(ygo.CARD_COLUMNS)}
E = {n: i for i, n in enumerate(ygo.EVENT_COLUMNS)}
K = {n: i + 1 for i, n in enumerate(ygo.EVENT_KINDS)}
HAND = 2


def goat_positions(a, b, seed, limit=2500):
    d = ygo.Duel(a, b, seed=seed, format="goat")
    for i in range(limit):
        if d.deciding is None:
            return
        yield d
        legal = d.legal_actions()
        d.apply(legal[(i * 7 + seed) % len(legal)][0])


def test_shapes_and_version():
    o = ygo.Duel().observe()
    assert ygo.OBSERVATION_VERSION == 2
    assert o["chain"].shape == (ygo.CHAIN_ROWS, ygo.CHAIN_COLS) and o["chain"].dtype == np.int16
    assert o["events"].shape == (ygo.EVENT_ROWS, ygo.EVENT_COLS) and o["events"].dtype == np.int16
    assert len(ygo.CHAIN_COLUMNS) == ygo.CHAIN_COLS and len(ygo.EVENT_COLUMNS) == ygo.EVENT_COLS
    assert ygo.CARD_COLUMNS[-2:] == ["this_turn", "chain_link"]


def test_dealt_again_after_reveals_the_observation_keeps_exactly_what_was_revealed():
    """RULE: MISC-7. Deal the opponent's hidden cards again after a reveal: the viewer's
    arrays are identical, and the opponent's hand shows exactly the revealed cards."""
    compared = changed = 0
    for a, b, seed in [("goat-control", "chaos-control", 1), ("chaos-turbo", "warrior-toolbox", 2), ("chaos-control", "goat-control", 3)]:
        for d in goat_positions(a, b, seed):
            for p in ("A", "B"):
                opp = 1 - "AB".index(p)
                known = d.view(p)["sides"][opp]["known_hand"]
                if not known:
                    continue
                o = d.observe(p)
                rows = o["cards"][: o["globals"][G["cards"]]]
                hand = rows[(rows[:, C["side"]] == 1) & (rows[:, C["zone"]] == HAND)]
                shown = sorted((int(r[C["slot"]]), int(r[C["index"]])) for r in hand if r[C["known"]])
                assert shown == sorted((i, ygo.card_index(k["code"])) for i, k in known)
                for seed2 in range(2):
                    s = d.dealt_again(p, seed2)
                    so = s.observe(p)
                    assert all(np.array_equal(o[k], so[k]) for k in o), (a, b, d.turn, p)
                    changed += s.log() != d.log()
                compared += 1
    assert compared >= 10, compared
    assert changed, "the samples dealt other cards"


def test_events_flags_and_chain():
    seen = {"summoned": 0, "attacked": 0, "chain": 0, "opp_draw": 0}
    for d in goat_positions("goat-control", "chaos-control", 5):
        p = d.deciding
        o = d.observe(p)
        ev = o["events"]
        used = ev[ev[:, E["kind"]] > 0]
        assert (np.diff(used[:, E["turns_ago"]]) >= 0).all(), "newest first"
        assert not ev[len(used):].any()
        for r in used:
            if r[E["kind"]] == K["drew"] and r[E["side"]] == 1:
                seen["opp_draw"] += 1
                assert r[E["card_index"]] == 0 and r[E["card_row"]] == -1
        rows = o["cards"][: o["globals"][G["cards"]]]
        t = rows[:, C["this_turn"]]
        seen["summoned"] += int((t & 1).astype(bool).sum())
        seen["attacked"] += int((t & 2).astype(bool).sum())
        n = o["globals"][G["chain"]]
        if n:
            seen["chain"] += 1
            view = d.view(p)
            top = o["chain"][min(n, ygo.CHAIN_ROWS) - 1]
            assert top[0] == n and top[2] == ygo.card_index(view["chain"][-1]["code"])
            assert top[1] == (view["chain"][-1]["controller"] != p)
    assert all(v > 0 for v in seen.values()), seen
