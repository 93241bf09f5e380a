//! Who plays a match: [`Competitor`] (decisions, the first-or-second choice, siding) and
//! AI players by name.

use ygo_core::{Action, View};

use crate::deck::{RegisteredDeck, SideRequest};

/// A match participant. Decisions see only `view(player)` and the legal actions in it.
pub trait Competitor {
    fn name(&self) -> &str;
    /// Picks one of `view.actions` (never empty when called).
    fn decide(&mut self, view: &View) -> Action;
    /// Picks one of `obs.actions()`; search players sample the hidden state through it
    /// (never the real duel). Defaults to [`Competitor::decide`] on the view.
    fn decide_observed(&mut self, obs: &ygo_ai::Observation<'_>) -> Action {
        self.decide(obs.view())
    }
    /// MATCH-2: asked before hands are drawn (so it sees no hand): go first?
    fn go_first(&mut self, _duel: u8) -> bool {
        true
    }
    /// MATCH-3: swaps wanted before `next_duel` (2 or 3), given the registered deck and
    /// the deck as it stands.
    fn side(&mut self, _next_duel: u8, _registered: &RegisteredDeck, _current: &RegisteredDeck) -> SideRequest {
        SideRequest::default()
    }
}

/// The AI players this crate can build by name.
pub const AI_NAMES: &[&str] = &ygo_ai::AI_NAMES;

/// An unknown AI name, with the names that exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown AI {name:?} (known: {})", AI_NAMES.join(", "))]
pub struct UnknownAi {
    pub name: String,
}

/// Builds an AI player by name, seeded.
pub fn ai_player(name: &str, seed: u64) -> Result<Box<dyn ygo_ai::Player>, UnknownAi> {
    // Names are case-blind, but for a policy file's path (`policy:FILE`), tried as given first.
    ygo_ai::by_name(name.trim(), seed)
        .or_else(|| ygo_ai::by_name(name.trim().to_ascii_lowercase().as_str(), seed))
        .ok_or_else(|| UnknownAi { name: name.to_string() })
}

/// An AI player as a match competitor: goes first when it chooses, never sides.
pub struct AiCompetitor {
    label: String,
    ai: Box<dyn ygo_ai::Player>,
}

impl AiCompetitor {
    pub fn new(label: impl Into<String>, ai: Box<dyn ygo_ai::Player>) -> AiCompetitor {
        AiCompetitor { label: label.into(), ai }
    }
    /// `ai_player(name, seed)` under `label`.
    pub fn by_name(label: impl Into<String>, name: &str, seed: u64) -> Result<AiCompetitor, UnknownAi> {
        Ok(AiCompetitor::new(label, ai_player(name, seed)?))
    }
}

impl Competitor for AiCompetitor {
    fn name(&self) -> &str {
        &self.label
    }
    fn decide(&mut self, view: &View) -> Action {
        self.ai.decide(view)
    }
    fn decide_observed(&mut self, obs: &ygo_ai::Observation<'_>) -> Action {
        self.ai.decide_observed(obs)
    }
}
