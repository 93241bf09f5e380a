//! `ygo duel`: play against a built-in AI or hot-seat. A [`Session`] holds the duel, the
//! AI players and the record of every action; the plain line mode (here) and the
//! full-screen UI (`tui`) are two faces of it. The line mode prints the table as text and
//! reads commands (the command text, or the number of a listed action) from standard
//! input, so it can be scripted; it ends by printing the result.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use ygo_ai::Observation;
use ygo_core::event::Event;
use ygo_core::replay::{Replay, ReplayFile};
use ygo_core::view::{KnownCard, SeenCard, SideView, View};
use ygo_core::{Action, Duel, DuelSetup, Edition, Player, Position};

use crate::decks::NamedDeck;

pub fn pos_text(p: Position) -> &'static str {
    match p {
        Position::FaceUpAttack => "ATK",
        Position::FaceUpDefense => "DEF",
        Position::FaceDownDefense => "SET",
        Position::FaceDownAttack => "SET-ATK",
    }
}

pub fn known_text(k: &KnownCard, on_field: bool) -> String {
    match (on_field, k.atk) {
        (true, Some(atk)) => format!("{} {}/{} {}", k.name, atk, k.def.map_or("-".into(), |d| d.to_string()), pos_text(k.position)),
        _ => k.name.clone(),
    }
}

pub fn seen_text(s: &SeenCard, on_field: bool) -> String {
    match s {
        SeenCard::Hidden { .. } => "(face-down)".into(),
        SeenCard::Known(k) => {
            let t = known_text(k, on_field);
            if on_field && !k.position.face_up() {
                format!("{t} (set)")
            } else {
                t
            }
        }
    }
}

fn side_text(label: &str, s: &SideView, out: &mut String) {
    use std::fmt::Write as _;
    let _ = writeln!(
        out,
        "{label}: LP {}  hand {}  deck {}  extra {}  gy {}  banished {}",
        s.lp,
        s.hand_count,
        s.deck_count,
        s.extra_count,
        s.gy.len(),
        s.banished.len()
    );
    let zones = |v: &[Option<SeenCard>]| -> String {
        v.iter().enumerate().filter_map(|(i, z)| z.as_ref().map(|c| format!("[{i}] {}", seen_text(c, true)))).collect::<Vec<_>>().join("  ")
    };
    let m = zones(&s.monsters);
    let _ = writeln!(out, "  monsters: {}", if m.is_empty() { "-".into() } else { m });
    let st = zones(&s.spells);
    let _ = writeln!(out, "  spells/traps: {}", if st.is_empty() { "-".into() } else { st });
    if let Some(f) = &s.field {
        let _ = writeln!(out, "  field: {}", seen_text(f, true));
    }
    if !s.gy.is_empty() {
        let names: Vec<&str> = s.gy.iter().map(|k| k.name.as_str()).collect();
        let _ = writeln!(out, "  gy: {}", names.join(", "));
    }
    if !s.banished.is_empty() {
        let names: Vec<String> = s.banished.iter().map(|c| seen_text(c, false)).collect();
        let _ = writeln!(out, "  banished: {}", names.join(", "));
    }
    if !s.hand.is_empty() {
        let names: Vec<String> = s.hand.iter().map(|k| known_text(k, false)).collect();
        let _ = writeln!(out, "  hand: {}", names.join(", "));
    }
}

/// The chain being built or resolved, link 1 first, as log lines (from the events: every
/// activated card is face-up, so `viewer` may read them).
pub fn chain_lines(d: &Duel) -> Vec<String> {
    let ev = d.events();
    let start = ev.iter().rposition(|e| matches!(e, Event::ChainEnded)).map_or(0, |i| i + 1);
    let mut links: Vec<(u8, String)> = Vec::new();
    for e in &ev[start..] {
        match e {
            Event::Activated { card, link, .. } => {
                links.retain(|(l, _)| l != link);
                links.push((*link, format!("{link}. {} ({})", d.name(*card), d.card(*card).controller.name())));
            }
            Event::LinkResolved { link, .. } => links.retain(|(l, _)| l != link),
            _ => {}
        }
    }
    links.sort();
    links.into_iter().map(|(_, s)| s).collect()
}

/// The table as `view.viewer` sees it, with the chain and their numbered legal actions.
pub fn render(view: &View, chain: &[String]) -> String {
    let me = view.viewer;
    let mut out = String::new();
    let step = view.step.map(|s| format!(" ({} step)", s.name())).unwrap_or_default();
    out.push_str(&format!("== turn {} ({}) {} phase{step} ==\n", view.turn, view.turn_player.name(), view.phase.name()));
    side_text(&format!("opponent {}", me.opp().name()), &view.sides[me.opp().idx()], &mut out);
    side_text(&format!("you {}", me.name()), &view.sides[me.idx()], &mut out);
    if !chain.is_empty() {
        out.push_str(&format!("chain: {}\n", chain.join("  ")));
    }
    for (i, (_, text)) in view.actions.iter().enumerate() {
        out.push_str(&format!("  {:>2}. {text}\n", i + 1));
    }
    out
}

/// Who sits opposite the person at the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// An AI by name (`random`, `greedy`, `mcts`, `mcts:N`).
    Ai(String),
    /// Hot-seat: both seats are typed at the same keyboard.
    Human,
}

/// Options of a duel.
pub struct DuelOptions {
    pub decks: [NamedDeck; 2],
    pub edition: Edition,
    pub seed: u64,
    pub lp: i32,
    pub opponent: Opponent,
    /// The seat of the person (the AI takes the other one).
    pub seat: Player,
    /// Save the replay here when the duel ends (plain mode).
    pub save_replay: Option<PathBuf>,
}

/// A duel in progress: the duel, the AI (if any), and every action taken.
pub struct Session {
    pub duel: Duel,
    pub setup: DuelSetup,
    pub deck_names: [String; 2],
    ai: Option<(Player, Box<dyn ygo_ai::Player>)>,
    pub actions: Vec<(Player, Action)>,
}

impl Session {
    pub fn new(opts: &DuelOptions) -> anyhow::Result<Session> {
        let mut setup = DuelSetup::new(opts.decks[0].list.clone(), opts.decks[1].list.clone(), opts.seed);
        setup.edition = opts.edition;
        setup.lp = opts.lp;
        let duel = Duel::from_setup(ygo_cards::pool(), &setup)
            .map_err(|e| anyhow::anyhow!("invalid duel setup: {}", e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; ")))?;
        let ai = match &opts.opponent {
            Opponent::Human => None,
            Opponent::Ai(name) => {
                let p = ygo_ai::by_name(name, opts.seed ^ 0x5eed)
                    .ok_or_else(|| anyhow::anyhow!("unknown opponent {name:?} ({}, human)", ygo_ai::AI_NAMES.join(", ")))?;
                Some((opts.seat.opp(), p))
            }
        };
        let deck_names = [opts.decks[0].name.clone(), opts.decks[1].name.clone()];
        Ok(Session { duel, setup, deck_names, ai, actions: Vec::new() })
    }

    /// Is `p` played by a person?
    pub fn is_human(&self, p: Player) -> bool {
        self.ai.as_ref().is_none_or(|(s, _)| *s != p)
    }

    /// Whose eyes the screen shows: the deciding person in hot-seat, else the person.
    pub fn viewer(&self) -> Player {
        match (&self.ai, self.duel.deciding_player()) {
            (Some((s, _)), _) => s.opp(),
            (None, Some(p)) => p,
            (None, None) => Player::A,
        }
    }

    /// Applies an action and records it.
    pub fn apply(&mut self, p: Player, a: Action) -> Result<(), String> {
        self.duel.apply(p, a).map_err(|e| e.to_string())?;
        self.actions.push((p, a));
        Ok(())
    }

    /// Runs the AI's decisions and answers a person's forced decisions (one legal action)
    /// until a person has a real choice or the duel ends. Returns the forced answers that
    /// are worth showing, as `(number of events before it, player, text)`.
    pub fn advance(&mut self) -> Vec<(usize, Player, String)> {
        let mut shown = Vec::new();
        while let Some(p) = self.duel.deciding_player() {
            let actions = self.duel.legal_actions();
            let a = if actions.len() == 1 {
                if self.is_human(p) && actions[0] != Action::Pass {
                    shown.push((self.duel.events().len(), p, self.duel.action_text(&actions[0])));
                }
                actions[0]
            } else if let Some((_, ai)) = self.ai.as_mut().filter(|(s, _)| *s == p) {
                let obs = Observation::with_actions(&self.duel, actions).expect("someone decides");
                ai.decide_observed(&obs)
            } else {
                return shown;
            };
            self.apply(p, a).expect("the AI and forced answers pick legal actions");
        }
        shown
    }

    /// The person who must decide now, if any.
    pub fn waiting(&self) -> Option<Player> {
        self.duel.deciding_player().filter(|&p| self.is_human(p))
    }

    /// The action an input line names: the number of a listed action or a command text.
    pub fn parse_input(&self, view: &View, line: &str) -> Result<Action, String> {
        match line.trim().parse::<usize>() {
            Ok(n) if (1..=view.actions.len()).contains(&n) => Ok(view.actions[n - 1].0),
            Ok(n) => Err(format!("no action number {n} (1-{})", view.actions.len())),
            Err(_) => self.duel.find_action(line.trim()).map_err(|e| e.to_string()),
        }
    }

    /// The log lines from event `from` on, as `viewer` may read them, with the forced
    /// answers placed where they happened.
    pub fn log_lines(&self, from: usize, forced: &[(usize, Player, String)], viewer: Player) -> Vec<String> {
        let mut out = Vec::new();
        let events = self.duel.events();
        let mut f = forced.iter().peekable();
        for (i, e) in events.iter().enumerate().skip(from) {
            while let Some((_, p, t)) = f.next_if(|x| x.0 <= i) {
                out.push(format!("{}> {t} (only choice)", p.name()));
            }
            let line = self.duel.event_text_for(e, Some(viewer));
            if !line.is_empty() {
                out.push(line);
            }
        }
        out.extend(f.map(|(_, p, t)| format!("{}> {t} (only choice)", p.name())));
        out
    }

    /// The replay of the duel so far, with its events and versions.
    pub fn replay_file(&self) -> ReplayFile {
        ReplayFile::record(&self.duel, Replay { setup: self.setup.clone(), actions: self.actions.clone() }, ygo_cards::data_version(), self.deck_names.clone())
    }

    /// The result line (`result: A wins (...)`), once the duel is over.
    pub fn result_line(&self) -> Option<String> {
        let o = self.duel.outcome()?;
        Some(match o.winner {
            Some(w) => format!("result: {} wins ({:?}) on turn {}", w.name(), o.reason, self.duel.turn()),
            None => format!("result: draw ({:?}) on turn {}", o.reason, self.duel.turn()),
        })
    }
}

/// Saves a replay file as JSON.
pub fn save_replay(path: &std::path::Path, file: &ReplayFile) -> anyhow::Result<()> {
    let text = serde_json::to_string(file)?;
    std::fs::write(path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// Plays a duel in line mode. Returns the process exit code (0 when the duel ended, 3
/// when it was abandoned).
pub fn run_plain(opts: DuelOptions, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<i32> {
    let mut s = Session::new(&opts)?;
    let vs = match &opts.opponent {
        Opponent::Ai(n) => format!("AI {n} plays {}", opts.seat.opp().name()),
        Opponent::Human => "hot-seat".into(),
    };
    writeln!(
        out,
        "ygo duel: {} (A) vs {} (B), edition {}, seed {}; you are {}, {vs}",
        s.deck_names[0],
        s.deck_names[1],
        opts.edition.name(),
        opts.seed,
        opts.seat.name()
    )?;
    writeln!(out, "type the number or the text of an action; 'q' quits")?;
    let mut shown = 0usize;
    let code = loop {
        let forced = s.advance();
        for line in s.log_lines(shown, &forced, s.viewer()) {
            if line.contains("> ") && line.ends_with("(only choice)") {
                writeln!(out, "{line}")?;
            } else {
                writeln!(out, "  | {line}")?;
            }
        }
        shown = s.duel.events().len();
        let Some(p) = s.waiting() else { break 0 };
        let view = s.duel.view(p);
        write!(out, "{}", render(&view, &chain_lines(&s.duel)))?;
        let action = loop {
            write!(out, "{}> ", p.name())?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "\nend of input: the duel is abandoned")?;
                break None;
            }
            let line = line.trim();
            if line.len() > 500 {
                writeln!(out, "rejected: {} is too long to be an action", ygo_data::text::quote(line))?;
                continue;
            }
            if line == "q" || line == "quit" {
                writeln!(out, "quit: the duel is abandoned")?;
                break None;
            }
            match s.parse_input(&view, line) {
                Ok(a) => break Some(a),
                Err(e) => writeln!(out, "rejected: {e}")?,
            }
        };
        let Some(a) = action else { break 3 };
        if let Err(e) = s.apply(p, a) {
            writeln!(out, "rejected: {e}")?;
        }
    };
    if let Some(r) = s.result_line() {
        writeln!(out, "{r}")?;
    }
    if let Some(path) = &opts.save_replay {
        save_replay(path, &s.replay_file())?;
        writeln!(out, "replay saved to {}", path.display())?;
    }
    Ok(code)
}
