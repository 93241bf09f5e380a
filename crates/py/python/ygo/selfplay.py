"""``python -m ygo.selfplay``: self-play games in Ray actors, on one machine or a cluster.

Each worker is a Ray actor holding a batched environment (``ygo.VecEnv``, self-play: both
seats are the policy's); it plays its share of the games and returns the results and, with
``--out``, its trajectories. The policy is uniform over the legal actions by default; a
Python caller passes its own (a function from an observation batch to action rows) to
:func:`run`. ``--address ray://host:10001`` (or ``auto``) joins an existing cluster, whose
nodes need ``ygo`` installed; without it a local Ray is started.

Trajectories: one ``worker-K.npz`` per worker under ``--out``, one row per decision:
``cards``, ``globals``, ``actions``, ``action_mask`` (the observation), ``action`` (the
row chosen), ``to_play`` (0 = seat A), ``game`` (a game number unique in the run),
``reward`` (the final result for the player to play: +1 win, -1 loss, 0 draw).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Callable

import numpy as np

from ygo._tools import GOAT_DECKS, tool_decks
from ygo._ygo import DEFAULT_DECKS
from ygo.vector import VecEnv

Policy = Callable[[dict, np.random.Generator], np.ndarray]


def random_policy(obs: dict, rng: np.random.Generator) -> np.ndarray:
    """Uniform over each duel's legal rows."""
    mask = obs["action_mask"]
    return (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)


def play_games(games: int, worker: int, deck_a: str, deck_b: str, seed: int, keep: bool, policy: Policy = random_policy, envs: int = 16, fmt: str | None = None) -> dict:
    """Plays ``games`` self-play games in one process; results (and trajectories if ``keep``)."""
    n = max(1, min(envs, games))
    env = VecEnv(n, deck_a, deck_b, opponent=None, seat="A", seed=seed * 1_000_003 + worker, format=fmt)  # deck_a in seat A
    rng = np.random.default_rng([seed, worker])
    obs = env.reset()
    open_games = [[] for _ in range(n)]  # per duel: (obs row, action) of the current game
    episodes: list[tuple[int, list, int | None]] = []  # (game number, steps, winner seat)
    wins = {"A": 0, "B": 0, "draw": 0}
    t0 = time.perf_counter()
    while len(episodes) < games:
        rows = policy(obs, rng)
        if keep:
            for i in range(n):
                open_games[i].append(({k: v[i] for k, v in obs.items()}, int(rows[i])))
        mover = obs["to_play"].copy()
        obs, rewards, terminated, truncated = env.step(rows)
        for i in np.flatnonzero(terminated | truncated):
            if len(episodes) >= games:
                break
            r = float(rewards[i])
            winner = None if r == 0.0 else ("A" if (mover[i] == 0) == (r > 0) else "B")
            wins[winner or "draw"] += 1
            episodes.append((worker * 1_000_000 + len(episodes), open_games[i], winner))
            open_games[i] = []
    elapsed = time.perf_counter() - t0
    out = {"worker": worker, "games": len(episodes), "seconds": elapsed, "wins": wins, "decisions": sum(len(s) for _, s, _ in episodes)}
    if keep:
        out["trajectories"] = _stack(episodes)
    return out


def _stack(episodes) -> dict:
    """One array per field, one row per decision of the kept games."""
    rows = [(g, o, a, winner) for g, steps, winner in episodes for o, a in steps]
    if not rows:
        return {}
    fields = {k: np.stack([o[k] for _, o, _, _ in rows]) for k in rows[0][1]}
    fields["action"] = np.array([a for _, _, a, _ in rows], np.int16)
    fields["game"] = np.array([g for g, _, _, _ in rows], np.int64)
    seat = fields["to_play"]
    winner = np.array([{"A": 0, "B": 1}.get(w, -1) for _, _, _, w in rows], np.int8)
    fields["reward"] = np.where(winner < 0, 0.0, np.where(winner == seat, 1.0, -1.0)).astype(np.float32)
    return fields


def run(workers: int, games: int, address: str | None = None, out: str | None = None, deck_a: str = DEFAULT_DECKS[0], deck_b: str = DEFAULT_DECKS[1], seed: int = 0, policy: Policy = random_policy, fmt: str | None = None) -> dict:
    """Runs the games on ``workers`` Ray actors; the gathered report. Ray's start-up (``ray.init``
    and the actors' processes) is reported apart from the playing: ``startup_seconds`` and
    ``games_per_sec`` (per worker, over its playing time only)."""
    import ray

    VecEnv(1, deck_a, deck_b, format=fmt)  # bad deck arguments fail here, before Ray starts
    t_init = time.perf_counter()
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(workers, os.cpu_count() or 1), include_dashboard=False, log_to_driver=False)
    try:
        Worker = ray.remote(num_cpus=1)(_Worker)
        actors = [Worker.remote() for _ in range(workers)]
        ray.get([a.ready.remote() for a in actors])  # the actors' processes are up
        shares = [games // workers + (1 if k < games % workers else 0) for k in range(workers)]
        t0 = time.perf_counter()
        startup = t0 - t_init
        results = ray.get([a.play.remote(shares[k], k, deck_a, deck_b, seed, out is not None, policy, fmt) for k, a in enumerate(actors)])
        elapsed = time.perf_counter() - t0
    finally:
        if started:
            ray.shutdown()
    if out is not None:
        os.makedirs(out, exist_ok=True)
        for r in results:
            np.savez_compressed(os.path.join(out, f"worker-{r['worker']}.npz"), **r.pop("trajectories"))
    wins = {k: sum(r["wins"][k] for r in results) for k in ("A", "B", "draw")}
    total = sum(r["games"] for r in results)
    playing = sum(r["seconds"] for r in results)
    return {
        "games": total,
        "workers": workers,
        "startup_seconds": startup,
        "seconds": elapsed,
        "games_per_sec": total / playing if playing > 0 else 0.0,
        "games_per_sec_total": total / elapsed if elapsed > 0 else 0.0,
        "wins": wins,
        "decks": [deck_a, deck_b],
        "per_worker": [{"worker": r["worker"], "games": r["games"], "games_per_sec": r["games"] / r["seconds"] if r["seconds"] > 0 else 0.0} for r in results],
        "out": out,
    }


class _Worker:
    """A Ray actor: plays its share of the games."""

    def ready(self) -> bool:
        return True

    def play(self, games, worker, deck_a, deck_b, seed, keep, policy, fmt=None):
        return play_games(games, worker, deck_a, deck_b, seed, keep, policy, fmt=fmt)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ygo.selfplay", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--workers", type=int, default=2, help="Ray actors (default 2)")
    p.add_argument("--games", type=int, default=100, help="games in total (default 100)")
    p.add_argument("--address", default=None, help="an existing Ray cluster (ray://host:port or auto); default: a local Ray")
    p.add_argument("--out", default=None, help="directory for the trajectories (worker-K.npz)")
    p.add_argument("--deck-a", default=None, help=f"first deck (default {DEFAULT_DECKS[0]}; {GOAT_DECKS[0]} with --format goat)")
    p.add_argument("--deck-b", default=None, help=f"second deck (default {DEFAULT_DECKS[1]}; {GOAT_DECKS[1]} with --format goat)")
    p.add_argument("--format", default=None, help="a format (goat, edison, ...) for both decks; default today's cards under Master Rule 2020")
    p.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object (keys games, workers, startup_seconds, seconds, games_per_sec, wins, ...)")
    args = p.parse_args(argv)
    if args.workers < 1:
        p.error("--workers must be at least 1")
    if args.games < 1:
        p.error("--games must be at least 1")
    args.deck_a, args.deck_b = tool_decks(args.format, args.deck_a, args.deck_b)
    try:
        report = run(args.workers, args.games, args.address, args.out, args.deck_a, args.deck_b, args.seed, fmt=args.format)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        w = report["wins"]
        print(f"{report['games']} games on {report['workers']} workers: {report['games_per_sec']:.1f} games/s per worker while playing ({report['games_per_sec_total']:.1f} in all), after {report['startup_seconds']:.1f} s of Ray start-up")
        print(f"wins: A {w['A']}, B {w['B']}, draws {w['draw']}" + (f"; trajectories in {args.out}" if args.out else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
