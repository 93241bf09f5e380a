//! The duel screen's state and its key handling (no terminal I/O here).
//!
//! One keystroke sequence is one action: a number (one digit or more) only selects an
//! action, Enter performs the selected one, and after an action nothing is selected, so a
//! second Enter does nothing. Going to the End Phase (or leaving the Battle Phase) while
//! other moves are left asks once (`y`).

use std::cell::Cell;
use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEventKind};
use ygo_core::view::SeenCard;
use ygo_core::{Action, Player, Position, View};

use crate::duel::{LogEntry, Session, VisibleCard};
use crate::words;

/// What the keys do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Choosing an action: a number or the arrows select, Enter performs; or type its
    /// words or command text (Tab completes).
    Play,
    /// An action to confirm: an irreversible move with other moves left, a choice of one's
    /// own card where the opponent's could be chosen, or an activation in a response window
    /// that opened right after one's own move. `y` performs it, any other key does not.
    Confirm { action: Action, words: String },
    /// `q` was pressed: `y` quits, anything else goes back.
    ConfirmQuit,
    /// Reading the visible cards (`v`), one place at a time (the hand, a zone row, each
    /// GY, each banished pile): Up/Down choose in it, Tab goes to the next place.
    Inspect { index: usize },
    /// What the opponent did in their last turn, shown at the start of the player's turn
    /// until dismissed (Enter, Esc or Space; `o` shows it again).
    Summary,
    /// The duel is over: Enter saves the replay to the file named below (edit it), Esc skips.
    SaveReplay,
    /// Nothing left but `q`.
    Done,
}

/// The last opponent turn, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub title: String,
    pub lines: Vec<String>,
}

/// The screen state.
pub struct App {
    pub session: Session,
    pub mode: Mode,
    /// Event log lines as the viewer may read them.
    pub log: Vec<LogEntry>,
    /// How many (wrapped) lines the log is scrolled up from its end.
    pub log_scroll: usize,
    /// Rows of the log pane at the last draw (a PgUp/PgDn page), and how far it could
    /// scroll then.
    pub(super) log_rows: Cell<usize>,
    pub(super) log_max: Cell<usize>,
    /// The selected action (index into the view's actions); none after every action.
    pub selected: Option<usize>,
    /// Typed number or command text (Play), or replay file name (SaveReplay).
    pub input: String,
    /// A one-line message (the question, a rejection, a completion list, a saved file).
    pub message: String,
    pub summary: Option<Summary>,
    pub summary_scroll: usize,
    summarized_turn: u32,
    pub saved: Option<String>,
    /// `--save-replay FILE`: saved there at the end without asking.
    save_path: Option<PathBuf>,
    pub quit: bool,
    pub seed: u64,
    pub fresh_seed: bool,
    /// The file name the save prompt offers.
    default_name: String,
    /// The opponent's activations (with their targets) since the person last read them:
    /// shown in a box until Enter or Esc with nothing typed or selected.
    pub alerts: Vec<String>,
    /// The pending decision is a response window that opened right after the person's own
    /// move: an activation there asks first (a number meant for the last screen).
    pub own_window: bool,
    /// The person made a move and has not decided since (for `own_window`).
    after_own_move: bool,
    /// The decision the screen last showed (how many actions had been taken, and who
    /// decided): a new one drops keys typed before it appeared (`run`).
    shown_decision: (usize, Option<Player>),
}

/// Moves that cannot be taken back and give up other moves.
fn gives_up(a: &Action) -> bool {
    matches!(a, Action::ToEnd | Action::EndTurn | Action::ToMain2)
}

impl App {
    pub fn new(session: Session, seed: u64, fresh_seed: bool, save_path: Option<PathBuf>) -> App {
        App {
            session,
            mode: Mode::Play,
            log: Vec::new(),
            log_scroll: 0,
            log_rows: Cell::new(5),
            log_max: Cell::new(usize::MAX),
            selected: None,
            input: String::new(),
            message: String::new(),
            summary: None,
            summary_scroll: 0,
            summarized_turn: 0,
            saved: None,
            save_path,
            quit: false,
            seed,
            fresh_seed,
            default_name: format!("ygo-replay-{seed}.json"),
            alerts: Vec::new(),
            own_window: false,
            after_own_move: false,
            shown_decision: (usize::MAX, None),
        }
    }

    /// The view of the person on screen.
    pub fn view(&self) -> View {
        crate::duel::view_for(&self.session.duel, self.session.viewer())
    }

    /// The decision on screen changed since the last call (a new prompt): keys typed before
    /// it appeared are meant for another screen (`run` drops them).
    pub fn new_decision(&mut self) -> bool {
        let now = (self.session.actions.len(), self.session.waiting());
        let changed = now != self.shown_decision;
        self.shown_decision = now;
        changed
    }

    /// The question of the pending decision, in words.
    pub fn question(&self) -> String {
        match self.session.waiting() {
            Some(p) => words::ask(&self.session.duel, p).text,
            None => String::new(),
        }
    }

    /// Lets the AI (and forced answers) play until a person must choose; collects the log;
    /// at the start of the person's turn, shows what the opponent did.
    pub fn step_ai(&mut self) {
        let new = self.session.advance();
        if !new.is_empty() {
            self.log_scroll = 0;
        }
        self.note_opponent(&new);
        self.log.extend(new);
        if let Some(p) = self.session.waiting() {
            let (turn, tp) = (self.session.duel.turn(), self.session.duel.turn_player());
            if tp == p && turn > self.summarized_turn {
                self.summarized_turn = turn;
                if let Some(s) = self.turn_summary(turn - 1, p.opp()) {
                    // The summary tells the opponent's activations of that turn.
                    self.alerts.clear();
                    self.summary = Some(s);
                    self.summary_scroll = 0;
                    if self.mode == Mode::Play {
                        self.mode = Mode::Summary;
                    }
                }
            }
        }
        if self.session.duel.is_over() && matches!(self.mode, Mode::Play | Mode::Summary) {
            self.finish();
        }
        if self.selected.is_some_and(|i| i >= self.view().actions.len()) {
            self.selected = None;
        }
        self.check_own_window();
        self.sole_target();
    }

    /// The opponent's activations (and chain responses) among new log lines: kept in the
    /// box until read. Only a person's opponent: in hot-seat both persons see the log.
    fn note_opponent(&mut self, new: &[LogEntry]) {
        let Some(me) = self.session.ai_seat().map(Player::opp) else { return };
        let mark = format!("{} activates ", me.opp().name());
        let before = self.alerts.len();
        self.alerts.extend(new.iter().filter(|e| e.text.starts_with(&mark)).map(|e| e.text.clone()));
        if self.alerts.len() > before {
            // The next window answers the opponent's move, not the person's own.
            self.after_own_move = false;
        }
    }

    /// A sole legal target is shown before it is used: selected, with what Enter does and
    /// how to take the activation back.
    fn sole_target(&mut self) {
        let view = self.view();
        if let [(a @ Action::Target(_), _)] = view.actions.as_slice() {
            if self.selected.is_none() && self.mode == Mode::Play {
                let w = self.session.words_of(a);
                self.selected = Some(0);
                self.message = format!("the only target: {w} -- Enter uses it, u takes the activation back");
            }
        }
    }

    /// The summary of `turn` if it was `who`'s: each notable line of it, and the LP now.
    fn turn_summary(&self, turn: u32, who: Player) -> Option<Summary> {
        if turn == 0 {
            return None;
        }
        let mut lines: Vec<String> = self.log.iter().filter(|e| e.turn == turn && e.turn_player == who && e.notable).map(|e| e.text.clone()).collect();
        if lines.is_empty() {
            lines.push(format!("{} summoned, set, activated and attacked nothing", who.name()));
        }
        // What happened in this turn before the person's first decision (Draw and Standby
        // Phases: the opponent's responses there too).
        let me = who.opp();
        lines.extend(
            self.log.iter().filter(|e| e.turn == turn + 1 && e.turn_player == me && e.notable).map(|e| format!("in your turn {}: {}", turn + 1, e.text)),
        );
        let d = &self.session.duel;
        lines.push(format!("LP now: you ({}) {}, {} {}", me.name(), d.lp(me), who.name(), d.lp(who)));
        Some(Summary { title: format!("what {} did in turn {turn}", who.name()), lines })
    }

    /// The duel ended: save to `--save-replay` at once, else offer a file name.
    fn finish(&mut self) {
        let result = self.session.result_line().unwrap_or_default();
        if self.session.start.is_some() {
            // A duel from a position (`--position`) has no replay file.
            self.mode = Mode::Done;
            self.message = format!("{result} -- q quits");
            return;
        }
        self.mode = Mode::SaveReplay;
        match self.save_path.clone() {
            Some(path) => {
                self.input = path.to_string_lossy().into_owned();
                self.save();
                if self.mode == Mode::Done {
                    self.message = format!("{result} -- {}", self.message);
                }
            }
            None => {
                self.input = self.default_name.clone();
                self.message = format!("{result} -- save the replay? Enter saves to the file named below (edit it), Esc skips");
            }
        }
    }

    /// Saves the replay to the typed file name; on failure stays to let the name be edited.
    fn save(&mut self) {
        let path = self.input.trim().to_string();
        match crate::duel::save_replay(std::path::Path::new(&path), &self.session.replay_file()) {
            Ok(()) => {
                self.message = format!("replay saved to {path}; q quits");
                self.saved = Some(path);
                self.input.clear();
                self.mode = Mode::Done;
            }
            Err(e) => self.message = format!("could not save: {e:#} -- edit the file name and press Enter to try again, Esc gives up"),
        }
    }

    /// The `--save-replay` file was given and not written yet (a duel quit early).
    pub fn unsaved_path(&self) -> Option<&PathBuf> {
        self.save_path.as_ref().filter(|_| self.saved.is_none())
    }

    /// Handles one key.
    pub fn on_key(&mut self, k: KeyEvent) {
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.scroll_key(k.code) {
            return;
        }
        match self.mode.clone() {
            Mode::Play => self.play_key(k),
            Mode::Confirm { action, .. } => {
                self.mode = Mode::Play;
                if k.code == KeyCode::Char('y') {
                    self.perform(action);
                } else {
                    self.message = "not done: choose again".into();
                    self.selected = None;
                }
            }
            Mode::ConfirmQuit => {
                if matches!(k.code, KeyCode::Char('y') | KeyCode::Char('Y')) {
                    self.quit = true;
                } else {
                    self.mode = if self.session.duel.is_over() { Mode::Done } else { Mode::Play };
                    self.message = "quit cancelled".into();
                }
            }
            Mode::Inspect { index } => {
                // Up/Down move within the place shown (one pile at a time), wrapping.
                let (cards, i) = self.inspected();
                let place: Vec<usize> = (0..cards.len()).filter(|&j| cards[j].place == cards[i].place).collect();
                let at = place.iter().position(|&j| j == i).unwrap_or(0);
                let n = place.len().max(1);
                let _ = index;
                self.mode = match k.code {
                    KeyCode::Up | KeyCode::Left => Mode::Inspect { index: place.get((at + n - 1) % n).copied().unwrap_or(0) },
                    KeyCode::Down | KeyCode::Right => Mode::Inspect { index: place.get((at + 1) % n).copied().unwrap_or(0) },
                    KeyCode::Tab => Mode::Inspect { index: self.next_place(i) },
                    KeyCode::BackTab => Mode::Inspect { index: self.previous_place(i) },
                    _ => Mode::Play,
                };
            }
            Mode::Summary => match k.code {
                KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' ') | KeyCode::Char('o') | KeyCode::Char('q') => {
                    self.mode = Mode::Play;
                    self.message = String::new();
                }
                KeyCode::Char('v') => self.open_inspector(),
                KeyCode::Up => self.summary_scroll = self.summary_scroll.saturating_sub(1),
                KeyCode::Down => self.summary_scroll += 1,
                _ => self.message = "Enter closes the summary of the opponent's turn (v reads cards)".into(),
            },
            Mode::SaveReplay => match k.code {
                KeyCode::Enter => self.save(),
                KeyCode::Esc => {
                    self.input.clear();
                    self.message = "replay not saved; q quits".into();
                    self.mode = Mode::Done;
                }
                KeyCode::Backspace => {
                    self.input.pop();
                }
                KeyCode::Char(c) => self.input.push(c),
                _ => {}
            },
            Mode::Done => {
                if matches!(k.code, KeyCode::Char('q') | KeyCode::Esc | KeyCode::Enter) {
                    self.quit = true;
                }
            }
        }
    }

    /// The mouse wheel scrolls the log.
    pub fn on_mouse(&mut self, kind: MouseEventKind) {
        match kind {
            MouseEventKind::ScrollUp => self.log_scroll = (self.log_scroll + 3).min(self.log_max.get()),
            MouseEventKind::ScrollDown => self.log_scroll = self.log_scroll.saturating_sub(3),
            _ => {}
        }
    }

    /// PgUp/PgDn scroll the log (or the summary while it is shown); Home and End go to the
    /// log's first and newest lines. True when the key was one of them.
    fn scroll_key(&mut self, code: KeyCode) -> bool {
        let page = self.log_rows.get().saturating_sub(1).max(1);
        let max = self.log_max.get();
        let typing = !self.input.is_empty();
        match (&self.mode, code) {
            (Mode::Summary, KeyCode::PageUp) => self.summary_scroll = self.summary_scroll.saturating_sub(page),
            (Mode::Summary, KeyCode::PageDown) => self.summary_scroll += page,
            (_, KeyCode::PageUp) => self.log_scroll = (self.log_scroll + page).min(max),
            (_, KeyCode::PageDown) => self.log_scroll = self.log_scroll.saturating_sub(page),
            (Mode::Play, KeyCode::Home) if !typing => self.log_scroll = max,
            (Mode::Play, KeyCode::End) if !typing => self.log_scroll = 0,
            _ => return false,
        }
        true
    }

    fn next_place(&self, index: usize) -> usize {
        let cards = self.session.visible_cards(&self.view());
        let here = cards.get(index).map(|c| c.place.clone());
        cards.iter().enumerate().skip(index + 1).find(|(_, c)| Some(&c.place) != here.as_ref()).map_or(0, |(i, _)| i)
    }

    /// The first card of the place before the one of `index` (wrapping to the last place).
    fn previous_place(&self, index: usize) -> usize {
        let cards = self.session.visible_cards(&self.view());
        let Some(here) = cards.get(index).map(|c| c.place.clone()) else { return 0 };
        let start = cards.iter().position(|c| c.place == here).unwrap_or(0);
        let before = if start == 0 { cards.len().saturating_sub(1) } else { start - 1 };
        let place = cards.get(before).map(|c| c.place.clone());
        cards.iter().position(|c| Some(&c.place) == place.as_ref()).unwrap_or(0)
    }

    /// The cards the inspector lists, and the one it shows.
    pub fn inspected(&self) -> (Vec<VisibleCard>, usize) {
        let cards = self.session.visible_cards(&self.view());
        let i = match self.mode {
            Mode::Inspect { index } => index.min(cards.len().saturating_sub(1)),
            _ => 0,
        };
        (cards, i)
    }

    /// Opens the inspector on the card of the selected action, else on the first card.
    fn open_inspector(&mut self) {
        let view = self.view();
        let cards = self.session.visible_cards(&view);
        let loc = self.selected.and_then(|i| view.actions.get(i)).and_then(|(a, _)| a.subject());
        let index = loc.and_then(|l| cards.iter().position(|c| c.loc == l)).unwrap_or(0);
        self.mode = Mode::Inspect { index };
    }

    fn play_key(&mut self, k: KeyEvent) {
        let view = self.view();
        let n = view.actions.len();
        let typing = !self.input.is_empty();
        match k.code {
            KeyCode::Char('q') if !typing => {
                self.mode = Mode::ConfirmQuit;
                self.message = "quit the duel? y / n".into();
            }
            KeyCode::Char('v') if !typing => self.open_inspector(),
            KeyCode::Char('u') if !typing => self.undo(),
            KeyCode::Char('o') if !typing => {
                if self.summary.is_some() {
                    self.mode = Mode::Summary;
                    self.summary_scroll = 0;
                } else {
                    self.message = "no turn of the opponent to show yet".into();
                }
            }
            KeyCode::Up if n > 0 => self.select(Some(self.selected.map_or(n - 1, |s| (s + n - 1) % n))),
            KeyCode::Down if n > 0 => self.select(Some(self.selected.map_or(0, |s| (s + 1) % n))),
            KeyCode::Tab => self.complete(&view),
            KeyCode::Esc => {
                if self.input.is_empty() && self.selected.is_none() && !self.alerts.is_empty() {
                    self.alerts.clear();
                }
                self.input.clear();
                self.select(None);
            }
            KeyCode::Backspace => {
                self.input.pop();
                self.number_selects(n);
            }
            KeyCode::Enter => self.enter(&view),
            KeyCode::Char(c) => {
                self.input.push(c);
                self.number_selects(n);
            }
            _ => {}
        }
    }

    fn select(&mut self, i: Option<usize>) {
        self.selected = i;
        let view = self.view();
        self.message = match i.and_then(|i| view.actions.get(i)) {
            Some((a, t)) => {
                let w = words::action_words(&view, &words::ask(&self.session.duel, view.viewer), a, t);
                let n = crate::duel::action_numbers(&self.session.duel, &view).get(i.unwrap_or(0)).copied().unwrap_or(1);
                format!("{n}. {w} -- Enter does it")
            }
            None => String::new(),
        };
    }

    /// A typed number selects that action (it never acts by itself).
    fn number_selects(&mut self, n: usize) {
        if self.input.is_empty() || !self.input.chars().all(|c| c.is_ascii_digit()) {
            return;
        }
        match self.input.parse::<usize>() {
            Ok(k) => match crate::duel::action_numbered(&self.session.duel, &self.view(), k) {
                Ok(i) => self.select(Some(i)),
                Err(e) => {
                    self.selected = None;
                    self.message = e;
                }
            },
            Err(_) => {
                self.selected = None;
                self.message = format!("no action number {} (1-{n})", self.input);
            }
        }
    }

    /// Enter: the typed command, or the selected action; nothing when none is selected.
    fn enter(&mut self, view: &View) {
        if self.session.waiting().is_none() {
            return;
        }
        let typed = self.input.trim().to_string();
        self.input.clear();
        let action = if typed.is_empty() || typed.chars().all(|c| c.is_ascii_digit()) {
            match self.selected.and_then(|i| view.actions.get(i)) {
                Some(a) => a.0,
                None => {
                    if typed.is_empty() && !self.alerts.is_empty() {
                        // Enter with nothing chosen: the opponent's moves are read.
                        self.alerts.clear();
                        self.message.clear();
                    } else if typed.is_empty() {
                        self.message = "nothing selected: type an action's number (or use the arrows), then Enter".into();
                    }
                    return;
                }
            }
        } else {
            match self.session.parse_input(view, &typed) {
                Ok(a) => a,
                Err(e) => {
                    self.message = format!("rejected: {e}");
                    return;
                }
            }
        };
        let others = view.actions.iter().any(|(x, _)| !matches!(x, Action::ToBattle | Action::ToMain2 | Action::ToEnd | Action::EndTurn | Action::Pass));
        let attacks = view.actions.iter().any(|(x, _)| matches!(x, Action::Attack { .. }));
        // A monster in Attack Position could still attack if the Battle Phase is entered.
        let could_battle = view.actions.iter().any(|(x, _)| *x == Action::ToBattle)
            && view.sides[view.viewer.idx()].monsters.iter().flatten().any(|m| matches!(m, SeenCard::Known(k) if k.position == Position::FaceUpAttack));
        let real_choice = match action {
            Action::ToMain2 => attacks,
            _ => others || attacks || could_battle,
        };
        if let Some(why) = self.ask_first(view, &action) {
            let w = self.session.words_of(&action);
            self.message = format!("{why}: {w}? y: yes, any other key: no");
            self.mode = Mode::Confirm { action, words: w };
            return;
        }
        if gives_up(&action) && real_choice {
            let w = self.session.words_of(&action);
            let mut left: Vec<String> =
                view.actions.iter().filter(|(x, _)| !gives_up(x) && !matches!(x, Action::ToBattle)).take(3).map(|(x, _)| self.session.words_of(x)).collect();
            if left.is_empty() {
                left.push("attack in the Battle Phase".into());
            }
            self.message = format!("{w}? you could still: {} -- y: yes, any other key: no", left.join("; "));
            self.mode = Mode::Confirm { action, words: w };
            return;
        }
        self.perform(action);
    }

    /// Why `action` is asked about before it is done, if it is: a choice of one's own card
    /// (a target or a cost) where one of the opponent's could be chosen; an activation in a
    /// response window that opened right after one's own move (the number was likely meant
    /// for the screen before).
    fn ask_first(&self, view: &View, action: &Action) -> Option<String> {
        let me = view.viewer;
        let theirs = view.actions.iter().any(|(x, _)| matches!(x, Action::Target(l) | Action::Choose(l) if l.player != me));
        match action {
            Action::Target(l) | Action::Choose(l) if l.player == me && theirs => Some("your own card, though one of the opponent's could be chosen".into()),
            Action::Activate { .. } if self.own_window => Some(format!("a response window opened ({})", self.question())),
            _ => None,
        }
    }

    /// `u`: takes back the person's last real decision (against an AI), and what the AI did
    /// after it; the log says so.
    fn undo(&mut self) {
        let (turn, turn_player) = (self.session.duel.turn(), self.session.duel.turn_player());
        match self.session.undo() {
            Ok(()) => {
                let text = "took back your last choice: the duel is back where you made it".to_string();
                self.log.push(LogEntry { text: text.clone(), turn, turn_player, notable: false });
                self.message = text;
                self.log_scroll = 0;
            }
            Err(e) => self.message = format!("undo: {e}"),
        }
        self.selected = None;
        self.input.clear();
    }

    fn perform(&mut self, a: Action) {
        let Some(p) = self.session.waiting() else { return };
        let w = self.session.words_of(&a);
        let (turn, turn_player) = (self.session.duel.turn(), self.session.duel.turn_player());
        match self.session.apply(p, a) {
            Ok(()) => {
                self.own_window = false;
                self.log.push(LogEntry { text: format!("{}> {w}", p.name()), turn, turn_player, notable: false });
                self.log.extend(self.session.take_log());
                self.log_scroll = 0;
                self.message = String::new();
            }
            Err(e) => self.message = format!("rejected: {e}"),
        }
        self.selected = None;
        self.input.clear();
        self.after_own_move = true;
        self.check_own_window();
        self.sole_target();
    }

    /// At the person's next decision after their own move, with no activation of the
    /// opponent in between: is it a response window (pass and an activation listed)? An
    /// activation there asks first.
    fn check_own_window(&mut self) {
        if !self.after_own_move || self.session.waiting().is_none() {
            return;
        }
        let view = self.view();
        // A forced answer (one action) is answered for the person: not the next screen.
        if view.actions.len() < 2 {
            return;
        }
        self.after_own_move = false;
        let window = matches!(self.session.duel.prompt(), ygo_core::Prompt::Window { .. });
        self.own_window =
            window && view.actions.iter().any(|(x, _)| *x == Action::Pass) && view.actions.iter().any(|(x, _)| matches!(x, Action::Activate { .. }));
    }

    /// Tab: completes the typed text to the longest beginning shared by the actions it
    /// begins (their command texts and their words).
    fn complete(&mut self, view: &View) {
        let typed = self.input.to_lowercase();
        let listed = words::actions_in_words(&self.session.duel, view);
        let mut matches: Vec<&str> = Vec::new();
        for (_, c, w) in &listed {
            for t in [c.as_str(), w.as_str()] {
                if t.to_lowercase().starts_with(&typed) && !matches.contains(&t) {
                    matches.push(t);
                }
            }
        }
        match matches.as_slice() {
            [] => self.message = format!("no action begins with {:?}", self.input),
            [one] => {
                self.input = one.to_string();
                self.message.clear();
            }
            many => {
                let mut prefix = many[0].to_string();
                for m in &many[1..] {
                    let common = prefix.chars().zip(m.chars()).take_while(|(a, b)| a.eq_ignore_ascii_case(b)).count();
                    prefix = prefix.chars().take(common).collect();
                }
                if prefix.len() > self.input.len() {
                    self.input = prefix;
                }
                self.message = many.join(" | ");
            }
        }
        if let Some(i) = listed.iter().position(|(_, c, w)| c.eq_ignore_ascii_case(&self.input) || w.eq_ignore_ascii_case(&self.input)) {
            self.selected = Some(i);
        }
    }
}
