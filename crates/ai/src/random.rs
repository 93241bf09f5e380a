//! The uniform random player.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_core::{Action, View};

use crate::{Observation, Player};

/// Uniform over the legal actions.
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
    /// Picks uniformly from a slice of actions (the fast path used by self-play).
    pub fn pick(&mut self, actions: &[Action]) -> Action {
        actions[self.rng.random_range(0..actions.len())]
    }
}

impl Player for RandomPlayer {
    fn decide(&mut self, view: &View) -> Action {
        view.actions[self.rng.random_range(0..view.actions.len())].0
    }
    /// The same choice as `decide` on the same state (view actions are listed in the order
    /// of the legal actions), without building the view.
    fn decide_observed(&mut self, obs: &Observation<'_>) -> Action {
        self.pick(obs.actions())
    }
    fn name(&self) -> &'static str {
        "random"
    }
}
