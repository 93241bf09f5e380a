//! Players for ygo duels. A player decides from what it may see: `view(player)` and the
//! legal actions (never the hidden state), through one trait.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_core::{Action, View};

/// Something that answers decisions.
pub trait Player {
    /// Picks one of `view.actions` (never empty when called).
    fn decide(&mut self, view: &View) -> Action;
    fn name(&self) -> &'static str;
}

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
    fn name(&self) -> &'static str {
        "random"
    }
}
