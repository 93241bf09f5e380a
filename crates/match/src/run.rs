//! Running one duel of a match: decisions from the competitors, time from the caller's
//! clock, time-out judgments by the [`Judge`] watching the events between decisions.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use ygo_core::{Duel, Player, WinReason};

use crate::clock::Clock;
use crate::judge::{Judge, Verdict};
use crate::player::Competitor;

/// Why a duel of a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DuelEnd {
    /// The engine ended it (WIN-*).
    Engine(WinReason),
    /// Time: more LP after the extra turns (MATCH-6) or the extra duel's turns (MATCH-7).
    MoreLp,
    /// Sudden death (MATCH-8).
    SuddenDeath,
}

impl DuelEnd {
    pub fn text(self) -> &'static str {
        match self {
            DuelEnd::Engine(WinReason::LifePoints) => "lp",
            DuelEnd::Engine(WinReason::DeckOut) => "deck-out",
            DuelEnd::Engine(WinReason::CardEffect) => "card-effect",
            DuelEnd::Engine(WinReason::MatchWinEffect) => "match-win-effect",
            DuelEnd::Engine(WinReason::Surrender) => "surrender",
            DuelEnd::Engine(WinReason::Bound) => "bound",
            DuelEnd::MoreLp => "time-more-lp",
            DuelEnd::SuddenDeath => "sudden-death",
        }
    }

    /// How the duel ended in words, after "X wins" or "draw": "on life points".
    pub fn words(self) -> &'static str {
        match self {
            DuelEnd::Engine(WinReason::LifePoints) => "on life points",
            DuelEnd::Engine(WinReason::DeckOut) => "by deck-out",
            DuelEnd::Engine(WinReason::CardEffect) => "by a card effect",
            DuelEnd::Engine(WinReason::MatchWinEffect) => "by a card effect that wins the match",
            DuelEnd::Engine(WinReason::Surrender) => "by surrender",
            DuelEnd::Engine(WinReason::Bound) => "at the turn bound",
            DuelEnd::MoreLp => "on life points when time ran out",
            DuelEnd::SuddenDeath => "in sudden death",
        }
    }
}

/// A slow-play warning (MATCH-5): a player thought longer than the guideline in a turn.
/// Never a loss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlowPlay {
    pub duel: u8,
    pub turn: u32,
    pub player: Player,
    pub seconds: u64,
}

/// How a duel ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelResult {
    pub winner: Option<Player>,
    pub end: DuelEnd,
    /// The last turn played.
    pub turns: u32,
    /// The match clock ran out during this duel.
    pub time_called: bool,
    /// The turn in which it ran out.
    pub time_called_turn: Option<u32>,
    /// LP at the end (for a time verdict: the LP it was judged on).
    pub lp: [i32; 2],
    /// Turns started after the turn in which time ran out.
    pub extra_turns: u32,
    pub sudden_death: bool,
    pub warnings: Vec<SlowPlay>,
    /// Answers the engine refused (the first legal action was played instead).
    pub refused_answers: u32,
}

/// The match clock as one duel sees it.
pub struct TimeBox<'a> {
    pub clock: &'a mut dyn Clock,
    /// When the match time runs out (on the clock's scale).
    pub deadline: Duration,
    /// MATCH-5: thinking time per turn before a slow-play warning.
    pub turn_guideline: Duration,
    /// Number of this duel in the match (for warnings).
    pub duel: u8,
    /// Time called plays the duel to its natural end (no MATCH-6 extra turns).
    pub natural_end: bool,
}

/// Plays `duel` to its end. `judge` decides time-outs (a fresh [`Judge`] for a normal
/// duel, [`Judge::extra_duel`] for judgment 2). Decisions with a single legal action are
/// answered without asking and cost no time.
pub fn run_duel(mut duel: Duel, players: &mut [&mut dyn Competitor; 2], time: &mut TimeBox, mut judge: Judge) -> DuelResult {
    let mut res = DuelResult {
        winner: None,
        end: DuelEnd::Engine(WinReason::Bound),
        turns: duel.turn(),
        time_called: judge.stage != crate::judge::Stage::Running,
        time_called_turn: None,
        lp: judge.lp(),
        extra_turns: 0,
        sudden_death: false,
        warnings: vec![],
        refused_answers: 0,
    };
    let mut seen = 0;
    let mut thought = [Duration::ZERO; 2];
    let mut thought_turn = duel.turn();
    let verdict = loop {
        if let Some(v) = scan(&duel, &mut seen, &mut judge) {
            break Some(v);
        }
        let Some(p) = duel.deciding_player() else { break None };
        if !res.time_called && time.clock.now() >= time.deadline {
            res.time_called = true;
            res.time_called_turn = Some(judge.turn());
            if !time.natural_end {
                judge.time_up();
            }
        }
        let legal = duel.legal_actions();
        let action = if legal.len() == 1 {
            legal[0]
        } else {
            let t0 = time.clock.now();
            let obs = ygo_ai::Observation::with_actions(&duel, legal.clone()).expect("a player is deciding");
            let a = players[p.idx()].decide_observed(&obs);
            time.clock.decided();
            if duel.turn() != thought_turn {
                thought_turn = duel.turn();
                thought = [Duration::ZERO; 2];
            }
            let before = thought[p.idx()];
            thought[p.idx()] += time.clock.now().saturating_sub(t0);
            if before <= time.turn_guideline && thought[p.idx()] > time.turn_guideline {
                res.warnings.push(SlowPlay { duel: time.duel, turn: duel.turn(), player: p, seconds: thought[p.idx()].as_secs() });
            }
            a
        };
        if duel.apply(p, action).is_err() {
            res.refused_answers += 1;
            duel.apply_unchecked(legal[0]);
        }
    };
    res.extra_turns = judge.extra_turns_played;
    res.sudden_death = judge.sudden_death;
    match verdict {
        Some(v) => {
            res.winner = Some(v.winner());
            res.end = match v {
                Verdict::MoreLp(_) => DuelEnd::MoreLp,
                Verdict::SuddenDeath(_) => DuelEnd::SuddenDeath,
            };
            res.turns = judge.turn();
            res.lp = judge.lp();
        }
        None => {
            let o = duel.outcome().expect("a duel with no deciding player is over");
            res.winner = o.winner;
            res.end = DuelEnd::Engine(o.reason);
            res.turns = duel.turn();
            res.lp = [duel.lp(Player::A), duel.lp(Player::B)];
        }
    }
    res
}

/// Feeds the new events to the judge; a natural end of the duel comes first only if it
/// happened before the judge's verdict.
fn scan(duel: &Duel, seen: &mut usize, judge: &mut Judge) -> Option<Verdict> {
    let events = duel.events();
    while *seen < events.len() {
        let ev = &events[*seen];
        *seen += 1;
        if matches!(ev, ygo_core::Event::DuelEnded { .. }) {
            return None;
        }
        if let Some(v) = judge.observe(ev) {
            return Some(v);
        }
    }
    judge.settle()
}
