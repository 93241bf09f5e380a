//! Replays: `(setup, actions)` reproduce every event (the seed is part of the setup).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::action::{Action, Rejected};
use crate::pool::CardPool;
use crate::setup::{DuelSetup, SetupError};
use crate::state::Duel;
use crate::types::Player;

/// A recorded duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    pub setup: DuelSetup,
    pub actions: Vec<(Player, Action)>,
}

/// Why a replay could not be played back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("invalid setup: {0:?}")]
    Setup(Vec<SetupError>),
    #[error("action {index} was rejected: {error}")]
    Rejected { index: usize, error: Rejected },
}

impl Replay {
    /// Plays the replay from its setup and returns the final duel.
    pub fn play(&self, pool: Arc<CardPool>) -> Result<Duel, ReplayError> {
        let mut d = Duel::from_setup(pool, &self.setup).map_err(ReplayError::Setup)?;
        for (i, (p, a)) in self.actions.iter().enumerate() {
            d.apply(*p, *a).map_err(|error| ReplayError::Rejected { index: i, error })?;
        }
        Ok(d)
    }
}
