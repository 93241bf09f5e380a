//! Tournaments for people: Swiss events, single and double elimination, and Swiss then a
//! top cut, in the server (issue 36).
//!
//! An organizer (a logged-in account) creates an event: a name, a format, a number of
//! Swiss rounds. Players register with an account and a deck, checked against the format
//! at once (every violation named) and locked: the event's matches are played with it
//! (MATCH-4: siding within a match starts from it each round). The organizer pairs each
//! round ([`ygo_match::swiss::pair_round`]: by match points, no rematch where one can be
//! avoided, the bye to the lowest-placed player without one); each pairing's match is a
//! best-of-3 room that the first of its two players to ask opens and only the other may
//! join; the room records the result when the match ends (no reporting). Standings use
//! the Swiss tie-breakers of `ygo-match` (OMW%, OOMW%, duel difference).
//!
//! An event's [`Structure`] says what its rounds are: Swiss rounds, then (a single
//! elimination, or a top cut of the Swiss standings) a bracket paired by
//! [`ygo_match::elimination`]: seeded once, byes to the highest seeds, each round the
//! winners of the last; a loser leaves the bracket; a match left drawn goes to the higher
//! seed; the event ends after the final, its standings in the bracket's order. A double
//! elimination ([`ygo_match::elimination::pair_double`]) runs a winners and a losers
//! bracket side by side (each pairing's stage says which) on a bracket fixed once seeded: a
//! player leaves after a second loss, or by dropping (their match still to be paired is a
//! bye for the opponent; nobody else moves); the grand final pits the two brackets'
//! champions, and if the losers-bracket player wins it, they play a second grand final (the
//! bracket reset). Its rounds are not known in advance: the event ends when the bracket
//! has its champion.
//!
//! Everything lives in the database ([`store`]), so a restart loses no registration,
//! pairing or result, and two server processes on one PostgreSQL serve the same event
//! (the round counter is advanced by a compare-and-set: one process pairs a round).

pub mod store;

use serde::{Deserialize, Serialize};
pub use ygo_match::elimination::{Stage, Structure};
use ygo_match::swiss::{Pairing, Standing};
use ygo_match::RegisteredDeck;

/// Rounds an event may have.
pub const MAX_ROUNDS: u32 = 15;
/// Players an event may have.
pub const MAX_PLAYERS: usize = 512;
/// Longest event name, in characters.
pub const NAME_MAX: usize = 60;
/// The grace time of a round when the organizer names none (the no-show rule): 10 minutes.
pub const DEFAULT_GRACE_SECS: u32 = 600;
/// The longest grace time: 48 hours (a multi-day event's round).
pub const MAX_GRACE_SECS: u32 = 48 * 3600;

/// The longest match a `minutes` setting asks for: 3 hours.
pub const MAX_MATCH_MINUTES: u32 = 180;
/// The longest round of a multi-day event: a week.
pub const MAX_ROUND_HOURS: u32 = 7 * 24;

/// A preset of an event's match rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// The format's default: the server's match time and MATCH-5..8.
    #[default]
    Format,
    /// The Goat community's rules: 50 minutes; a duel in progress at time plays to its
    /// natural end; equal duel wins at time (1-1, 0-0) is a drawn match.
    Community,
    /// MATCH-5..8: 40 minutes, then extra turns, judgment and sudden death.
    Official,
}

/// An event's match settings: a preset and an optional length (`{"preset":"community",
/// "minutes":45}`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSettings {
    #[serde(default)]
    pub preset: Preset,
    /// The match length, overriding the preset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
}

impl MatchSettings {
    pub fn check(self) -> Result<MatchSettings, String> {
        match self.minutes {
            Some(m) if !(1..=MAX_MATCH_MINUTES).contains(&m) => Err(format!("match_settings minutes {m}: 1 to {MAX_MATCH_MINUTES}")),
            _ => Ok(self),
        }
    }

    /// The match length; `None`: the server's (the format preset without `minutes`).
    pub fn time(self) -> Option<std::time::Duration> {
        let minutes = self.minutes.or(match self.preset {
            Preset::Format => None,
            Preset::Community => Some(50),
            Preset::Official => Some(40),
        })?;
        Some(std::time::Duration::from_secs(u64::from(minutes) * 60))
    }

    /// Whether a duel at time plays to its natural end ([`ygo_match::MatchConfig::natural_end`]).
    pub fn natural_end(self) -> bool {
        self.preset == Preset::Community
    }
}

/// What `create_event` may add to the name, format, rounds and structure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSettings {
    /// Absent: the format's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_settings: Option<MatchSettings>,
    /// A multi-day event's round length in hours: each round's deadline is this long
    /// after its pairing; a match not finished by then is decided as at time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_hours: Option<u32>,
    /// Unix seconds after which registration is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registration_deadline: Option<i64>,
}

impl EventSettings {
    /// Checked: (match settings, round hours (0: none), registration deadline).
    pub fn check(self) -> Result<(MatchSettings, u32, Option<i64>), String> {
        let m = self.match_settings.unwrap_or_default().check()?;
        let h = self.round_hours.unwrap_or(0);
        if h > MAX_ROUND_HOURS {
            return Err(format!("round_hours {h}: at most {MAX_ROUND_HOURS} (a week)"));
        }
        if let Some(t) = self.registration_deadline.filter(|&t| t <= 0) {
            return Err(format!("registration_deadline {t}: a Unix time in seconds"));
        }
        Ok((m, h, self.registration_deadline))
    }
}

/// Where an event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Players may register and drop; no round is paired yet.
    Registration,
    /// Rounds are being played.
    Running,
    /// Every round has its results.
    Finished,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Registration => "registration",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        Some(match s {
            "registration" => Status::Registration,
            "running" => Status::Running,
            "finished" => Status::Finished,
            _ => return None,
        })
    }
}

/// An event as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub id: String,
    pub name: String,
    pub format: String,
    /// The rounds in all (a bracket's once it is seeded; before, as many as the players
    /// registered would make: [`Snapshot::rounds`]).
    pub rounds: u32,
    pub structure: Structure,
    /// The Swiss rounds; the rounds after them are elimination rounds.
    pub swiss_rounds: u32,
    /// The organizer's account name key.
    pub organizer: String,
    pub status: Status,
    /// The round being played (0 before the first).
    pub round: u32,
    pub seed: u64,
    pub public_lists: bool,
    pub created_at: i64,
    /// The no-show rule's grace time, in seconds (0: no rule).
    pub grace_secs: u32,
    /// When the current round was paired (Unix milliseconds; 0 before the first).
    pub round_started_ms: i64,
    pub match_settings: MatchSettings,
    /// A round's length in hours (0: rounds have no deadline).
    pub round_hours: u32,
    /// Unix seconds after which registration is refused.
    pub registration_deadline: Option<i64>,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub entry: usize,
    pub name_key: String,
    pub name: String,
    pub deck: RegisteredDeck,
    pub dropped: bool,
}

/// One pairing as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub round: u32,
    pub table: u32,
    pub a: usize,
    /// `None`: a bye.
    pub b: Option<usize>,
    pub done: bool,
    /// The winning entry; `None` when done is a drawn match.
    pub winner: Option<usize>,
    pub wins: [u8; 2],
    /// The room code of the match, once opened.
    pub room: Option<String>,
    pub match_id: Option<String>,
    /// The match clock left when its last room closed without a result (and whether a
    /// judge had paused it); `None`: the full time.
    pub clock: Option<(std::time::Duration, bool)>,
    /// The round's deadline for this match (Unix milliseconds); `None`: none.
    pub deadline_ms: Option<i64>,
}

impl Match {
    /// As a `ygo-match` pairing (for pairings and standings).
    pub fn pairing(&self) -> Pairing {
        Pairing { round: self.round, table: self.table, a: self.a, b: self.b, winner: self.winner, duel_wins: self.wins, judgment: None }
    }
}

/// Everything about one event.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub event: Event,
    pub players: Vec<Player>,
    pub matches: Vec<Match>,
    /// The judges the organizer named: (name key, display name).
    pub judges: Vec<(String, String)>,
    /// What judges did, oldest first.
    pub log: Vec<LogEntry>,
}

/// One judge action in the event's log (`event_log`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// 1, 2, ... in the order the actions were taken.
    pub seq: u32,
    /// When (Unix milliseconds).
    pub at_ms: i64,
    /// Who: the organizer's or a judge's account name.
    pub judge: String,
    /// What: `watch`, `pause`, `resume`, `add_time`, `award_game`, `award_match`,
    /// `judge_add`, ...
    pub action: String,
    /// The match acted on (`None`: the event itself).
    pub round: Option<u32>,
    pub table: Option<u32>,
    /// What changed, in words ("paused: 2390 s left", "Bea wins the match 1-0").
    pub detail: String,
    /// Why, as the judge wrote it.
    pub reason: String,
}

/// Most time a judge adds at once: 1 hour.
pub const MAX_ADD_SECS: u32 = 3600;

/// Longest reason a judge writes, in characters.
pub const REASON_MAX: usize = 300;

/// A judge's reason, cleaned like a chat line (no control or text-direction characters).
pub fn clean_reason(text: &str) -> String {
    text.chars().filter(|c| !c.is_control() && !crate::db::bidi_control(*c)).take(REASON_MAX).collect::<String>().trim().to_string()
}

/// What a player's match of the current round is, for [`Snapshot::current_match`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub event: String,
    pub round: u32,
    pub table: u32,
    /// The two players' account name keys and entry numbers, in pairing order (A, B).
    pub accounts: [String; 2],
    pub entries: [usize; 2],
    /// How long the opponent of the player who opens the room has left to join it (the
    /// round's grace time, counted from its pairing); `None`: no no-show rule.
    pub grace_left: Option<std::time::Duration>,
    /// The match clock to start from (left, paused) when a room of this pairing ran it
    /// before (a restart); `None`: the full time.
    pub clock: Option<(std::time::Duration, bool)>,
    /// The match length (`None`: the server's).
    pub time: Option<std::time::Duration>,
    /// A duel at time plays to its natural end; equal duel wins at time draw.
    pub natural_end: bool,
    /// The round's deadline (Unix milliseconds): the match clock ends there at the latest.
    pub deadline_ms: Option<i64>,
    /// An elimination round: a drawn match goes to the pairing's A (the higher seed).
    pub elimination: bool,
}

impl Snapshot {
    /// The standings over the finished matches: the Swiss standings, or once a bracket
    /// has begun its order ([`ygo_match::elimination::standings`]).
    pub fn standings(&self) -> Vec<Standing> {
        let done: Vec<Pairing> = self.matches.iter().filter(|m| m.done).map(Match::pairing).collect();
        match self.event.structure {
            Structure::Swiss => ygo_match::swiss::standings_of(&self.names(), &done),
            Structure::DoubleElimination => ygo_match::elimination::double_standings(&self.names(), &done),
            _ => ygo_match::elimination::standings(&self.names(), &done, self.event.swiss_rounds, self.event.rounds),
        }
    }

    /// The player registered under an account, if any.
    pub fn player(&self, name_key: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.name_key == name_key)
    }

    /// Whether an account (its name key) may use the judge tools: the organizer or a
    /// judge the organizer named.
    pub fn is_judge(&self, name_key: &str) -> bool {
        self.event.organizer == name_key || self.judges.iter().any(|(k, _)| k == name_key)
    }

    /// The current round's match of an account that is still to be played.
    pub fn current_match(&self, name_key: &str) -> Option<&Match> {
        let p = self.player(name_key)?;
        self.matches.iter().find(|m| m.round == self.event.round && !m.done && (m.a == p.entry || m.b == Some(p.entry)))
    }

    /// Every match of the current round has its result.
    pub fn round_complete(&self) -> bool {
        self.matches.iter().filter(|m| m.round == self.event.round).all(|m| m.done)
    }

    /// The pairings of the next round ([`ygo_match::swiss::pair_round`]) over the players
    /// who have not dropped.
    pub fn next_pairings(&self) -> Vec<Pairing> {
        let active: Vec<usize> = self.players.iter().filter(|p| !p.dropped).map(|p| p.entry).collect();
        let all: Vec<Pairing> = self.matches.iter().map(Match::pairing).collect();
        ygo_match::swiss::pair_round(&active, self.players.len(), &all, self.event.seed, self.event.round + 1)
    }

    /// Whether round `round` is a Swiss or an elimination round.
    pub fn stage(&self, round: u32) -> Stage {
        if round <= self.event.swiss_rounds {
            Stage::Swiss
        } else {
            Stage::Elimination
        }
    }

    fn active(&self, entry: usize) -> bool {
        self.players.get(entry).is_some_and(|p| !p.dropped)
    }

    /// The rounds in all: stored once the bracket is seeded (or for Swiss only); before,
    /// as many as the players who have not dropped would make.
    pub fn rounds(&self) -> u32 {
        if self.event.structure == Structure::DoubleElimination && self.event.status != Status::Finished && self.event.round > 0 {
            // Not known until the grand final (and its reset) is over: at least this.
            return self.event.rounds.max(self.event.round);
        }
        if self.event.structure == Structure::Swiss || self.event.round > self.event.swiss_rounds {
            return self.event.rounds;
        }
        let players = self.players.iter().filter(|p| !p.dropped).count();
        self.event.structure.total_rounds(self.event.swiss_rounds, players)
    }

    /// The pairings of round `round` (the next one, or the current one again for a
    /// re-pairing) by the event's structure, and the rounds the event has in all then:
    /// a Swiss round by [`ygo_match::swiss::pair_round`]; an elimination round by
    /// [`ygo_match::elimination`] (its first seeded from the Swiss standings for a top
    /// cut, in a seeded random order for a single elimination; later ones from the last
    /// round's winners). Only the rounds before `round` count; dropped players are left out.
    pub fn pairings_of(&self, round: u32) -> Result<(Vec<Pairing>, u32), String> {
        let e = &self.event;
        let before: Vec<Pairing> = self.matches.iter().filter(|m| m.round < round).map(Match::pairing).collect();
        let active: Vec<usize> = self.players.iter().filter(|p| !p.dropped).map(|p| p.entry).collect();
        if self.stage(round) == Stage::Swiss {
            if active.len() < 2 {
                return Err(format!("a round needs at least 2 players who have not dropped ({})", active.len()));
            }
            let rounds = if e.structure == Structure::Swiss { e.rounds } else { self.rounds() };
            return Ok((ygo_match::swiss::pair_round(&active, self.players.len(), &before, e.seed, round), rounds));
        }
        let first = e.swiss_rounds + 1;
        if e.structure == Structure::DoubleElimination && round > first {
            let next = self.next_double(round);
            if next.is_empty() {
                return Err("the double elimination has its champion".into());
            }
            return Ok((next, e.rounds.max(round)));
        }
        if round == first {
            let seeds = match e.structure {
                Structure::SwissTopCut { top } => {
                    let done: Vec<Pairing> = self.matches.iter().filter(|m| m.done && m.round < round).map(Match::pairing).collect();
                    let swiss = ygo_match::swiss::standings_of(&self.names(), &done);
                    ygo_match::elimination::top_cut(&swiss, &|x| self.active(x), top)
                }
                _ => ygo_match::elimination::random_seeds(&active, e.seed),
            };
            if seeds.len() < 2 {
                return Err(format!("a bracket needs at least 2 players who have not dropped ({})", seeds.len()));
            }
            let rounds = e.structure.total_rounds(e.swiss_rounds, seeds.len());
            return Ok((ygo_match::elimination::pair_first(&seeds, round), rounds));
        }
        let of = |r: u32| -> Vec<Pairing> { before.iter().filter(|p| p.round == r).cloned().collect() };
        let next = ygo_match::elimination::pair_next(&of(first), &of(round - 1), &|x| self.active(x), round);
        if next.is_empty() {
            return Err("no player is left in the bracket".into());
        }
        Ok((next, e.rounds))
    }

    /// A double elimination's round `round` (after its first) from the rounds before it
    /// ([`ygo_match::elimination::pair_double`]); empty: the bracket has its champion.
    pub fn next_double(&self, round: u32) -> Vec<Pairing> {
        let before: Vec<Pairing> = self.matches.iter().filter(|m| m.round < round).map(Match::pairing).collect();
        let first: Vec<Pairing> = before.iter().filter(|p| p.round == 1).cloned().collect();
        ygo_match::elimination::pair_double(&first, &before, &|x| self.active(x), round)
    }

    /// Each match's stage, in the order of `matches`: the round's ([`Snapshot::stage`]),
    /// or in a double elimination its bracket's ([`ygo_match::elimination::double_stages`]).
    pub fn match_stages(&self) -> Vec<Stage> {
        if self.event.structure != Structure::DoubleElimination {
            return self.matches.iter().map(|m| self.stage(m.round)).collect();
        }
        let mut order: Vec<usize> = (0..self.matches.len()).collect();
        order.sort_by_key(|&i| (self.matches[i].round, self.matches[i].table));
        let sorted: Vec<Pairing> = order.iter().map(|&i| self.matches[i].pairing()).collect();
        let stages = ygo_match::elimination::double_stages(&sorted);
        let mut out = vec![Stage::Winners; self.matches.len()];
        for (k, &i) in order.iter().enumerate() {
            out[i] = stages[k];
        }
        out
    }

    /// The players as (name, deck name), entry `i` at `i`.
    fn names(&self) -> Vec<(String, String)> {
        self.players.iter().map(|p| (p.name.clone(), p.deck.name.clone())).collect()
    }

    /// The pairings of the current round made again for the matches that have not started
    /// (no room opened, no result; a bye has not started): the players of a started match
    /// keep it. A Swiss round pairs the players of the other pairings who have not
    /// dropped anew (a fresh `seed`), on the tables those pairings free; an elimination
    /// round keeps its bracket: each table that has not started is made again (a player
    /// who dropped leaves a bye). Returns the tables replaced, the new pairings, and the
    /// rounds in all.
    pub fn repairings(&self, seed: u64) -> Result<(Vec<u32>, Vec<Pairing>, u32), String> {
        let round = self.event.round;
        let this: Vec<&Match> = self.matches.iter().filter(|m| m.round == round).collect();
        let started = |m: &Match| m.b.is_some() && (m.done || m.room.is_some());
        let kept: Vec<&Match> = this.iter().copied().filter(|m| started(m)).collect();
        let freed: Vec<u32> = this.iter().filter(|m| !started(m)).map(|m| m.table).collect();
        if freed.is_empty() {
            return Err(format!("round {round} cannot be re-paired: every match of it has started"));
        }
        let in_kept = |x: usize| kept.iter().any(|m| m.a == x || m.b == Some(x));
        if self.stage(round) == Stage::Elimination {
            let (all, rounds) = self.pairings_of(round)?;
            let new: Vec<Pairing> = all.into_iter().filter(|p| freed.contains(&p.table)).collect();
            if let Some(x) = new.iter().flat_map(|p| [Some(p.a), p.b]).flatten().find(|&x| in_kept(x)) {
                let name = &self.players[x].name;
                return Err(format!("round {round} cannot be re-paired: {name} would play two matches of the bracket (one has started)"));
            }
            let rounds = if round == self.event.swiss_rounds + 1 { rounds } else { self.event.rounds };
            return Ok((freed, new, rounds));
        }
        let pool: Vec<usize> =
            this.iter().filter(|m| !started(m)).flat_map(|m| [Some(m.a), m.b]).flatten().filter(|&x| self.active(x) && !in_kept(x)).collect();
        if pool.is_empty() {
            return Err(format!("round {round} cannot be re-paired: no player of its unstarted pairings is left"));
        }
        let before: Vec<Pairing> = self.matches.iter().filter(|m| m.round < round).map(Match::pairing).collect();
        let mut new = ygo_match::swiss::pair_round(&pool, self.players.len(), &before, seed, round);
        let same = |p: &Pairing| this.iter().any(|m| !started(m) && ((m.a, m.b) == (p.a, p.b) || (Some(m.a), Some(p.a)) == (p.b, m.b)));
        if new.iter().all(same) && new.len() == freed.len() {
            return Err(format!("round {round}: its pairings that have not started would stay as they are"));
        }
        // The freed tables in order, the bye last (as pair_round orders them).
        let mut tables = freed.clone();
        tables.sort_unstable();
        for (p, t) in new.iter_mut().zip(tables) {
            p.table = t;
        }
        Ok((freed, new, self.event.rounds))
    }

    /// The public description of the event: players, pairings with results, standings,
    /// and the decklists once the event is finished if the organizer made them public.
    pub fn info(&self) -> EventInfo {
        let lists = self.event.public_lists && self.event.status == Status::Finished;
        let name = |e: usize| self.players.get(e).map_or_else(String::new, |p| p.name.clone());
        let stages = self.match_stages();
        EventInfo {
            id: self.event.id.clone(),
            name: self.event.name.clone(),
            format: self.event.format.clone(),
            rounds: self.rounds(),
            structure: self.event.structure,
            organizer: self.event.organizer.clone(),
            status: self.event.status,
            round: self.event.round,
            grace_seconds: self.event.grace_secs,
            match_settings: self.event.match_settings,
            round_hours: self.event.round_hours,
            registration_deadline: self.event.registration_deadline,
            judges: self.judges.iter().map(|(_, n)| n.clone()).collect(),
            log: self.log.clone(),
            players: self
                .players
                .iter()
                .map(|p| EventPlayerInfo { name: p.name.clone(), dropped: p.dropped, deck: lists.then(|| ydk_text(&p.deck)) })
                .collect(),
            pairings: self
                .matches
                .iter()
                .zip(stages)
                .map(|(m, stage)| EventPairingInfo {
                    round: m.round,
                    stage,
                    table: m.table,
                    a: name(m.a),
                    b: m.b.map(name),
                    done: m.done,
                    winner: m.winner.map(name),
                    wins: m.wins,
                    room: if m.done { None } else { m.room.clone() },
                    match_id: m.match_id.clone(),
                    deadline: m.deadline_ms,
                })
                .collect(),
            standings: self.standings(),
        }
    }
}

/// A deck as `.ydk` text (main, `#extra`, `!side`).
pub fn ydk_text(d: &RegisteredDeck) -> String {
    let mut s = format!("#created by ygo: {}\n#main\n", d.name);
    for part in [&d.main, &d.extra, &d.side] {
        if std::ptr::eq(part, &d.extra) {
            s.push_str("#extra\n");
        } else if std::ptr::eq(part, &d.side) {
            s.push_str("!side\n");
        }
        for c in part.iter() {
            s.push_str(&format!("{c}\n"));
        }
    }
    s
}

/// An event as the protocol and the JSON API show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventInfo {
    pub id: String,
    pub name: String,
    pub format: String,
    /// The rounds in all (Swiss and elimination).
    pub rounds: u32,
    /// Swiss, single or double elimination, or Swiss then a top cut (`{"kind": ...}`).
    pub structure: Structure,
    pub organizer: String,
    pub status: Status,
    pub round: u32,
    /// The no-show rule: seconds after a round's pairing to join its match (0: none).
    pub grace_seconds: u32,
    /// The match rules: `{"preset":"format"|"community"|"official"}`, with `minutes` if
    /// the organizer set the length.
    pub match_settings: MatchSettings,
    /// A round's length in hours (0: no deadline).
    pub round_hours: u32,
    /// Unix seconds after which registration is refused (`None`: until round 1).
    pub registration_deadline: Option<i64>,
    /// The judges the organizer named (the organizer is a judge too).
    pub judges: Vec<String>,
    /// Every judge action: who, when, what, why.
    pub log: Vec<LogEntry>,
    pub players: Vec<EventPlayerInfo>,
    pub pairings: Vec<EventPairingInfo>,
    pub standings: Vec<Standing>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventPlayerInfo {
    pub name: String,
    pub dropped: bool,
    /// The locked list as `.ydk` text: only once the event is finished, and only if the
    /// organizer made the lists public.
    pub deck: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventPairingInfo {
    pub round: u32,
    /// `swiss` or `elimination` (the round's); in a double elimination `winners`,
    /// `losers` or `grand_final` (the bracket's).
    pub stage: Stage,
    pub table: u32,
    pub a: String,
    /// `None`: a bye.
    pub b: Option<String>,
    pub done: bool,
    /// The match winner's name; `None` once done is a draw.
    pub winner: Option<String>,
    pub wins: [u8; 2],
    /// The room the match is being played in (to watch it).
    pub room: Option<String>,
    /// The match's duels (`/api/duels`, their replays) are stored under this id.
    pub match_id: Option<String>,
    /// The round's deadline (Unix milliseconds; `round_hours` after its pairing): a match
    /// not finished by then is decided as at time. `None`: no deadline.
    pub deadline: Option<i64>,
}

/// The grace time an organizer asked for, checked (absent: the default).
pub fn check_grace(grace: Option<u32>) -> Result<u32, String> {
    let g = grace.unwrap_or(DEFAULT_GRACE_SECS);
    if g > MAX_GRACE_SECS {
        return Err(format!("grace_seconds {g}: at most {MAX_GRACE_SECS} (48 hours)"));
    }
    Ok(g)
}

/// Unix milliseconds now.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// Checks an event's name, round count (Swiss rounds; ignored by a single elimination)
/// and structure.
pub fn check_new(name: &str, rounds: u32, structure: Structure) -> Result<String, String> {
    structure.check()?;
    let rounds = if matches!(structure, Structure::SingleElimination | Structure::DoubleElimination) { 1 } else { rounds };
    let n = name.trim();
    if n.is_empty() || n.chars().count() > NAME_MAX {
        return Err(format!("an event name has 1 to {NAME_MAX} characters"));
    }
    if n.chars().any(crate::db::hidden_char) {
        return Err("an event name has no control, invisible or text-direction characters".into());
    }
    if !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(format!("rounds {rounds}: 1 to {MAX_ROUNDS}"));
    }
    Ok(n.to_string())
}

/// CSV text of the standings: a header line, then one line per player.
pub fn standings_csv(s: &[Standing]) -> String {
    let mut out = String::from("rank,player,points,wins,losses,draws,byes,omw,oomw,duel_diff\n");
    for l in s {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{:.4},{:.4},{}\n",
            l.rank,
            csv_field(&l.player),
            l.points,
            l.wins,
            l.losses,
            l.draws,
            l.byes,
            l.omw,
            l.oomw,
            l.duel_diff
        ));
    }
    out
}

/// CSV text of the pairings with their results.
pub fn pairings_csv(p: &[EventPairingInfo]) -> String {
    let mut out = String::from("round,table,player_a,player_b,done,winner,wins_a,wins_b\n");
    for m in p {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            m.round,
            m.table,
            csv_field(&m.a),
            m.b.as_deref().map_or_else(|| "(bye)".to_string(), csv_field),
            u8::from(m.done),
            m.winner.as_deref().map_or_else(String::new, csv_field),
            m.wins[0],
            m.wins[1]
        ));
    }
    out
}

/// A CSV field: quoted when it holds a comma, a quote or a line break; a leading `=`, `+`,
/// `-` or `@` is escaped so a spreadsheet does not read it as a formula.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_rounds_are_checked() {
        let swiss = Structure::Swiss;
        assert_eq!(check_new("  Goat Open  ", 5, swiss).unwrap(), "Goat Open");
        assert!(check_new("", 5, swiss).is_err());
        assert!(check_new("x", 0, swiss).unwrap_err().contains("rounds"));
        assert!(check_new("x", MAX_ROUNDS + 1, swiss).is_err());
        assert!(check_new("a\u{202E}b", 3, swiss).is_err());
        assert!(check_new("x", 0, Structure::SingleElimination).is_ok(), "rounds follow from the players");
        assert!(check_new("x", 0, Structure::SwissTopCut { top: 4 }).is_err());
        assert!(check_new("x", 3, Structure::SwissTopCut { top: 6 }).unwrap_err().contains("top cut"));
    }

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("plain"), "plain");
    }

    #[test]
    fn ydk_text_has_the_three_parts() {
        let d = RegisteredDeck { name: "x".into(), main: vec![1, 2], extra: vec![3], side: vec![4] };
        let t = ydk_text(&d);
        assert!(t.contains("#main\n1\n2\n#extra\n3\n!side\n4\n"), "{t}");
    }
}
