//! `ygo sim --save-replays` saves the very games it reports: the summary recomputed from
//! the saved replay files equals the one `--json` printed, on the fast random path and on
//! the AI path alike.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{json, Value};
use ygo_core::replay::ReplayFile;

/// The `--json` summary, recomputed from every `game-N.json` in `dir` (side 1 sits as
/// player A in even games).
fn summary_from_replays(dir: &Path) -> Value {
    let pool = ygo_cards::pool();
    let (mut wins, mut draws, mut seat_wins) = ([0u64; 2], 0u64, [0u64; 2]);
    let (mut turns, mut decisions, mut real) = (0u64, 0u64, 0u64);
    let mut ends: BTreeMap<String, u64> = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in &files {
        let name = path.file_stem().unwrap().to_str().unwrap();
        let game: u64 = name.strip_prefix("game-").unwrap().parse().unwrap();
        let file: ReplayFile = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut d = file.replay.play_to(pool.clone(), 0).unwrap();
        for &(p, a) in &file.replay.actions {
            real += u64::from(d.legal_actions().len() > 1);
            d.apply(p, a).unwrap();
        }
        let o = d.outcome().expect("a saved sim game is finished");
        *ends.entry(ygo_cli::sim::end_reason_key(o.reason).to_string()).or_default() += 1;
        let side_a = if game.is_multiple_of(2) { 0 } else { 1 };
        match o.winner {
            Some(w) => {
                let side = if w == ygo_core::Player::A { side_a } else { 1 - side_a };
                wins[side] += 1;
                seat_wins[usize::from(w != file.replay.setup.first)] += 1;
            }
            None => draws += 1,
        }
        turns += d.turn() as u64;
        decisions += d.decisions();
    }
    let n = files.len() as f64;
    json!({
        "games": files.len(), "wins": wins, "draws": draws, "seat_wins": seat_wins, "end_reasons": ends,
        "avg_turns": turns as f64 / n, "avg_decisions": decisions as f64 / n, "avg_real_decisions": real as f64 / n,
    })
}

fn check(args: &[&str], tag: &str) {
    let dir = std::env::temp_dir().join(format!("ygo-sim-replays-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut all = vec!["sim", "--json", "--save-replays", dir.to_str().unwrap()];
    all.extend_from_slice(args);
    let (code, out, err) = common::run(&all);
    assert_eq!(code, 0, "{err}");
    let reported: Value = serde_json::from_str(&out).unwrap();
    let recomputed = summary_from_replays(&dir);
    for (key, value) in recomputed.as_object().unwrap() {
        match value.as_f64() {
            // serde_json reads floats back to within a unit in the last place.
            Some(x) if !value.is_u64() => {
                assert!((reported[key].as_f64().unwrap() - x).abs() < 1e-9, "{tag}: {key}: reported {} vs replays {x}", reported[key])
            }
            _ => assert_eq!(&reported[key], value, "{tag}: {key}: reported {} vs replays {value}", reported[key]),
        }
    }
    assert_eq!(reported["errors"], 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn random_sim_replays_hold_the_reported_games() {
    // The example of issue 13: the fast random path once used another random stream.
    check(&["--seed", "606", "--deck", "bench-kaiba", "--deck", "bench-kaiba", "--edition", "expert", "--games", "120"], "random");
}

#[test]
fn ai_sim_replays_hold_the_reported_games() {
    check(&["--seed", "5", "--deck", "vanilla-yugi", "--deck", "classic-chain", "--ai", "greedy", "--ai", "random", "--games", "6"], "ai");
}

#[test]
fn the_text_report_names_the_ais_in_its_first_line() {
    let (code, out, err) = common::run(&["sim", "--games", "2", "--seed", "1", "--ai", "greedy"]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap_or("");
    assert!(first.contains("; AI greedy vs greedy;"), "one --ai plays both sides, and the first line says so: {first}");
    let (code, _, err) = common::run(&["sim", "--games", "1", "--deck", "vanilla-yugi"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("one --deck: both sides play vanilla-yugi (a mirror match)"), "{err}");
}
