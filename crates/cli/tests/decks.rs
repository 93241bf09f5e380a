//! Legal is not playable (issue 16): `deck check` says both, and `duel`, `sim` and `match`
//! refuse a deck the engine cannot play in the same words, naming every missing card;
//! passcodes that stand for another card (alternate artworks, GOAT and pre-errata IDs)
//! load as that card without a `cards.cdb`.

mod common;

use common::{run, scratch};

/// A `.ydk` of the built-in vanilla-yugi list with its first cards replaced.
fn deck_with(dir: &std::path::Path, name: &str, first: &[u32]) -> String {
    let mut main = ygo_cards::decks::parse_builtin(ygo_cards::decks::builtin("vanilla-yugi").unwrap().ydk).main;
    main[..first.len()].copy_from_slice(first);
    let path = dir.join(name);
    std::fs::write(&path, format!("#created by test\n#main\n{}\n#extra\n!side\n", main.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\n"))).unwrap();
    path.to_string_lossy().into_owned()
}

const WANT: &str = "not playable by this engine: 2 card(s) not implemented yet: Inspection (16227556), Recycle (96316857)";

#[test]
fn deck_check_separates_legal_from_playable_and_every_front_end_agrees() {
    let dir = scratch("playable");
    // Recycle by its EDOPro-only GOAT-list ID, Inspection by its own.
    let d = deck_with(&dir, "goat-ish.ydk", &[511002983, 16227556]);
    let (code, out, err) = run(&["deck", "check", &d]);
    assert_eq!(code, 3, "legal but not playable: {out}{err}");
    assert_eq!(out, format!("legal (main 40, extra 0, side 0)\n{WANT}\n"));
    assert!(err.contains("passcode 511002983 is read as Recycle (96316857)"), "{err}");
    let (code, out, _) = run(&["deck", "check", &d, "--json"]);
    assert_eq!(code, 3);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["legal"].as_bool(), v["playable"].as_bool()), (Some(true), Some(false)));
    assert_eq!(v["unimplemented"], serde_json::json!([{"name": "Inspection", "id": 16227556}, {"name": "Recycle", "id": 96316857}]));
    for args in [
        vec!["duel", "--plain", "--deck", &d],
        vec!["sim", "--deck", &d],
        vec!["match", "--deck", &d, "--deck", "vanilla-kaiba"],
        vec!["tournament", "--deck", &d, "--deck", "vanilla-kaiba"],
        vec!["bench", "--deck", &d],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.trim(), format!("ygo: {d}: {WANT}"), "{args:?}");
    }
    // A playable deck says so.
    let (code, out, _) = run(&["deck", "check", &deck_with(&dir, "plain.ydk", &[])]);
    assert_eq!((code, out.as_str()), (0, "legal (main 40, extra 0, side 0)\nplayable by this engine\n"));
}

#[test]
fn alternate_artworks_load_and_play_without_a_card_database() {
    // Red-Eyes B. Dragon 74677425 and Ring of Destruction 83555667 (alternate artworks).
    let dir = scratch("alt-art");
    let d = deck_with(&dir, "alt.ydk", &[74677425, 83555667]);
    let (code, out, err) = run(&["sim", "--games", "2", "--seed", "1", "--deck", &d, "--deck", "vanilla-kaiba", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["errors"], 0);
    // The shipped Dragon's Roar file, when the reference data is there.
    if let Some(shared) = common::shared_data() {
        let roar = shared.join("decks/Structure_Deck_Dragons_Roar.ydk");
        let roar = roar.to_str().unwrap();
        let (code, out, err) = run(&["deck", "check", roar]);
        assert_eq!((code, out.as_str()), (0, "legal (main 40, extra 0, side 0)\nplayable by this engine\n"), "{err}");
        let (code, _, err) = run(&["sim", "--games", "2", "--deck", roar, "--deck", roar]);
        assert_eq!(code, 0, "{err}");
    }
}

#[test]
fn cards_show_suggests_the_nearest_name() {
    let (code, _, err) = run(&["cards", "show", "Magic Jamer"]);
    assert_eq!(code, 1);
    assert!(err.contains("no card named \"Magic Jamer\" (did you mean \"Magic Jammer\"?)"), "{err}");
    let (code, out, _) = run(&["cards", "show", "Recycle"]);
    assert_eq!(code, 0);
    assert!(out.contains("passcode: 96316857") && out.contains("status: known to ygo (card facts only), not implemented"), "{out}");
}

#[test]
fn cards_show_and_list_take_a_format() {
    // RULE: GOAT-8 -- `--format goat` shows the 2005 version a Goat duel plays.
    let goat = ygo_data::Format::by_name("goat").unwrap().pool();
    let today = ygo_cards::pool();
    let lv5 = 46384672;
    let (then, now) = (goat.get(lv5).unwrap().data.text.to_string(), today.get(lv5).unwrap().data.text.to_string());
    assert_ne!(then, now);
    let (code, out, _) = run(&["cards", "show", "Armed Dragon LV5", "--format", "goat"]);
    assert_eq!(code, 0);
    assert!(out.contains(&format!("text: {then}\n")), "{out}");
    let (_, out, _) = run(&["cards", "show", "Armed Dragon LV5"]);
    assert!(out.contains(&format!("text: {now}\n")), "{out}");
    // `list --format goat`: only the Goat list's cards (no Synchro monster among them).
    let (code, out, _) = run(&["cards", "list", "--format", "goat"]);
    assert_eq!(code, 0);
    assert!(out.contains("Sangan") && !out.contains("[Synchro Monster]"), "{out}");
    let (_, all, _) = run(&["cards", "list"]);
    assert!(out.lines().count() < all.lines().count());
    let (code, _, err) = run(&["cards", "show", "Sangan", "--format", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("--format: unknown format \"nope\""), "{err}");
}

#[test]
fn built_in_decks_are_shown_and_converted_by_name() {
    let (code, out, _) = run(&["deck", "show"]);
    assert_eq!(code, 0);
    assert!(out.contains("  goat-control  (goat)\n") && out.contains("  vanilla-yugi\n"), "{out}");
    let (code, out, _) = run(&["deck", "show", "goat-control"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("goat-control\nMain Deck (40):\n"), "{out}");
    assert!(out.contains("1 x Black Luster Soldier - Envoy of the Beginning (72989439)\n"), "{out}");
    // The copies add up to the section's count.
    let main: usize = out.lines().skip(2).take_while(|l| l.starts_with("  ")).map(|l| l.trim().split(' ').next().unwrap().parse::<usize>().unwrap()).sum();
    assert_eq!(main, 40);
    // Converted by name, then read back from the link: the same deck.
    let (code, link, err) = run(&["deck", "convert", "goat-control", "--to", "ydke"]);
    assert_eq!(code, 0, "{err}");
    assert!(link.starts_with("ydke://"), "{link}");
    let (code, again, _) = run(&["deck", "show", link.trim()]);
    assert_eq!(code, 0);
    assert_eq!(again.split_once('\n').unwrap().1, out.split_once('\n').unwrap().1);
    let (code, _, err) = run(&["deck", "show", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no such built-in deck or file"), "{err}");
}

#[test]
fn a_date_that_is_no_day_is_named_as_such() {
    for (date, why) in [("2005-13-01", "no such day"), ("2005-02-30", "no such day"), ("2005-4-1x", "expected YYYY-MM-DD")] {
        let (code, _, err) = run(&["deck", "check", "vanilla-yugi", "--banlist", "goat", "--date", date]);
        assert_eq!(code, 2, "{date}");
        assert!(err.contains(&format!("--date {date:?}: {why}")), "{date}: {err}");
    }
    let (code, _, err) = run(&["deck", "check", "vanilla-yugi", "--banlist", "goat", "--date", "2008-02-29"]);
    assert_ne!(code, 2, "a leap day is a day: {err}");
}
