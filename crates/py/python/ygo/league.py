"""``python -m ygo.league``: a round robin of the built-in AIs on fixed benchmark pairs, rated.

Every pair of agents plays ``--games`` duels on the benchmark deck pairs (by default Goat
Control vs Chaos Control and Chaos Turbo vs Warrior Toolbox, format ``goat``), cycling
through the deck pairs, then both deck orders (each agent pilots each deck), then both
seats (seat A goes first): with ``--games`` a multiple of 4 x the number of deck pairs every
agent pair meets in every combination equally often. The ratings are a Bradley-Terry fit
(a draw counts half a win to each side) on the Elo scale (400 points: 10 to 1 odds),
anchored at the first agent (0), with 95% intervals from the curvature of the likelihood.
One virtual draw per agent pair keeps the fit finite when one side won every game.

Agents: ``random``, ``rules`` (a fixed rule of thumb, no search), ``greedy`` (one-step
look-ahead on samples), ``mcts:N`` (information-set MCTS, N iterations per decision),
``policy`` and ``mcts+policy:N`` (the network shipped with the project), ``policy:FILE`` and
``mcts+policy:N:FILE`` (a policy network's file: docs/POLICY.md).
Each duel runs in Rust without the GIL (``ygo.play``); ``--threads`` plays several at once.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import ygo

AGENTS = ["random", "rules", "greedy", "mcts:50", "mcts:200"]
PAIRS = [("goat-control", "chaos-control"), ("chaos-turbo", "warrior-toolbox")]
ELO = 400.0 / math.log(10.0)


def schedule(agents: list[str], pairs: list[tuple[str, str]], games: int, seed: int) -> list[dict]:
    """Every duel of the round robin: agents, decks (seat A's first) and seed."""
    out = []
    for i in range(len(agents)):
        for j in range(i + 1, len(agents)):
            for g in range(games):
                decks = pairs[g % len(pairs)]
                order = (g // len(pairs)) % 2  # 1: agent i pilots the second deck
                seat = (g // (2 * len(pairs))) % 2  # 1: agent i sits in B (second)
                mine, theirs = (decks[1], decks[0]) if order else decks
                a, b = (agents[j], agents[i]) if seat else (agents[i], agents[j])
                deck_a, deck_b = (theirs, mine) if seat else (mine, theirs)
                s = (seed * 1_000_003 + (i * len(agents) + j) * 10_007 + g) % 2**63
                out.append({"a": a, "b": b, "deck_a": deck_a, "deck_b": deck_b, "seed": s})
    return out


def bradley_terry(agents: list[str], results: list[dict], prior_draws: float = 1.0) -> dict:
    """Bradley-Terry ratings (Elo scale, the first agent at 0) with 95% intervals."""
    n = len(agents)
    at = {a: k for k, a in enumerate(agents)}
    w = np.zeros((n, n))  # w[i, j]: points of i against j
    games = np.zeros((n, n))
    for r in results:
        i, j = at[r["a"]], at[r["b"]]
        score = {"A": 1.0, "B": 0.0, None: 0.5}[r["winner"]]
        w[i, j] += score
        w[j, i] += 1.0 - score
        games[i, j] += 1
        games[j, i] += 1
    played = games > 0
    w = w + 0.5 * prior_draws * played
    games = games + prior_draws * played
    theta = np.zeros(n)
    free = np.arange(1, n)
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(theta[:, None] - theta[None, :])))
        grad = (w - games * p).sum(axis=1)
        h = games * p * (1.0 - p)
        hess = np.diag(h.sum(axis=1)) - h  # minus the Hessian of the log-likelihood
        step = np.linalg.solve(hess[np.ix_(free, free)], grad[free])
        theta[free] += step
        if np.abs(step).max() < 1e-10:
            break
    p = 1.0 / (1.0 + np.exp(-(theta[:, None] - theta[None, :])))
    h = games * p * (1.0 - p)
    hess = np.diag(h.sum(axis=1)) - h
    var = np.zeros(n)
    var[free] = np.diag(np.linalg.inv(hess[np.ix_(free, free)]))
    out = {}
    for k, a in enumerate(agents):
        real = games[k].sum() - prior_draws * played[k].sum()
        points = w[k].sum() - 0.5 * prior_draws * played[k].sum()
        half = 1.96 * math.sqrt(var[k]) * ELO
        out[a] = {
            "elo": theta[k] * ELO,
            "low": theta[k] * ELO - half,
            "high": theta[k] * ELO + half,
            "games": int(real),
            "score": points / real if real else float("nan"),
        }
    return out


def run(agents: list[str], pairs: list[tuple[str, str]], games: int, seed: int = 0, threads: int = 1, fmt: str | None = "goat", progress=None) -> dict:
    """Plays the round robin; the games and the ratings."""
    for a in agents:  # unknown names fail before any duel
        if not re.fullmatch(r"random|rules|greedy|mcts(:\d+(ms)?)?|policy(:.+)?|mcts\+policy|mcts\+policy(\+value)?:\d+(ms)?(:.+)?", a):
            raise ValueError(f"unknown agent {a!r} (random, rules, greedy, mcts, mcts:N, mcts:Nms, policy, policy:FILE, mcts+policy, mcts+policy:N, mcts+policy:N:FILE)")
    for d in {d for pair in pairs for d in pair}:  # so do decks not legal in the format
        ygo.Duel(d, d, format=fmt)
    todo = schedule(agents, pairs, games, seed)
    t0 = time.perf_counter()

    def one(g):
        r = ygo.play(g["deck_a"], g["deck_b"], g["a"], g["b"], seed=g["seed"], format=fmt)
        return {**g, **r}

    results = []
    with ThreadPoolExecutor(max(1, threads)) as pool:
        for k, r in enumerate(pool.map(one, todo)):
            results.append(r)
            if progress:
                progress(k + 1, len(todo))
    return {
        "agents": agents,
        "pairs": [list(p) for p in pairs],
        "format": fmt,
        "games_per_pair": games,
        "seconds": time.perf_counter() - t0,
        "ratings": bradley_terry(agents, results),
        "games": results,
    }


def table(report: dict) -> str:
    """The ratings as a text table, best first."""
    rows = sorted(report["ratings"].items(), key=lambda kv: -kv[1]["elo"])
    pairs = ", ".join(f"{a} vs {b}" for a, b in report["pairs"])
    # The agent column is as wide as the longest name (`mcts+policy:200`, a file's path).
    w = max([12, *(len(a) for a in report["agents"])])
    lines = [
        f"ygo league: {len(report['agents'])} agents, {len(report['games'])} duels ({report['games_per_pair']} per agent pair) on {pairs}"
        f" (format {report['format']}), both deck orders, seats alternating; {report['seconds']:.0f} s",
        f"Bradley-Terry ratings, Elo scale, {report['agents'][0]} = 0, 95% intervals",
        "",
        f"{'rank':<5} {'agent':<{w}} {'Elo':>6}  {'95% interval':<16} {'score':>6} {'games':>6}",
    ]
    for k, (a, r) in enumerate(rows, 1):
        interval = "(anchor)" if a == report["agents"][0] else f"[{r['low']:+.0f}, {r['high']:+.0f}]"
        lines.append(f"{k:<5} {a:<{w}} {r['elo']:>+6.0f}  {interval:<16} {100 * r['score']:>5.1f}% {r['games']:>6}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ygo.league", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agents", default=",".join(AGENTS), help=f"comma-separated AIs, the first the anchor (default {','.join(AGENTS)})")
    p.add_argument("--pairs", default=";".join(f"{a},{b}" for a, b in PAIRS), help="deck pairs, 'a,b;c,d' (default the benchmark pairs)")
    p.add_argument("--games", type=int, default=8, help="duels per agent pair (default 8; a multiple of 4 x pairs balances orders and seats)")
    p.add_argument("--format", default="goat", help="the format played (default goat; 'none' for today's cards)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=1, help="duels played at once (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object (agents, pairs, ratings, games) instead of the table")
    args = p.parse_args(argv)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    pairs = [tuple(x.split(",")) for x in args.pairs.split(";") if x.strip()]
    if len(agents) < 2 or any(len(x) != 2 for x in pairs) or args.games < 1:
        p.error("at least two agents, pairs as 'a,b;c,d', and --games >= 1")
    fmt = None if args.format.lower() == "none" else args.format
    try:
        report = run(agents, pairs, args.games, args.seed, args.threads, fmt, None if args.json else lambda k, n: print(f"\r{k}/{n} duels", end="", file=sys.stderr))
    except ValueError as e:
        print(f"ygo.league: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        print(file=sys.stderr)
        print(table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
