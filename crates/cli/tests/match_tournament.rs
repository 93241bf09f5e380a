//! `ygo match` and `ygo tournament` through the binary.

use std::process::Command;

use serde_json::Value;

fn ygo(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ygo")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = ygo(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// Each match counted once, every player once per round, byes as wins, a table sorted
/// by points whose records add up.
fn check_table(t: &Value, players: usize, rounds: u64) {
    let pairings = t["pairings"].as_array().unwrap();
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), players);
    for r in 1..=rounds {
        let mut seen: Vec<String> = vec![];
        for p in pairings.iter().filter(|p| p["round"] == r) {
            seen.push(p["a"].as_str().unwrap().into());
            if let Some(b) = p["b"].as_str() {
                seen.push(b.into());
            } else {
                assert_eq!(p["winner"], p["a"], "a bye is a win");
            }
        }
        seen.sort();
        let before = seen.len();
        seen.dedup();
        assert_eq!((before, seen.len()), (players, players), "round {r}: every player exactly once");
    }
    let mut meetings: Vec<(String, String)> = pairings
        .iter()
        .filter_map(|p| p["b"].as_str().map(|b| (p["a"].as_str().unwrap().to_string(), b.to_string())))
        .map(|(a, b)| if a < b { (a, b) } else { (b, a) })
        .collect();
    let n = meetings.len();
    meetings.sort();
    meetings.dedup();
    assert_eq!(meetings.len(), n, "no pair meets twice");
    let get = |s: &Value, k: &str| s[k].as_u64().unwrap();
    let (mut wins, mut losses, mut byes) = (0, 0, 0);
    for s in standings {
        assert_eq!(get(s, "wins") + get(s, "losses") + get(s, "draws"), rounds);
        assert_eq!(get(s, "points"), 3 * get(s, "wins") + get(s, "draws"));
        let name = s["player"].as_str().unwrap();
        let won = pairings.iter().filter(|p| p["winner"] == name).count() as u64;
        assert_eq!(won, get(s, "wins"), "{name}: wins in the table match the pairings");
        wins += get(s, "wins");
        losses += get(s, "losses");
        byes += get(s, "byes");
    }
    assert_eq!(wins, losses + byes, "each decided match counted once");
    assert!(standings.windows(2).all(|w| get(&w[0], "points") >= get(&w[1], "points")));
    let ranks: Vec<u64> = standings.iter().map(|s| get(s, "rank")).collect();
    assert_eq!(ranks, (1..=players as u64).collect::<Vec<_>>());
}

#[test]
fn tournament_of_eight_builtin_decks_over_three_rounds() {
    // A virtual clock: the result never depends on how fast the machine is.
    let t = json(&["tournament", "--players", "8", "--rounds", "3", "--ai", "random", "--seed", "4", "--seconds-per-decision", "1", "--json"]);
    assert_eq!(t["players"], 8);
    assert_eq!(t["pairings"].as_array().unwrap().len(), 12);
    check_table(&t, 8, 3);
    // The text form prints the final table.
    let (code, out, _) = ygo(&["tournament", "--players", "8", "--rounds", "3", "--seed", "4", "--seconds-per-decision", "1"]);
    assert_eq!(code, 0);
    assert!(out.lines().next().unwrap().ends_with(", AI random"), "the first line names the AI it defaulted to: {out}");
    assert!(!out.contains("a rematch"), "8 players, 3 rounds: {out}");
    assert!(out.contains("rank") && out.contains("OMW%") && out.lines().filter(|l| l.contains("P")).count() >= 8 + 12);
}

#[test]
fn tournament_with_an_odd_count_gives_byes_and_runs_on_a_virtual_clock() {
    let args = ["tournament", "--players", "7", "--rounds", "3", "--seconds-per-decision", "10", "--time-limit", "15", "--seed", "2", "--json"];
    let t = json(&args);
    check_table(&t, 7, 3);
    let byes: Vec<&Value> = t["pairings"].as_array().unwrap().iter().filter(|p| p["b"].is_null()).collect();
    assert_eq!(byes.len(), 3);
    let mut who: Vec<&str> = byes.iter().map(|p| p["a"].as_str().unwrap()).collect();
    who.dedup();
    assert_eq!(who.len(), 3, "no player gets a second bye");
    assert_eq!(json(&args), t, "a virtual clock makes the tournament deterministic");
}

#[test]
fn match_json_reports_every_duel() {
    let m = json(&["match", "--deck", "vanilla-yugi", "--deck", "classic-chain", "--seconds-per-decision", "5", "--seed", "1", "--json"]);
    let duels = m["duels"].as_array().unwrap();
    assert!(!duels.is_empty() && duels.len() <= 4);
    assert_eq!(duels[0]["chosen_by"], "random");
    for d in duels {
        assert!(["A", "B"].contains(&d["first"].as_str().unwrap()));
        assert!(["A", "B", "draw"].contains(&d["winner"].as_str().unwrap()));
        assert!(d["turns"].as_u64().unwrap() >= 1);
    }
    assert!(m["extra_turns"].is_u64() && m["sudden_death"].is_boolean());
    assert!(["A", "B", "draw"].contains(&m["winner"].as_str().unwrap()));
    // The text form says how each duel ended in words.
    let (code, out, _) = ygo(&["match", "--deck", "vanilla-yugi", "--deck", "vanilla-kaiba", "--seconds-per-decision", "5", "--seed", "1"]);
    assert_eq!(code, 0);
    assert!(out.contains("wins on life points in"), "{out}");
    assert!(!out.contains(" by lp"), "{out}");
}

#[test]
fn match_refuses_bad_input() {
    let (code, _, err) = ygo(&["match", "--deck", "vanilla-yugi"]);
    assert_eq!(code, 2);
    assert!(err.contains("--deck: give it twice"), "{err}");
    let (code, _, err) = ygo(&["match", "--deck", "vanilla-yugi", "--deck", "vanilla-kaiba", "--ai", "nobody"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown AI") && err.contains("random"), "{err}");
    let (code, _, err) = ygo(&["match", "--deck", "vanilla-yugi", "--deck", "vanilla-kaiba", "--time-limit", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--time-limit"), "{err}");
    let (code, _, err) = ygo(&["tournament", "--players", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("--players") && err.contains("1 is not in 2..=1000"), "{err}");
}

#[test]
fn match_json_counts_the_three_extra_turns_not_the_sudden_death_turns() {
    // RULE: MATCH-6, MATCH-8
    let mut sudden = 0;
    for seed in 0..10 {
        // 3 seconds of match time at 1 second per decision: time runs out in duel 1.
        let seed = seed.to_string();
        let m = json(&[
            "match",
            "--deck",
            "vanilla-yugi",
            "--deck",
            "vanilla-kaiba",
            "--time-limit",
            "0.05",
            "--seconds-per-decision",
            "1",
            "--seed",
            &seed,
            "--json",
        ]);
        let extra = m["extra_turns"].as_u64().unwrap();
        assert!(extra <= 3, "seed {seed}: {m}");
        if m["sudden_death"] == true {
            sudden += 1;
            let turns = m["duels"][0]["turns"].as_u64().unwrap();
            assert_eq!(extra, 3, "seed {seed}: sudden death comes after the 3 extra turns ({turns} turns played): {m}");
        }
    }
    assert!(sudden > 0, "some seed reaches sudden death");
}

#[test]
fn rounds_past_a_round_robin_say_they_pair_rematches() {
    let (code, out, err) = ygo(&["tournament", "--players", "4", "--rounds", "5", "--seed", "2", "--seconds-per-decision", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("4 players can all meet in 3 round(s); rounds 4 to 5 pair rematches"), "{err}");
    let rematches = out.lines().filter(|l| l.starts_with("round ") && l.ends_with("(a rematch)")).count();
    assert_eq!(rematches, 4, "rounds 4 and 5 hold two tables each, all rematches: {out}");
}

#[test]
fn a_long_deck_name_keeps_the_standings_aligned() {
    let dir = std::env::temp_dir().join(format!("ygo-long-deck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, ydk, err) = ygo(&["deck", "convert", "vanilla-yugi", "--to", "ydk"]);
    assert_eq!(code, 0, "{err}");
    let path = dir.join("a-deck-name-far-longer-than-sixteen-characters.ydk");
    std::fs::write(&path, ydk).unwrap();
    let (code, out, err) =
        ygo(&["tournament", "--players", "4", "--rounds", "2", "--seconds-per-decision", "1", "--deck", path.to_str().unwrap(), "--deck", "vanilla-kaiba"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    let table: Vec<&str> = out.lines().skip_while(|l| !l.trim_start().starts_with("rank")).collect();
    assert_eq!(table.len(), 5, "{out}");
    // The record column (W-L-D) ends at the same place on every line.
    let end = |l: &str| l.find(" 0-").or_else(|| l.find(" 1-")).or_else(|| l.find(" 2-")).map(|i| i + 6);
    let header_end = table[0].find("W-L-D").unwrap() + 5;
    for row in &table[1..] {
        assert_eq!(end(row), Some(header_end), "{out}");
    }
}
