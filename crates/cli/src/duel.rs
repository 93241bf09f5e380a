//! `ygo duel`: play against a built-in AI or hot-seat. A [`Session`] holds the duel, the
//! AI players and the record of every action; the plain line mode (here) and the
//! full-screen UI (`tui`) are two faces of it. The line mode prints the table as text and
//! reads commands (the number of a listed action, its words or its command text, in any
//! case, or a unique beginning of one) from standard input, so it can be scripted; it ends
//! by printing the result. Everything a person reads is written by [`crate::words`].

use std::io::{BufRead, Write};
use std::path::PathBuf;

use ygo_ai::Observation;
use ygo_core::event::Event;
use ygo_core::replay::{Replay, ReplayFile};
use ygo_core::view::{KnownCard, SeenCard, SideView, View};
use ygo_core::{Action, Duel, DuelSetup, Player, Position};
use ygo_data::cardinfo::{cards_db_path, kind_label, CardLookup};

use crate::decks::NamedDeck;
use crate::words;

/// A battle position as the field shows it.
pub fn pos_text(p: Position) -> &'static str {
    match p {
        Position::FaceUpAttack => "ATK",
        Position::FaceUpDefense => "DEF",
        Position::FaceDownDefense => "SET",
        Position::FaceDownAttack => "SET-ATK",
    }
}

/// A monster's stats as the field shows them: `1900/1600 ATK`.
pub fn stats_text(k: &KnownCard) -> String {
    match k.atk {
        Some(atk) => format!("{atk}/{} {}", k.def.map_or("-".into(), |d| d.to_string()), pos_text(k.position)),
        None if k.position.face_up() => String::new(),
        None => "SET".into(),
    }
}

/// A counter kind's printed word, capitalised (`spell` -> `Spell`, `a` -> `A`).
fn counter_word(kind: &str) -> String {
    let mut c = kind.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// The counters on a card in words: `2 Spell Counters, 1 A-Counter` (empty when none).
pub fn counters_text(k: &KnownCard) -> String {
    let part = |(kind, n): &(String, u16)| {
        let joint = if kind.len() == 1 { "-" } else { " " };
        format!("{n} {}{joint}Counter{}", counter_word(kind), if *n == 1 { "" } else { "s" })
    };
    k.counters.iter().filter(|(_, n)| *n > 0).map(part).collect::<Vec<_>>().join(", ")
}

/// The counters on a card for a narrow field cell: `2 Spell ctr` (empty when none).
pub fn counters_short(k: &KnownCard) -> String {
    k.counters.iter().filter(|(_, n)| *n > 0).map(|(kind, n)| format!("{n} {} ctr", counter_word(kind))).collect::<Vec<_>>().join(" ")
}

fn seen_text(s: &SeenCard, on_field: bool) -> String {
    match s {
        SeenCard::Hidden { .. } if on_field => "(set)".into(),
        SeenCard::Hidden { .. } => "(face-down)".into(),
        SeenCard::Known(k) if on_field => {
            let stats = stats_text(k);
            let counters = counters_text(k);
            let counters = if counters.is_empty() { counters } else { format!(" [{counters}]") };
            if k.atk.is_none() && !k.position.face_up() {
                format!("{} (set){counters}", k.name)
            } else if stats.is_empty() {
                format!("{}{counters}", k.name)
            } else {
                format!("{} {stats}{counters}", k.name)
            }
        }
        SeenCard::Known(k) => k.name.clone(),
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
        v.iter().enumerate().filter_map(|(i, z)| z.as_ref().map(|c| format!("[{}] {}", i + 1, seen_text(c, true)))).collect::<Vec<_>>().join("  ")
    };
    let m = zones(&s.monsters);
    let _ = writeln!(out, "  monsters: {}", if m.is_empty() { "-".into() } else { m });
    let st = zones(&s.spells);
    let _ = writeln!(out, "  spells/traps: {}", if st.is_empty() { "-".into() } else { st });
    if let Some(f) = &s.field {
        let _ = writeln!(out, "  field: {}", seen_text(f, true));
    }
    let pend = zones(&s.pendulum);
    if !pend.is_empty() {
        let _ = writeln!(out, "  pendulum: {pend}");
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
        let names: Vec<&str> = s.hand.iter().map(|k| k.name.as_str()).collect();
        let _ = writeln!(out, "  hand: {}", names.join(", "));
    }
    if !s.known_hand.is_empty() {
        let names: Vec<&str> = s.known_hand.iter().map(|(_, k)| k.name.as_str()).collect();
        let _ = writeln!(out, "  known in hand (revealed): {}", names.join(", "));
    }
}

/// The chain being built or resolved, link 1 first, in words ("1. B's Trap Hole"). Every
/// activated card is face-up, so any viewer may read them.
pub fn chain_lines(d: &Duel) -> Vec<String> {
    let ev = d.events();
    let start = ev.iter().rposition(|e| matches!(e, Event::ChainEnded)).map_or(0, |i| i + 1);
    let mut links: Vec<(u8, String)> = Vec::new();
    for e in &ev[start..] {
        match e {
            Event::Activated { card, player, link, .. } => {
                links.retain(|(l, _)| l != link);
                links.push((*link, format!("{link}. {}'s {}", player.name(), d.name(*card))));
            }
            Event::LinkResolved { link, .. } => links.retain(|(l, _)| l != link),
            _ => {}
        }
    }
    links.sort();
    links.into_iter().map(|(_, s)| s).collect()
}

/// The table as `view.viewer` sees it, with the chain, the question and the numbered
/// legal actions in words.
pub fn render(d: &Duel, view: &View) -> String {
    let me = view.viewer;
    let mut out = String::new();
    out.push_str(&format!("== turn {} ({}) {} ==\n", view.turn, view.turn_player.name(), words::phase_step_words(view.phase, view.step)));
    side_text(&format!("opponent {}", me.opp().name()), &view.sides[me.opp().idx()], &mut out);
    side_text(&format!("you {}", me.name()), &view.sides[me.idx()], &mut out);
    let chain = chain_lines(d);
    if !chain.is_empty() {
        out.push_str(&format!("chain: {}\n", chain.join("  ")));
    }
    if !view.actions.is_empty() {
        out.push_str(&format!("-- {}\n", words::ask(d, me).text));
    }
    for ((_, _, w), n) in words::actions_in_words(d, view).iter().zip(action_numbers(d, view)) {
        out.push_str(&format!("  {n:>2}. {w}\n"));
    }
    out
}

/// Where an action stands in the one order every screen lists actions in (lower first):
/// a card chosen or targeted of the opponent's before one of the viewer's own; attacks;
/// summons; Flip Summons; position changes; Sets; activations; then `done`, and the moves
/// that go on (to the Battle Phase, Main Phase 2, the End Phase, ending the turn, passing)
/// always last. Actions of one kind keep the engine's order (by place).
fn list_rank(viewer: Player, a: &Action) -> u8 {
    match a {
        Action::Target(l) | Action::Choose(l) => u8::from(l.player == viewer),
        Action::Attack { .. } => 2,
        Action::NormalSummon(_) | Action::TributeSummon(_) | Action::SpecialSummon(_) | Action::PendulumSummon => 3,
        Action::FlipSummon(_) => 4,
        Action::ChangePosition(_) => 5,
        Action::Set(_) => 6,
        Action::Activate { .. } => 7,
        Action::Zone(_) | Action::Position(_) | Action::Yes | Action::No | Action::Announce(_) | Action::First | Action::Second => 8,
        Action::Done => 10,
        Action::ToBattle => 11,
        Action::ToMain2 => 12,
        Action::ToEnd => 13,
        Action::EndTurn => 14,
        Action::Pass => 15,
    }
}

/// What `p` sees, with the legal actions in the order every screen lists them
/// ([`list_rank`]): the terminal, the line mode and typed numbers all use this view.
pub fn view_for(d: &Duel, p: Player) -> View {
    let mut view = d.view(p);
    view.actions.sort_by_key(|(a, _)| list_rank(p, a));
    view
}

/// The number shown beside each listed action: its place in the list, except when every
/// action is a Main Monster Zone, where the number is the zone's own ("Monster Zone 4" is
/// `4` even when zone 3 is taken), so a number never means another zone than it names; and
/// in a selection of several cards, where a card keeps its number from the first pick to
/// the last (the cards already picked keep theirs, unlisted), so a second `2` never means
/// another card than the first screen showed as 2.
pub fn action_numbers(d: &Duel, view: &View) -> Vec<usize> {
    let zones: Option<Vec<usize>> = view.actions.iter().map(|(a, _)| if let Action::Zone(z @ 0..=4) = a { Some(*z as usize + 1) } else { None }).collect();
    if let Some(z) = zones.filter(|z| !z.is_empty()) {
        return z;
    }
    let plain = || (1..=view.actions.len()).collect();
    let ygo_core::Prompt::Select { candidates, max, .. } = d.prompt() else { return plain() };
    if *max <= 1 || view.deciding != Some(view.viewer) {
        return plain();
    }
    // Every candidate's place, in the listing's order: the numbers of the first screen.
    let mut all: Vec<ygo_core::Loc> = Vec::new();
    for &c in candidates.iter() {
        let l = d.loc_of(c);
        // Identical cards in a hidden pile are listed once (the first not yet picked):
        // they share one number.
        let hidden = matches!(l.zone, ygo_core::Zone::Hand | ygo_core::Zone::Deck | ygo_core::Zone::Extra);
        let twin = hidden && all.iter().any(|x| x.zone == l.zone && x.player == l.player && d.card_at(*x).map(|x| d.card(x).code) == Some(d.card(c).code));
        if !twin {
            all.push(l);
        }
    }
    all.sort_by_key(|l| u8::from(l.player == view.viewer));
    let number_of = |l: &ygo_core::Loc| {
        let code = |x: &ygo_core::Loc| d.card_at(*x).map(|c| d.card(c).code);
        all.iter().position(|x| x == l).or_else(|| all.iter().position(|x| x.zone == l.zone && x.player == l.player && code(x) == code(l)))
    };
    let numbers: Option<Vec<usize>> = view
        .actions
        .iter()
        .map(|(a, _)| match a {
            Action::Choose(l) | Action::Target(l) => number_of(l).map(|i| i + 1),
            Action::Done => Some(all.len() + 1),
            _ => None,
        })
        .collect();
    numbers.unwrap_or_else(plain)
}

/// The index of the listed action shown with number `n`, or why there is none.
pub fn action_numbered(d: &Duel, view: &View, n: usize) -> Result<usize, String> {
    let numbers = action_numbers(d, view);
    numbers.iter().position(|&x| x == n).ok_or_else(|| {
        let shown: Vec<String> = numbers.iter().map(usize::to_string).collect();
        let range = if numbers.iter().enumerate().all(|(i, &x)| x == i + 1) { format!("1-{}", numbers.len()) } else { shown.join(", ") };
        format!("no action number {n} ({range})")
    })
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
    /// The edition and the card pool (a format's versions of the cards).
    pub rules: crate::rules::Rules,
    pub seed: u64,
    /// The seed was drawn for this duel (no `--seed`): say so, so it can be replayed.
    pub fresh_seed: bool,
    pub lp: i32,
    pub opponent: Opponent,
    /// The seat of the person (the AI takes the other one).
    pub seat: Player,
    /// Save the replay here when the duel ends.
    pub save_replay: Option<PathBuf>,
    /// A user's `cards.cdb` for the official card texts (`--cards-db`, `YGO_CARDS_DB`).
    pub cards_db: Option<PathBuf>,
    /// `--position FILE`: start from the position of a scenario file (its `[state]`; its
    /// steps are not played) instead of the decks; no replay file is written.
    pub position: Option<PathBuf>,
}

/// The duel a scenario file's position sets up (`--position`), and a name for it.
fn duel_from_position(path: &std::path::Path, pool: &std::sync::Arc<ygo_core::pool::CardPool>) -> anyhow::Result<(Duel, String)> {
    let src = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("--position {}: {e}", path.display()))?;
    // Only the position is played: a file without `[expect]` (which a scenario must have)
    // is read with an expectation the duel never checks.
    let has_expect = src.lines().any(|l| l.trim_start().starts_with("[expect"));
    let src = if has_expect { src } else { format!("{src}\n[expect]\nA.lp = 8000\n") };
    let scenario = ygo_scenario::parse::parse(&src, pool).map_err(|errors| {
        let lines: Vec<String> = errors
            .iter()
            .map(|e| match e.line {
                Some(l) => format!("{}:{l}: {}", path.display(), e.msg),
                None => format!("{}: {}", path.display(), e.msg),
            })
            .collect();
        anyhow::anyhow!("--position: {}", lines.join("; "))
    })?;
    let duel = Duel::from_position(pool.clone(), &scenario.setup)
        .map_err(|e| anyhow::anyhow!("--position {}: {}", path.display(), e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; ")))?;
    let name = scenario.name.unwrap_or_else(|| path.display().to_string());
    Ok((duel, name))
}

/// A seed for a duel started without `--seed`: from the standard library's per-process
/// random hash keys (seeded by the operating system) and the clock, outside the engine.
/// Kept below 2^32 so it is short to type back.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    h.write_u128(now);
    h.write_u32(std::process::id());
    h.finish() >> 32
}

/// Parses `--seed`: a whole number, 0 or more.
pub fn parse_seed(s: &str) -> Result<u64, String> {
    let t = s.trim();
    match t.parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if t.parse::<i128>().is_ok() && t.starts_with('-') => Err(format!("seeds are 0 or more (got {t})")),
        Err(_) => Err(format!("a seed is a whole number, 0 or more (got {t:?})")),
    }
}

/// One line of the duel's log, with the turn it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub text: String,
    pub turn: u32,
    pub turn_player: Player,
    /// Part of a turn summary (a summon, activation, attack, LP change...).
    pub notable: bool,
}

/// A card the viewer may read, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VisibleCard {
    /// "your hand", "the opponent's zone 2", ...
    pub place: String,
    pub loc: ygo_core::Loc,
    pub card: KnownCard,
    pub on_field: bool,
}

/// A duel in progress: the duel, the AI (if any), and every action taken.
pub struct Session {
    pub duel: Duel,
    pub setup: DuelSetup,
    pub deck_names: [String; 2],
    ai: Option<(Player, Box<dyn ygo_ai::Player>)>,
    /// The AI's name as given (`mcts`, `mcts:500`, ...), if an AI plays.
    pub ai_name: Option<String>,
    pub actions: Vec<(Player, Action)>,
    /// The duel's start when it did not start from its setup (`--position`, tests): take-backs
    /// play again from here, and there is no replay file.
    pub start: Option<Duel>,
    /// For each action: was it a person's real decision (more than one legal action)? The
    /// points a take-back returns to.
    chosen: Vec<bool>,
    /// Card names and texts (the shipped data, or the user's `cards.cdb`).
    pub lookup: CardLookup,
    /// The rules (edition, format) the duel plays under.
    pub rules: crate::rules::Rules,
    /// Events already turned into log lines, and the turn the last of them was in.
    logged: usize,
    log_turn: (u32, Player),
}

impl Session {
    pub fn new(opts: &DuelOptions) -> anyhow::Result<Session> {
        let mut setup = DuelSetup::new(opts.decks[0].list.clone(), opts.decks[1].list.clone(), opts.seed);
        setup.edition = opts.rules.edition;
        setup.lp = opts.lp;
        let (duel, start, position_name) = match &opts.position {
            Some(path) => {
                let (duel, name) = duel_from_position(path, &opts.rules.pool)?;
                (duel.clone(), Some(duel), Some(name))
            }
            None => {
                let duel = Duel::from_setup(opts.rules.pool.clone(), &setup)
                    .map_err(|e| anyhow::anyhow!("invalid duel setup: {}", e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; ")))?;
                (duel, None, None)
            }
        };
        let ai = match &opts.opponent {
            Opponent::Human => None,
            Opponent::Ai(name) => {
                let p = ygo_ai::try_by_name(name, opts.seed ^ 0x5eed).map_err(|e| anyhow::anyhow!("opponent: {e} (or human)"))?;
                Some((opts.seat.opp(), p))
            }
        };
        let lookup = CardLookup::open(cards_db_path(opts.cards_db.clone()).as_deref()).map_err(|e| anyhow::anyhow!("--cards-db: {e}"))?;
        let start_turn = (duel.turn(), duel.turn_player());
        let deck_names = match position_name {
            Some(n) => [format!("position {n:?}"), "its B side".to_string()],
            None => [opts.decks[0].name.clone(), opts.decks[1].name.clone()],
        };
        Ok(Session {
            duel,
            setup,
            deck_names,
            ai,
            ai_name: match &opts.opponent {
                Opponent::Ai(n) => Some(n.clone()),
                Opponent::Human => None,
            },
            actions: Vec::new(),
            start,
            chosen: Vec::new(),
            lookup,
            rules: opts.rules.clone(),
            logged: 0,
            log_turn: if start_turn.0 > 1 { start_turn } else { (0, Player::A) },
        })
    }

    /// A session around a duel set up some other way (tests: a position of the
    /// scenario format), with `ai_seat` played by the random AI.
    #[cfg(test)]
    pub(crate) fn from_duel(duel: Duel, ai_seat: Option<Player>) -> Session {
        let empty = ygo_core::DeckList { main: Vec::new(), extra: Vec::new() };
        let ai = ai_seat.map(|p| (p, ygo_ai::by_name("random", 7).expect("the random AI")));
        let setup = DuelSetup::new(empty.clone(), empty, 0);
        let log_turn = (duel.turn(), duel.turn_player());
        let start = Some(duel.clone());
        Session {
            duel,
            setup,
            deck_names: ["test".into(), "test".into()],
            ai_name: ai_seat.map(|_| "random".to_string()),
            ai,
            actions: Vec::new(),
            start,
            chosen: Vec::new(),
            lookup: CardLookup::new(None),
            rules: crate::rules::Rules::default(),
            logged: 0,
            log_turn,
        }
    }

    /// The seat the AI plays, if any.
    pub fn ai_seat(&self) -> Option<Player> {
        self.ai.as_ref().map(|(s, _)| *s)
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
        let real = self.is_human(p) && self.duel.legal_actions().len() > 1;
        self.record(p, a, real)
    }

    /// Applies an action and records it, with whether it was a person's real decision.
    fn record(&mut self, p: Player, a: Action, real: bool) -> Result<(), String> {
        self.duel.apply(p, a).map_err(|e| e.to_string())?;
        self.actions.push((p, a));
        self.chosen.push(real);
        Ok(())
    }

    /// Takes back the person's decisions to their previous real decision (one with more than
    /// one legal action), with everything played after it: the duel is played again from its
    /// setup with the actions before that decision, so nothing hidden is learned and the duel
    /// is exactly as it was then. Only against an AI (hot-seat: the other person saw the
    /// move).
    pub fn undo(&mut self) -> Result<(), String> {
        if self.ai.is_none() {
            return Err("take-backs are only for a duel against an AI".into());
        }
        if self.duel.outcome().is_some() {
            return Err("the duel is over".into());
        }
        let Some(at) = self.chosen.iter().rposition(|&c| c) else {
            return Err("nothing to take back: you have made no choice yet".into());
        };
        let mut duel = match &self.start {
            Some(start) => start.clone(),
            None => Duel::from_setup(self.rules.pool.clone(), &self.setup).map_err(|_| "this duel cannot be played again from its setup".to_string())?,
        };
        for &(p, a) in &self.actions[..at] {
            duel.apply(p, a).map_err(|e| format!("the duel could not be played again: {e}"))?;
        }
        self.duel = duel;
        self.actions.truncate(at);
        self.chosen.truncate(at);
        self.logged = self.duel.events().len();
        self.log_turn = (self.duel.turn(), self.duel.turn_player());
        Ok(())
    }

    /// An action of the deciding player in words.
    pub fn words_of(&self, a: &Action) -> String {
        let Some(p) = self.duel.deciding_player() else { return self.duel.action_text(a) };
        let view = view_for(&self.duel, p);
        let canonical = view.actions.iter().find(|x| x.0 == *a).map_or_else(|| self.duel.action_text(a), |x| x.1.clone());
        words::action_words(&view, &words::ask(&self.duel, p), a, &canonical)
    }

    /// Runs the AI's decisions and answers a person's forced decisions (one legal action)
    /// until a person has a real choice or the duel ends. Returns the log of what happened,
    /// each event put in words right after the action that caused it (so the words name
    /// places as they were), with the forced answers worth showing.
    pub fn advance(&mut self) -> Vec<LogEntry> {
        let mut log = self.take_log();
        while let Some(p) = self.duel.deciding_player() {
            let actions = self.duel.legal_actions();
            // A sole target is shown to the person before it is used (`u` can still take
            // the activation back).
            if actions.len() == 1 && self.is_human(p) && matches!(actions[0], Action::Target(_)) {
                return log;
            }
            let a = if actions.len() == 1 {
                if self.is_human(p) && actions[0] != Action::Pass {
                    let text = format!("{}> {} (only choice)", p.name(), self.words_of(&actions[0]));
                    log.push(LogEntry { text, turn: self.duel.turn(), turn_player: self.duel.turn_player(), notable: false });
                }
                actions[0]
            } else if let Some((_, ai)) = self.ai.as_mut().filter(|(s, _)| *s == p) {
                let obs = Observation::with_actions(&self.duel, actions).expect("someone decides");
                ai.decide_observed(&obs)
            } else {
                return log;
            };
            // Neither the AI's decisions nor forced answers are a person's real decisions.
            self.record(p, a, false).expect("the AI and forced answers pick legal actions");
            log.extend(self.take_log());
        }
        log
    }

    /// The person who must decide now, if any.
    pub fn waiting(&self) -> Option<Player> {
        self.duel.deciding_player().filter(|&p| self.is_human(p))
    }

    /// The action an input line names: the number of a listed action; a command of the
    /// scenario language; or, in any case, an action's words or command text or a unique
    /// beginning of one ("normal summon vorse").
    pub fn parse_input(&self, view: &View, line: &str) -> Result<Action, String> {
        let line = line.trim();
        if line.is_empty() {
            return Err("type the number of an action or its text".into());
        }
        if let Ok(n) = line.parse::<usize>() {
            return action_numbered(&self.duel, view, n).map(|i| view.actions[i].0);
        }
        let canonical = self.duel.find_action(line);
        if let Ok(a) = canonical {
            return Ok(a);
        }
        let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        let typed = norm(line);
        let listed = words::actions_in_words(&self.duel, view);
        let exact: Vec<&(Action, String, String)> = listed.iter().filter(|(_, c, w)| norm(c) == typed || norm(w) == typed).collect();
        if let [one] = exact.as_slice() {
            return Ok(one.0);
        }
        let begun: Vec<&(Action, String, String)> = listed.iter().filter(|(_, c, w)| norm(c).starts_with(&typed) || norm(w).starts_with(&typed)).collect();
        match begun.as_slice() {
            [one] => Ok(one.0),
            [] => Err(canonical.map_err(|e| e.to_string()).err().unwrap_or_default()),
            many => {
                let names: Vec<&str> = many.iter().take(5).map(|x| x.2.as_str()).collect();
                let more = if many.len() > 5 { " | ..." } else { "" };
                Err(format!("{line:?} begins {} actions: {}{more}", many.len(), names.join(" | ")))
            }
        }
    }

    /// The log lines of the events since the last call, as the person on screen may read
    /// them ([`Session::viewer`]).
    pub fn take_log(&mut self) -> Vec<LogEntry> {
        let viewer = self.viewer();
        let mut out = Vec::new();
        let (mut turn, mut tp) = self.log_turn;
        let events = self.duel.events();
        for (i, e) in events.iter().enumerate().skip(self.logged) {
            if let Event::TurnStarted { turn: n, player } = e {
                (turn, tp) = (*n, *player);
            }
            if words::is_log_noise(e) {
                continue;
            }
            if let Some(text) = words::event_words(&self.duel, &events[..=i], Some(viewer)) {
                out.push(LogEntry { text, turn, turn_player: tp, notable: words::is_notable(e) });
            }
        }
        self.logged = events.len();
        self.log_turn = (turn, tp);
        out
    }

    /// The replay of the duel so far, with its events and versions.
    pub fn replay_file(&self) -> ReplayFile {
        self.rules.record(&self.duel, Replay { setup: self.setup.clone(), actions: self.actions.clone() }, self.deck_names.clone())
    }

    /// The result line (`result: A wins: B's LP reached 0 (turn 9)`), once the duel is over.
    pub fn result_line(&self) -> Option<String> {
        let o = self.duel.outcome()?;
        Some(format!("result: {} (turn {})", words::outcome_words(&o), self.duel.turn()))
    }

    /// Every card `view.viewer` may read: their hand, both fields' face-up cards (and their
    /// own set cards), both GYs, face-up banished cards and their own Extra Deck.
    pub fn visible_cards(&self, view: &View) -> Vec<VisibleCard> {
        use ygo_core::{Loc, Zone};
        let me = view.viewer;
        let mut out = Vec::new();
        let mut push = |place: String, loc: Loc, c: Option<&SeenCard>| {
            if let Some(SeenCard::Known(k)) = c {
                out.push(VisibleCard { place, loc, card: k.clone(), on_field: loc.zone == Zone::Monster });
            }
        };
        let mine = &view.sides[me.idx()];
        for (i, k) in mine.hand.iter().enumerate() {
            push("your hand".into(), Loc::new(me, Zone::Hand, i), Some(&SeenCard::Known(k.clone())));
        }
        // The opponent's hand cards revealed to the viewer and not moved since (MISC-7).
        for (i, k) in &view.sides[me.opp().idx()].known_hand {
            push("the opponent's hand (revealed)".into(), Loc::new(me.opp(), Zone::Hand, *i), Some(&SeenCard::Known(k.clone())));
        }
        for (p, whose) in [(me, "your"), (me.opp(), "the opponent's")] {
            let s = &view.sides[p.idx()];
            for (i, c) in s.monsters.iter().enumerate() {
                push(format!("{whose} {}", words::monster_slot_words(i as u8)), Loc::new(p, Zone::Monster, i), c.as_ref());
            }
            for (i, c) in s.spells.iter().enumerate() {
                push(format!("{whose} S/T zone {}", i + 1), Loc::new(p, Zone::SpellTrap, i), c.as_ref());
            }
            push(format!("{whose} Field Zone"), Loc::new(p, Zone::Field, 0), s.field.as_ref());
            for (i, c) in s.pendulum.iter().enumerate() {
                push(format!("{whose} {} Pendulum Zone", if i == 0 { "left" } else { "right" }), Loc::new(p, Zone::Pendulum, i), c.as_ref());
            }
        }
        for (p, whose) in [(me, "your"), (me.opp(), "the opponent's")] {
            let s = &view.sides[p.idx()];
            for (i, k) in s.gy.iter().enumerate().rev() {
                push(format!("{whose} GY"), Loc::new(p, Zone::Gy, i), Some(&SeenCard::Known(k.clone())));
            }
            for (i, c) in s.banished.iter().enumerate() {
                push(format!("banished ({whose})"), Loc::new(p, Zone::Banished, i), Some(c));
            }
        }
        for (i, k) in mine.extra.iter().enumerate() {
            push("your Extra Deck".into(), Loc::new(me, Zone::Extra, i), Some(&SeenCard::Known(k.clone())));
        }
        out
    }

    /// A card's text for reading: name, kind, Attribute and Type, Level, ATK/DEF, where it
    /// is, and its description (the official text too with `--cards-db`).
    pub fn card_details(&self, c: &VisibleCard) -> Vec<String> {
        let k = &c.card;
        let mut out = vec![k.name.clone()];
        let Some(def) = self.duel.pool().get(k.code) else {
            return out;
        };
        let d = &def.data;
        let mut kind = vec![kind_label(d.kind).to_string()];
        if d.is_monster() {
            use ygo_core::card::{type_bits as t, Kind, MonsterFrame};
            for (bit, name) in [
                (t::TUNER, "Tuner"),
                (t::FLIP, "Flip"),
                (t::PENDULUM, "Pendulum"),
                (t::SPIRIT, "Spirit"),
                (t::UNION, "Union"),
                (t::GEMINI, "Gemini"),
                (t::TOON, "Toon"),
            ] {
                if d.type_bits & bit != 0 {
                    kind.push(name.to_string());
                }
            }
            kind.push(format!("{} {}", d.attribute.map_or("?", |a| a.name()), d.race.map_or("?", |r| r.name())));
            kind.push(match d.kind {
                Kind::Monster(MonsterFrame::Xyz) => format!("Rank {}", d.level),
                Kind::Monster(MonsterFrame::Link) => format!("Link {}", d.level),
                _ => format!("Level {}", d.level),
            });
            let stat = |v: Option<i32>| v.map_or("?".to_string(), |v| v.to_string());
            out.push(kind.join(" · "));
            let def_text = if d.kind == Kind::Monster(MonsterFrame::Link) { String::new() } else { format!(" / DEF {}", stat(d.def)) };
            let mut stats = format!("ATK {}{def_text}", stat(d.atk));
            if d.type_bits & t::PENDULUM != 0 {
                stats.push_str(&format!(" · Pendulum Scale {}/{}", d.lscale, d.rscale));
            }
            out.push(stats);
            if c.on_field {
                let now_def = k.def.map_or(String::new(), |d| format!(" / DEF {d}"));
                out.push(format!("now: ATK {}{now_def}, {}", k.atk.map_or("?".into(), |a| a.to_string()), words::position_words(k.position)));
            }
        } else {
            out.push(kind.join(" · "));
        }
        let counters = counters_text(k);
        if c.on_field && !counters.is_empty() {
            out.push(format!("counters: {counters}"));
        }
        out.push(format!("in {} · passcode {}", c.place, k.code));
        let info = self.lookup.get(k.code);
        match info.filter(|i| i.source == ygo_data::cardinfo::Source::Database) {
            Some(i) => {
                out.push(format!("card text (cards.cdb): {}", i.text));
                out.push(format!("as ygo plays it: {}", d.text));
            }
            None => out.push(d.text.clone()),
        }
        out
    }

    /// The visible card a name names (any case, a unique beginning is enough).
    pub fn find_visible(&self, view: &View, name: &str) -> Result<VisibleCard, String> {
        let cards = self.visible_cards(view);
        let n = name.trim().to_lowercase();
        if let Some(c) = cards.iter().find(|c| c.card.name.to_lowercase() == n) {
            return Ok(c.clone());
        }
        let mut hits: Vec<&VisibleCard> = cards.iter().filter(|c| c.card.name.to_lowercase().starts_with(&n)).collect();
        hits.dedup_by(|a, b| a.card.code == b.card.code);
        match hits.as_slice() {
            [one] => Ok((*one).clone()),
            [] => Err(format!("no card you can see is named {name:?}")),
            many => Err(format!("{name:?} begins {} cards: {}", many.len(), many.iter().map(|c| c.card.name.as_str()).collect::<Vec<_>>().join(", "))),
        }
    }
}

/// An AI by name with its budget, as the screen shows it: "mcts (200 iterations a
/// decision)", "mcts (500 ms a decision)", "greedy".
pub fn ai_words(name: &str) -> String {
    let budget = match name {
        "mcts" => match ygo_ai::Budget::default() {
            ygo_ai::Budget::Iterations(n) => format!("{n} iterations"),
            ygo_ai::Budget::Millis(ms) => format!("{ms} ms"),
        },
        _ => match name.strip_prefix("mcts:") {
            Some(spec) => match spec.strip_suffix("ms") {
                Some(ms) => format!("{ms} ms"),
                None => format!("{spec} iterations"),
            },
            None => return name.to_string(),
        },
    };
    format!("mcts ({budget} a decision)")
}

/// An AI with its budget in few letters, for a narrow screen: "mcts 200 it.", "mcts 500 ms".
pub fn ai_short(name: &str) -> String {
    let long = ai_words(name);
    match long.strip_prefix("mcts (").and_then(|r| r.strip_suffix(" a decision)")) {
        Some(budget) => format!("mcts {}", budget.replace(" iterations", " it.")),
        None => long,
    }
}

/// Saves a replay file as JSON.
pub fn save_replay(path: &std::path::Path, file: &ReplayFile) -> anyhow::Result<()> {
    let text = serde_json::to_string(file)?;
    std::fs::write(path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// The first line of a duel: decks, edition, seed (and how to replay a fresh one).
pub fn intro_line(opts: &DuelOptions, s: &Session) -> String {
    let vs = match &opts.opponent {
        Opponent::Ai(n) => format!("AI {} plays {}", ai_words(n), opts.seat.opp().name()),
        Opponent::Human => "hot-seat".into(),
    };
    let seed = if opts.fresh_seed { format!("seed {} (fresh: --seed {} plays this duel again)", opts.seed, opts.seed) } else { format!("seed {}", opts.seed) };
    format!("ygo duel: {} (A) vs {} (B), {}, {seed}; you are {}, {vs}", s.deck_names[0], s.deck_names[1], opts.rules.label(), opts.seat.name())
}

/// Plays a duel in line mode. Returns the process exit code (0 when the duel ended, 3
/// when it was abandoned).
pub fn run_plain(opts: DuelOptions, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<i32> {
    let mut s = Session::new(&opts)?;
    writeln!(out, "{}", intro_line(&opts, &s))?;
    writeln!(out, "type the number, the words or the command of an action (any case, a unique beginning is enough); 'show NAME' reads a card; 'undo' takes back your last choice (against an AI); 'q' quits")?;
    let code = loop {
        for e in s.advance() {
            if e.text.contains("> ") && e.text.ends_with("(only choice)") {
                writeln!(out, "{}", e.text)?;
            } else {
                writeln!(out, "  | {}", e.text)?;
            }
        }
        let Some(p) = s.waiting() else { break 0 };
        let view = view_for(&s.duel, p);
        write!(out, "{}", render(&s.duel, &view))?;
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
            if line == "undo" {
                match s.undo() {
                    Ok(()) => {
                        writeln!(out, "undo: back to your previous decision")?;
                        break Some(None);
                    }
                    Err(e) => writeln!(out, "undo: {e}")?,
                }
                continue;
            }
            if let Some(name) = line.strip_prefix("show ").or_else(|| line.strip_prefix("show")) {
                if name.trim().is_empty() {
                    let cards = s.visible_cards(&view);
                    let list: Vec<String> = cards.iter().map(|c| format!("{} ({})", c.card.name, c.place)).collect();
                    writeln!(out, "cards you can read: {}", list.join(", "))?;
                } else {
                    match s.find_visible(&view, name) {
                        Ok(c) => writeln!(out, "{}", s.card_details(&c).join("\n  "))?,
                        Err(e) => writeln!(out, "show: {e}")?,
                    }
                }
                continue;
            }
            match s.parse_input(&view, line) {
                Ok(a) => break Some(Some(a)),
                Err(e) => writeln!(out, "rejected: {e}")?,
            }
        };
        // `Some(None)`: a take-back; the prompt of the decision returned to is shown again.
        let Some(action) = action else { break 3 };
        let Some(a) = action else { continue };
        if let Err(e) = s.apply(p, a) {
            writeln!(out, "rejected: {e}")?;
        }
    };
    if let Some(r) = s.result_line() {
        writeln!(out, "{r}")?;
    }
    if let Some(path) = &opts.save_replay {
        save_with_retry(path.clone(), &s.replay_file(), input, out)?;
    }
    Ok(code)
}

/// Saves the replay; when that fails, asks for another file name (an empty line or the
/// end of input gives up, which is an error: the replay asked for was not written).
fn save_with_retry(mut path: PathBuf, file: &ReplayFile, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
    loop {
        match save_replay(&path, file) {
            Ok(()) => {
                writeln!(out, "replay saved to {}", path.display())?;
                return Ok(());
            }
            Err(e) => {
                write!(out, "could not save the replay: {e:#}\nsave it to another file (empty line: do not save): ")?;
                out.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 || line.trim().is_empty() {
                    writeln!(out)?;
                    anyhow::bail!("the replay was not saved ({e:#})");
                }
                path = PathBuf::from(line.trim());
            }
        }
    }
}
