//! One match: best of 3 (MATCH-1), who goes first (MATCH-2), siding (MATCH-3), decks reset
//! (MATCH-4), the match clock (MATCH-5) and the time-out judgments (MATCH-6..8).

use std::sync::Arc;
use std::time::Duration;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use ygo_core::pool::CardPool;
use ygo_core::{Duel, DuelSetup, Edition, Player, SetupError, WinReason};

use crate::clock::Clock;
use crate::deck::{side, RegisteredDeck, SideError};
use crate::judge::{Judge, SuddenDeath};
use crate::player::Competitor;
use crate::run::{run_duel, DuelEnd, DuelResult, SlowPlay, TimeBox};

/// Match options. `Default` is the tournament standard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchConfig {
    /// MATCH-5: 40 minutes, including the intervals between duels.
    pub time_limit: Duration,
    /// MATCH-5: an interval (siding, shuffling) should take at most 3 minutes.
    pub interval_limit: Duration,
    /// MATCH-5: thinking time per turn before a slow-play warning.
    pub turn_guideline: Duration,
    /// MATCH-6: extra turns after the turn in which time ran out.
    pub extra_turns: u32,
    /// MATCH-7: turns of the extra duel of judgment 2.
    pub extra_duel_turns: u32,
    /// Community rules instead of MATCH-6..8: a duel in progress when time runs out plays
    /// to its natural end (no extra turns, no judgment), no duel starts after it, and a
    /// match with equal duel wins at time (1-1, 0-0) is a draw (no extra duel).
    #[serde(default)]
    pub natural_end: bool,
    pub edition: Edition,
    pub lp: i32,
    pub seed: u64,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            time_limit: Duration::from_secs(40 * 60),
            interval_limit: Duration::from_secs(3 * 60),
            turn_guideline: Duration::from_secs(3 * 60),
            extra_turns: 3,
            extra_duel_turns: 4,
            natural_end: false,
            edition: Edition::default(),
            lp: 8000,
            seed: 0,
        }
    }
}

/// Who chose first-or-second for a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChosenBy {
    /// The winner of the random choice before duel 1.
    CoinWinner(Player),
    /// The loser of the previous duel.
    Loser(Player),
    /// The player who chose for the previous duel, which was drawn.
    Again(Player),
}

impl ChosenBy {
    pub fn player(self) -> Player {
        match self {
            ChosenBy::CoinWinner(p) | ChosenBy::Loser(p) | ChosenBy::Again(p) => p,
        }
    }
}

/// One duel of a match. Players are the match's sides: `A` is the first deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelRecord {
    pub number: u8,
    pub chosen_by: ChosenBy,
    pub first: Player,
    /// The extra duel of judgment 2 (MATCH-7).
    pub extra_duel: bool,
    pub result: DuelResult,
}

/// The time judgment that decided a match (MATCH-6, MATCH-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Judgment {
    /// 1: time ran out during a duel, decided by the extra turns.
    DuringDuel,
    /// 2: equal duel wins at time: an extra duel.
    ExtraDuel,
    /// 3: time ran out between duels with a lead in duel wins.
    Lead,
}

impl Judgment {
    pub fn number(self) -> u8 {
        match self {
            Judgment::DuringDuel => 1,
            Judgment::ExtraDuel => 2,
            Judgment::Lead => 3,
        }
    }
}

/// A siding request that was refused (the deck stayed as it was).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub player: Player,
    pub before_duel: u8,
    pub error: SideError,
}

/// The result of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchReport {
    pub duels: Vec<DuelRecord>,
    /// `None`: a drawn match.
    pub winner: Option<Player>,
    pub duel_wins: [u8; 2],
    pub judgment: Option<Judgment>,
    /// A card effect won the match ("Victory Dragon").
    pub match_win_effect: bool,
    pub slow_play: Vec<SlowPlay>,
    /// Intervals between duels that took longer than the limit (before duel N).
    pub long_intervals: Vec<u8>,
    pub refusals: Vec<Refusal>,
    /// The match time (on the clock's scale).
    pub elapsed: Duration,
}

impl MatchReport {
    /// The extra turns (MATCH-6) played after time ran out in a duel: 0 to 3 (only one
    /// duel of a match can run out of time; sudden-death turns are not counted).
    pub fn extra_turns(&self) -> u32 {
        self.duels.iter().map(|d| d.result.extra_turns).max().unwrap_or(0)
    }
    pub fn sudden_death(&self) -> bool {
        self.duels.iter().any(|d| d.result.sudden_death)
    }
}

/// MATCH-1: the score of a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: [u8; 2],
    pub duels: u8,
    /// Set once the match is decided by a card effect.
    pub effect_winner: Option<Player>,
}

impl Score {
    /// Records a duel. An effect that wins the match applies only while the match is
    /// still undecided.
    pub fn record(&mut self, winner: Option<Player>, end: DuelEnd) {
        let undecided = !self.decided();
        self.duels += 1;
        if let Some(w) = winner {
            self.wins[w.idx()] += 1;
            if undecided && end == DuelEnd::Engine(WinReason::MatchWinEffect) {
                self.effect_winner = Some(w);
            }
        }
    }
    /// Two duel wins, three duels played, or a match-winning effect.
    pub fn decided(&self) -> bool {
        self.effect_winner.is_some() || self.wins.iter().any(|&w| w >= 2) || self.duels >= 3
    }
    /// The match winner by duel wins (1 win + 2 draws wins; 1-1-1 is a draw).
    pub fn winner(&self) -> Option<Player> {
        if let Some(p) = self.effect_winner {
            return Some(p);
        }
        match self.wins[0].cmp(&self.wins[1]) {
            std::cmp::Ordering::Greater => Some(Player::A),
            std::cmp::Ordering::Less => Some(Player::B),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// Plays one match between two registered decks. Each side's deck starts as registered
/// (MATCH-4); `players[0]` plays `decks[0]` as side `A`.
pub fn play_match(
    pool: &Arc<CardPool>,
    config: &MatchConfig,
    decks: [&RegisteredDeck; 2],
    players: [&mut dyn Competitor; 2],
    clock: &mut dyn Clock,
) -> Result<MatchReport, Vec<SetupError>> {
    let mut players = players;
    let mut current = [decks[0].clone(), decks[1].clone()];
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let start = clock.now();
    let deadline = start + config.time_limit;
    let mut score = Score::default();
    let mut report = MatchReport {
        duels: vec![],
        winner: None,
        duel_wins: [0; 2],
        judgment: None,
        match_win_effect: false,
        slow_play: vec![],
        long_intervals: vec![],
        refusals: vec![],
        elapsed: Duration::ZERO,
    };
    let coin = if rng.random_range(0..2u8) == 0 { Player::A } else { Player::B };
    let mut chooser = ChosenBy::CoinWinner(coin);
    let mut extra_duel = false;
    loop {
        if !extra_duel && score.decided() {
            break;
        }
        let number = score.duels + 1;
        if number > 1 {
            interval(pool, config, number, decks, &mut current, &mut players, clock, &mut report);
            if clock.now() >= deadline {
                // MATCH-7: time ran out between duels.
                if score.winner().is_some() {
                    report.judgment = Some(Judgment::Lead);
                    break;
                }
                if config.natural_end {
                    // Community rules: equal duel wins at time is a drawn match.
                    break;
                }
                extra_duel = true;
            }
        }
        let go_first = players[chooser.player().idx()].go_first(number);
        let first = if go_first { chooser.player() } else { chooser.player().opp() };
        let record = play_one(pool, config, &current, &mut players, clock, deadline, number, chooser, first, extra_duel, &mut rng)?;
        score.record(record.result.winner, record.result.end);
        chooser = match record.result.winner {
            Some(w) => ChosenBy::Loser(w.opp()),
            None => ChosenBy::Again(chooser.player()),
        };
        let timed_out = record.result.time_called;
        report.slow_play.extend(record.result.warnings.iter().cloned());
        report.duels.push(record);
        if extra_duel {
            report.judgment = Some(Judgment::ExtraDuel);
            break;
        }
        if timed_out && score.effect_winner.is_none() && config.natural_end {
            // Community rules: the duel went to its natural end; no duel after it. A lead
            // wins the match, equal duel wins are a draw.
            report.judgment = score.winner().map(|_| Judgment::Lead);
            break;
        }
        if timed_out && score.effect_winner.is_none() {
            // MATCH-6, MATCH-7: no more duels once time is out; a lead wins (judgment 1),
            // equal wins go to an extra duel (judgment 2).
            if score.winner().is_some() {
                report.judgment = Some(Judgment::DuringDuel);
                break;
            }
            extra_duel = true;
        }
    }
    report.winner = score.winner();
    report.match_win_effect = score.effect_winner.is_some();
    report.duel_wins = score.wins;
    report.elapsed = clock.now().saturating_sub(start);
    Ok(report)
}

/// The interval before duel `number`: each side may side (MATCH-3), the clock runs.
#[allow(clippy::too_many_arguments)]
fn interval(
    pool: &CardPool,
    config: &MatchConfig,
    number: u8,
    registered: [&RegisteredDeck; 2],
    current: &mut [RegisteredDeck; 2],
    players: &mut [&mut dyn Competitor; 2],
    clock: &mut dyn Clock,
    report: &mut MatchReport,
) {
    let t0 = clock.now();
    for p in Player::BOTH {
        let req = players[p.idx()].side(number, registered[p.idx()], &current[p.idx()]);
        if req.is_empty() {
            continue;
        }
        match side(pool, &current[p.idx()], number, &req) {
            Ok(deck) => current[p.idx()] = deck,
            Err(error) => report.refusals.push(Refusal { player: p, before_duel: number, error }),
        }
    }
    clock.interval();
    if clock.now().saturating_sub(t0) > config.interval_limit {
        report.long_intervals.push(number);
    }
}

#[allow(clippy::too_many_arguments)]
fn play_one(
    pool: &Arc<CardPool>,
    config: &MatchConfig,
    decks: &[RegisteredDeck; 2],
    players: &mut [&mut dyn Competitor; 2],
    clock: &mut dyn Clock,
    deadline: Duration,
    number: u8,
    chosen_by: ChosenBy,
    first: Player,
    extra_duel: bool,
    rng: &mut ChaCha8Rng,
) -> Result<DuelRecord, Vec<SetupError>> {
    let mut setup = DuelSetup::new(decks[0].duel_list(), decks[1].duel_list(), rng.random());
    setup.edition = config.edition;
    setup.first = first;
    // MATCH-7: the extra duel starts from 8000 LP.
    setup.lp = if extra_duel { 8000 } else { config.lp };
    let duel = Duel::from_setup(pool.clone(), &setup)?;
    let form = SuddenDeath::for_edition(config.edition);
    let lp = [duel.lp(Player::A), duel.lp(Player::B)];
    let judge = if extra_duel { Judge::extra_duel(form, config.extra_duel_turns, lp) } else { Judge::new(form, config.extra_turns, lp, duel.turn()) };
    let mut time = TimeBox { clock, deadline, turn_guideline: config.turn_guideline, duel: number, natural_end: config.natural_end };
    let result = run_duel(duel, players, &mut time, judge);
    Ok(DuelRecord { number, chosen_by, first, extra_duel, result })
}
