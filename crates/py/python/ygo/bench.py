"""``python -m ygo.bench``: env steps per second of the batched environment.

Random play (each decision uniform over the action mask, chosen with numpy) on the
benchmark decks, both seats played by the caller (self-play: every real decision is an
env step; single-choice decisions are answered in Rust and not counted). Measured on one
core (one thread stepping the whole batch) and on all cores (one thread per core, or
``--threads``), each in wall-clock steps/s and in steps per CPU second of the process (the
figure a busy machine does not move much). ``--format goat`` plays the Goat pair
(goat-control vs chaos-control unless decks are given).
``--max-actions`` measures the largest legal-action count instead (the action table's
capacity is chosen from it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

from ygo._tools import GOAT_DECKS, tool_decks
from ygo._ygo import DEFAULT_DECKS, table_extremes
from ygo.vector import VecEnv


def measure(num_envs: int, threads: int, seconds: float, deck_a: str, deck_b: str, opponent: str | None, seed: int, fmt: str | None = None) -> dict:
    """Steps a batch with random legal actions for about ``seconds``; the rates."""
    env = VecEnv(num_envs, deck_a, deck_b, opponent=opponent, seed=seed, threads=threads, format=fmt)
    obs = env.reset()
    rng = np.random.default_rng(seed)

    def random_rows(mask: np.ndarray) -> np.ndarray:
        return (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)

    for _ in range(20):  # warm-up
        obs = env.step(random_rows(obs["action_mask"]))[0]
    start_stats = env.stats()
    steps, t0, c0 = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        obs = env.step(random_rows(obs["action_mask"]))[0]
        steps += num_envs
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    end = env.stats()
    return {
        "steps": steps,
        "seconds": wall,
        "steps_per_sec": steps / wall,
        "steps_per_cpu_sec": steps / cpu if cpu > 0 else 0.0,
        "duels": end["episodes"] - start_stats["episodes"],
        "engine_decisions_per_sec": (end["decisions"] - start_stats["decisions"]) / wall,
        "overflows": end["overflows"],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ygo.bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--json", action="store_true", help="print one JSON object (keys steps_per_sec_one_core, steps_per_sec_all_cores, cores, ...)")
    p.add_argument("--envs", type=int, default=256, help="duels per thread in the batch (default 256)")
    p.add_argument("--seconds", type=float, default=10.0, help="seconds per measurement (default 10)")
    p.add_argument("--deck-a", default=None, help=f"first deck (default {DEFAULT_DECKS[0]}; {GOAT_DECKS[0]} with --format goat)")
    p.add_argument("--deck-b", default=None, help=f"second deck (default {DEFAULT_DECKS[1]}; {GOAT_DECKS[1]} with --format goat)")
    p.add_argument("--format", default=None, help="a format (goat, edison, ...): its card versions and rules; default today's cards under Master Rule 2020")
    p.add_argument("--threads", type=int, default=None, help="threads of the second measurement (default: one per core)")
    p.add_argument("--opponent", default=None, help="play seat B with this built-in AI instead of self-play (random, greedy, mcts)")
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    p.add_argument("--max-actions", type=int, metavar="GAMES", default=None, help="instead: GAMES random duels of every pair of built-in decks; the largest legal-action and visible-card counts")
    args = p.parse_args(argv)
    if args.envs < 1 or args.seconds <= 0 or (args.threads is not None and args.threads < 1):
        p.error("--envs and --threads must be at least 1 and --seconds positive")
    try:
        if args.max_actions is not None:
            if args.max_actions < 1:
                p.error("--max-actions needs at least 1 game")
            x = table_extremes(args.max_actions, args.seed)
            if args.json:
                print(json.dumps(x))
            else:
                print(f"{x['duels']} random duels ({x['decisions']} decisions): at most {x['max_actions']} legal actions ({x['max_actions_at']}), at most {x['max_visible_cards']} visible cards")
            return 0
        args.deck_a, args.deck_b = tool_decks(args.format, args.deck_a, args.deck_b)
        cores = args.threads or os.cpu_count() or 1
        VecEnv(1, args.deck_a, args.deck_b, opponent=args.opponent, format=args.format)  # bad decks or AI names fail here, before any work
        if not args.json:
            print(f"random play, {args.deck_a} vs {args.deck_b} ({args.format or 'mr2020'}), {args.seconds:g} s per measurement ...", file=sys.stderr)
        one = measure(args.envs, 1, args.seconds, args.deck_a, args.deck_b, args.opponent, args.seed, args.format)
        all_ = measure(args.envs * cores, cores, args.seconds, args.deck_a, args.deck_b, args.opponent, args.seed, args.format)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    report = {
        "steps_per_sec_one_core": one["steps_per_sec"],
        "steps_per_sec_all_cores": all_["steps_per_sec"],
        "cores": cores,
        "decks": [args.deck_a, args.deck_b],
        "format": args.format,
        "opponent": args.opponent or "self-play",
        "envs_per_core": args.envs,
        "one_core": one,
        "all_cores": all_,
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"one core:   {one['steps_per_sec']:>12,.0f} env steps/s ({one['steps_per_cpu_sec']:,.0f} per CPU second, {one['duels']} duels finished)")
        print(f"{cores} threads:  {all_['steps_per_sec']:>12,.0f} env steps/s ({all_['steps_per_cpu_sec']:,.0f} per CPU second, {all_['duels']} duels finished)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
