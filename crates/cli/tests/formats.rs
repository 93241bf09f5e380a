//! One word for one format (issue 28): `--format goat` refuses an illegal deck in every
//! command that plays; a Goat deck file plays `goat` and says so first; a replay of a Goat
//! duel says `goat` and compares against the Goat card data.

mod common;

use common::{run, scratch};

/// A `.ydk` of a built-in deck's Main Deck with its first cards replaced.
fn deck_with(dir: &std::path::Path, base: &str, name: &str, first: &[u32]) -> String {
    let mut main = ygo_cards::decks::parse_builtin(ygo_cards::decks::builtin(base).unwrap().ydk).main;
    main[..first.len()].copy_from_slice(first);
    let path = dir.join(name);
    std::fs::write(&path, format!("#created by test\n#main\n{}\n#extra\n!side\n", main.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\n"))).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn format_goat_refuses_an_illegal_deck_in_every_command() {
    // RULE: DECK-5 -- Pot of Greed is Limited on the April 2005 list; two copies are refused
    // by every command given --format goat, naming the deck file, exit code 2.
    let dir = scratch("goat-illegal");
    let d = deck_with(&dir, "goat-control", "two-pots.ydk", &[55144522, 55144522]);
    for args in [
        vec!["duel", "--plain", "--format", "goat", "--deck", &d],
        vec!["sim", "--format", "goat", "--deck", &d],
        vec!["match", "--format", "goat", "--deck", &d, "--deck", "goat-control"],
        vec!["tournament", "--format", "goat", "--deck", &d, "--deck", "goat-control"],
        vec!["bench", "--games", "1", "--format", "goat", "--deck", &d],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.starts_with(&format!("ygo: {d}: not legal in the goat format")), "{args:?}: {err}");
        assert!(err.contains("DECK-5: \"Pot of Greed\""), "{args:?}: {err}");
    }
    // The built-in Goat decks are legal (warrior-toolbox sides 15: GOAT-1).
    let (code, _, err) = run(&["sim", "--format", "goat", "--deck", "warrior-toolbox", "--deck", "goat-control", "--games", "1"]);
    assert_eq!(code, 0, "the built-in Goat decks are legal: {err}");
}

#[test]
fn a_goat_deck_file_plays_goat_and_says_so_first() {
    // Goat-control with one card by its "(GOAT)" or pre-errata passcode.
    let aliases = ygo_data::known::aliases();
    let main = ygo_cards::decks::parse_builtin(ygo_cards::decks::builtin("goat-control").unwrap().ydk).main;
    let (i, goat_code) = main
        .iter()
        .enumerate()
        .find_map(|(i, c)| aliases.iter().find(|(a, o)| *o == c && ygo_data::format::is_goat_range(**a)).map(|(a, _)| (i, *a)))
        .expect("a goat-control card has a Goat passcode");
    let dir = scratch("goat-file");
    let mut codes = main.clone();
    codes[i] = goat_code;
    let path = dir.join("my-goat.ydk");
    std::fs::write(&path, format!("#main\n{}\n#extra\n!side\n", codes.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\n"))).unwrap();
    let f = path.to_string_lossy().into_owned();
    let (code, out, err) = run(&["sim", "--games", "1", "--deck", &f, "--deck", &f]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("rules: format goat (Goat format"), "{out}");
    assert!(first.contains(&format!("names Goat-only or pre-errata passcodes ({goat_code})")), "{first}");
    assert!(out.contains("format goat, seed"), "{out}");
    // JSON on stdout stays one object; the line goes to stderr.
    let (code, out, err) = run(&["sim", "--games", "1", "--json", "--deck", &f, "--deck", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(serde_json::from_str::<serde_json::Value>(&out).is_ok(), "{out}");
    assert!(err.starts_with("rules: format goat"), "{err}");
    // An explicit edition wins, and the line says so.
    let (code, out, _) = run(&["sim", "--games", "1", "--edition", "mr2020", "--deck", &f, "--deck", &f]);
    assert_eq!(code, 0);
    assert!(out.starts_with("rules: edition mr2020 (Master Rule 2020") && out.lines().next().unwrap().contains("as --format/--edition say"), "{out}");
    // The duel's first line too.
    let (_, out, _) = run(&["duel", "--plain", "--seed", "1", "--deck", &f, "--opponent-deck", "chaos-turbo"]);
    assert!(out.starts_with("rules: format goat"), "{out}");
}

#[test]
fn a_replay_of_a_goat_duel_says_goat_and_reads_the_goat_cards() {
    let dir = scratch("goat-replay");
    let d = dir.to_string_lossy().into_owned();
    let (code, _, err) = run(&["sim", "--games", "1", "--seed", "3", "--deck", "goat-control", "--deck", "chaos-turbo", "--save-replays", &d]);
    assert_eq!(code, 0, "{err}");
    let file = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(json["play_format"], "goat");
    let mut cmd = common::ygo();
    cmd.arg("replay").arg(&file);
    let (code, out, err) = common::parts(&common::run_with_input(cmd, "q\n"));
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.contains(", format goat, "), "{first}");
    assert!(!out.contains("note:"), "no card changed against the Goat data:\n{out}");
}

#[test]
fn bench_under_goat_without_decks_measures_the_goat_pair() {
    // The benchmark decks hold cards the 2005 list forbids (Dark Hole, Raigeki): the Goat
    // format's own pair is measured instead of refusing them.
    let (code, out, err) = run(&["bench", "--games", "2", "--format", "goat"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("decks: goat-control vs chaos-turbo (format goat"), "{out}");
    assert_eq!(out.matches("decks: ").count(), 1, "{out}");
}

#[test]
fn bench_under_edison_without_decks_measures_the_edison_pair() {
    let (code, out, err) = run(&["bench", "--games", "2", "--format", "edison"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("decks: edison-gladiator-beasts vs edison-lightsworn-monarchs (format edison"), "{out}");
    assert_eq!(out.matches("decks: ").count(), 1, "{out}");
}
