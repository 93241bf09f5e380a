//! The duel screen played with keys on an 80x24 `TestBackend`.

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ygo_core::{Edition, Player};

use super::{App, Mode};
use crate::decks::load_deck;
use crate::duel::{DuelOptions, Opponent, Session};

fn app(seed: u64) -> App {
    let opts = DuelOptions {
        decks: [load_deck("vanilla-yugi").unwrap(), load_deck("vanilla-kaiba").unwrap()],
        edition: Edition::default(),
        seed,
        lp: 8000,
        opponent: Opponent::Ai("random".into()),
        seat: Player::A,
        save_replay: None,
    };
    let mut a = App::new(Session::new(&opts).unwrap(), seed);
    a.step_ai();
    a
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

fn screen(a: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| a.draw(f)).unwrap();
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

#[test]
fn screen_shows_the_table_at_80x24() {
    let a = app(1);
    let s = screen(&a, 80, 24);
    assert!(s.contains("turn 1 (A) main1 phase"), "{s}");
    assert!(s.contains("opponent B LP 8000"), "{s}");
    assert!(s.contains("you A LP 8000"), "{s}");
    assert!(s.contains("hand: "), "{s}");
    assert!(s.contains(" actions ("), "{s}");
    assert!(s.contains(" 1. normal summon"), "{s}");
    assert!(s.contains(" log "), "{s}");
    // Resizing: the same app draws on a larger and a tiny screen without panicking.
    assert!(screen(&a, 120, 40).contains("opponent B LP 8000"));
    screen(&a, 20, 5);
}

#[test]
fn keys_play_actions_by_number_arrows_and_text() {
    let mut a = app(1);
    // By number: the first action is a Normal Summon; it fires at once (fewer than 10).
    let first = a.view().actions[0].1.clone();
    assert!(first.starts_with("normal summon"), "{first}");
    typed(&mut a, "1");
    assert!(a.log.iter().any(|l| l == &format!("A> {first}")), "{:?}", a.log);
    // Arrows + Enter: the zone question; Up wraps to the last zone.
    assert!(a.view().actions.iter().all(|x| x.1.starts_with("zone ")), "{:?}", a.view().actions);
    let n = a.view().actions.len();
    key(&mut a, KeyCode::Up);
    assert_eq!(a.selected, n - 1);
    let last = a.view().actions[n - 1].1.clone();
    key(&mut a, KeyCode::Enter);
    assert!(a.log.iter().any(|l| l == &format!("A> {last}")), "{:?}", a.log);
    // Turn 1 has nothing left but ending it (answered for the player); the AI played
    // turn 2; it is A's turn 3 and the summoned monster is on the field.
    assert!(a.log.iter().any(|l| l == "A> end phase (only choice)"), "{:?}", a.log);
    assert_eq!(a.session.duel.turn(), 3, "{:?}", a.log);
    let s = screen(&a, 80, 24);
    assert!(s.contains("ATK"), "the summoned monster is on the field:\n{s}");
    // Typing with completion: "end" + Tab completes to "end phase".
    typed(&mut a, "end");
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.input, "end phase");
    key(&mut a, KeyCode::Enter);
    assert!(a.log.iter().any(|l| l == "A> end phase"), "{:?}", a.log);
    assert_eq!(a.session.duel.turn(), 5, "{:?}", a.log);
}

#[test]
fn q_asks_before_quitting_and_g_browses_the_gy() {
    let mut a = app(2);
    key(&mut a, KeyCode::Char('q'));
    assert_eq!(a.mode, Mode::ConfirmQuit);
    assert!(screen(&a, 80, 24).contains("quit the duel? (y/n)"));
    key(&mut a, KeyCode::Char('n'));
    assert_eq!(a.mode, Mode::Play);
    assert!(!a.quit);
    key(&mut a, KeyCode::Char('g'));
    assert!(matches!(a.mode, Mode::Browse { .. }));
    assert!(screen(&a, 80, 24).contains("your GY (0)"));
    key(&mut a, KeyCode::Right);
    assert!(screen(&a, 80, 24).contains("opponent's GY"));
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.mode, Mode::Play);
    key(&mut a, KeyCode::Char('q'));
    key(&mut a, KeyCode::Char('y'));
    assert!(a.quit);
}

#[test]
fn a_finished_duel_offers_to_save_the_replay() {
    let mut a = app(3);
    // Play the first listed action until the duel ends (the AI answers in between).
    for _ in 0..5000 {
        if a.mode != Mode::Play {
            break;
        }
        key(&mut a, KeyCode::Enter);
    }
    assert_eq!(a.mode, Mode::SaveReplay);
    assert!(a.message.starts_with("result: "), "{}", a.message);
    let dir = std::env::temp_dir().join(format!("ygo-tui-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
