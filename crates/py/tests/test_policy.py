"""A policy network file (docs/POLICY.md) played by the Rust player through ``ygo.play`` and
the league: ``policy:FILE``, ``mcts+policy:N:FILE``, and the errors for a bad file. The file
is written here with numpy alone (the safetensors layout: a little-endian u64 header
length, the JSON header, the tensors' bytes)."""

import importlib.util
import json
import re
import struct

import numpy as np
import pytest
from conftest import REPO

import ygo


def example():
    spec = importlib.util.spec_from_file_location("make_random_policy", REPO / "examples" / "make_random_policy.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write_safetensors(path, tensors, metadata):
    header, blobs, offset = {"__metadata__": metadata}, [], 0
    for name, t in tensors.items():
        b = np.ascontiguousarray(t, dtype="<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(t.shape), "data_offsets": [offset, offset + len(b)]}
        blobs.append(b)
        offset += len(b)
    h = json.dumps(header).encode()
    h += b" " * (-len(h) % 8)
    path.write_bytes(struct.pack("<Q", len(h)) + h + b"".join(blobs))


def meta(**kw):
    return {"architecture": "ygo-mlp-v1", "observation_version": str(ygo.OBSERVATION_VERSION), **kw}


@pytest.fixture
def policy_file(tmp_path):
    m = example()
    assert m.OBSERVATION_VERSION == ygo.OBSERVATION_VERSION, "the example writes this build's observation version"
    p = tmp_path / "random.safetensors"
    write_safetensors(p, m.random_policy(1, embed=8, card=16, state=32), meta())
    return p


def test_a_policy_file_plays_goat_through_play(policy_file):
    for ai in [f"policy:{policy_file}", f"mcts+policy:10:{policy_file}"]:
        r = ygo.play("goat-control", "chaos-control", ai, "random", seed=3, format="goat")
        assert r["decisions"] > 10 and r["reason"] is not None
    again = [ygo.play("goat-control", "chaos-control", f"policy:{policy_file}", "greedy", seed=4, format="goat") for _ in range(2)]
    assert again[0] == again[1], "argmax: the same duel twice"


def test_policy_evaluate_is_the_players_reading(policy_file):
    d = ygo.Duel("goat-control", "chaos-control", format="goat", seed=2)
    probs, value = ygo.policy_evaluate(str(policy_file), d)
    assert len(probs) == len(d.legal_actions()) and abs(sum(probs) - 1) < 1e-4 and -1 < value < 1
    assert all(p > 0 for p in probs)


def test_the_league_takes_a_policy_file(policy_file):
    from ygo import league

    out = league.run(["random", f"policy:{policy_file}"], [("goat-control", "chaos-control")], 4, seed=1)
    assert out["games"] and f"policy:{policy_file}" in out["ratings"]


def test_bad_files_name_the_file_and_the_problem(tmp_path, policy_file):
    m = example()
    good = m.random_policy(1, embed=8, card=16, state=32)
    cases = {
        "missing.safetensors": ({k: v for k, v in good.items() if k != "score1.weight"}, meta(), 'missing tensor "score1.weight"'),
        "shape.safetensors": ({**good, "action.weight": np.zeros((32, 7), np.float32)}, meta(), 'tensor "action.weight" has shape [32, 7]'),
        "version.safetensors": (good, meta(observation_version="1"), "observation version 1"),
    }
    for name, (tensors, md, words) in cases.items():
        p = tmp_path / name
        write_safetensors(p, tensors, md)
        with pytest.raises(ValueError, match=re.escape(words)) as e:
            ygo.play("goat-control", "chaos-control", f"policy:{p}", "random", format="goat")
        assert str(p) in str(e.value)
    with pytest.raises(ValueError, match="unknown AI"):
        ygo.play("goat-control", "chaos-control", "mcts+policy:x:y", "random", format="goat")
