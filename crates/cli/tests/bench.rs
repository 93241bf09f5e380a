//! `ygo bench` (issue 19): the default run keeps the keys it always had (the benchmark
//! decks' figures) and adds the Goat pair under `goat`; with `--deck` given, only that pair.

mod common;

use common::{parts, ygo};

/// The keys of one pair's figures, as `ygo bench --json` has always printed them.
const KEYS: [&str; 11] = [
    "decks",
    "games",
    "duels_per_sec",
    "decisions_per_sec",
    "avg_turns",
    "avg_decisions",
    "avg_real_decisions",
    "clone_ns",
    "legal_actions_ns",
    "legal_actions_ns_per_action",
    "bytes_per_duel",
];

/// Checks one pair's figures: exactly [`KEYS`], the decks named, sane numbers.
fn check_pair(v: &serde_json::Value, decks: [&str; 2], extra_keys: &[&str]) {
    let obj = v.as_object().expect("an object");
    let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut want: Vec<&str> = KEYS.iter().chain(extra_keys).copied().collect();
    want.sort_unstable();
    assert_eq!(keys, want);
    assert_eq!(v["decks"], serde_json::json!(decks));
    assert_eq!(v["games"], 2);
    for k in ["duels_per_sec", "decisions_per_sec", "avg_turns", "avg_decisions", "avg_real_decisions", "clone_ns", "legal_actions_ns"] {
        assert!(v[k].as_f64().is_some_and(|x| x > 0.0), "{k}: {}", v[k]);
    }
    assert!(v["avg_real_decisions"].as_f64() <= v["avg_decisions"].as_f64());
    assert!(v["bytes_per_duel"].as_u64().is_some_and(|b| b > 1000), "{}", v["bytes_per_duel"]);
}

/// Runs `ygo bench ARGS` from `dir`.
fn bench(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    parts(&ygo().arg("bench").args(args).current_dir(dir).output().expect("ygo runs"))
}

#[test]
fn the_default_run_keeps_its_keys_and_adds_the_goat_and_edison_pairs() {
    // Run outside the repository: the benchmark decks are built in, so they play from any
    // directory.
    let dir = std::env::temp_dir();
    let first = ["bench-yugi", "bench-kaiba"];
    let (code, out, err) = bench(&dir, &["--games", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("note:"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    check_pair(&v, first, &["goat", "edison"]);
    check_pair(&v["goat"], ["goat-control", "chaos-turbo"], &[]);
    check_pair(&v["edison"], ["edison-gladiator-beasts", "edison-lightsworn-monarchs"], &[]);
    // The text: one block per pair, the Goat pair under the Goat format, the Edison pair
    // under the Edison format.
    let (code, out, err) = bench(&dir, &["--games", "2"]);
    assert_eq!(code, 0, "{err}");
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 3, "{out}");
    assert!(blocks[0].starts_with(&format!("decks: {} vs {} (edition mr2020, 2 games", first[0], first[1])), "{out}");
    assert!(blocks[1].starts_with("decks: goat-control vs chaos-turbo (format goat, 2 games"), "{out}");
    assert!(blocks[2].starts_with("decks: edison-gladiator-beasts vs edison-lightsworn-monarchs (format edison, 2 games"), "{out}");
    assert!(blocks.iter().all(|b| b.contains("duels/s") && b.contains("memory per duel")), "{out}");
}

#[test]
fn given_decks_measure_only_that_pair() {
    let (code, out, err) = bench(&std::env::temp_dir(), &["--games", "2", "--json", "--deck", "vanilla-kaiba", "--deck", "vanilla-yugi"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    check_pair(&v, ["vanilla-kaiba", "vanilla-yugi"], &[]);
    // A Goat deck pair given explicitly plays the Goat format, once.
    let (code, out, err) = bench(&std::env::temp_dir(), &["--games", "2", "--deck", "zombie", "--deck", "monarch"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("decks: zombie vs monarch (format goat, 2 games") && !out.contains("\n\n"), "{out}");
}

#[test]
fn the_built_in_benchmark_decks_are_the_shared_files() {
    // `cargo bench` plays the built-in copies where the shared files are absent.
    let Some(shared) = common::shared_data() else { return };
    for (file, name) in [("Bench_Yugi_Classic.ydk", "bench-yugi"), ("Bench_Kaiba_Classic.ydk", "bench-kaiba")] {
        let from_file = ygo_cli::decks::load_deck(&shared.join("decks").join(file).to_string_lossy()).unwrap();
        assert_eq!(from_file.list, ygo_cli::decks::load_deck(name).unwrap().list, "{file} vs {name}");
    }
}
