"""REINFORCE against the built-in random player, in numpy alone.

    python examples/train_reinforce.py [--episodes 3000] [--out learning-curve.png]

The policy is a softmax over the legal rows of the action table, scored by a linear
function of hand-made features of each row (its kind, the acting card's and the target's
ATK/DEF/Level/position/zone, the ATK difference in an attack, LP and board differences
crossed with the kind). It plays the vanilla decks (`vanilla-yugi` vs `vanilla-kaiba`)
against `random`, the learner's seat (and so its deck) alternating from duel to duel, in a
batch of duels stepped in Rust (`ygo.VecEnv`). After each batch of finished duels the
weights take one policy-gradient step (reward +1 win, -1 loss; a running-mean baseline).
Before and after training the policy is evaluated on the same fresh duels (untrained it
is uniform over the legal rows; trained, both sampled and greedy, the best-scored row). Writes the plot of the win rate over training steps.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

import ygo

A = ygo.ACTION_COLUMNS.index
C = ygo.CARD_COLUMNS.index
G = ygo.GLOBAL_NAMES.index
KINDS = len(ygo.ACTION_KINDS) + 1
ZONES, POSITIONS = 12, 5


def one_hot(x: np.ndarray, n: int) -> np.ndarray:
    return np.eye(n, dtype=np.float32)[np.clip(x, 0, n - 1)]


def features(obs: dict) -> np.ndarray:
    """(N, rows, F) features of every row of every duel's action table."""
    cards = obs["cards"].astype(np.float32)
    acts = obs["actions"]
    n, rows = acts.shape[:2]

    def card(col: str) -> tuple[np.ndarray, np.ndarray]:
        r = acts[:, :, A(col)].astype(np.int64)
        present = (r >= 0).astype(np.float32)
        picked = np.take_along_axis(cards, np.clip(r, 0, None)[:, :, None], axis=1)  # (N, rows, CARD_COLS)
        return picked * present[:, :, None], present

    me, has_me = card("card_row")
    tg, has_tg = card("target_row")
    kind = one_hot(acts[:, :, A("kind")], KINDS)
    g = obs["globals"].astype(np.float32)
    lp = ((g[:, G("lp")] - g[:, G("opp_lp")]) / 8000.0)[:, None, None]
    board = ((g[:, G("monsters")] - g[:, G("opp_monsters")]) / 5.0)[:, None, None]
    hand = ((g[:, G("hand")] - g[:, G("opp_hand")]) / 5.0)[:, None, None]
    atk, tgt_atk = me[:, :, C("atk")] / 3000.0, tg[:, :, C("atk")] / 3000.0
    tgt_attack_pos = (tg[:, :, C("position")] == 1).astype(np.float32)
    tgt_value = np.where(tgt_attack_pos > 0, tgt_atk, tg[:, :, C("def")] / 3000.0)
    direct = (kind[:, :, ygo.ACTION_KINDS.index("attack") + 1] > 0) & (has_tg == 0)
    diff = (atk - tgt_value) * has_tg
    parts = [
        kind,
        kind * lp,
        kind * board,
        kind * hand,
        np.stack([atk, me[:, :, C("def")] / 3000.0, me[:, :, C("level")] / 12.0, has_me, me[:, :, C("side")]], axis=-1),
        one_hot(me[:, :, C("position")].astype(np.int64), POSITIONS),
        one_hot(acts[:, :, A("card_zone")].astype(np.int64), ZONES),
        np.stack([tgt_atk, tg[:, :, C("def")] / 3000.0, has_tg, tg[:, :, C("known")], direct.astype(np.float32)], axis=-1),
        np.stack([diff, (diff > 0).astype(np.float32), (diff < 0).astype(np.float32), tgt_attack_pos * has_tg], axis=-1),
        one_hot(np.where(kind[:, :, ygo.ACTION_KINDS.index("position") + 1] > 0, acts[:, :, A("param")], 0).astype(np.int64), POSITIONS),
    ]
    return np.concatenate(parts, axis=-1)


def policy(w: np.ndarray, phi: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Softmax over the legal rows: (N, rows) probabilities."""
    logits = phi @ w
    logits = np.where(mask > 0, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def sample(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One row per duel drawn from the probabilities ``p``."""
    u = rng.random((p.shape[0], 1))
    return (p.cumsum(axis=1) < u).sum(axis=1).clip(0, p.shape[1] - 1)


def evaluate(w: np.ndarray, games: int, seed: int, greedy: bool, envs: int = 64) -> float:
    """Win rate over ``games`` fresh duels of the sampled policy, or of the greedy one (the best-scored row)."""
    env = ygo.VecEnv(envs, "vanilla-yugi", "vanilla-kaiba", opponent="random", seed=seed)
    rng = np.random.default_rng(seed)
    obs = env.reset()
    wins = done = 0
    while done < games:
        phi = features(obs)
        if greedy:
            rows = np.where(obs["action_mask"] > 0, phi @ w, -np.inf).argmax(axis=1)
        else:
            rows = sample(policy(w, phi, obs["action_mask"]), rng)
        obs, rewards, term, trunc = env.step(rows)
        finished = term | trunc
        take = min(int(finished.sum()), games - done)
        wins += int((rewards[finished][:take] > 0).sum())
        done += take
    return wins / games


def train(episodes: int, envs: int, lr: float, seed: int, log_every: int):
    env = ygo.VecEnv(envs, "vanilla-yugi", "vanilla-kaiba", opponent="random", seed=seed)
    rng = np.random.default_rng(seed)
    obs = env.reset()
    w = np.zeros(features(obs).shape[-1], np.float32)
    grads = np.zeros((envs, w.size), np.float32)  # per duel: sum of grad log pi over its steps
    batch_grad, batch_n = np.zeros_like(w), 0
    baseline, results, curve, steps = 0.0, [], [], 0
    while len(results) < episodes:
        phi = features(obs)
        p = policy(w, phi, obs["action_mask"])
        rows = sample(p, rng)
        chosen = phi[np.arange(envs), rows]
        expected = (p[:, :, None] * phi).sum(axis=1)
        grads += chosen - expected
        obs, rewards, term, trunc = env.step(rows)
        steps += envs
        for i in np.flatnonzero(term | trunc):
            r = float(rewards[i])
            batch_grad += (r - baseline) * grads[i]
            batch_n += 1
            baseline = 0.99 * baseline + 0.01 * r
            grads[i] = 0.0
            results.append(r)
            if len(results) % log_every == 0:
                recent = np.array(results[-log_every:])
                curve.append((steps, float((recent > 0).mean())))
                print(f"episodes {len(results):6d}  env steps {steps:9d}  win rate (last {log_every}) {curve[-1][1]:.3f}", file=sys.stderr)
        if batch_n >= envs:
            w += lr * batch_grad / batch_n
            batch_grad[:], batch_n = 0.0, 0
    return w, curve


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--episodes", type=int, default=3000, help="training duels (default 3000)")
    p.add_argument("--envs", type=int, default=64, help="duels stepped together (default 64)")
    p.add_argument("--lr", type=float, default=0.2, help="learning rate (default 0.2)")
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    p.add_argument("--eval-games", type=int, default=1000, help="evaluation duels before and after (default 1000)")
    p.add_argument("--out", default="learning-curve.png", help="the plot (default learning-curve.png in the current folder; the README's figure: --out docs/learning-curve.png)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    if args.episodes < 1 or args.envs < 1 or args.eval_games < 1:
        p.error("--episodes, --envs and --eval-games must be positive")
    t0 = time.perf_counter()
    dims = features(ygo.VecEnv(1, "vanilla-yugi", "vanilla-kaiba", opponent="random").reset()).shape[-1]
    before = evaluate(np.zeros(dims, np.float32), args.eval_games, 10_000 + args.seed, greedy=False)
    w, curve = train(args.episodes, args.envs, args.lr, args.seed, log_every=max(args.episodes // 40, 10))
    after = evaluate(w, args.eval_games, 10_000 + args.seed, greedy=False)
    after_greedy = evaluate(w, args.eval_games, 10_000 + args.seed, greedy=True)
    elapsed = time.perf_counter() - t0

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    xs, ys = zip(*curve)
    ax.plot(xs, ys, label="training win rate (sampled policy)")
    ax.axhline(before, color="grey", linestyle="--", label=f"untrained (uniform): {before:.0%}")
    ax.axhline(after, color="green", linestyle="--", label=f"trained, sampled: {after:.0%}")
    ax.axhline(after_greedy, color="purple", linestyle=":", label=f"trained, greedy: {after_greedy:.0%}")
    ax.set_xlabel("env steps (learner decisions)")
    ax.set_ylabel("win rate vs random")
    ax.set_ylim(0, 1.05)
    ax.set_title("REINFORCE (numpy, linear policy), vanilla-yugi / vanilla-kaiba vs random")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    report = {"episodes": args.episodes, "env_steps": curve[-1][0], "win_rate_before": before, "win_rate_after": after, "win_rate_after_greedy": after_greedy, "first_window": curve[0][1], "last_window": curve[-1][1], "seconds": elapsed, "plot": args.out}
    print(json.dumps(report) if args.json else f"win rate vs random: {before:.1%} untrained, {after:.1%} trained ({after_greedy:.1%} greedy) after {args.episodes} training duels ({elapsed:.0f} s); plot in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
