import os
from pathlib import Path

import pytest

import ygo

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def mid_duel():
    """A benchmark-deck duel after 150 decisions of first-listed play."""
    d = ygo.Duel(seed=5)
    for i in range(150):
        legal = d.legal_actions()
        d.apply(legal[i % len(legal)][0])
    return d


def play_out(d, pick=lambda legal, i: legal[i % len(legal)][0], limit=20000):
    """Plays to the end (or `limit` decisions); the number of decisions."""
    n = 0
    while d.deciding is not None and n < limit:
        legal = d.legal_actions()
        d.apply(pick(legal, n))
        n += 1
    return n


os.environ.setdefault("RAY_AUTH_MODE", "disabled")
