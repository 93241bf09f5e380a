//! Inputs that once crashed or misled (issue 13): every command checks its numbers and
//! names before it starts and exits 2 with a message naming the flag or the file; nothing
//! panics, aborts or floods stderr. Each case runs the binary as a user would.

mod common;

use common::{parts, run, run_with_input, scratch, ygo};

/// Exit 2, no panic, a short message on stderr containing every `needle`.
fn refused(args: &[&str], needles: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: exit {code}\nstdout: {out}\nstderr: {err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{args:?}: {err}");
    assert!(err.len() < 2000, "{args:?}: {} bytes on stderr", err.len());
    for n in needles {
        assert!(err.contains(n), "{args:?}: expected {n:?} in:\n{err}");
    }
    err
}

#[test]
fn numbers_out_of_range_name_their_flag() {
    let m = ["match", "--deck", "vanilla-yugi", "--deck", "vanilla-kaiba"];
    for (flag, value) in [("--time-limit", "1e300"), ("--time-limit", "18446744073709551616"), ("--time-limit", "0"), ("--seconds-per-decision", "1e300")] {
        let mut args = m.to_vec();
        args.extend([flag, value]);
        refused(&args, &[flag, value, "out of range"]);
    }
    refused(&["sim", "--games", "18446744073709551615"], &["--games", "not in 1..=1000000000"]);
    refused(&["sim", "--games", "0"], &["--games", "0 is not in 1..=1000000000"]);
    refused(&["bench", "--games", "0"], &["--games"]);
    refused(&["tournament", "--players", "18446744073709551615"], &["--players", "not in 2..=1000"]);
    refused(&["tournament", "--rounds", "0"], &["--rounds"]);
    refused(&["cards", "coverage", "--games", "0"], &["--games"]);
    for cmd in [vec!["sim"], vec!["match", "--deck", "vanilla-yugi", "--deck", "vanilla-kaiba"], vec!["tournament"], vec!["cards", "coverage"]] {
        let mut args = cmd.clone();
        args.extend(["--seed", "-1"]);
        refused(&args, &["--seed", "\"-1\": seeds are 0 or more"]);
    }
}

#[test]
fn a_billion_games_stream_instead_of_reserving_memory() {
    // With 4 GB of address space, reserving a result per game (40 GB) would abort before
    // the first duel. The run streams: it plays, then stops at the first replay it cannot
    // save (game-0000.json is a directory here) and names that file.
    let dir = scratch("billion");
    std::fs::create_dir(dir.join("game-0000.json")).unwrap();
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c").arg("ulimit -v 4000000 && exec \"$0\" \"$@\"").arg(env!("CARGO_BIN_EXE_ygo"));
    cmd.args(["sim", "--games", "1000000000", "--seed", "1", "--save-replays"]).arg(&dir);
    let (code, _, err) = parts(&run_with_input(cmd, ""));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--save-replays: ") && err.contains(&format!("{}", dir.join("game-0000.json").display())), "{err}");
    // A path that cannot be a directory is named too, before any duel.
    let file = dir.join("plain-file");
    std::fs::write(&file, "x").unwrap();
    refused(&["sim", "--games", "2", "--save-replays", file.to_str().unwrap()], &["--save-replays", "plain-file", "cannot create the directory"]);
}

#[test]
fn huge_bad_input_is_quoted_as_a_short_excerpt() {
    let dir = scratch("huge");
    // One 500,000-digit line: a passcode far out of range.
    let digits = dir.join("digits.ydk");
    std::fs::write(&digits, "7".repeat(500_000)).unwrap();
    let d = digits.to_str().unwrap();
    for args in [
        vec!["deck", "check", d],
        vec!["deck", "convert", d, "--to", "ydke"],
        vec!["duel", "--plain", "--deck", d],
        vec!["match", "--deck", d, "--deck", "vanilla-kaiba"],
        vec!["sim", "--deck", d],
    ] {
        let err = refused(&args, &[d, ":1: passcode 7777777", "(500000 characters in all) is out of range"]);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    // A file far larger than any deck is refused by its size.
    let big = dir.join("big.ydk");
    std::fs::write(&big, "1\n".repeat(1 << 20)).unwrap();
    refused(&["deck", "check", big.to_str().unwrap()], &["big.ydk", "far too large for a .ydk deck"]);
    // A banlist with a huge broken line.
    let ban = dir.join("ban.conf");
    std::fs::write(&ban, format!("!list\n{} 3\n", "9".repeat(300_000))).unwrap();
    let good = dir.join("good.ydk");
    let list = ygo_cards::decks::parse_builtin(ygo_cards::decks::builtin("vanilla-yugi").unwrap().ydk);
    std::fs::write(&good, format!("#main\n{}\n", list.main.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\n"))).unwrap();
    refused(
        &["deck", "check", good.to_str().unwrap(), "--banlist", ban.to_str().unwrap()],
        &["ban.conf:2: passcode 9999", "(300000 characters in all) is out of range"],
    );
    // A huge line typed into the plain duel: one short rejection, the duel goes on.
    let mut cmd = ygo();
    cmd.args(["duel", "--plain", "--vs", "random", "--seed", "1"]);
    let (code, out, _) = parts(&run_with_input(cmd, &format!("{}\nq\n", "x".repeat(1_000_000))));
    assert_eq!(code, 3, "quit after the rejection");
    assert!(out.contains("rejected: \"xxxxxxxx") && out.contains("(1000000 characters in all) is too long to be an action"), "{}", &out[..out.len().min(3000)]);
    assert!(out.len() < 20_000, "{} bytes of output", out.len());
}

#[test]
fn binary_and_empty_deck_files_are_unreadable_in_one_line() {
    let dir = scratch("binary");
    let cases = [
        ("empty.ydk", Vec::new(), "the file is empty, not a .ydk deck"),
        ("blank.ydk", b"\n  \n\t\n".to_vec(), "the file is empty, not a .ydk deck"),
        ("binary.ydk", (0u8..=255).cycle().take(4000).collect(), "binary data, not a .ydk deck"),
        ("words.ydk", b"this is a letter\nnot a deck at all\n".to_vec(), "no passcode and no #main, #extra or !side line: not a .ydk deck"),
    ];
    for (name, bytes, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let p = path.to_str().unwrap();
        for args in [vec!["deck", "check", p], vec!["duel", "--plain", "--deck", p], vec!["sim", "--deck", p]] {
            let err = refused(&args, &[&format!("{p}: cannot read deck: {want}")]);
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
}

#[test]
fn scenarios_that_check_nothing_fail() {
    let dir = scratch("scenarios");
    for (name, text, want) in [("empty.toml", "", "the file is empty"), ("no-expect.toml", "[state]\nturn = 2\n", "no [expect] table")] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (code, out, _) = run(&["scenario", "run", path.to_str().unwrap()]);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains(want) && out.ends_with("0 passed, 1 failed\n"), "{out}");
    }
    let path = dir.join("turn.toml");
    std::fs::write(&path, "[state]\nturn = 99999999999999999999\n[expect]\nA.lp = 8000\n").unwrap();
    let (code, out, _) = run(&["scenario", "run", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("turn.toml:2: state.turn = 99999999999999999999 is out of range"), "{out}");
}

#[cfg(unix)]
#[test]
fn non_utf8_paths_name_their_argument() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"deck-\xff.ydk");
    for (args, name) in [
        (vec!["deck", "check"], "<DECK>"),
        (vec!["sim", "--deck"], "--deck <DECKS>"),
        (vec!["duel", "--deck"], "--deck <DECK>"),
        (vec!["match", "--deck"], "--deck <DECKS>"),
    ] {
        let out = ygo().args(&args).arg(bad).output().unwrap();
        let (code, _, err) = parts(&out);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(&format!("{name}: \"deck-\u{fffd}.ydk\" is not valid UTF-8")), "{args:?}: {err}");
    }
    let out = ygo().arg("--cards-db").arg(OsStr::from_bytes(b"cards-\xff.cdb")).args(["cards", "show", "Dark Magician"]).output().unwrap();
    let (code, _, err) = parts(&out);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--cards-db cards-\u{fffd}.cdb: cannot open card database: no such file"), "{err}");
}

#[test]
fn coverage_plays_the_decks_given() {
    // A deck illegal in the format is refused by name; the decks given are the ones played.
    refused(&["cards", "coverage", "--format", "goat", "--deck", "goat-control", "--deck", "bench-yugi", "--games", "1"], &["bench-yugi"]);
    let (code, out, err) =
        run(&["cards", "coverage", "--format", "goat", "--deck", "goat-p2e-hands", "--deck", "goat-p3c-mechanics", "--games", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["duels"], 4, "two decks, every ordered pair, one game each: {out}");
    let names: Vec<&str> = v["effects"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"Spiritualism") && names.contains(&"Cobra Jar"), "{names:?}");
    assert!(!names.contains(&"Scapegoat"), "a card of no given deck is counted: {names:?}");
}
