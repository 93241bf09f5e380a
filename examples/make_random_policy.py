"""Writes a randomly initialised policy network in the format the Rust player reads
(``policy:FILE``, ``mcts+policy:N:FILE``; docs/POLICY.md): a safetensors file of float32
tensors whose header metadata names the architecture (``ygo-mlp-v1``) and the observation
version. numpy and safetensors only (no PyTorch).

    python examples/make_random_policy.py /tmp/random.safetensors --seed 1
    ygo sim --deck goat-control --deck chaos-control --ai policy:/tmp/random.safetensors --ai random

The Rust tests make their own files (``Policy::random_file``); this script is the same
layout for Python users, and the starting point ``examples/train_ppo.py`` mirrors.
"""

from __future__ import annotations

import argparse

import numpy as np

ARCHITECTURE = "ygo-mlp-v1"
OBSERVATION_VERSION = 2  # ygo.OBSERVATION_VERSION of the build that plays the file
CARD_FEATURES = 39
GLOBAL_FEATURES = 32
ACTION_FEATURES = 42


def shapes(indices: int = 2048, embed: int = 16, card: int = 64, state: int = 128) -> dict[str, tuple[int, ...]]:
    """Every tensor's shape (PyTorch's nn.Linear layout: weight [out, in], bias [out])."""
    layers = {
        "card": (card, embed + CARD_FEATURES),
        "trunk": (state, 2 * card + GLOBAL_FEATURES),
        "value": (1, state),
        "action": (state, ACTION_FEATURES + 2 * embed + 2 * card),
        "score1": (state, 2 * state),
        "score2": (1, state),
    }
    out: dict[str, tuple[int, ...]] = {"embed": (indices, embed)}
    for name, (o, i) in layers.items():
        out[f"{name}.weight"] = (o, i)
        out[f"{name}.bias"] = (o,)
    return out


def random_policy(seed: int = 0, **sizes: int) -> dict[str, np.ndarray]:
    """Weights uniform in +-1/sqrt(inputs) (PyTorch's nn.Linear default); the embedding in +-1."""
    rng = np.random.default_rng(seed)
    sh = shapes(**sizes)
    out = {}
    for name, shape in sh.items():
        if name == "embed":
            bound = 1.0
        else:
            bound = 1.0 / np.sqrt(sh[name.rsplit(".", 1)[0] + ".weight"][1])
        out[name] = rng.uniform(-bound, bound, size=shape).astype(np.float32)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", help="the .safetensors file to write")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--indices", type=int, default=2048, help="rows of the card embedding (card indices; default 2048)")
    p.add_argument("--embed", type=int, default=16, help="card embedding width (default 16)")
    p.add_argument("--card", type=int, default=64, help="card row width (default 64)")
    p.add_argument("--state", type=int, default=128, help="state and action width (default 128)")
    a = p.parse_args(argv)
    from safetensors.numpy import save_file  # here: the functions above need numpy alone

    tensors = random_policy(a.seed, indices=a.indices, embed=a.embed, card=a.card, state=a.state)
    save_file(tensors, a.out, metadata={"architecture": ARCHITECTURE, "observation_version": str(OBSERVATION_VERSION)})
    n = sum(t.size for t in tensors.values())
    print(f"wrote {a.out}: {ARCHITECTURE}, observation version {OBSERVATION_VERSION}, {n} weights")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
