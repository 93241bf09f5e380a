//! The greedy player: one-step look-ahead on sampled duels.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_core::{Action, View};

use crate::eval::{advance, evaluate, prior};
use crate::{Observation, Player};

/// Tries every legal action on a few sampled duels, plays on until its next real choice
/// (the opponent passing where it may), and keeps the action with the best mean
/// [`evaluate`]; the rule-of-thumb [`prior`] breaks ties.
pub struct GreedyPlayer {
    rng: ChaCha8Rng,
    /// Sampled duels per decision.
    pub samples: usize,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer { rng: ChaCha8Rng::seed_from_u64(seed), samples: 3 }
    }
}

impl Player for GreedyPlayer {
    fn decide(&mut self, view: &View) -> Action {
        crate::eval::view_choice(view)
    }
    fn decide_observed(&mut self, obs: &Observation<'_>) -> Action {
        let actions = obs.actions();
        if actions.len() == 1 {
            return actions[0];
        }
        let me = obs.seat();
        let samples: Vec<_> = (0..self.samples.max(1)).map(|_| obs.sample(self.rng.random())).collect();
        let mut best = (f64::NEG_INFINITY, actions[0]);
        for &a in actions {
            let mut total = 0.0;
            for s in &samples {
                let mut d = s.clone();
                d.apply_unchecked(a);
                advance(&mut d, me, 400);
                total += evaluate(&d, me);
            }
            let score = total / samples.len() as f64 + prior(&samples[0], &a) * 1e-3;
            if score > best.0 {
                best = (score, a);
            }
        }
        best.1
    }
    fn name(&self) -> &'static str {
        "greedy"
    }
}
