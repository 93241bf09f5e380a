//! Information-set Monte Carlo tree search (single observer): every iteration deals the
//! hidden cards again ([`Observation::sample`]), walks one tree of both players' real
//! decisions (an edge is an action; it is selectable only in samples where it is legal,
//! UCB counting how often it was available), expands one new edge, plays the rest out with
//! a fast heuristic policy up to the end of the next turn, and scores the result.
//!
//! Guided by a policy network ([`Guide`], `mcts+policy:N:FILE`): every node keeps the
//! network's probabilities of its actions (in the sample that first reached it), and the
//! walk picks by PUCT, `Q + C * P(a) * sqrt(N) / (1 + n(a))`, over all the actions legal
//! in the sample (an action new to the node is its expansion); the leaf is scored by the
//! play-out, or by the network's value head (`mcts+policy+value:N:FILE`).

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_core::{Action, Duel, Player as Seat, View};

use crate::eval::{advance, evaluate, prior, WIN};
use crate::policy::Networks;
use crate::{Observation, Player};

/// How much search one decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Iterations (sampled duels) per decision: deterministic for a given seed.
    Iterations(u32),
    /// Wall-clock milliseconds per decision.
    Millis(u64),
}

impl Default for Budget {
    /// The default budget `ygo sim --ai mcts` and `ygo duel --vs mcts` use.
    fn default() -> Budget {
        Budget::Iterations(DEFAULT_ITERATIONS)
    }
}

/// Iterations per decision of the default budget.
pub const DEFAULT_ITERATIONS: u32 = 200;

const NONE: u32 = u32::MAX;
/// UCB exploration constant (rewards are in 0..1, and squashed evaluations of sensible
/// moves differ by a few hundredths: a larger constant spreads the visits evenly).
const EXPLORE: f64 = 0.3;
/// Decisions a play-out may take before it is scored.
const PLAYOUT_STEPS: usize = 3_000;
/// Scale of the squashing of an evaluation into a reward.
const EVAL_SCALE: f64 = 2_500.0;
/// Root edges start with this many virtual visits worth the one-step look-ahead's score
/// (the greedy player's evaluation), so the search refines that judgement instead of
/// spending its first iterations on plainly bad moves.
const ROOT_PRIOR_VISITS: f64 = 8.0;
/// Sampled duels for that look-ahead.
const ROOT_PRIOR_SAMPLES: usize = 3;
/// PUCT's exploration constant with a policy's priors (untuned: rewards are in 0..1 and the
/// prior should lead at small budgets).
const C_PUCT: f64 = 0.5;

/// A policy network guiding the search.
#[derive(Clone)]
pub struct Guide {
    /// The network (of those held, the one for the player's own deck) whose probabilities
    /// are the priors of every node, both players' alike.
    pub nets: Networks,
    /// Score leaves by the value head instead of a play-out.
    pub value_leaf: bool,
}

struct Edge {
    action: Action,
    child: u32,
    visits: u32,
    /// Summed reward from the point of view of the node's player.
    reward: f64,
    /// Iterations in which this edge was legal (ISMCTS availability count).
    avail: u32,
}

struct Node {
    player: Seat,
    edges: Vec<Edge>,
    /// The policy's probability of each action legal where the node was made (guided
    /// search only; an action missing here gets a uniform share).
    priors: Vec<(Action, f32)>,
}

/// An evaluation (for the player who gets it) as a reward in 0..1.
fn reward(e: f64) -> f64 {
    if e.abs() >= WIN {
        return if e > 0.0 { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + (-e / EVAL_SCALE).exp())
}

/// The search player.
pub struct MctsPlayer {
    rng: ChaCha8Rng,
    pub budget: Budget,
    guide: Option<Guide>,
}

impl MctsPlayer {
    pub fn new(seed: u64, budget: Budget) -> MctsPlayer {
        MctsPlayer { rng: ChaCha8Rng::seed_from_u64(seed), budget, guide: None }
    }

    /// The search guided by a policy network (PUCT priors, optionally its value at leaves).
    pub fn guided(seed: u64, budget: Budget, guide: Guide) -> MctsPlayer {
        MctsPlayer { guide: Some(guide), ..MctsPlayer::new(seed, budget) }
    }

    /// The policy's probabilities of `actions` (the legal actions of `d`), if guided.
    fn priors(&self, d: &Duel, actions: &[Action]) -> Vec<(Action, f32)> {
        match &self.guide {
            Some(g) => g.nets.current().evaluate_duel(d).map_or_else(Vec::new, |(p, _)| actions.iter().copied().zip(p).collect()),
            None => Vec::new(),
        }
    }

    /// The leaf's reward for `me` by the value head, when guided so.
    fn leaf_value(&self, d: &Duel, me: Seat, horizon: u32) -> Option<f64> {
        let g = self.guide.as_ref().filter(|g| g.value_leaf)?;
        if d.is_over() || d.turn() >= horizon {
            return None;
        }
        let p = d.deciding_player()?;
        let (_, v) = g.nets.current().evaluate_duel(d)?;
        let r = (v as f64 + 1.0) / 2.0;
        Some(if p == me { r } else { 1.0 - r })
    }

    /// PUCT over the actions legal here: the index of the chosen edge, and whether it is new.
    fn puct(n: &mut Node, actions: &[Action]) -> (usize, bool) {
        let legal = |e: &&Edge| actions.contains(&e.action);
        let total: f64 = n.edges.iter().filter(legal).map(|e| e.visits as f64).sum();
        let (q_sum, q_n) = n.edges.iter().filter(legal).filter(|e| e.visits > 0).fold((0.0, 0.0), |(s, k), e| (s + e.reward / e.visits as f64, k + 1.0));
        // First-play urgency: an unvisited action counts as the mean of the visited ones.
        let fpu = if q_n > 0.0 { q_sum / q_n } else { 0.5 };
        let uniform = 1.0 / actions.len() as f64;
        let mut best = (f64::NEG_INFINITY, actions[0]);
        for &a in actions {
            let p = n.priors.iter().find(|(b, _)| *b == a).map_or(uniform, |&(_, p)| p as f64);
            let (q, v) = match n.edges.iter().find(|e| e.action == a) {
                Some(e) if e.visits > 0 => (e.reward / e.visits as f64, e.visits as f64),
                _ => (fpu, 0.0),
            };
            let score = q + C_PUCT * p * (total + 1.0).sqrt() / (1.0 + v);
            if score > best.0 {
                best = (score, a);
            }
        }
        match n.edges.iter().position(|e| e.action == best.1) {
            Some(i) => (i, false),
            None => {
                n.edges.push(Edge { action: best.1, child: NONE, visits: 0, reward: 0.0, avail: 1 });
                (n.edges.len() - 1, true)
            }
        }
    }

    /// Fast play-out policy: the rule-of-thumb prior with a little noise.
    fn policy(&mut self, d: &Duel, actions: &[Action]) -> Action {
        if self.rng.random_range(0..10) == 0 {
            return actions[self.rng.random_range(0..actions.len())];
        }
        let mut best = (f64::NEG_INFINITY, actions[0]);
        for &a in actions {
            let s = prior(d, &a) + self.rng.random_range(0.0..4.0);
            if s > best.0 {
                best = (s, a);
            }
        }
        best.1
    }

    /// Plays `d` on until the turn `horizon` starts (or the duel ends); the reward for
    /// `me` in 0..1.
    fn playout(&mut self, d: &mut Duel, me: Seat, horizon: u32) -> f64 {
        // One buffer for the whole playout: listing allocates nothing.
        let mut actions = Vec::new();
        for _ in 0..PLAYOUT_STEPS {
            if d.is_over() || d.turn() >= horizon {
                break;
            }
            d.legal_actions_into(&mut actions);
            let a = if actions.len() == 1 { actions[0] } else { self.policy(d, &actions) };
            d.apply_unchecked(a);
        }
        reward(evaluate(d, me))
    }

    /// One iteration on a fresh sample; grows the tree by at most one node.
    fn iterate(&mut self, tree: &mut Vec<Node>, mut d: Duel, me: Seat, horizon: u32) {
        let mut path: Vec<(u32, usize)> = Vec::new();
        let mut node = 0u32;
        let mut expanded = false;
        loop {
            if d.is_over() || d.turn() >= horizon {
                break;
            }
            let actions = d.legal_actions();
            if actions.len() == 1 {
                d.apply_unchecked(actions[0]);
                continue;
            }
            if node == NONE {
                let player = d.deciding_player().unwrap_or(me);
                let priors = self.priors(&d, &actions);
                tree.push(Node { player, edges: Vec::new(), priors });
                node = tree.len() as u32 - 1;
                if let Some(&(parent, e)) = path.last() {
                    tree[parent as usize].edges[e].child = node;
                }
            }
            let n = &mut tree[node as usize];
            let mut untried = Vec::new();
            for &a in &actions {
                match n.edges.iter_mut().find(|e| e.action == a) {
                    Some(e) => e.avail += 1,
                    None => untried.push(a),
                }
            }
            let edge = if self.guide.is_some() {
                let (i, new) = Self::puct(n, &actions);
                expanded = new;
                i
            } else if !untried.is_empty() && !expanded {
                // The most promising untried action first (the prior, a little noise).
                let mut a = untried[0];
                let mut best = f64::NEG_INFINITY;
                for &u in &untried {
                    let s = prior(&d, &u) + self.rng.random_range(0.0..4.0);
                    if s > best {
                        best = s;
                        a = u;
                    }
                }
                n.edges.push(Edge { action: a, child: NONE, visits: 0, reward: 0.0, avail: 1 });
                expanded = true;
                n.edges.len() - 1
            } else if !untried.is_empty() {
                // Already expanded this iteration: the rest is the play-out.
                break;
            } else {
                let mut best = (f64::NEG_INFINITY, 0);
                for (i, e) in n.edges.iter().enumerate() {
                    if !actions.contains(&e.action) {
                        continue;
                    }
                    let v = e.visits.max(1) as f64;
                    let ucb = e.reward / v + EXPLORE * ((e.avail.max(1) as f64).ln() / v).sqrt();
                    if ucb > best.0 {
                        best = (ucb, i);
                    }
                }
                best.1
            };
            let e = &n.edges[edge];
            let (action, child) = (e.action, e.child);
            path.push((node, edge));
            d.apply_unchecked(action);
            node = child;
            if expanded {
                break;
            }
        }
        let r = match self.leaf_value(&d, me, horizon) {
            Some(r) => r,
            None => self.playout(&mut d, me, horizon),
        };
        for (n, e) in path {
            let node = &mut tree[n as usize];
            let edge = &mut node.edges[e];
            edge.visits += 1;
            edge.reward += if node.player == me { r } else { 1.0 - r };
        }
    }
}

impl MctsPlayer {
    /// The root's edges, each with virtual visits worth the one-step look-ahead's score.
    fn root_edges(&mut self, obs: &Observation<'_>, me: Seat, first: &Duel) -> Vec<Edge> {
        let mut samples = vec![first.clone()];
        samples.extend((1..ROOT_PRIOR_SAMPLES).map(|_| obs.sample(self.rng.random())));
        obs.actions()
            .iter()
            .map(|&a| {
                let mut r = 0.0;
                for s in &samples {
                    let mut d = s.clone();
                    d.apply_unchecked(a);
                    advance(&mut d, me, 400);
                    r += reward(evaluate(&d, me));
                }
                let r = r / samples.len() as f64;
                Edge { action: a, child: NONE, visits: ROOT_PRIOR_VISITS as u32, reward: r * ROOT_PRIOR_VISITS, avail: ROOT_PRIOR_VISITS as u32 }
            })
            .collect()
    }
}

impl Player for MctsPlayer {
    fn decide(&mut self, view: &View) -> Action {
        crate::eval::view_choice(view)
    }
    fn decide_observed(&mut self, obs: &Observation<'_>) -> Action {
        let actions = obs.actions();
        if actions.len() == 1 {
            return actions[0];
        }
        let me = obs.seat();
        if let Some(g) = &mut self.guide {
            g.nets.for_player(obs);
        }
        let first = obs.sample(self.rng.random());
        // Search to the start of this player's next turn (through the opponent's reply).
        let horizon = if first.turn_player() == me { first.turn() + 2 } else { first.turn() + 1 };
        let root = match &self.guide {
            // The network's priors from the real observation (a function of the view).
            Some(_) => Node { player: me, edges: Vec::new(), priors: self.priors(obs.duel, actions) },
            None => Node { player: me, edges: self.root_edges(obs, me, &first), priors: Vec::new() },
        };
        let mut tree = vec![root];
        let start = Instant::now();
        let mut i = 0u32;
        let mut next = Some(first);
        loop {
            let done = match self.budget {
                Budget::Iterations(n) => i >= n.max(1),
                Budget::Millis(ms) => i > 0 && start.elapsed() >= Duration::from_millis(ms),
            };
            if done {
                break;
            }
            let d = next.take().unwrap_or_else(|| obs.sample(self.rng.random()));
            self.iterate(&mut tree, d, me, horizon);
            i += 1;
        }
        let root = &tree[0];
        root.edges
            .iter()
            .filter(|e| actions.contains(&e.action))
            .max_by(|a, b| a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward)))
            .filter(|e| e.visits > 0)
            .map_or(actions[0], |e| e.action)
    }
    fn name(&self) -> &'static str {
        if self.guide.is_some() {
            "mcts+policy"
        } else {
            "mcts"
        }
    }
}
