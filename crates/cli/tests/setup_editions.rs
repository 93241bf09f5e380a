//! The start of a duel, which no scenario can show (a scenario starts from a position in
//! the middle of a turn): starting LP, opening hands, and the first player's turn-1 draw by
//! edition. Runs `ygo duel` as a user would, quitting at the first decision.

mod common;

/// `ygo duel --vs human ARGS`, answering `q` at the first decision; the exit code and the
/// printed text. A refused setup exits before reading `q`, which is not an error.
fn run_first_decision(args: &[&str]) -> (i32, String) {
    let mut cmd = common::ygo();
    cmd.args(["duel", "--plain", "--vs", "human", "--seed", "3"]).args(args);
    let (code, out, err) = common::parts(&common::run_with_input(cmd, "q\n"));
    (code, format!("{out}{err}"))
}

/// As [`run_first_decision`], for a duel that starts: quitting at once exits with 3.
fn first_decision(args: &[&str]) -> String {
    let (code, out) = run_first_decision(args);
    assert_eq!(code, 3, "{args:?}: the duel is abandoned at the first decision\n{out}");
    out
}

fn line_with<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines().find(|l| l.trim_start().starts_with(start)).unwrap_or_else(|| panic!("no line {start:?} in:\n{text}"))
}

#[test]
fn opening_hands_and_the_first_turn_draw_follow_the_edition() {
    // RULE: SETUP-1, SETUP-2, SETUP-3, ERA-1, MISC-3
    for (edition, draws) in [("expert", true), ("mr1", true), ("mr2", true), ("mr3", false), ("mr4", false), ("mr2020", false)] {
        let out = first_decision(&["--edition", edition]);
        assert!(out.contains("A shuffles their Deck") && out.contains("B shuffles their Deck"), "{edition}:\n{out}");
        // The opponent's opening hand is 5 cards, unnamed in A's view (MISC-3).
        assert!(out.contains("B draws 5 card(s)"), "{edition}:\n{out}");
        let turn1 = out.split("turn 1: A's turn").nth(1).expect("turn 1 starts");
        let (hand, deck) = if draws { ("hand 6", "deck 34") } else { ("hand 5", "deck 35") };
        let me = line_with(&out, "you A:");
        assert!(me.contains("LP 8000") && me.contains(hand) && me.contains(deck), "{edition}: {me}");
        assert_eq!(turn1.contains("A draws"), draws, "{edition}: turn-1 draw\n{out}");
        let opp = line_with(&out, "opponent B:");
        assert!(opp.contains("LP 8000") && opp.contains("hand 5") && opp.contains("deck 35"), "{edition}: {opp}");
        // No Battle Phase for the first player on turn 1, in every edition.
        assert!(!turn1.contains("Battle Phase"), "{edition}:\n{out}");
    }
}

#[test]
fn starting_lp_by_agreement() {
    // RULE: SETUP-1
    for lp in ["4000", "2000"] {
        let out = first_decision(&["--lp", lp]);
        assert!(line_with(&out, "you A:").contains(&format!("LP {lp}")), "{out}");
        assert!(line_with(&out, "opponent B:").contains(&format!("LP {lp}")), "{out}");
    }
    // Refused before the duel starts (it never reads the `q`): exit 2, saying why.
    let (code, out) = run_first_decision(&["--lp", "5000"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("starting LP 5000 is not allowed"), "{out}");
}
