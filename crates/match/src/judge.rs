//! Time-out judgments inside a duel (MATCH-6, MATCH-8), judged by watching the duel's
//! events between decisions: turn starts end the previous turn, `LpChanged` is every LP
//! change (damage, gains and LP paid as a cost alike).

use serde::{Deserialize, Serialize};
use ygo_core::{Edition, Event, Player};

/// The two forms of sudden death (MATCH-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SuddenDeath {
    /// Before 2020: the duel ends at the first moment the LP differ after a change.
    FirstChange,
    /// Master Rule 2020: at the end of a turn in which LP changed, more LP wins.
    EndOfTurn,
}

impl SuddenDeath {
    pub fn for_edition(e: Edition) -> SuddenDeath {
        if e.sudden_death_at_end_of_turn() {
            SuddenDeath::EndOfTurn
        } else {
            SuddenDeath::FirstChange
        }
    }
}

/// Where the judgment stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Time has not run out.
    Running,
    /// Time ran out during `turn`: finish it (MATCH-6).
    Finishing { turn: u32 },
    /// Extra turns until the end of turn `last`, then more LP wins.
    ExtraTurns { last: u32 },
    /// Equal LP after the extra turns: sudden death (MATCH-8).
    SuddenDeath { lp_changed: bool },
}

/// How the judge ended a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// More LP at the end of the extra turns (MATCH-6, MATCH-7).
    MoreLp(Player),
    /// Sudden death (MATCH-8).
    SuddenDeath(Player),
}

impl Verdict {
    pub fn winner(self) -> Player {
        match self {
            Verdict::MoreLp(p) | Verdict::SuddenDeath(p) => p,
        }
    }
}

/// Watches one duel's events and decides when time rules end it.
#[derive(Clone, Debug)]
pub struct Judge {
    pub stage: Stage,
    form: SuddenDeath,
    extra_turns: u32,
    lp: [i32; 2],
    turn: u32,
    /// Extra turns (MATCH-6) started after the turn in which time ran out: 0 to
    /// `extra_turns`.
    pub extra_turns_played: u32,
    pub sudden_death: bool,
    /// An LP change not yet judged (first-change sudden death judges at the end of a batch).
    pending_change: bool,
}

impl Judge {
    /// A judge for a normal duel: `extra_turns` (3 by MATCH-6) once time runs out.
    pub fn new(form: SuddenDeath, extra_turns: u32, lp: [i32; 2], turn: u32) -> Judge {
        Judge { stage: Stage::Running, form, extra_turns, lp, turn, extra_turns_played: 0, sudden_death: false, pending_change: false }
    }

    /// The extra duel of judgment 2 (MATCH-7): `turns` turns, then more LP wins.
    pub fn extra_duel(form: SuddenDeath, turns: u32, lp: [i32; 2]) -> Judge {
        let mut j = Judge::new(form, 0, lp, 1);
        j.stage = Stage::ExtraTurns { last: turns };
        j
    }

    /// A duel already in sudden death (tests and resumed positions).
    pub fn sudden_death(form: SuddenDeath, lp: [i32; 2], turn: u32) -> Judge {
        let mut j = Judge::new(form, 0, lp, turn);
        j.stage = Stage::SuddenDeath { lp_changed: false };
        j.sudden_death = true;
        j
    }

    /// The turn being played, as the events tell it (after a verdict at a turn's end:
    /// that turn).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// LP as the events tell it (at the moment of a verdict: the judged LP).
    pub fn lp(&self) -> [i32; 2] {
        self.lp
    }

    /// The match clock ran out during the current turn.
    pub fn time_up(&mut self) {
        if self.stage == Stage::Running {
            self.stage = Stage::Finishing { turn: self.turn };
        }
    }

    fn more_lp(&self) -> Option<Player> {
        match self.lp[0].cmp(&self.lp[1]) {
            std::cmp::Ordering::Greater => Some(Player::A),
            std::cmp::Ordering::Less => Some(Player::B),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Feeds one event, in order. Returns a verdict when the duel ends by time rules.
    pub fn observe(&mut self, ev: &Event) -> Option<Verdict> {
        match *ev {
            Event::LpChanged { player, to, .. } => {
                self.lp[player.idx()] = to;
                if let Stage::SuddenDeath { lp_changed } = &mut self.stage {
                    *lp_changed = true;
                    self.pending_change = true;
                }
                None
            }
            Event::TurnStarted { turn, .. } => {
                // The moment before a new turn is the end of the previous one.
                if let Some(v) = self.settle() {
                    return Some(v);
                }
                let v = self.turn_ended();
                if v.is_some() {
                    return v;
                }
                self.turn = turn;
                // MATCH-6: one of the (3) extra turns starts; sudden-death turns and the
                // turns of the extra duel (MATCH-7) are not extra turns.
                if matches!(self.stage, Stage::ExtraTurns { .. }) && self.extra_turns_played < self.extra_turns {
                    self.extra_turns_played += 1;
                }
                v
            }
            _ => None,
        }
    }

    /// The end of a batch of events (one decision's worth): first-change sudden death
    /// judges here, so an equal change to both players ends nothing.
    pub fn settle(&mut self) -> Option<Verdict> {
        if !std::mem::take(&mut self.pending_change) || self.form != SuddenDeath::FirstChange {
            return None;
        }
        self.more_lp().map(Verdict::SuddenDeath)
    }

    /// The end of turn `self.turn`.
    fn turn_ended(&mut self) -> Option<Verdict> {
        match self.stage {
            Stage::Running => None,
            Stage::Finishing { turn } if turn == self.turn => {
                // MATCH-6: the extra turns start with the other player's turn, the next one.
                if self.extra_turns == 0 {
                    return self.judge_lp();
                }
                self.stage = Stage::ExtraTurns { last: self.turn + self.extra_turns };
                None
            }
            Stage::Finishing { .. } => None,
            Stage::ExtraTurns { last } if self.turn >= last => self.judge_lp(),
            Stage::ExtraTurns { .. } => None,
            Stage::SuddenDeath { lp_changed } => {
                self.stage = Stage::SuddenDeath { lp_changed: false };
                if lp_changed && self.form == SuddenDeath::EndOfTurn {
                    self.more_lp().map(Verdict::SuddenDeath)
                } else {
                    None
                }
            }
        }
    }

    fn judge_lp(&mut self) -> Option<Verdict> {
        match self.more_lp() {
            Some(p) => Some(Verdict::MoreLp(p)),
            None => {
                self.stage = Stage::SuddenDeath { lp_changed: false };
                self.sudden_death = true;
                None
            }
        }
    }
}
