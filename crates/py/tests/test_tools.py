"""The command-line tools: Ray self-play with 2 workers, the benchmark, their errors."""

import json
import os
import subprocess
import sys

import numpy as np


def run(*args, env=None):
    e = dict(os.environ, RAY_AUTH_MODE="disabled", **(env or {}))
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, env=e, timeout=600)


def test_selfplay_two_ray_workers(tmp_path):
    out = tmp_path / "traj"
    p = run("ygo.selfplay", "--workers", "2", "--games", "6", "--out", str(out), "--json", "--deck-a", "vanilla-yugi", "--deck-b", "vanilla-kaiba")
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout.strip().splitlines()[-1])
    assert report["games"] == 6 and report["workers"] == 2 and report["games_per_sec"] > 0
    assert report["startup_seconds"] > 0 and report["seconds"] > 0, "Ray start-up is reported apart from the playing"
    assert sum(report["wins"].values()) == 6
    assert [w["games"] for w in report["per_worker"]] == [3, 3]
    files = sorted(os.listdir(out))
    assert files == ["worker-0.npz", "worker-1.npz"]
    t = np.load(out / "worker-0.npz")
    n = len(t["action"])
    assert n > 0 and t["cards"].shape[0] == n and t["action_mask"].shape[0] == n
    assert len(np.unique(t["game"])) == 3
    assert set(np.unique(t["reward"])) <= {-1.0, 0.0, 1.0}
    # Every chosen row was a legal one.
    assert t["action_mask"][np.arange(n), t["action"]].all()


def test_selfplay_plays_the_goat_pair_under_the_goat_format():
    p = run("ygo.selfplay", "--workers", "1", "--games", "2", "--format", "goat", "--json")
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout.strip().splitlines()[-1])
    assert report["decks"] == ["goat-control", "chaos-control"] and sum(report["wins"].values()) == 2


def test_selfplay_and_bench_refuse_bad_input():
    p = run("ygo.selfplay", "--workers", "0")
    assert p.returncode == 2 and "--workers" in p.stderr
    p = run("ygo.bench", "--deck-a", "no-such-deck")
    assert p.returncode == 2 and "no-such-deck" in p.stderr
    assert run("ygo.bench", "--help").returncode == 0


def test_bench_json_keys():
    p = run("ygo.bench", "--json", "--seconds", "0.3", "--envs", "8")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert {"steps_per_sec_one_core", "steps_per_sec_all_cores", "cores"} <= set(r)
    assert r["steps_per_sec_one_core"] > 0 and r["cores"] >= 1
    # The Goat pair under the Goat format, one stepping thread in the second measurement.
    p = run("ygo.bench", "--json", "--seconds", "0.3", "--envs", "8", "--format", "goat", "--threads", "1")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["decks"] == ["goat-control", "chaos-control"] and r["format"] == "goat" and r["cores"] == 1
    assert r["all_cores"]["steps_per_cpu_sec"] > 0


def test_learning_example_runs(tmp_path):
    script = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "train_reinforce.py")
    plot = tmp_path / "curve.png"
    p = subprocess.run([sys.executable, script, "--episodes", "40", "--eval-games", "20", "--out", str(plot), "--json"], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert 0.0 <= r["win_rate_before"] <= 1.0 and 0.0 <= r["win_rate_after"] <= 1.0
    assert plot.stat().st_size > 1000
