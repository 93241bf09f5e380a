//! The duel screen played with keys on ratatui's `TestBackend`, at 80x24 and 120x40.

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEventKind};
use ratatui::Terminal;
use ygo_core::view::SeenCard;
use ygo_core::{Duel, Phase, Player, Position};
use ygo_core::{Placed, PositionSetup};

use super::{fit_name, wrap, App, Mode};
use crate::decks::load_deck;
use crate::duel::{stats_text, DuelOptions, Opponent, Session};
use crate::words;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn options(seed: u64, decks: [&str; 2], save_replay: Option<std::path::PathBuf>) -> DuelOptions {
    DuelOptions {
        decks: [load_deck(decks[0]).unwrap(), load_deck(decks[1]).unwrap()],
        rules: crate::rules::Rules::default(),
        seed,
        fresh_seed: false,
        lp: 8000,
        opponent: Opponent::Ai("greedy".into()),
        seat: Player::A,
        save_replay,
        cards_db: None,
        position: None,
    }
}

fn app_with(opts: DuelOptions) -> App {
    let mut a = App::new(Session::new(&opts).unwrap(), opts.seed, false, opts.save_replay.clone());
    a.step_ai();
    a
}

fn app(seed: u64) -> App {
    app_with(options(seed, ["vanilla-yugi", "vanilla-kaiba"], None))
}

fn key(a: &mut App, c: KeyCode) {
    a.on_key(KeyEvent::new(c, KeyModifiers::NONE));
    a.step_ai();
}

fn typed(a: &mut App, s: &str) {
    for c in s.chars() {
        key(a, KeyCode::Char(c));
    }
}

fn screen(a: &App, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| a.draw(f)).unwrap();
    let buf = t.backend().buffer();
    (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>()).collect()
}

fn text(rows: &[String]) -> String {
    rows.join("\n")
}

/// The number of the first action whose words begin with `prefix`.
fn number_of(a: &App, prefix: &str) -> usize {
    let view = a.view();
    let listed = words::actions_in_words(&a.session.duel, &view);
    let i = listed.iter().position(|x| x.2.starts_with(prefix)).unwrap_or_else(|| panic!("no action {prefix:?} in {listed:?}"));
    crate::duel::action_numbers(&a.session.duel, &view)[i]
}

/// Types the number of the action whose words begin with `prefix`, then Enter.
fn choose(a: &mut App, prefix: &str) {
    let n = number_of(a, prefix);
    typed(a, &n.to_string());
    key(a, KeyCode::Enter);
}

/// Does the action whose words begin with `prefix`: its number, Enter, and `y` if asked.
fn act(a: &mut App, prefix: &str) {
    choose(a, prefix);
    if matches!(a.mode, Mode::Confirm { .. }) {
        key(a, KeyCode::Char('y'));
    }
}

/// Ends the turn (and closes the summary of the opponent's turn that follows).
fn end_turn(a: &mut App) {
    act(a, "go to the End Phase");
    if a.mode == Mode::Summary {
        key(a, KeyCode::Enter);
    }
}

/// Turn 1: summon the first monster to zone 3; turn 3: summon one and attack if it can.
fn two_turns(a: &mut App) {
    act(a, "Normal Summon");
    act(a, "Monster Zone 3");
    if a.session.duel.turn() == 1 {
        end_turn(a);
    }
    assert_eq!(a.session.duel.turn(), 3, "{:?}", a.log);
    key(a, KeyCode::Enter);
    act(a, "Normal Summon");
    act(a, "Monster Zone 5");
}

#[test]
fn the_table_at_80x24_and_120x40() {
    let a = app(1);
    for (w, h) in SIZES {
        let s = text(&screen(&a, w, h));
        assert!(s.contains("turn 1 (A) Main Phase 1"), "{s}");
        assert!(s.contains("B (opponent)  LP 8000"), "{s}");
        assert!(s.contains("A (you)  LP 8000"), "{s}");
        assert!(s.contains("hand: "), "{s}");
        assert!(s.contains(" 1. Normal Summon"), "{s}");
        assert!(s.contains("your Main Phase 1: summon, set, activate, or move on"), "{s}");
        assert!(s.contains(" log "), "{s}");
    }
    // A tiny screen does not panic.
    screen(&a, 20, 5);
}

/// Every monster's name and stats start at its zone's column (zone i at i * width/5), the
/// zone numbers too, at both sizes.
#[test]
fn every_zone_stays_in_its_column_at_both_sizes() {
    let mut a = app(1);
    two_turns(&mut a);
    let view = a.view();
    let mut monsters = 0;
    for (w, h) in SIZES {
        let rows = screen(&a, w, h);
        let col = (w / 5) as usize;
        let at = |row: &str, x: usize| -> String { row.chars().skip(x).collect() };
        let divider = rows.iter().find(|r| r.starts_with("1---")).expect("the zone numbers");
        for i in 0..5 {
            assert_eq!(divider.chars().nth(i * col), char::from_digit(i as u32 + 1, 10), "{divider}");
        }
        for side in &view.sides {
            for (slot, m) in side.monsters.iter().enumerate().take(5) {
                let Some(SeenCard::Known(k)) = m else { continue };
                monsters += 1;
                let x = slot * col;
                let first = &fit_name(&k.name, col - 1, 2)[0];
                let r =
                    rows.iter().position(|row| at(row, x).starts_with(first.as_str())).unwrap_or_else(|| panic!("{} at column {x}:\n{}", k.name, text(&rows)));
                let stats = stats_text(k);
                assert!(rows[r + 1..r + 3].iter().any(|row| at(row, x).starts_with(&stats)), "{}'s stats {stats} under column {x}:\n{}", k.name, text(&rows));
            }
        }
    }
    assert!(monsters >= 4, "both sides have monsters on the field");
}

/// The actions pane lists every visible action's full words (wrapped, never cut).
#[test]
fn no_action_label_is_cut_at_either_size() {
    let mut a = app(1);
    two_turns(&mut a);
    act(&mut a, "go to the Battle Phase");
    let view = a.view();
    let listed: Vec<String> = words::actions_in_words(&a.session.duel, &view).into_iter().map(|x| x.2).collect();
    assert!(listed.iter().any(|l| l.contains(" attacks ")), "{listed:?}");
    for (w, h) in SIZES {
        let rows = screen(&a, w, h);
        let pane = (w / 2) as usize - 1;
        let top = rows.iter().position(|r| r.starts_with(" actions (")).expect("the actions pane");
        let mut items: Vec<String> = Vec::new();
        for row in &rows[top + 1..] {
            let left: String = row.chars().take(pane).collect::<String>().trim_end().to_string();
            if left.starts_with("    ") {
                let last = items.last_mut().expect("a continued item");
                last.push(' ');
                last.push_str(left.trim());
            } else if left.len() > 3 && left[..2].trim().parse::<usize>().is_ok() && &left[2..3] == "." {
                items.push(left[4..].to_string());
            } else {
                break;
            }
        }
        assert_eq!(items, listed, "{}", text(&rows));
    }
}

/// "3" selects action 3 and acts only with Enter; a second Enter does nothing. With 10 or
/// more actions, "1" then "0" is action 10.
#[test]
fn a_number_selects_and_enter_performs_exactly_one_action() {
    let mut a = app(3);
    let n = a.view().actions.len();
    assert!(n >= 10, "seed 3 offers at least 10 actions on turn 1: {n}");
    let before = a.session.actions.len();
    typed(&mut a, "3");
    assert_eq!(a.session.actions.len(), before, "a number alone does not act");
    assert_eq!(a.selected, Some(2));
    let third = words::actions_in_words(&a.session.duel, &a.view())[2].2.clone();
    assert!(a.message.contains(&third), "{}", a.message);
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.session.actions.len(), before + 1);
    assert_eq!(a.log.last().unwrap().text, format!("A> {third}"));
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.session.actions.len(), before + 1, "the habitual second Enter does nothing");
    assert!(a.message.starts_with("nothing selected"), "{}", a.message);

    let mut b = app(3);
    let tenth = words::actions_in_words(&b.session.duel, &b.view())[9].2.clone();
    typed(&mut b, "1");
    assert_eq!(b.selected, Some(0));
    typed(&mut b, "0");
    assert_eq!(b.selected, Some(9));
    assert_eq!(b.session.actions.len(), before);
    key(&mut b, KeyCode::Enter);
    assert_eq!(b.session.actions.len(), before + 1);
    assert_eq!(b.log.last().unwrap().text, format!("A> {tenth}"));
    // Arrows select too; Esc clears the selection.
    let mut c = app(3);
    key(&mut c, KeyCode::Down);
    key(&mut c, KeyCode::Down);
    assert_eq!(c.selected, Some(1));
    key(&mut c, KeyCode::Esc);
    assert_eq!(c.selected, None);
}

#[test]
fn ending_the_turn_with_moves_left_asks_once() {
    let mut a = app(1);
    let n = number_of(&a, "go to the End Phase");
    typed(&mut a, &n.to_string());
    key(&mut a, KeyCode::Enter);
    assert!(matches!(a.mode, Mode::Confirm { .. }), "{:?}", a.mode);
    let s = text(&screen(&a, 80, 24));
    assert!(s.contains("go to the End Phase? you could still: Normal Summon"), "{s}");
    key(&mut a, KeyCode::Char('n'));
    assert_eq!(a.mode, Mode::Play);
    assert_eq!(a.session.duel.turn(), 1);
    typed(&mut a, &n.to_string());
    key(&mut a, KeyCode::Enter);
    key(&mut a, KeyCode::Char('y'));
    assert!(a.session.duel.turn() >= 3, "the turn ended and the AI played turn 2");
    // With a monster that could attack, leaving Main Phase 1 for the End Phase asks; once
    // it has attacked, nothing is given up and nothing is asked.
    let mut b = app(1);
    two_turns(&mut b);
    choose(&mut b, "go to the End Phase");
    assert!(b.message.contains("you could still: "), "{}", b.message);
    key(&mut b, KeyCode::Esc);
    act(&mut b, "go to the Battle Phase");
    act(&mut b, "Gamma The Magnet Warrior (zone 5) attacks");
    let turn = b.session.duel.turn();
    while b.session.duel.turn() == turn && b.view().actions.iter().any(|(x, _)| matches!(x, ygo_core::Action::Attack { .. })) {
        act(&mut b, "");
    }
    if b.session.duel.turn() == turn && !b.session.duel.is_over() {
        choose(&mut b, "go to the End Phase");
        assert!(!matches!(b.mode, Mode::Confirm { .. }), "{}", b.message);
        assert!(b.session.duel.turn() > turn || b.session.duel.is_over());
    }
}

#[test]
fn the_opponents_turn_is_summarized_until_dismissed() {
    let mut a = app(1);
    act(&mut a, "Normal Summon");
    act(&mut a, "Monster Zone 3");
    assert_eq!(a.session.duel.turn(), 3);
    assert_eq!(a.mode, Mode::Summary);
    for (w, h) in SIZES {
        let s = text(&screen(&a, w, h));
        assert!(s.contains("what B did in turn 2 -- Enter closes"), "{s}");
        assert!(s.contains("* B Normal Summons"), "{s}");
        assert!(s.contains("* LP now: you (A)"), "{s}");
    }
    // Keys other than Enter/Esc/Space do not act while it is shown.
    let before = a.session.actions.len();
    typed(&mut a, "1");
    assert_eq!(a.mode, Mode::Summary);
    assert_eq!(a.session.actions.len(), before);
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.mode, Mode::Play);
    assert!(!text(&screen(&a, 80, 24)).contains("what B did"));
    key(&mut a, KeyCode::Char('o'));
    assert_eq!(a.mode, Mode::Summary);
}

#[test]
fn the_log_scrolls_with_page_keys_and_the_wheel() {
    let mut a = app(1);
    two_turns(&mut a);
    let first = "A shuffles their Deck";
    assert!(!text(&screen(&a, 80, 24)).contains(first), "the first line has scrolled away");
    for _ in 0..30 {
        key(&mut a, KeyCode::PageUp);
    }
    let s = text(&screen(&a, 80, 24));
    assert!(s.contains(first), "{s}");
    assert!(s.contains("below: PgDn/End"), "{s}");
    key(&mut a, KeyCode::End);
    assert_eq!(a.log_scroll, 0);
    a.on_mouse(MouseEventKind::ScrollUp);
    assert_eq!(a.log_scroll, 3);
    a.on_mouse(MouseEventKind::ScrollDown);
    assert_eq!(a.log_scroll, 0);
}

#[test]
fn cards_are_read_in_the_hand_on_the_field_and_in_the_gy() {
    let mut a = app(1);
    two_turns(&mut a);
    key(&mut a, KeyCode::Char('v'));
    let Mode::Inspect { .. } = a.mode else { panic!("v reads cards: {:?}", a.mode) };
    let (cards, _) = a.inspected();
    for place in ["your hand", "your zone 5", "the opponent's zone", "your GY"] {
        let i = cards.iter().position(|c| c.place.starts_with(place)).unwrap_or_else(|| panic!("no card in {place}: {cards:?}"));
        a.mode = Mode::Inspect { index: i };
        for (w, h) in SIZES {
            let s = text(&screen(&a, w, h));
            assert!(s.contains(&format!("in {place}")), "{s}");
            assert!(s.contains(" · Level ") && s.contains("ATK "), "{s}");
            assert!(s.contains("Normal monster"), "the card's description:\n{s}");
        }
    }
    // Tab jumps to the next place; Esc closes.
    a.mode = Mode::Inspect { index: 0 };
    key(&mut a, KeyCode::Tab);
    let (cards, i) = a.inspected();
    assert_ne!(cards[i].place, cards[0].place);
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.mode, Mode::Play);
}

#[test]
fn q_asks_before_quitting() {
    let mut a = app(2);
    key(&mut a, KeyCode::Char('q'));
    assert_eq!(a.mode, Mode::ConfirmQuit);
    assert!(text(&screen(&a, 80, 24)).contains("quit the duel? (y/n)"));
    key(&mut a, KeyCode::Char('n'));
    assert_eq!(a.mode, Mode::Play);
    assert!(!a.quit);
    key(&mut a, KeyCode::Char('q'));
    key(&mut a, KeyCode::Char('y'));
    assert!(a.quit);
}

/// Plays the first listed action (and confirms) until the duel ends.
fn play_out(a: &mut App) {
    for _ in 0..20000 {
        match a.mode {
            Mode::Play => {
                typed(a, "1");
                key(a, KeyCode::Enter);
            }
            Mode::Confirm { .. } => key(a, KeyCode::Char('y')),
            Mode::Summary => key(a, KeyCode::Enter),
            _ => return,
        }
    }
}

#[test]
fn a_finished_duel_offers_to_save_the_replay_and_retries_a_failed_save() {
    let mut a = app(3);
    play_out(&mut a);
    assert_eq!(a.mode, Mode::SaveReplay);
    assert!(a.message.starts_with("result: "), "{}", a.message);
    assert_eq!(a.input, "ygo-replay-3.json");
    let dir = std::env::temp_dir().join(format!("ygo-tui-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A file in a directory that does not exist: the name can be edited and saved again.
    a.input = dir.join("missing/r.json").to_string_lossy().into_owned();
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.mode, Mode::SaveReplay);
    assert!(a.message.starts_with("could not save: "), "{}", a.message);
    let path = dir.join("r.json");
    a.input = path.to_string_lossy().into_owned();
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.mode, Mode::Done);
    let file = crate::cmd_replay::load(&path).unwrap();
    let (report, ok) = crate::cmd_replay::verify(&path, &file);
    assert!(ok, "{report}");
    key(&mut a, KeyCode::Char('q'));
    assert!(a.quit);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn save_replay_is_honoured_in_full_screen() {
    let dir = std::env::temp_dir().join(format!("ygo-tui-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("given.json");
    let mut a = app_with(options(4, ["vanilla-yugi", "vanilla-kaiba"], Some(path.clone())));
    play_out(&mut a);
    assert_eq!(a.mode, Mode::Done, "{}", a.message);
    assert!(a.message.contains(&format!("replay saved to {}", path.display())), "{}", a.message);
    assert!(crate::cmd_replay::verify(&path, &crate::cmd_replay::load(&path).unwrap()).1);
    assert!(a.unsaved_path().is_none());
    let _ = std::fs::remove_dir_all(dir);
}

fn code(name: &str) -> u32 {
    let pool = ygo_cards::pool();
    pool.def(pool.find(name).unwrap_or_else(|| panic!("no card {name}"))).data.id
}

/// A's Main Phase with B's set monster and set trap on the table.
fn hidden_position() -> Duel {
    let mut pos = PositionSetup { turn: 3, phase: Phase::Main1, ..Default::default() };
    let a = &mut pos.sides[0];
    a.hand = vec![code("Mystical Space Typhoon"), code("Blue-Eyes White Dragon")];
    a.deck = vec![code("Celtic Guardian"); 5];
    a.monsters = vec![Placed { zone: Some(2), ..Placed::new(code("Vorse Raider")) }];
    let b = &mut pos.sides[1];
    b.deck = vec![code("Celtic Guardian"); 5];
    b.monsters = vec![Placed { position: Some(Position::FaceDownDefense), zone: Some(0), ..Placed::new(code("Man-Eater Bug")) }];
    b.spells = vec![
        Placed { position: Some(Position::FaceDownDefense), zone: Some(1), ..Placed::new(code("Mirror Force")) },
        Placed { position: Some(Position::FaceDownDefense), zone: Some(3), ..Placed::new(code("Trap Hole")) },
    ];
    Duel::from_position(ygo_cards::pool(), &pos).unwrap()
}

#[test]
fn the_opponents_face_down_cards_are_never_named() {
    let mut a = App::new(Session::from_duel(hidden_position(), Some(Player::B)), 0, false, None);
    a.step_ai();
    assert_eq!(a.mode, Mode::Summary, "turn 3 opens with B's turn 2");
    key(&mut a, KeyCode::Enter);
    let view = a.view();
    let listed = words::actions_in_words(&a.session.duel, &view);
    for (w, h) in SIZES {
        let s = text(&screen(&a, w, h));
        assert!(!s.contains("Man-Eater") && !s.contains("Mirror Force") && !s.contains("Trap Hole"), "{s}");
        assert!(s.contains("(set)"), "{s}");
        // A long name is wrapped or abbreviated, never cut to the column.
        assert!(s.contains("Blue-Eyes White Dragon"), "{s}");
    }
    let words: Vec<&str> = listed.iter().map(|x| x.2.as_str()).collect();
    assert!(words.contains(&"activate Mystical Space Typhoon from your hand"), "{words:?}");
    // Targeting: MST offers the opponent's set card by place only.
    act(&mut a, "activate Mystical Space Typhoon");
    let view = a.view();
    let listed: Vec<String> = words::actions_in_words(&a.session.duel, &view).into_iter().map(|x| x.2).collect();
    assert!(listed.contains(&"target the opponent's set card in S/T zone 2".to_string()), "{listed:?} {} {:?}", a.message, a.log);
    assert_eq!(a.question(), "Mystical Space Typhoon: choose 1 target");
    assert!(listed.contains(&"target the opponent's set card in S/T zone 4".to_string()), "{listed:?}");
    let s = text(&screen(&a, 80, 24));
    assert!(!s.contains("Mirror Force") && !s.contains("Trap Hole"), "{s}");
}

#[test]
fn prompts_say_what_they_ask() {
    // CHAIN-5's position: B answers Mystical Space Typhoon with Magic Jammer.
    let mut pos = PositionSetup { turn: 5, ..Default::default() };
    let a = &mut pos.sides[0];
    a.hand = vec![code("Mystical Space Typhoon")];
    a.deck = vec![code("Celtic Guardian"); 5];
    let b = &mut pos.sides[1];
    b.hand = vec![code("Celtic Guardian")];
    b.deck = vec![code("Celtic Guardian"); 5];
    b.spells = vec![Placed { position: Some(Position::FaceDownDefense), ..Placed::new(code("Magic Jammer")) }];
    let mut d = Duel::from_position(ygo_cards::pool(), &pos).unwrap();
    let run = |d: &mut Duel, p: Player, cmd: &str| {
        while d.deciding_player() != Some(p) && d.legal_actions().len() == 1 {
            let q = d.deciding_player().unwrap();
            let x = d.legal_actions()[0];
            d.apply(q, x).unwrap();
        }
        let x = d.find_action(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}"));
        d.apply(p, x).unwrap();
    };
    run(&mut d, Player::A, "activate Mystical Space Typhoon");
    run(&mut d, Player::A, "target face-down@B.spells#0");
    while d.deciding_player() != Some(Player::B) {
        let x = d.legal_actions()[0];
        d.apply(d.deciding_player().unwrap(), x).unwrap();
    }
    let q = words::ask(&d, Player::B);
    assert!(q.text.starts_with("chain link 1: A's Mystical Space Typhoon"), "{}", q.text);
    run(&mut d, Player::B, "activate Magic Jammer");
    let q = words::ask(&d, Player::B);
    assert_eq!(q.text, "Magic Jammer: discard 1 card as the cost");
    let view = d.view(Player::B);
    let listed: Vec<String> = words::actions_in_words(&d, &view).into_iter().map(|x| x.2).collect();
    assert_eq!(listed, ["discard Celtic Guardian from your hand"]);

    // A Normal Summon asks for a zone for that monster.
    let mut s = app(1);
    act(&mut s, "Normal Summon");
    let q = s.question();
    assert!(q.starts_with("choose a zone for "), "{q}");
    assert!(s.view().actions.iter().all(|(x, _)| matches!(x, ygo_core::Action::Zone(_))));
}

#[test]
fn typed_commands_any_case_and_unique_beginnings() {
    let mut a = app(1);
    let view = a.view();
    // Canonical text, words in another case, a unique beginning; an ambiguous one is refused.
    let s = &a.session;
    let first = view.actions[0].0;
    assert_eq!(s.parse_input(&view, &view.actions[0].1), Ok(first));
    assert_eq!(s.parse_input(&view, "NORMAL SUMMON GIANT SOLDIER OF STONE"), Ok(first));
    assert_eq!(s.parse_input(&view, "normal summon gia"), Ok(first));
    let err = s.parse_input(&view, "normal summon").unwrap_err();
    assert!(err.contains("begins 3 actions"), "{err}");
    assert!(s.parse_input(&view, "dance").unwrap_err().contains("no legal action matches"));
    // Typing and Tab completion on the screen.
    typed(&mut a, "end");
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.input, "end phase");
    key(&mut a, KeyCode::Enter);
    assert!(matches!(a.mode, Mode::Confirm { .. }));
}

#[test]
fn names_abbreviate_readably_and_wrapping_keeps_words() {
    assert_eq!(fit_name("Blue-Eyes White Dragon", 19, 1), ["Blue-Eyes W. Dragon"]);
    assert_eq!(fit_name("Blue-Eyes White Dragon", 15, 2), ["Blue-Eyes White", "Dragon"]);
    assert_eq!(fit_name("Gamma The Magnet Warrior", 15, 2), ["Gamma The", "Magnet Warrior"]);
    assert_eq!(fit_name("Summoned Skull", 15, 2), ["Summoned Skull"]);
    for name in ["Blue-Eyes White Dragon", "Gaia The Fierce Knight", "Thousand-Eyes Restrict", "Dark Magician of Chaos"] {
        for w in [9, 12, 15, 23] {
            for l in fit_name(name, w, 2) {
                assert!(l.chars().count() <= w, "{name} in {w}: {l}");
            }
        }
    }
    assert_eq!(wrap("a b c", 3, 0), ["a b", "c"]);
    assert_eq!(wrap("Vorse Raider (zone 3) attacks", 14, 2), ["Vorse Raider", "  (zone 3)", "  attacks"]);
}

#[test]
fn u_takes_back_the_last_choice_and_what_the_ai_did_after_it() {
    // Turn 1: a Normal Summon to zone 3 (then only the End Phase is left, taken by itself),
    // the AI's turn 2; at turn 3, `u` returns to the last real choice (the zone), with the
    // duel exactly as it was there, and once more to the summon.
    let mut a = app(5);
    let at_start = a.session.duel.clone();
    let listed_at_start = a.view().actions.clone();
    act(&mut a, "Normal Summon");
    let at_zone = a.session.duel.clone();
    act(&mut a, "Monster Zone 3");
    if a.mode == Mode::Summary {
        key(&mut a, KeyCode::Enter);
    }
    assert_eq!(a.session.duel.turn(), 3, "the AI played its turn");
    key(&mut a, KeyCode::Char('u'));
    assert!(a.message.starts_with("took back"), "{}", a.message);
    assert!(a.log.last().unwrap().text.starts_with("took back"));
    assert!(a.session.duel == at_zone, "the duel is as it was at the zone choice");
    key(&mut a, KeyCode::Char('u'));
    assert!(a.session.duel == at_start, "the duel is as it was at the first choice");
    assert_eq!(a.view().actions, listed_at_start);
    // The choices are made again, differently.
    act(&mut a, "Normal Summon");
    act(&mut a, "Monster Zone 5");
    if a.mode == Mode::Summary {
        key(&mut a, KeyCode::Enter);
    }
    assert_eq!(a.session.duel.turn(), 3);
    let back = a.log.iter().rposition(|l| l.text.starts_with("took back")).unwrap();
    let after: Vec<&str> = a.log[back..].iter().map(|l| l.text.as_str()).filter(|t| t.starts_with("A> ")).collect();
    assert!(after.iter().any(|t| t.contains("Zone 5")) && !after.iter().any(|t| t.contains("Zone 3")), "{after:?}");
    // Nothing before the first choice: a clear message, nothing changes.
    let mut b = app(5);
    key(&mut b, KeyCode::Char('u'));
    assert!(b.message.starts_with("undo: nothing to take back"), "{}", b.message);
    assert!(b.session.duel == at_start);
}

#[test]
fn a_hot_seat_duel_has_no_take_backs() {
    let mut opts = options(5, ["vanilla-yugi", "vanilla-kaiba"], None);
    opts.opponent = Opponent::Human;
    let mut a = app_with(opts);
    act(&mut a, "Normal Summon");
    let before = a.session.duel.clone();
    key(&mut a, KeyCode::Char('u'));
    assert!(a.message.contains("only for a duel against an AI"), "{}", a.message);
    assert!(a.session.duel == before);
}

#[test]
fn a_zone_is_chosen_by_its_own_number() {
    // A's monster in zone 3; the zones offered for a summon are 1, 2, 4 and 5, listed with
    // those numbers: `4` is Monster Zone 4, and `3` is no action.
    let mut pos = PositionSetup { turn: 3, phase: Phase::Main1, ..Default::default() };
    let a = &mut pos.sides[0];
    a.hand = vec![code("Celtic Guardian")];
    a.deck = vec![code("Celtic Guardian"); 5];
    a.monsters = vec![Placed { zone: Some(2), ..Placed::new(code("Vorse Raider")) }];
    pos.sides[1].deck = vec![code("Celtic Guardian"); 5];
    let mut a = App::new(Session::from_duel(Duel::from_position(ygo_cards::pool(), &pos).unwrap(), Some(Player::B)), 0, false, None);
    a.step_ai();
    if a.mode == Mode::Summary {
        key(&mut a, KeyCode::Enter);
    }
    act(&mut a, "Normal Summon");
    let view = a.view();
    assert_eq!(crate::duel::action_numbers(&a.session.duel, &view), vec![1, 2, 4, 5], "{:?}", view.actions);
    let s = text(&screen(&a, 80, 24));
    assert!(s.contains(" 4. Monster Zone 4") && s.contains(" 5. Monster Zone 5") && !s.contains(" 3. Monster Zone"), "{s}");
    typed(&mut a, "3");
    assert_eq!(a.selected, None);
    assert!(a.message.contains("no action number 3 (1, 2, 4, 5)"), "{}", a.message);
    key(&mut a, KeyCode::Backspace);
    typed(&mut a, "4");
    key(&mut a, KeyCode::Enter);
    assert!(a.log.iter().any(|l| l.text == "A> Monster Zone 4"), "{:?}", a.log);
    assert!(a.view().sides[0].monsters[3].is_some(), "the summoned monster is in zone 4");
}

#[test]
fn counters_are_shown_on_the_field_and_in_the_card_reader() {
    // Breaker the Magical Warrior with 1 Spell Counter: under its zone at both sizes, in
    // `v`, and in the --plain table.
    let mut pos = PositionSetup { turn: 3, phase: Phase::Main1, ..Default::default() };
    let a = &mut pos.sides[0];
    a.deck = vec![code("Celtic Guardian"); 5];
    a.monsters = vec![Placed { zone: Some(1), counters: vec![("spell".into(), 1)], ..Placed::new(code("Breaker the Magical Warrior")) }];
    pos.sides[1].deck = vec![code("Celtic Guardian"); 5];
    let mut a = App::new(Session::from_duel(Duel::from_position(ygo_cards::pool(), &pos).unwrap(), Some(Player::B)), 0, false, None);
    a.step_ai();
    if a.mode == Mode::Summary {
        key(&mut a, KeyCode::Enter);
    }
    for (w, h) in SIZES {
        let s = text(&screen(&a, w, h));
        assert!(s.contains("1 Spell ctr"), "{w}x{h}:\n{s}");
    }
    let view = a.view();
    let breaker = a.session.find_visible(&view, "Breaker").unwrap();
    assert!(a.session.card_details(&breaker).contains(&"counters: 1 Spell Counter".to_string()));
    assert!(crate::duel::render(&a.session.duel, &view).contains("Breaker the Magical Warrior 1900/1000 ATK [1 Spell Counter]"));
}

/// A's Main Phase 1 of turn 3 from a position, against the random AI (B); the summary of
/// B's turn 2 closed.
fn app_at(pos: &PositionSetup) -> App {
    let mut a = App::new(Session::from_duel(Duel::from_position(ygo_cards::pool(), pos).unwrap(), Some(Player::B)), 0, false, None);
    a.step_ai();
    if a.mode == Mode::Summary {
        key(&mut a, KeyCode::Enter);
    }
    a
}

fn position(a_hand: &[&str], a_monsters: &[&str], b_monsters: &[&str]) -> PositionSetup {
    let mut pos = PositionSetup { turn: 3, phase: Phase::Main1, ..Default::default() };
    let deck = ["Celtic Guardian", "Vorse Raider", "Summoned Skull", "Luster Dragon", "Giant Soldier of Stone", "Alpha The Magnet Warrior"];
    let a = &mut pos.sides[0];
    a.hand = a_hand.iter().map(|n| code(n)).collect();
    a.deck = deck.iter().map(|n| code(n)).collect();
    a.monsters = a_monsters.iter().enumerate().map(|(i, n)| Placed { zone: Some(2 + i as u8), ..Placed::new(code(n)) }).collect();
    let b = &mut pos.sides[1];
    b.deck = vec![code("Celtic Guardian"); 5];
    b.monsters = b_monsters.iter().enumerate().map(|(i, n)| Placed { zone: Some(i as u8), ..Placed::new(code(n)) }).collect();
    pos
}

#[test]
fn actions_keep_one_order_with_moves_on_last_and_the_opponents_targets_first() {
    let mut a = app_at(&position(&["Book of Moon", "Celtic Guardian"], &["Vorse Raider"], &["Luster Dragon"]));
    let view = a.view();
    let kinds: Vec<&ygo_core::Action> = view.actions.iter().map(|(x, _)| x).collect();
    let first_move = kinds.iter().position(|x| matches!(x, ygo_core::Action::ToBattle | ygo_core::Action::ToEnd)).unwrap();
    assert!(kinds[first_move..].iter().all(|x| matches!(x, ygo_core::Action::ToBattle | ygo_core::Action::ToEnd)), "{kinds:?}");
    let summon = kinds.iter().position(|x| matches!(x, ygo_core::Action::NormalSummon(_))).unwrap();
    let activate = kinds.iter().position(|x| matches!(x, ygo_core::Action::Activate { .. })).unwrap();
    assert!(summon < activate, "summons before activations, as on every screen: {kinds:?}");
    // Book of Moon's targets: the opponent's Luster Dragon first, then A's own Vorse Raider.
    act(&mut a, "activate Book of Moon");
    let listed: Vec<String> = words::actions_in_words(&a.session.duel, &a.view()).into_iter().map(|x| x.2).collect();
    assert_eq!(listed, ["target the opponent's Luster Dragon (zone 1)", "target Vorse Raider (zone 3)"]);
    // Choosing one's own card where the opponent's could be chosen asks once; n keeps
    // the choice open, y does it.
    choose(&mut a, "target Vorse Raider");
    assert!(matches!(a.mode, Mode::Confirm { .. }), "{:?} {}", a.mode, a.message);
    assert!(a.message.starts_with("your own card, though one of the opponent's could be chosen: target Vorse Raider (zone 3)? y: yes"), "{}", a.message);
    key(&mut a, KeyCode::Char('n'));
    assert_eq!(a.view().actions.len(), 2, "nothing was targeted");
    choose(&mut a, "target Vorse Raider");
    key(&mut a, KeyCode::Char('y'));
    assert!(a.log.iter().any(|l| l.text.starts_with("A> target Vorse Raider")), "{:?}", a.log);
}

#[test]
fn a_sole_target_is_shown_before_it_is_used_and_can_be_taken_back() {
    let mut a = app_at(&position(&["Book of Moon"], &["Vorse Raider"], &[]));
    let before = a.session.duel.clone();
    act(&mut a, "activate Book of Moon");
    let view = a.view();
    assert!(matches!(view.actions.as_slice(), [(ygo_core::Action::Target(_), _)]), "{:?}", view.actions);
    assert_eq!(a.selected, Some(0));
    assert!(a.message.starts_with("the only target: target Vorse Raider (zone 3) -- Enter uses it"), "{}", a.message);
    for (w, h) in SIZES {
        let s = text(&screen(&a, w, h));
        assert!(s.contains("the only target: target Vorse Raider"), "{s}");
    }
    key(&mut a, KeyCode::Char('u'));
    assert!(a.session.duel == before, "the activation is taken back");
}

#[test]
fn a_two_card_discard_keeps_its_numbers_between_picks() {
    // Graceful Charity: draw 3, then discard 2; the second pick's numbers are the first's.
    let mut a = app_at(&position(&["Graceful Charity", "Blue-Eyes White Dragon"], &[], &[]));
    act(&mut a, "activate Graceful Charity");
    while a.session.waiting().is_some() && !a.question().contains("discard") && !a.question().contains("choose 2") {
        let q = a.question();
        act(&mut a, if q.contains("respond") || q.contains("chain") { "pass" } else { panic!("{q}") });
    }
    let first_view = a.view();
    let first: Vec<(ygo_core::Action, usize)> = first_view.actions.iter().map(|x| x.0).zip(crate::duel::action_numbers(&a.session.duel, &first_view)).collect();
    assert!(first.len() >= 4, "{first:?} {}", a.question());
    assert_eq!(first.iter().map(|x| x.1).collect::<Vec<_>>(), (1..=first.len()).collect::<Vec<_>>());
    // Pick number 2: the others keep their numbers, and 2 means nothing now.
    typed(&mut a, "2");
    key(&mut a, KeyCode::Enter);
    let view = a.view();
    let second: Vec<(ygo_core::Action, usize)> = view.actions.iter().map(|x| x.0).zip(crate::duel::action_numbers(&a.session.duel, &view)).collect();
    for (x, n) in &second {
        if let Some((_, was)) = first.iter().find(|(y, _)| y == x) {
            assert_eq!(n, was, "{x:?} kept its number: {first:?} then {second:?}");
        }
    }
    assert!(!second.iter().any(|(_, n)| *n == 2), "{second:?}");
    for (w, h) in SIZES {
        let s = text(&screen(&a, w, h));
        assert!(!s.contains(" 2. discard") && !s.contains(" 2. choose") && s.contains(" 3. "), "{s}");
    }
    typed(&mut a, "2");
    assert!(a.message.starts_with("no action number 2"), "{}", a.message);
}

#[test]
fn a_response_window_right_after_ones_own_move_asks_before_an_activation() {
    // A enters the Battle Phase with a set Book of Moon: the Start Step window lists it
    // first; its number and Enter ask before activating it.
    let mut pos = position(&[], &["Vorse Raider"], &["Luster Dragon"]);
    pos.sides[0].spells = vec![Placed { position: Some(Position::FaceDownDefense), zone: Some(0), ..Placed::new(code("Book of Moon")) }];
    let mut a = app_at(&pos);
    act(&mut a, "go to the Battle Phase");
    if !a.view().actions.iter().any(|(x, _)| *x == ygo_core::Action::Pass) {
        panic!("no response window at the Start Step: {} {:?}", a.question(), a.view().actions);
    }
    assert!(a.own_window, "{}", a.question());
    choose(&mut a, "activate Book of Moon");
    assert!(matches!(a.mode, Mode::Confirm { .. }), "{}", a.message);
    assert!(a.message.starts_with("a response window opened"), "{}", a.message);
    key(&mut a, KeyCode::Char('n'));
    assert!(!a.log.iter().any(|l| l.text.starts_with("A> activate Book of Moon")));
    act(&mut a, "pass");
    assert!(!a.own_window);
}

#[test]
fn the_opponents_response_in_your_turn_stays_in_a_box_with_its_target() {
    // A activates Pot of Greed; B answers with Book of Moon on A's Vorse Raider.
    let mut pos = position(&["Pot of Greed"], &["Vorse Raider"], &[]);
    pos.sides[1].spells = vec![Placed { position: Some(Position::FaceDownDefense), zone: Some(0), ..Placed::new(code("Book of Moon")) }];
    let mut a = app_at(&pos);
    let n = number_of(&a, "activate Pot of Greed");
    typed(&mut a, &n.to_string());
    a.on_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(a.session.duel.deciding_player(), Some(Player::B));
    let moon = a.session.duel.find_action("activate Book of Moon").unwrap();
    a.session.apply(Player::B, moon).unwrap();
    a.step_ai();
    assert!(a.alerts.iter().any(|l| l.starts_with("B activates Book of Moon") && l.ends_with("targeting A's Vorse Raider")), "{:?}", a.alerts);
    for (w, h) in SIZES {
        let s = text(&screen(&a, w, h));
        assert!(s.contains("B acted -- Enter: read") && s.contains("B activates Book of Moon"), "{w}x{h}:\n{s}");
    }
    // It stays while the person acts, until read.
    while a.session.duel.chain_len() > 0 && a.session.waiting().is_some() {
        act(&mut a, "pass");
    }
    assert!(!a.alerts.is_empty());
    key(&mut a, KeyCode::Enter);
    assert!(a.alerts.is_empty());
    assert!(!text(&screen(&a, 80, 24)).contains("B acted"));
}

#[test]
fn v_browses_each_pile_by_itself() {
    let mut pos = position(&["Celtic Guardian"], &[], &[]);
    pos.sides[0].gy = vec![Placed::new(code("Vorse Raider")), Placed::new(code("Summoned Skull"))];
    pos.sides[1].gy = vec![Placed::new(code("Luster Dragon"))];
    let mut a = app_at(&pos);
    key(&mut a, KeyCode::Char('v'));
    let place = |a: &App| {
        let (cards, i) = a.inspected();
        cards[i].place.clone()
    };
    while place(&a) != "your GY" {
        key(&mut a, KeyCode::Tab);
    }
    let s = text(&screen(&a, 80, 24));
    assert!(s.contains("your GY (2)") && !s.contains("Luster Dragon"), "{s}");
    // Up/Down stay in that pile.
    for _ in 0..3 {
        key(&mut a, KeyCode::Down);
        assert_eq!(place(&a), "your GY");
    }
    key(&mut a, KeyCode::Tab);
    assert_eq!(place(&a), "the opponent's GY");
    assert!(text(&screen(&a, 120, 40)).contains("the opponent's GY (1)"));
    key(&mut a, KeyCode::BackTab);
    assert_eq!(place(&a), "your GY");
}

#[test]
fn the_opponents_revealed_hand_cards_are_shown() {
    // Random Goat duels until a card of B's hand is known to A (a searched card shown, MISC-7).
    let decks = [load_deck("goat-control").unwrap(), load_deck("chaos-turbo").unwrap()];
    for seed in 0..40u64 {
        let setup = ygo_core::DuelSetup::new(decks[0].list.clone(), decks[1].list.clone(), seed);
        let Ok(mut d) = Duel::from_setup(ygo_cards::pool(), &setup) else { continue };
        let mut x = seed;
        for _ in 0..3000 {
            if d.is_over() {
                break;
            }
            if let Some((_, k)) = d.view(Player::A).sides[1].known_hand.first() {
                let name = k.name.clone();
                let a = App::new(Session::from_duel(d, Some(Player::B)), 0, false, None);
                for (w, h) in SIZES {
                    let s = text(&screen(&a, w, h));
                    assert!(s.contains("known in B's hand: "), "{w}x{h}:\n{s}");
                }
                assert!(text(&screen(&a, 120, 40)).contains(&format!("known in B's hand: {name}")));
                let view = a.view();
                assert!(a.session.visible_cards(&view).iter().any(|c| c.place == "the opponent's hand (revealed)" && c.card.name == name));
                assert!(crate::duel::render(&a.session.duel, &view).contains(&format!("known in hand (revealed): {name}")));
                return;
            }
            let acts = d.legal_actions();
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let act = acts[(x >> 33) as usize % acts.len()];
            d.apply(d.deciding_player().unwrap(), act).unwrap();
        }
    }
    panic!("no card of B's hand was revealed to A in 40 random duels");
}
