//! `ygo-match`: matches and tournaments over ygo duels, by the `MATCH-*` clauses of
//! RULES.md: best of 3, first-or-second choice, siding, the match clock with extra turns,
//! the extra duel and both forms of sudden death, Swiss tournaments, and a rated league of AIs.
//!
//! The engine has no clock: time comes from a [`Clock`] the caller provides (a
//! [`RealClock`] for people, a [`VirtualClock`] for AI games and tests). The driver plays
//! each duel through the core's public API and judges time-outs by watching the duel's
//! events between decisions (turn starts, LP changes including LP paid as a cost).

pub mod clock;
pub mod deck;
pub mod elimination;
pub mod judge;
pub mod league;
pub mod play;
pub mod player;
pub mod run;
pub mod swiss;

pub use clock::{Clock, RealClock, VirtualClock};
pub use deck::{side, RegisteredDeck, SideError, SideRequest};
pub use judge::{Judge, SuddenDeath, Verdict};
pub use play::{play_match, ChosenBy, DuelRecord, Judgment, MatchConfig, MatchReport, Score};
pub use player::{ai_player, AiCompetitor, Competitor, UnknownAi, AI_NAMES};
pub use run::{run_duel, DuelEnd, DuelResult, SlowPlay, TimeBox};

#[cfg(test)]
mod tests;
