//! `ygo league` (issue 35): the round robin of built-in AIs, rated, through the binary.

mod common;

use common::run;

fn league_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["league", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "stderr: {err}");
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("one JSON object: {e}: {out}"))
}

#[test]
fn a_small_league_is_balanced_rated_and_the_same_on_any_thread_count() {
    let args = ["--agents", "random,rules,greedy", "--games", "8", "--seed", "3"];
    let one = league_json(&[&args[..], &["--threads", "1"]].concat());
    let two = league_json(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one["games"], two["games"], "the duels do not depend on the thread count");
    assert_eq!(one["format"], "goat", "the default pairs are Goat decks");
    let games = one["games"].as_array().unwrap();
    assert_eq!(games.len(), 3 * 8, "3 agent pairs x 8 duels");
    for g in games {
        assert!(g["winner"] == "A" || g["winner"] == "B" || g["winner"].is_null(), "{g}");
        assert!(g["turns"].as_u64().unwrap() >= 1 && g["decisions"].as_u64().unwrap() > 0, "{g}");
    }
    // Every agent pair (8 duels: 4 x 2 deck pairs): each agent sits first in half of them.
    for (x, y) in [("random", "rules"), ("random", "greedy"), ("rules", "greedy")] {
        let mine: Vec<&serde_json::Value> = games.iter().filter(|g| (g["a"] == x && g["b"] == y) || (g["a"] == y && g["b"] == x)).collect();
        assert_eq!(mine.len(), 8);
        assert_eq!(mine.iter().filter(|g| g["a"] == x).count(), 4, "{x} sits first in half the duels against {y}");
    }
    // The ratings: the anchor at 0, every agent's score its points over its games.
    let r = &one["ratings"];
    assert_eq!(r["random"]["elo"].as_f64(), Some(0.0));
    for agent in ["random", "rules", "greedy"] {
        let points: f64 = games
            .iter()
            .map(|g| {
                let seat = if g["a"] == agent {
                    "A"
                } else if g["b"] == agent {
                    "B"
                } else {
                    return 0.0;
                };
                if g["winner"].is_null() {
                    0.5
                } else if g["winner"] == seat {
                    1.0
                } else {
                    0.0
                }
            })
            .sum();
        assert_eq!(r[agent]["games"].as_u64(), Some(16));
        assert!((r[agent]["score"].as_f64().unwrap() - points / 16.0).abs() < 1e-9, "{agent}: {r}");
        let (lo, elo, hi) = (r[agent]["low"].as_f64().unwrap(), r[agent]["elo"].as_f64().unwrap(), r[agent]["high"].as_f64().unwrap());
        assert!(lo <= elo && elo <= hi, "{agent}: {r}");
    }
}

#[test]
fn the_table_and_bad_arguments() {
    let (code, out, err) = run(&["league", "--agents", "random,rules", "--games", "4"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Bradley-Terry ratings, Elo scale, random = 0") && out.contains("(anchor)"), "{out}");
    for (args, says) in [
        (&["league", "--agents", "random"][..], "at least two AIs"),
        (&["league", "--agents", "random,bogus"][..], "unknown AI \"bogus\""),
        (&["league", "--agents", "random,random"][..], "named twice"),
        (&["league", "--agents", "random,rules", "--pairs", "goat-control"][..], "not a pair of decks"),
        (&["league", "--agents", "random,rules", "--pairs", "goat-control,no-such-deck"][..], "no-such-deck"),
        (&["league", "--agents", "random,rules", "--pairs", "goat-control,bench-kaiba", "--format", "goat"][..], "bench-kaiba"),
    ] {
        let (code, _, err) = run(args);
        assert_ne!(code, 0, "{args:?} is refused");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
