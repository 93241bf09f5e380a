"""Masked PPO on CPU with PyTorch: trains a Goat Control player and writes it in the format the
Rust player reads (docs/POLICY.md: ``policy:FILE``, ``mcts+policy:N:FILE``).

    pip install ./crates/py numpy safetensors torch
    python examples/train_ppo.py [--minutes 110] [--out runs/policy.safetensors]
    ygo league --agents greedy,policy:runs/policy.safetensors --games 400

STATUS: the networks shipped in ``crates/ai/data/goat-policy.safetensors`` (Goat Control)
and ``goat-policy-chaos.safetensors`` (Chaos Control: ``--deck chaos-control
--opponent-deck goat-control``) were trained by this script; the commands, wall times, how
the snapshots were chosen and their strength are in ``docs/POLICY.md`` ("The shipped
networks"). Without ``--both-decks`` every file written names the learner's deck in its
metadata (``deck_cards``), so ``policy`` plays it for that deck. ``--check-export`` writes an untrained
network and compares PyTorch's probabilities with the Rust player's
(``ygo.policy_evaluate``) on random Goat positions (largest difference measured: 6e-8). The network below mirrors ``crates/ai/src/policy.rs``
(architecture ``ygo-mlp-v1``) tensor for tensor; every evaluation plays the written file
through the Rust player (``ygo.play``).

The learner pilots ``goat-control`` against ``chaos-control`` in ``format="goat"``
(``ygo.vector.VecEnv``: ``deck`` is always the learner's, ``seat="alternate"``, so it goes
first in half the duels). With ``--both-decks`` it pilots ``--deck`` and
``--opponent-deck`` in turn, an iteration each, and is evaluated on both. ``--init FILE``
starts from a network this script wrote (e.g. the shipped one) instead of random weights.
Each iteration plays ``--steps`` decisions in each of ``--envs`` duels (one batch per opponent, its duels going on from iteration to iteration)
against one opponent drawn from the pool: the built-in AIs played in Rust
(``random``, ``rules``, ``greedy``) and the learner's own past versions (written every
``--snapshot`` iterations to ``<out dir>/pool/`` and played in Rust as ``policy:FILE``);
``--self-weight`` is the share of iterations against past versions. Reward +1 for a win,
-1 for a loss, 0 for a draw, at the end only; advantages by GAE; the PPO update (clipped
ratio, value loss, entropy bonus) over minibatches of the rollout, the logits masked to the
legal rows. Every ``--eval-every`` iterations the file is played against ``greedy`` on
``--eval-games`` duels, both seats, through ``ygo.play`` (Rust inference), and the
best file so far is kept at ``--out``. ``--minutes`` bounds the wall time (the issue asks
for at most 2 hours on the 2-core machine).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from safetensors.torch import load_file, save_file

import ygo
from ygo.vector import VecEnv

ARCHITECTURE = "ygo-mlp-v1"
CARD_FEATURES, GLOBAL_FEATURES, ACTION_FEATURES = 39, 32, 42
ZONES, KINDS, FLAG_BITS, TURN_BITS = 12, 25, 10, 3

CC = ygo.CARD_COLUMNS.index
AC = ygo.ACTION_COLUMNS.index
GN = ygo.GLOBAL_NAMES.index
# The numeric card columns and their scales (policy.rs: CARD_NUMERIC).
CARD_NUMERIC = [
    ("known", 1.0), ("side", 1.0), ("slot", 1 / 8), ("position", 1 / 4), ("owner", 1.0), ("atk", 1 / 1000),
    ("def", 1 / 1000), ("level", 1 / 12), ("attribute", 1 / 8), ("race", 1 / 32), ("kind", 1 / 16),
    ("counters", 1 / 4), ("can_activate", 1.0), ("chain_link", 1 / 4),
]  # fmt: skip


def global_scales() -> np.ndarray:
    """policy.rs: GLOBAL_SCALES."""
    s = np.zeros(len(ygo.GLOBAL_NAMES), dtype=np.float32)
    for name, v in [("seat", 1), ("my_turn", 1), ("turn", 1 / 20), ("phase", 1 / 8), ("step", 1 / 8), ("deciding", 1), ("lp", 1 / 8000), ("opp_lp", 1 / 8000),
                    ("chain", 1 / 4), ("chain_top_side", 1), ("actions", 1 / 32), ("action_overflow", 1), ("cards", 1 / 64), ("card_overflow", 1)]:  # fmt: skip
        s[GN(name)] = v
    for name, v in [("hand", 1 / 8), ("deck", 1 / 40), ("extra", 1 / 15), ("gy", 1 / 20), ("banished", 1 / 20), ("monsters", 1 / 5), ("spells", 1 / 5)]:
        s[GN(name)] = s[GN("opp_" + name)] = v
    return s


GLOBAL_SCALES = torch.from_numpy(global_scales())
NUMERIC_COLS = torch.tensor([CC(c) for c, _ in CARD_NUMERIC])
NUMERIC_SCALES = torch.tensor([s for _, s in CARD_NUMERIC], dtype=torch.float32)


def one_hot(x: torch.Tensor, n: int) -> torch.Tensor:
    return F.one_hot(x.long().clamp(0, n - 1), n).float()


def bits(x: torch.Tensor, n: int) -> torch.Tensor:
    x = x.long() & 0xFFFF  # policy.rs reads the column as u16
    return torch.stack([((x >> b) & 1).float() for b in range(n)], dim=-1)


class Policy(nn.Module):
    """ygo-mlp-v1 (docs/POLICY.md); the state_dict's names and shapes are the file's."""

    def __init__(self, indices=2048, embed=16, card=64, state=128):
        super().__init__()
        self.embed = nn.Parameter(torch.empty(indices, embed).uniform_(-1, 1))
        self.card = nn.Linear(embed + CARD_FEATURES, card)
        self.trunk = nn.Linear(2 * card + GLOBAL_FEATURES, state)
        self.value = nn.Linear(state, 1)
        self.action = nn.Linear(ACTION_FEATURES + 2 * embed + 2 * card, state)
        self.score1 = nn.Linear(2 * state, state)
        self.score2 = nn.Linear(state, 1)

    def emb(self, index: torch.Tensor) -> torch.Tensor:
        i = index.long()
        i = torch.where((i > 0) & (i < self.embed.shape[0]), i, torch.zeros_like(i))
        return self.embed[i]

    def forward(self, cards, globals_, actions, mask):
        """cards (N, R, 18), globals (N, 32), actions (N, A, 8), mask (N, A): (logits, masked rows -1e9; value)."""
        # Only as many rows as the batch uses (the logits have as many columns as the
        # longest action list of the batch: every legal row is among them).
        k = int(mask.sum(1).max().clamp(min=1))
        actions, mask = actions[:, :k], mask[:, :k]
        cards = cards[:, : int(globals_[:, GN("cards")].max().clamp(min=1, max=cards.shape[1]))]
        n, rows = cards.shape[:2]
        n_cards = globals_[:, GN("cards")].long().clamp(0, rows)
        valid = torch.arange(rows)[None, :] < n_cards[:, None]  # (N, R)
        feats = torch.cat(
            [
                cards[..., NUMERIC_COLS].float() * NUMERIC_SCALES,
                one_hot(cards[..., CC("zone")], ZONES),
                bits(cards[..., CC("flags")], FLAG_BITS),
                bits(cards[..., CC("this_turn")], TURN_BITS),
            ],
            dim=-1,
        )
        h = F.relu(self.card(torch.cat([self.emb(cards[..., CC("index")]), feats], dim=-1))) * valid[..., None]
        side = cards[..., CC("side")] != 0
        pooled = []
        for m in (valid & ~side, valid & side):
            cnt = m.sum(1, keepdim=True).clamp(min=1).float()
            pooled.append((h * m[..., None]).sum(1) / cnt)
        g = globals_.float() * GLOBAL_SCALES
        s = F.relu(self.trunk(torch.cat(pooled + [g], dim=-1)))
        value = torch.tanh(self.value(s)).squeeze(-1)

        def rows_of(col):
            r = actions[..., AC(col)].long()
            ok = (r >= 0) & (r < n_cards[:, None])
            picked = torch.gather(h, 1, r.clamp(0, rows - 1)[..., None].expand(-1, -1, h.shape[-1]))
            return picked * ok[..., None]

        p = actions[..., AC("param")].long()
        afeats = torch.cat(
            [
                one_hot(actions[..., AC("kind")], KINDS),
                one_hot(actions[..., AC("card_zone")], ZONES),
                actions[..., AC("card_side")].float()[..., None],
                (p == -1).float()[..., None],
                (p == -2).float()[..., None],
                (p == -3).float()[..., None],
                (p.clamp(0, 32).float() / 8)[..., None],
            ],
            dim=-1,
        )
        x = torch.cat([afeats, self.emb(actions[..., AC("card_index")]), self.emb(actions[..., AC("target_index")]), rows_of("card_row"), rows_of("target_row")], dim=-1)
        a = F.relu(self.action(x))
        joint = torch.cat([a, s[:, None, :].expand(-1, a.shape[1], -1)], dim=-1)
        logits = self.score2(F.relu(self.score1(joint))).squeeze(-1)
        # Masked rows: a large negative number rather than -inf (exactly probability 0 in
        # float32, and no inf - inf in the gradients).
        logits = logits.masked_fill(mask == 0, -1e9)
        return logits, value

    # The passcodes of the deck the learner pilots, written as the files' ``deck_cards``
    # (a player holding several networks plays the one of its own deck); empty: none.
    deck_cards = ""

    def save(self, path: str, **meta):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        tensors = {k: v.detach().float().contiguous() for k, v in self.state_dict().items()}
        info = {"architecture": ARCHITECTURE, "observation_version": str(ygo.OBSERVATION_VERSION)}
        if self.deck_cards:
            info["deck_cards"] = self.deck_cards
        info.update({k: str(v) for k, v in meta.items()})
        tmp = path + ".tmp"
        save_file(tensors, tmp, metadata=info)
        os.replace(tmp, path)


def tensors(obs: dict):
    """The arrays of a VecEnv batch (or, with a leading axis added, of one ``Duel.observe``)."""
    return (
        torch.from_numpy(obs["cards"].astype(np.int64)),
        torch.from_numpy(obs["globals"].astype(np.int64)),
        torch.from_numpy(obs["actions"].astype(np.int64)),
        torch.from_numpy(obs["action_mask"].astype(np.int64)),
    )


def rollout(net: Policy, env: VecEnv, obs: dict, steps: int):
    """steps decisions in every duel: the batch and the next observation."""
    buf = {k: [] for k in ("cards", "globals", "actions", "mask", "act", "logp", "value", "reward", "done")}
    for _ in range(steps):
        c, g, a, m = tensors(obs)
        with torch.no_grad():
            logits, v = net(c, g, a, m)
            dist = torch.distributions.Categorical(logits=logits)
            act = dist.sample()
        nxt, rew, term, trunc = env.step(act.numpy())
        for k, x in (("cards", c), ("globals", g), ("actions", a), ("mask", m), ("act", act), ("logp", dist.log_prob(act)), ("value", v)):
            buf[k].append(x)
        buf["reward"].append(torch.from_numpy(np.asarray(rew, dtype=np.float32)))
        buf["done"].append(torch.from_numpy(np.asarray(term | trunc, dtype=np.float32)))
        obs = nxt
    with torch.no_grad():
        _, last_v = net(*tensors(obs))
    return {k: torch.stack(v) for k, v in buf.items()}, last_v, obs


def gae(b, last_v, gamma, lam):
    T = b["reward"].shape[0]
    adv = torch.zeros_like(b["reward"])
    nxt_adv = torch.zeros_like(last_v)
    nxt_v = last_v
    for t in reversed(range(T)):
        live = 1.0 - b["done"][t]
        delta = b["reward"][t] + gamma * nxt_v * live - b["value"][t]
        nxt_adv = delta + gamma * lam * live * nxt_adv
        adv[t] = nxt_adv
        nxt_v = b["value"][t]
    return adv, adv + b["value"]


def update(net, opt, b, adv, ret, args):
    flat = {k: v.reshape(-1, *v.shape[2:]) for k, v in b.items()}
    adv, ret = adv.reshape(-1), ret.reshape(-1)
    n = adv.shape[0]
    stats = []
    for _ in range(args.epochs):
        perm = torch.randperm(n)
        for i in range(0, n, args.minibatch):
            j = perm[i : i + args.minibatch]
            logits, v = net(flat["cards"][j], flat["globals"][j], flat["actions"][j], flat["mask"][j])
            dist = torch.distributions.Categorical(logits=logits)
            logp = dist.log_prob(flat["act"][j])
            ratio = (logp - flat["logp"][j]).exp()
            a = adv[j]
            a = (a - a.mean()) / (a.std() + 1e-8)
            pg = -torch.min(ratio * a, ratio.clamp(1 - args.clip, 1 + args.clip) * a).mean()
            vl = F.mse_loss(v, ret[j])
            ent = dist.entropy().mean()  # the masked rows have probability 0
            loss = pg + args.vf * vl - args.ent * ent
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            opt.step()
            stats.append((pg.item(), vl.item(), ent.item()))
    return np.mean(stats, axis=0)


def check_export(net: Policy, path: str, positions: int = 30, seed: int = 0) -> float:
    """The largest difference between the network's probabilities (PyTorch) and the Rust
    player's reading of the written file (``ygo.policy_evaluate``) over random Goat positions."""
    rng = random.Random(seed)
    d = ygo.Duel("goat-control", "chaos-control", format="goat", seed=seed)
    worst = 0.0
    for _ in range(positions):
        while d.deciding is not None and rng.random() < 0.9:
            legal = d.legal_actions()
            d.apply(rng.choice(legal)[0])
        if d.deciding is None:
            d = ygo.Duel("goat-control", "chaos-control", format="goat", seed=rng.randrange(1 << 30))
            continue
        o = d.observe(d.deciding)
        with torch.no_grad():
            logits, v = net(*(x[None] for x in tensors(o)))
        mine = torch.softmax(logits[0], -1).numpy()[: len(d.legal_actions())]
        rust, rv = ygo.policy_evaluate(path, d)
        worst = max(worst, float(np.abs(mine - np.asarray(rust)).max()), abs(float(v[0]) - rv))
    return worst


def evaluate(path: str, games: int, seed: int, deck: str, opp_deck: str, against: str = "greedy") -> float:
    """The file's score (win 1, draw 1/2) against `against`, both seats, through the Rust player."""
    me = f"policy:{path}"
    score = 0.0
    for g in range(games):
        first = g % 2 == 0
        r = ygo.play(deck, opp_deck, me, against, seed=seed + g, format="goat") if first else ygo.play(opp_deck, deck, against, me, seed=seed + g, format="goat")
        mine = "A" if first else "B"
        score += 1.0 if r["winner"] == mine else 0.5 if r["winner"] is None else 0.0
    return score / games


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default="runs/policy.safetensors", help="the best file so far (default runs/policy.safetensors)")
    p.add_argument("--deck", default="goat-control")
    p.add_argument("--opponent-deck", default="chaos-control")
    p.add_argument("--both-decks", action="store_true", help="the learner pilots --deck and --opponent-deck in turn, an iteration each, and is evaluated on both")
    p.add_argument("--minutes", type=float, default=110.0, help="wall-time bound (default 110)")
    p.add_argument("--envs", type=int, default=32)
    p.add_argument("--steps", type=int, default=64, help="decisions per duel per iteration")
    p.add_argument("--threads", type=int, default=2, help="VecEnv threads (the opponents' search runs there)")
    p.add_argument("--builtins", default="random,rules,greedy", help="built-in opponents")
    p.add_argument("--self-weight", type=float, default=0.5, help="share of iterations against past versions")
    p.add_argument("--snapshot", type=int, default=10, help="iterations between pool snapshots")
    p.add_argument("--pool-size", type=int, default=8)
    p.add_argument("--eval-every", type=int, default=20)
    p.add_argument("--eval-games", type=int, default=40)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--minibatch", type=int, default=512)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--vf", type=float, default=0.5)
    p.add_argument("--ent", type=float, default=0.01)
    p.add_argument("--gamma", type=float, default=0.999)
    p.add_argument("--lam", type=float, default=0.95)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--init", metavar="FILE", help="start from this network's weights (a file this script wrote) instead of random ones")
    p.add_argument("--check-export", action="store_true", help="only write an untrained network and compare PyTorch with the Rust inference")
    args = p.parse_args(argv)

    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    torch.set_num_threads(1)
    out_dir = os.path.dirname(os.path.abspath(args.out))
    pool_dir = os.path.join(out_dir, "pool")
    current = os.path.join(out_dir, "current.safetensors")
    net = Policy()
    if not args.both_decks:
        try:
            deck = ygo.deck_list(args.deck)
        except ValueError as e:
            p.error(f"--deck {args.deck}: {e}")
        net.deck_cards = ",".join(str(c) for c in deck["main"] + deck["extra"] + deck["side"])
    if args.init:
        try:
            net.load_state_dict(load_file(args.init))
        except Exception as e:  # missing, not safetensors, or another shape: say which file
            p.error(f"--init {args.init}: {e}")
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    builtins = [b for b in args.builtins.split(",") if b]
    pool: list[str] = []
    envs: dict[tuple[str, str], list] = {}
    best = -1.0
    t0 = time.time()
    it = 0
    log = []
    if args.check_export:
        net.save(args.out, iteration=0)
        worst = check_export(net, args.out)
        print(f"{args.out}: largest difference PyTorch vs Rust {worst:.2e}")
        return 0 if worst < 1e-4 else 1
    while time.time() - t0 < args.minutes * 60:
        it += 1
        if pool and rng.random() < args.self_weight:
            opponent = f"policy:{rng.choice(pool)}"
        else:
            opponent = rng.choice(builtins)
        mine, theirs = (args.opponent_deck, args.deck) if args.both_decks and it % 2 == 0 else (args.deck, args.opponent_deck)
        key = (opponent, mine)
        if key not in envs:  # one batch of duels per opponent and deck, kept from iteration to iteration
            env = VecEnv(args.envs, deck=mine, opponent_deck=theirs, opponent=opponent, seat="alternate", seed=args.seed * 100_003 + it, threads=args.threads, format="goat")
            envs[key] = [env, env.reset()]
        env, obs = envs[key]
        b, last_v, envs[key][1] = rollout(net, env, obs, args.steps)
        adv, ret = gae(b, last_v, args.gamma, args.lam)
        pg, vl, ent = update(net, opt, b, adv, ret, args)
        st = env.stats()
        row = {"iteration": it, "minutes": round((time.time() - t0) / 60, 2), "opponent": opponent, "deck": mine, "pg": float(pg), "value_loss": float(vl), "entropy": float(ent), "stats": st}
        if it % args.snapshot == 0:
            path = os.path.join(pool_dir, f"v{it:05d}.safetensors")
            net.save(path, iteration=it)
            pool.append(path)
            dropped = {f"policy:{old}" for old in pool[: -args.pool_size]}
            for k in [k for k in envs if k[0] in dropped]:
                del envs[k]
            pool = pool[-args.pool_size :]
        if it % args.eval_every == 0:
            net.save(current, iteration=it)
            if args.both_decks:
                half = args.eval_games // 2
                score = (evaluate(current, half, 10_000 + it, args.deck, args.opponent_deck) + evaluate(current, half, 20_000 + it, args.opponent_deck, args.deck)) / 2
            else:
                score = evaluate(current, args.eval_games, 10_000 + it, args.deck, args.opponent_deck)
            row["vs_greedy"] = score
            if score > best:
                best = score
                net.save(args.out, iteration=it, vs_greedy=score, command=" ".join(["train_ppo.py"] + (argv or [])))
        log.append(row)
        print(json.dumps(row), flush=True)
    if best < 0:
        net.save(args.out, iteration=it)
    print(f"done: {it} iterations in {(time.time() - t0) / 60:.1f} min; best vs greedy {best:.3f}; {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
