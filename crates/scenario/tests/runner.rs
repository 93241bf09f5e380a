//! The scenario runner (`SCENARIOS.md`): broken files give clear messages with lines,
//! failing rulings say what differs and who had to decide, and the bundled rulings pass.

use std::path::{Path, PathBuf};

use ygo_scenario::{self as scenario, FileResult, Status};

/// Writes `text` to a fresh temp file and runs it.
fn run(tag: &str, text: &str) -> FileResult {
    let dir = std::env::temp_dir().join(format!("ygo-scenario-runner-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.toml"));
    std::fs::write(&path, text).unwrap();
    scenario::run_file(&path)
}

fn all_text(r: &FileResult) -> String {
    format!("{}\n{}", r.message, r.details.join("\n"))
}

#[track_caller]
fn assert_status(r: &FileResult, status: Status) {
    assert_eq!(r.status, status, "{}", all_text(r));
}

#[track_caller]
fn assert_mentions(r: &FileResult, needles: &[&str]) {
    let text = all_text(r);
    for n in needles {
        assert!(text.contains(n), "expected {n:?} in:\n{text}");
    }
}

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios")
}

// ---- malformed files: status Error, file and line named -----------------------------

#[test]
fn bad_toml_names_file_and_line() {
    let r = run("bad_toml", "name = \"x\"\n\n[state\nturn = 2\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["bad_toml.toml:3:", "invalid TOML"]);
}

#[test]
fn unknown_card_names_line_and_suggests() {
    let r = run("unknown_card", "[state.A]\nhand = [\"Celtic Guardian\"]\nmonsters = [\"Dark Magican\"]\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["unknown_card.toml:3:", "unknown card \"Dark Magican\"", "did you mean \"Dark Magician\""]);
}

#[test]
fn passcodes_name_cards() {
    let r = run("passcode", "[state.A]\nhand = [\"46986414\", \"91152256\"]\n[expect]\nA.hand = [\"Dark Magician\", \"Celtic Guardian\"]\nB.hand = []\n");
    assert_status(&r, Status::Passed);
}

#[test]
fn unknown_keys_are_errors_naming_the_key() {
    let r = run("unknown_top", "nmae = \"typo\"\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["unknown_top.toml:1:", "unknown key `nmae`"]);

    let r = run("unknown_placed", "[state.A]\nmonsters = [{ card = \"Celtic Guardian\", postion = \"def\" }]\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["unknown_placed.toml:2:", "unknown key `postion`", "A.monsters[0]"]);

    let r = run("unknown_expect", "[expect]\nA.lifepoints = 8000\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["unknown key `lifepoints`", "expect.A"]);
}

#[test]
fn every_problem_is_reported_at_once() {
    let r = run("many", "edition = \"mr9\"\n[state]\nphase = \"lunch\"\n[state.A]\nhand = [\"Nope\"]\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["many.toml:1:", "many.toml:3:", "many.toml:5:", "mr9", "lunch", "Nope"]);
}

#[test]
fn impossible_positions_are_errors() {
    let six = r#"
edition = "mr3"
[state.A]
monsters = ["Celtic Guardian", "Celtic Guardian", "Battle Ox", "Battle Ox", "Mystical Elf", "Dark Magician"]
[expect]
A.lp = 8000
"#;
    let r = run("six_monsters", six);
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["six_monsters.toml:3:", "impossible position", "do not fit"]);

    let emz = format!("edition = \"mr3\"\n[state.A]\nmonsters = [{{ card = \"Celtic Guardian\", zone = 5 }}]\n{CHECK}");
    let r = run("emz_mr3", &emz);
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["impossible position", "zone 5 does not exist"]);

    let two = format!("[state.B]\nmonsters = [{{ card = \"Celtic Guardian\", zone = 1 }}, {{ card = \"Battle Ox\", zone = 1 }}]\n{CHECK}");
    let r = run("same_zone", &two);
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["player B", "holds two cards"]);

    let r = run("battle_turn_one", &format!("[state]\nturn = 1\nphase = \"battle\"\n{CHECK}"));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["SETUP-3"]);

    let r = run("spell_as_monster", &format!("[state.A]\nmonsters = [\"Dark Hole\"]\n{CHECK}"));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["spell_as_monster.toml:2:", "not a monster"]);
}

#[test]
fn malformed_steps_are_errors() {
    let r = run("both_players", "[[do]]\nA = \"pass\"\nB = \"pass\"\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["both_players.toml:", "two players"]);

    let r = run("not_a_command", "[[do]]\nA = \"dance wildly\"\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["not_a_command.toml:2:", "not a command"]);

    let r = run("empty_step", "[[do]]\n[[do]]\nA = \"pass\"\n");
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["empty"]);
}

#[test]
fn equip_to_is_resolved_or_reported() {
    let ok = r#"
[state.A]
monsters = [{ card = "Celtic Guardian", zone = 3 }]
spells = [{ card = "Royal Decree", equip_to = "Celtic Guardian" }]
[state.B]
monsters = ["Battle Ox"]
[expect]
A.lp = 8000
"#;
    assert_status(&run("equip_ok", ok), Status::Passed);
    let opp = format!("[state.A]\nspells = [{{ card = \"Royal Decree\", equip_to = \"Battle Ox\" }}]\n[state.B]\nmonsters = [\"Battle Ox\"]\n{CHECK}");
    assert_status(&run("equip_opp", &opp), Status::Passed);
    let missing = "[state.A]\nspells = [{ card = \"Royal Decree\", equip_to = \"Battle Ox\" }]\n";
    let r = run("equip_missing", missing);
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["equip_missing.toml:2:", "no such monster"]);
    let two = "[state.A]\nmonsters = [\"Battle Ox\", \"Battle Ox\"]\nspells = [{ card = \"Royal Decree\", equip_to = \"Battle Ox\" }]\n";
    let r = run("equip_two", two);
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["ambiguous", "Battle Ox@A.monsters#1"]);
}

#[test]
fn missing_file_is_an_error() {
    let r = scenario::run_file(Path::new("/nonexistent/ygo/scenario.toml"));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["/nonexistent/ygo/scenario.toml", "cannot read"]);
}

// ---- decisions ---------------------------------------------------------------------

/// An expectation that holds in every position here: for files testing something else.
const CHECK: &str = "[expect]\nA.lp = 8000\n";

const MAIN1: &str = r#"
[state]
turn = 2
phase = "main1"
[state.A]
hand = ["Celtic Guardian"]
"#;

#[test]
fn a_step_for_the_wrong_player_fails_listing_the_decider() {
    let r = run("wrong_player", &format!("{MAIN1}[[do]]\nB = \"pass\"\n{CHECK}"));
    assert_status(&r, Status::Failed);
    assert!(r.message.contains("step 1"), "{}", r.message);
    assert!(r.message.contains("B = \"pass\" but A must decide"), "{}", r.message);
    assert_mentions(&r, &["A must decide", "normal summon Celtic Guardian", "battle phase", "end phase"]);
}

#[test]
fn a_command_matching_no_legal_action_fails() {
    let r = run("no_match", &format!("{MAIN1}[[do]]\nA = \"flip summon Celtic Guardian\"\n{CHECK}"));
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["step 1 (line", "no legal action matches", "normal summon Celtic Guardian"]);
}

#[test]
fn an_ambiguous_command_fails_even_when_an_error_is_expected() {
    let text = r#"
[state]
turn = 2
phase = "battle"
[state.A]
monsters = ["Celtic Guardian", "Celtic Guardian"]
[[do]]
A = "attack Celtic Guardian directly"
[expect]
error = true
"#;
    let r = run("ambiguous", text);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["ambiguous", "Celtic Guardian@A.monsters#0", "Celtic Guardian@A.monsters#1"]);
    // With the place it is fine.
    let fixed = text.replace("attack Celtic Guardian directly", "attack Celtic Guardian@A.monsters#1 directly").replace("error = true", "B.lp = 6600");
    assert_status(&run("ambiguous_fixed", &fixed), Status::Passed);
}

#[test]
fn an_unanswered_real_decision_leaves_the_state_where_it_is() {
    let text = format!("{MAIN1}[expect]\nB.lp = 0\nA.hand = []\nturn = 3\n");
    let r = run("unanswered", &text);
    assert_status(&r, Status::Failed);
    // Every difference, the first on the FAIL line.
    assert!(r.message.contains("turn: expected 3, got 2"), "{}", r.message);
    assert_mentions(&r, &["B.lp: expected 0, got 8000", "A.hand: expected [], got [Celtic Guardian]", "after all 0 step(s)", "A must decide"]);
}

#[test]
fn forced_answers_may_be_spelled_out_or_left_out() {
    // After a Normal Summon both players can only pass: the file may say so or not.
    let base = format!("{MAIN1}[[do]]\nA = \"normal summon Celtic Guardian\"\n");
    let expect = "[expect]\nA.monsters = [{ card = \"Celtic Guardian\", zone = 0 }]\nphase = \"main1\"\n";
    assert_status(&run("forced_left_out", &format!("{base}{expect}")), Status::Passed);
    let spelled = format!("{base}[[do]]\nA = \"pass\"\n[[do]]\nB = \"pass\"\n{expect}");
    assert_status(&run("forced_spelled", &spelled), Status::Passed);
}

#[test]
fn zone_choices_default_to_the_lowest_free_zone_unless_a_step_names_one() {
    let base = r#"
[state]
turn = 2
[state.A]
hand = ["Celtic Guardian"]
monsters = [{ card = "Battle Ox", zone = 0 }]
[[do]]
A = "normal summon Celtic Guardian"
"#;
    let lowest = format!("{base}[expect]\nA.monsters = [\"Battle Ox\", {{ card = \"Celtic Guardian\", zone = 1 }}]\n");
    assert_status(&run("zone_lowest", &lowest), Status::Passed);
    let named = format!("{base}[[do]]\nA = \"zone 3\"\n[expect]\nA.monsters = [\"Battle Ox\", {{ card = \"Celtic Guardian\", zone = 3 }}]\n");
    assert_status(&run("zone_named", &named), Status::Passed);
    let taken = format!("{base}[[do]]\nA = \"zone 0\"\n{CHECK}");
    let r = run("zone_taken", &taken);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["step 2", "zone 1 | zone 2 | zone 3 | zone 4"]);
}

#[test]
fn selections_are_named_as_sets() {
    // Two identical tributes: "choose X, X" picks both whatever the order.
    let text = r#"
[state]
turn = 2
[state.A]
hand = ["Blue-Eyes White Dragon"]
monsters = ["Battle Ox", "Battle Ox"]
[[do]]
A = "tribute summon Blue-Eyes White Dragon"
[[do]]
A = "choose Battle Ox, Battle Ox"
[expect]
A.monsters = ["Blue-Eyes White Dragon"]
A.gy = ["Battle Ox", "Battle Ox"]
"#;
    assert_status(&run("choose_same", text), Status::Passed);
    // Too few cards for the selection.
    let few = text.replace("choose Battle Ox, Battle Ox", "choose Battle Ox@A.monsters#0");
    let r = run("choose_few", &few);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["step 2", "needs more cards"]);
    // Too many.
    let many = text.replace("choose Battle Ox, Battle Ox", "choose Battle Ox, Battle Ox, Battle Ox");
    let r = run("choose_many", &many);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["step 2", "complete before"]);
}

#[test]
fn steps_after_the_end_of_the_duel_fail() {
    let text = r#"
[state]
turn = 2
[state.A]
monsters = ["Celtic Guardian"]
[state.B]
deck = []
[[do]]
A = "end turn"
[[do]]
B = "normal summon Celtic Guardian"
[expect]
winner = "A"
"#;
    let r = run("after_end", text);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["step 2", "the duel is over: A won"]);
}

#[test]
fn phase_commands_pass_priority_until_they_are_legal() {
    // From the Draw Phase: the runner passes through Standby to Main 1.
    let text = r#"
[state]
turn = 3
phase = "draw"
[state.A]
hand = ["Battle Ox"]
monsters = ["Celtic Guardian"]
[[do]]
A = "battle phase"
[[do]]
A = "attack Celtic Guardian directly"
[[do]]
A = "main phase 2"
[expect]
phase = "main2"
B.lp = 6600
"#;
    assert_status(&run("phase_walk", text), Status::Passed);
}

// ---- error expectations ---------------------------------------------------------------

#[test]
fn error_true_needs_the_last_step_rejected() {
    let rejected = format!("{MAIN1}[[do]]\nA = \"flip summon Celtic Guardian\"\n[expect]\nerror = true\nA.hand = [\"Celtic Guardian\"]\n");
    assert_status(&run("error_ok", &rejected), Status::Passed);

    let texted = rejected.replace("error = true", "error = \"no legal action matches\"");
    assert_status(&run("error_text_ok", &texted), Status::Passed);

    let wrong_text = rejected.replace("error = true", "error = \"not your turn\"");
    let r = run("error_text_wrong", &wrong_text);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["to be rejected with \"not your turn\""]);

    let accepted = format!("{MAIN1}[[do]]\nA = \"normal summon Celtic Guardian\"\n[expect]\nerror = true\n");
    let r = run("error_accepted", &accepted);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["expected step 1", "to be rejected, but it was accepted"]);

    let early = format!("{MAIN1}[[do]]\nA = \"flip summon Celtic Guardian\"\n[[do]]\nA = \"end phase\"\n[expect]\nerror = true\n");
    let r = run("error_early", &early);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["step 1", "before the last step"]);

    // The other expectations see the state the rejection left (before the step).
    let state = rejected.replace("A.hand = [\"Celtic Guardian\"]", "A.hand = []");
    let r = run("error_state", &state);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["A.hand: expected [], got [Celtic Guardian]"]);
}

#[test]
fn expectations_count_contains_not_and_details() {
    let text = r#"
[state]
turn = 2
[state.A]
hand = ["Celtic Guardian", "Battle Ox"]
gy = ["Dark Magician", "Mystical Elf"]
monsters = [{ card = "Summoned Skull", position = "def", zone = 4 }]
spells = [{ card = "Royal Decree", set = true }]
[expect]
A.hand = { count = 2, contains = ["Battle Ox"], not = ["Dark Magician"] }
A.gy = ["Mystical Elf", "Dark Magician"]
A.monsters = [{ card = "Summoned Skull", position = "def", atk = 2500, def = 1200, zone = 4 }]
A.spells = [{ card = "Royal Decree", set = true, zone = 0 }]
A.field = "none"
A.deck_count = 30
B.field = []
chain = []
winner = "none"
turn_player = "A"
"#;
    assert_status(&run("expect_ok", text), Status::Passed);
    let bad =
        text.replace("count = 2", "count = 3").replace("position = \"def\", atk", "position = \"atk\", atk").replace("deck_count = 30", "deck_count = 29");
    let r = run("expect_bad", &bad);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["A.hand: expected 3 card(s), got 2", "A.monsters: expected [Summoned Skull (atk", "A.deck_count: expected 29, got 30"]);
}

// ---- output and coverage ---------------------------------------------------------------

#[test]
fn run_paths_prints_one_line_per_file_and_a_total() {
    let dir = std::env::temp_dir().join(format!("ygo-scenario-paths-{}", std::process::id()));
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(dir.join("b_fail.toml"), format!("rules = [\"PHASE-4\"]\n{MAIN1}[expect]\nB.lp = 1\n")).unwrap();
    std::fs::write(sub.join("a_ok.toml"), "name = \"nothing happens\"\n[expect]\nB.lp = 8000\n").unwrap();
    std::fs::write(dir.join("c_broken.toml"), "[[do]\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a scenario").unwrap();
    let mut out = Vec::new();
    let sum = scenario::run_paths(std::slice::from_ref(&dir), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!((sum.passed, sum.failed), (1, 2), "{text}");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("FAIL ") && lines[0].contains("b_fail.toml: B.lp: expected 1, got 8000 [rules: PHASE-4]"), "{text}");
    assert!(lines[1].starts_with("FAIL ") && lines[1].contains("c_broken.toml:1:"), "{text}");
    assert!(lines[2].starts_with("ok   ") && lines[2].ends_with("a_ok.toml  (nothing happens)"), "{text}");
    assert_eq!(lines[3], "1 passed, 2 failed");
    assert!(text.contains("     after all 0 step(s); A must decide"), "{text}");
}

#[test]
fn coverage_lists_ids_files_and_gaps() {
    let dir = std::env::temp_dir().join(format!("ygo-scenario-cov-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("RULES.md");
    std::fs::write(&spec, "# Rules\n\n- AB-1 first clause\n  continued - CD-9 not an ID\n- AB-2 second\n- not an id\n- CD-10 third\n").unwrap();
    let scen = dir.join("s");
    std::fs::create_dir_all(&scen).unwrap();
    std::fs::write(scen.join("x.toml"), "rules = [\"AB-1\", \"ZZ-1\"]\n").unwrap();
    std::fs::write(scen.join("y.toml"), "rules = [\"AB-1\", \"CD-10\"]\n").unwrap();
    let mut out = Vec::new();
    scenario::coverage(Some(&spec), std::slice::from_ref(&scen), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("AB-1   ") && text.contains("x.toml, ") && text.contains("y.toml"), "{text}");
    assert!(text.contains("AB-2   -"), "{text}");
    assert!(text.contains("not covered (1): AB-2"), "{text}");
    assert!(text.contains("ZZ-1"), "{text}");
    assert!(text.trim_end().ends_with("2 of 3 rule IDs covered by 2 scenario file(s)"), "{text}");
    assert!(!text.contains("CD-9"), "{text}");

    // The project's own list: every clause of RULES.md.
    let ids: Vec<&str> = scenario::RULE_IDS.lines().collect();
    assert!(ids.len() > 100 && ids.contains(&"CHAIN-5") && ids.contains(&"SETUP-3"));
    let mut out = Vec::new();
    scenario::coverage(None, &[scenarios_dir()], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("BATTLE-5"), "{text}");
    assert!(!text.contains("BATTLE-5  -"), "{text}");
}

#[test]
fn rule_ids_are_parsed_without_regexes() {
    let ids = scenario::parse_rule_ids("- CHAIN-5 text\n- MISC-12 more\n-CHAIN-6 no space\n  - EFF-1 nested\n| ERA-1 | table |\n- lower-1\n");
    assert_eq!(ids, vec!["CHAIN-5", "MISC-12"]);
}

#[test]
fn a_scenario_that_checks_nothing_is_an_error() {
    for (tag, text, want) in [
        ("empty", "", "the file is empty (nothing but blanks and comments): a scenario needs at least an [expect] table"),
        ("blank", "\n  \n# only a comment\n", "the file is empty"),
        ("no_expect", "name = \"nothing\"\n[state]\nturn = 2\n", "no [expect] table: a scenario must say what it checks"),
        ("empty_expect", "[state]\nturn = 2\n[expect]\n", "[expect] is empty"),
    ] {
        let r = run(tag, text);
        assert_status(&r, Status::Error);
        assert_mentions(&r, &[want]);
    }
}

#[test]
fn integers_too_large_for_any_field_are_out_of_range() {
    let r = run("huge_turn", &format!("[state]\nturn = 99999999999999999999\n{CHECK}"));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["huge_turn.toml:2:", "state.turn = 99999999999999999999 is out of range"]);
    let r = run("huge_code", &format!("[state.A]\nhand = [99999999999999999999]\n{CHECK}"));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["huge_code.toml:2:", "passcode 99999999999999999999 is out of range"]);
}

// ---- an expected rejection shows the ruling only when it is the right one ---------------

/// The bundled file the issue found passing on a typo, with its last command replaced.
fn until_next_turn(last: &str) -> String {
    let src = std::fs::read_to_string(scenarios_dir().join("effects/until-your-next-turn-ends.toml")).unwrap();
    assert!(src.contains("B = \"change position Goblin Attack Force\""));
    src.replace("B = \"change position Goblin Attack Force\"", last)
}

#[test]
fn an_expected_rejection_does_not_hide_a_misspelled_card() {
    // The file as bundled passes: the position change really is refused.
    assert_status(&run("typo_control", &until_next_turn("B = \"change position Goblin Attack Force\"")), Status::Passed);
    // A misspelled card is a file error naming the step's line, whatever `[expect]` says.
    let r = run("typo_card", &until_next_turn("B = \"change position Goblin Atack Forse\""));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["typo_card.toml:20:", "no card named \"Goblin Atack Forse\" in this position; did you mean \"Goblin Attack Force\"?"]);
    // A real card that is nowhere in the position is one too.
    let r = run("absent_card", &until_next_turn("B = \"change position Summoned Skull\""));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["absent_card.toml:20:", "no card named \"Summoned Skull\" in this position"]);
}

#[test]
fn an_expected_rejection_does_not_hide_an_unknown_command() {
    let r = run("typo_command", &until_next_turn("B = \"chnage position Goblin Attack Force\""));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["typo_command.toml:20:", "is not a command"]);
    let r = run("typo_announce", &until_next_turn("B = \"announce Goblin Atack Forse\""));
    assert_status(&r, Status::Error);
    assert_mentions(&r, &["typo_announce.toml:20:"]);
}

#[test]
fn an_expected_rejection_must_come_at_the_steps_own_decision() {
    // B's command while only A decides: rejected, but that says nothing about the ruling.
    let text = format!("{MAIN1}[[do]]\nB = \"pass\"\n[expect]\nerror = true\n");
    let r = run("wrong_decider", &text);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["not at a decision of B's", "A must decide"]);
    // Naming the rejection that happens makes it the point of the file.
    let named = text.replace("error = true", "error = \"but A must decide\"");
    assert_status(&run("wrong_decider_named", &named), Status::Passed);
    // A refusal at a forced decision of the step's own player is the step's: A's only
    // answer to B's Change of Heart is to pass, and A's command is refused right there
    // (without that rule the runner would pass for A and fail the file at B's decision).
    let forced = until_next_turn("A = \"activate Change of Heart\"");
    assert_status(&run("forced_own", &forced), Status::Passed);
}

#[test]
fn an_expected_rejection_at_a_decision_the_command_cannot_answer_fails() {
    // Pot of Greed resolves with no decision left to make: "choose" answers nothing there.
    let text = r#"
[state]
turn = 2
[state.A]
hand = ["Celtic Guardian"]
spells = [{ card = "Pot of Greed", position = "set" }]
deck = ["Dark Magician", "Summoned Skull", "Mystical Elf"]
[[do]]
A = "activate Pot of Greed"
[[do]]
A = "choose Dark Magician"
[expect]
error = true
"#;
    let r = run("cannot_answer", text);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["a decision that command cannot answer"]);
}

#[test]
fn the_rule_id_list_is_the_specs() {
    let Ok(spec) = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/spec/RULES.md")) else {
        eprintln!("note: ../shared/spec/RULES.md absent; skipping");
        return;
    };
    let ours: Vec<&str> = scenario::RULE_IDS.lines().map(str::trim).filter(|l| scenario::is_rule_id(l)).collect();
    assert_eq!(ours, scenario::parse_rule_ids(&spec), "docs/rule-ids.txt differs from RULES.md's clause IDs");
}

#[test]
fn commands_find_the_scenarios_from_any_folder_below_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let found = scenario::default_dir(&root.join("crates/scenario/src")).expect("tests/scenarios above crates/scenario/src");
    assert!(found.ends_with("tests/scenarios"));
    assert!(scenario::resolve_paths(&[], &root.join("crates")).is_ok());
    let outside = std::env::temp_dir().join(format!("ygo-scenario-outside-{}", std::process::id()));
    std::fs::create_dir_all(&outside).unwrap();
    if scenario::default_dir(&outside).is_none() {
        let e = scenario::resolve_paths(&[], &outside).unwrap_err().to_string();
        assert!(e.contains("no tests/scenarios folder"), "{e}");
    }
    let e = scenario::resolve_paths(&[outside.join("nope")], &outside).unwrap_err().to_string();
    assert!(e.contains("no such file or folder"), "{e}");
    let e = scenario::resolve_paths(std::slice::from_ref(&outside), &outside).unwrap_err().to_string();
    assert!(e.contains("no scenario files"), "{e}");
}

#[test]
fn option_n_answers_only_a_choice_among_options() {
    // SCENARIOS.md `option N`: at a priority window it is refused, naming the decision.
    let r = run("option_at_window", &format!("{MAIN1}[[do]]\nA = \"option 1\"\n{CHECK}"));
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["\"option 1\" answers a choice among an effect's options; the decision now is a priority"]);
    // Mystik Wok offers its ATK (1) or its DEF (2); there is no third option.
    let wok = r#"
format = "goat"
[state]
turn = 3
[state.A]
hand = ["Mystik Wok"]
monsters = ["Summoned Skull"]
[[do]]
A = "activate Mystik Wok"
[[do]]
A = "option 3"
[expect]
A.lp = 8000
"#;
    let r = run("option_three", wok);
    assert_status(&r, Status::Failed);
    assert_mentions(&r, &["\"option 3\": the effect offers option(s) 1, 2 now"]);
    let r = run("option_zero", &format!("{MAIN1}[[do]]\nA = \"option 0\"\n{CHECK}"));
    assert_status(&r, Status::Error);
}
