//! The duel screen's state and its key handling (no terminal I/O here).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ygo_core::{Player, View};

use crate::duel::Session;

/// What the keys do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Choosing an action: by number, arrows + Enter, or typing its text (Tab completes).
    Play,
    /// `q` was pressed: `y` quits, anything else goes back.
    ConfirmQuit,
    /// Browsing a GY or banished pile (`g`): Left/Right switch side, Tab switches pile.
    Browse { side: Player, banished: bool },
    /// The duel is over: type a file name and Enter to save the replay, Esc to skip.
    SaveReplay,
    /// Nothing left but `q`.
    Done,
}

/// The screen state.
pub struct App {
    pub session: Session,
    pub mode: Mode,
    /// Event log lines as the viewer may read them.
    pub log: Vec<String>,
    shown_events: usize,
    /// Highlighted action (index into the view's actions).
    pub selected: usize,
    /// Typed command text (Play) or replay file name (SaveReplay).
    pub input: String,
    /// A one-line message (a rejection, a completion list, a saved file).
    pub message: String,
    pub saved: Option<String>,
    pub quit: bool,
    /// The file name the save prompt offers.
    default_name: String,
}

impl App {
    pub fn new(session: Session, seed: u64) -> App {
        App {
            session,
            mode: Mode::Play,
            log: Vec::new(),
            shown_events: 0,
            selected: 0,
            input: String::new(),
            message: "number, arrows + Enter, or type a command (Tab completes); g: GY; q: quit".into(),
            saved: None,
            quit: false,
            default_name: format!("ygo-replay-{seed}.json"),
        }
    }

    /// The view of the person on screen.
    pub fn view(&self) -> View {
        self.session.duel.view(self.session.viewer())
    }

    /// Lets the AI (and forced answers) play until a person must choose; collects the log.
    pub fn step_ai(&mut self) {
        let forced = self.session.advance();
        let lines = self.session.log_lines(self.shown_events, &forced, self.session.viewer());
        self.log.extend(lines);
        self.shown_events = self.session.duel.events().len();
        if self.session.duel.is_over() && self.mode == Mode::Play {
            self.mode = Mode::SaveReplay;
            self.input = self.default_name.clone();
            self.message = format!("{} -- save the replay? Enter saves to the file named below, Esc skips", self.session.result_line().unwrap_or_default());
        }
        let n = self.view().actions.len();
        if self.selected >= n {
            self.selected = 0;
        }
    }

    /// Handles one key.
    pub fn on_key(&mut self, k: KeyEvent) {
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        match self.mode.clone() {
            Mode::Play => self.play_key(k),
            Mode::ConfirmQuit => {
                if matches!(k.code, KeyCode::Char('y') | KeyCode::Char('Y')) {
                    self.quit = true;
                } else {
                    self.mode = if self.session.duel.is_over() { Mode::Done } else { Mode::Play };
                    self.message = "quit cancelled".into();
                }
            }
            Mode::Browse { side, banished } => match k.code {
                KeyCode::Left | KeyCode::Right => self.mode = Mode::Browse { side: side.opp(), banished },
                KeyCode::Tab => self.mode = Mode::Browse { side, banished: !banished },
                _ => self.mode = Mode::Play,
            },
            Mode::SaveReplay => match k.code {
                KeyCode::Enter => {
                    let path = self.input.trim().to_string();
                    match crate::duel::save_replay(std::path::Path::new(&path), &self.session.replay_file()) {
                        Ok(()) => {
                            self.message = format!("replay saved to {path}; q quits");
                            self.saved = Some(path);
                        }
                        Err(e) => self.message = format!("could not save: {e}; q quits"),
                    }
                    self.input.clear();
                    self.mode = Mode::Done;
                }
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

    fn play_key(&mut self, k: KeyEvent) {
        let view = self.view();
        let n = view.actions.len();
        match k.code {
            KeyCode::Char('q') if self.input.is_empty() => {
                self.mode = Mode::ConfirmQuit;
                self.message = "quit the duel? y / n".into();
            }
            KeyCode::Char('g') if self.input.is_empty() => {
                self.mode = Mode::Browse { side: self.session.viewer(), banished: false };
            }
            KeyCode::Up if n > 0 => self.selected = (self.selected + n - 1) % n,
            KeyCode::Down if n > 0 => self.selected = (self.selected + 1) % n,
            KeyCode::Tab => self.complete(&view),
            KeyCode::Esc => self.input.clear(),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Enter => self.enter(&view),
            KeyCode::Char(c) => {
                self.input.push(c);
                // A number picks that action as soon as it is unambiguous.
                if let Ok(i) = self.input.parse::<usize>() {
                    if (1..=n).contains(&i) {
                        self.selected = i - 1;
                        if i * 10 > n {
                            self.enter(&view);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Enter: the typed number or command, or the highlighted action.
    fn enter(&mut self, view: &View) {
        let Some(p) = self.session.waiting() else { return };
        let action = if self.input.trim().is_empty() {
            view.actions.get(self.selected).map(|a| a.0).ok_or_else(|| "no action to choose".to_string())
        } else {
            self.session.parse_input(view, &self.input)
        };
        let text = action.as_ref().map(|a| self.session.duel.action_text(a)).ok();
        match action.and_then(|a| self.session.apply(p, a)) {
            Ok(()) => {
                self.log.push(format!("{}> {}", p.name(), text.unwrap_or_default()));
                self.message.clear();
                self.selected = 0;
            }
            Err(e) => self.message = format!("rejected: {e}"),
        }
        self.input.clear();
    }

    /// Tab: completes the typed text to the longest prefix shared by the actions it starts.
    fn complete(&mut self, view: &View) {
        let typed = self.input.to_lowercase();
        let matches: Vec<&str> = view.actions.iter().map(|a| a.1.as_str()).filter(|t| t.to_lowercase().starts_with(&typed)).collect();
        match matches.as_slice() {
            [] => self.message = format!("no action starts with {:?}", self.input),
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
        if let Some(i) = view.actions.iter().position(|a| a.1.eq_ignore_ascii_case(&self.input)) {
            self.selected = i;
        }
    }
}
