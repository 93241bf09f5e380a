//! Players for ygo duels. A player decides from what it may see, through one trait: an
//! [`Observation`] gives `view(player)`, the legal actions and *samples* of the hidden
//! state (duels that player cannot tell from the real one, see
//! [`Duel::determinized`]), never the real duel.
//!
//! - [`RandomPlayer`]: uniform over the legal actions.
//! - [`RulesPlayer`] (`rules`): a fixed rule of thumb on the view, no search.
//! - [`GreedyPlayer`]: one-step look-ahead on sampled duels, scored by [`eval::evaluate`]
//!   (LP, card advantage, board).
//! - [`MctsPlayer`]: information-set Monte Carlo tree search: every iteration samples the
//!   hidden cards, walks a tree of both players' decisions and plays out the rest of the
//!   next turn with a fast heuristic policy.
//! - [`policy::PolicyPlayer`] (`policy:FILE`): a learned policy network read from a
//!   safetensors file, inference in plain Rust (`docs/POLICY.md`); it also guides
//!   [`MctsPlayer`] (`mcts+policy:N:FILE`). `policy` and `mcts+policy:N` play the networks
//!   shipped in `data/` (one per Goat deck, each player the one of its own deck:
//!   [`policy::builtin`], [`policy::pick`]).
//!
//! Omniscient play exists only for tests: [`Observation::omniscient`].

use std::cell::OnceCell;

use ygo_core::{Action, Duel, View};

pub mod eval;
mod greedy;
mod mcts;
pub mod obs;
pub mod policy;
mod random;
mod rules;

pub use greedy::GreedyPlayer;
pub use mcts::{Budget, Guide, MctsPlayer};
pub use random::RandomPlayer;
pub use rules::RulesPlayer;

/// A seat at the table (`ygo_core::Player`, renamed: here `Player` is the trait).
pub use ygo_core::Player as Seat;

/// What the deciding player may use to decide.
pub struct Observation<'a> {
    duel: &'a Duel,
    seat: Seat,
    actions: Vec<Action>,
    view: OnceCell<View>,
    omniscient: bool,
}

impl<'a> Observation<'a> {
    /// The deciding player's observation, or `None` when the duel is over.
    pub fn new(duel: &'a Duel) -> Option<Observation<'a>> {
        Self::with_actions(duel, duel.legal_actions())
    }

    /// As [`Observation::new`], reusing legal actions already listed for this very state.
    pub fn with_actions(duel: &'a Duel, actions: Vec<Action>) -> Option<Observation<'a>> {
        let seat = duel.deciding_player()?;
        Some(Observation { duel, seat, actions, view: OnceCell::new(), omniscient: false })
    }

    /// TEST ONLY: samples are the real duel (the player sees everything).
    pub fn omniscient(duel: &'a Duel) -> Option<Observation<'a>> {
        Self::new(duel).map(|o| Observation { omniscient: true, ..o })
    }

    /// Who decides.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The legal actions (never empty).
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// `view(seat)`: the table as the deciding player sees it.
    pub fn view(&self) -> &View {
        self.view.get_or_init(|| self.duel.view(self.seat))
    }

    /// The passcodes of every card the deciding player owns (its Main and Extra Deck list:
    /// a Side Deck is not in the duel; tokens left out), sorted: what a player knows of its
    /// own cards without their order (MISC-9), the same in every sample.
    pub fn own_cards(&self) -> Vec<u32> {
        let mut v: Vec<u32> =
            self.duel.card_ids().filter(|&c| self.duel.card(c).owner() == self.seat && !self.duel.data(c).is_token()).map(|c| self.duel.data(c).id).collect();
        v.sort_unstable();
        v
    }

    /// A duel the deciding player cannot tell from the real one, the hidden cards dealt
    /// from `seed` (the real duel only for an omniscient observation).
    pub fn sample(&self, seed: u64) -> Duel {
        if self.omniscient {
            let mut d = self.duel.clone();
            d.clear_events();
            d
        } else {
            self.duel.determinized(self.seat, seed)
        }
    }
}

/// Something that answers decisions.
pub trait Player: Send {
    /// Picks one of `view.actions` (never empty when called) from the view alone. The
    /// search players fall back to a rule of thumb here ([`eval::view_choice`]); give them
    /// an [`Observation`] through [`Player::decide_observed`] to let them search.
    fn decide(&mut self, view: &View) -> Action;
    /// Picks one of `obs.actions()` (never empty when called), from the view and samples of
    /// the hidden state.
    fn decide_observed(&mut self, obs: &Observation<'_>) -> Action {
        self.decide(obs.view())
    }
    fn name(&self) -> &'static str;
}

/// The AI players by name, as the command line gives them.
pub const AI_NAMES: [&str; 5] = ["random", "greedy", "mcts", "policy", "mcts+policy"];

/// The AI names [`try_by_name`] knows, for messages.
pub const AI_SYNTAX: &str =
    "random, rules, greedy, mcts, mcts:N, mcts:Nms, policy, policy:FILE, mcts+policy, mcts+policy:N, mcts+policy:N:FILE, mcts+policy+value, mcts+policy+value:N[:FILE]";

/// Builds an AI by name, or `None` (see [`try_by_name`] for the names, and for why a name
/// is refused).
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Player>> {
    try_by_name(name, seed).ok()
}

fn parse_budget(spec: &str) -> Option<Budget> {
    Some(match spec.strip_suffix("ms") {
        Some(ms) => Budget::Millis(ms.parse().ok()?),
        None => Budget::Iterations(spec.parse().ok()?),
    })
}

/// An AI's name, parsed: what [`try_by_name`] builds, and what a host that limits the AIs it
/// runs (the server: no files, a bounded budget) inspects, with one reading of the syntax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiSpec {
    Random,
    /// The fixed rule-based yardstick of the Python league.
    Rules,
    Greedy,
    Mcts(Budget),
    /// A policy network's argmax; `None`: the network shipped with the project.
    Policy(Option<String>),
    /// MCTS guided by a policy network (`None`: the shipped one), its value head at the
    /// leaves when `value_leaf`.
    Guided {
        budget: Budget,
        file: Option<String>,
        value_leaf: bool,
    },
}

impl AiSpec {
    /// Reads a name (see [`try_by_name`]); an unknown one is an error naming it.
    pub fn parse(name: &str) -> Result<AiSpec, String> {
        let unknown = || format!("unknown AI {name:?} ({AI_SYNTAX})");
        Ok(match name {
            "random" => AiSpec::Random,
            "rules" => AiSpec::Rules,
            "greedy" => AiSpec::Greedy,
            "mcts" => AiSpec::Mcts(Budget::default()),
            "policy" => AiSpec::Policy(None),
            "mcts+policy" => AiSpec::Guided { budget: Budget::default(), file: None, value_leaf: false },
            "mcts+policy+value" => AiSpec::Guided { budget: Budget::default(), file: None, value_leaf: true },
            _ => {
                if let Some(file) = name.strip_prefix("policy:") {
                    return Ok(AiSpec::Policy(Some(file.to_string())));
                }
                for (prefix, value_leaf) in [("mcts+policy:", false), ("mcts+policy+value:", true)] {
                    if let Some(rest) = name.strip_prefix(prefix) {
                        let (budget, file) = match rest.split_once(':') {
                            Some((budget, file)) => (budget, Some(file.to_string())),
                            None => (rest, None),
                        };
                        let budget = parse_budget(budget).ok_or_else(unknown)?;
                        return Ok(AiSpec::Guided { budget, file, value_leaf });
                    }
                }
                AiSpec::Mcts(name.strip_prefix("mcts:").and_then(parse_budget).ok_or_else(unknown)?)
            }
        })
    }

    /// The search budget per decision, for the players that search.
    pub fn budget(&self) -> Option<Budget> {
        match self {
            AiSpec::Mcts(b) | AiSpec::Guided { budget: b, .. } => Some(*b),
            _ => None,
        }
    }

    /// The policy file the name gives, if any (without one, a policy player plays the
    /// shipped network).
    pub fn file(&self) -> Option<&str> {
        match self {
            AiSpec::Policy(f) | AiSpec::Guided { file: f, .. } => f.as_deref(),
            _ => None,
        }
    }

    /// The player, seeded; a policy file that cannot be used is an error naming it.
    pub fn build(&self, seed: u64) -> Result<Box<dyn Player>, String> {
        let network = |file: &Option<String>| match file {
            Some(file) => policy::load_cached(file).map(|p| policy::Networks::new(vec![p])),
            None => policy::builtin().map(policy::Networks::new),
        };
        Ok(match self {
            AiSpec::Random => Box::new(RandomPlayer::new(seed)),
            AiSpec::Rules => Box::new(RulesPlayer),
            AiSpec::Greedy => Box::new(GreedyPlayer::new(seed)),
            AiSpec::Mcts(budget) => Box::new(MctsPlayer::new(seed, *budget)),
            AiSpec::Policy(file) => Box::new(policy::PolicyPlayer::new(network(file)?)),
            AiSpec::Guided { budget, file, value_leaf } => Box::new(MctsPlayer::guided(seed, *budget, Guide { nets: network(file)?, value_leaf: *value_leaf })),
        })
    }
}

/// Builds an AI by name: `random`, `greedy`, `mcts`, `mcts:N` for N iterations per
/// decision, `mcts:Nms` for a time budget; `rules`, the fixed rule-based yardstick of the
/// Python league; `policy:FILE`, a policy network's argmax (deterministic: no sampling);
/// `mcts+policy:N:FILE` (or `:Nms:`), MCTS with the network's probabilities as PUCT
/// priors and play-outs at the leaves, `mcts+policy+value:N:FILE` with its value head
/// instead of play-outs (`docs/POLICY.md`). Without `:FILE` (`policy`, `mcts+policy`,
/// `mcts+policy:N`, `mcts+policy+value`, `mcts+policy+value:N`) the network is the one
/// shipped with the project ([`policy::builtin`]). An unknown name, or a policy file that
/// cannot be used (missing, a tensor missing or of the wrong shape, another architecture or
/// observation version), is an error naming it. One reading of the syntax: [`AiSpec`].
pub fn try_by_name(name: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    AiSpec::parse(name)?.build(seed)
}

/// Plays a duel to its end with one player per seat; returns the number of decisions.
pub fn play_out(duel: &mut Duel, players: &mut [Box<dyn Player>; 2]) -> u64 {
    let mut n = 0;
    while let Some(obs) = Observation::new(duel) {
        let a = if obs.actions().len() == 1 { obs.actions()[0] } else { players[obs.seat().idx()].decide_observed(&obs) };
        drop(obs);
        duel.apply_unchecked(a);
        n += 1;
    }
    n
}

/// Plays `duel` to the end with the AIs named (seat A's first), each seeded from `seed` as
/// every league and `ygo.play` seeds them (so the same names and seed play the same duel
/// everywhere): the number of decisions. An unknown name is refused before any move.
pub fn play_by_name(duel: &mut Duel, ais: [&str; 2], seed: u64) -> Result<u64, String> {
    let ai = |name: &str, salt: u64| try_by_name(name, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ salt);
    let mut players = [ai(ais[0], 1)?, ai(ais[1], 2)?];
    Ok(play_out(duel, &mut players))
}

#[cfg(test)]
mod tests;
