//! The batched environment: N duels stepped together in Rust, writing observations
//! straight into caller-owned arrays (numpy buffers from Python, with the GIL released),
//! finished duels started again at once.
//!
//! One env step is one *real* decision of a learner: decisions with a single legal action
//! are answered on the spot (`skip_forced`), and against a built-in AI the opponent's
//! decisions are made in Rust. In self-play (`opponent = None`) both seats are the
//! learner's and `to_play` says whose decision each observation is.
//!
//! Auto-reset is "same step": the step that ends a duel returns its reward with
//! `terminated` (or `truncated`, for a draw by the engine's bounds) and the first
//! observation of the next duel.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use ygo_ai::Observation;
use ygo_core::{Action, Duel, DuelSetup, Edition, Player, WinReason};
use ygo_data::NamedDeck;

use crate::encode::{encode, CardTable, ObsMut, ACTION_COLS, CARD_COLS, CARD_ROWS, GLOBALS};
use crate::game::Game;
use crate::history::{CHAIN_COLS, CHAIN_ROWS, EVENT_COLS, EVENT_ROWS};

/// How the batch is set up.
#[derive(Clone, Debug)]
pub struct EnvConfig {
    /// The learner's deck (`deck`), then the other's (`opponent_deck`). In self-play the
    /// learner plays both; the first is still the one [`EnvConfig::seat`] places.
    pub decks: [NamedDeck; 2],
    /// The rule edition; a named `format` sets its own (see [`crate::game::apply_format`]).
    pub edition: Edition,
    /// A named format (`goat`, `tcg`, `ocg`): its edition, its deck rules and list (checked
    /// once in [`VecEnv::new`]) and its versions of the cards; `None` plays today's cards.
    pub format: Option<String>,
    /// A built-in AI for the other seat (`random`, `greedy`, `mcts`, `mcts:N`); `None`: self-play.
    pub opponent: Option<String>,
    /// The seat of the learner's deck (`decks[0]`); `None` alternates A and B from duel to
    /// duel and between neighbouring duels of the batch (A when episode + index is even). Seat A takes the first turn, so the seat says who goes
    /// first. Against an AI the learner sits there; in self-play it says where `decks[0]` sits.
    pub seat: Option<Player>,
    pub seed: u64,
    /// Answer single-choice decisions without asking.
    pub skip_forced: bool,
    pub action_rows: usize,
    /// Start a finished duel again at once; if false it stays over (its observation is the
    /// final position) until `reset`.
    pub auto_reset: bool,
}

/// One step's outputs for all N duels (row-major, N first).
pub struct StepOut<'a> {
    pub cards: &'a mut [i16],
    pub globals: &'a mut [i32],
    pub actions: &'a mut [i16],
    pub mask: &'a mut [i8],
    pub chain: &'a mut [i16],
    pub events: &'a mut [i16],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub to_play: &'a mut [i8],
}

/// Outputs of one duel.
struct One<'a> {
    obs: ObsMut<'a>,
    reward: &'a mut f32,
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    to_play: &'a mut i8,
}

impl<'a> StepOut<'a> {
    fn split(self, n: usize, rows: usize) -> Vec<One<'a>> {
        let cards = self.cards.chunks_mut(CARD_ROWS * CARD_COLS);
        let globals = self.globals.chunks_mut(GLOBALS);
        let actions = self.actions.chunks_mut(rows * ACTION_COLS);
        let mask = self.mask.chunks_mut(rows);
        let history = self.chain.chunks_mut(CHAIN_ROWS * CHAIN_COLS).zip(self.events.chunks_mut(EVENT_ROWS * EVENT_COLS));
        let scalars = self.rewards.iter_mut().zip(self.terminated.iter_mut()).zip(self.truncated.iter_mut()).zip(self.to_play.iter_mut());
        cards
            .zip(globals)
            .zip(actions)
            .zip(mask)
            .zip(history)
            .zip(scalars)
            .take(n)
            .map(|(((((cards, globals), actions), mask), (chain, events)), (((reward, terminated), truncated), to_play))| One {
                obs: ObsMut { cards, globals, actions, mask, chain, events },
                reward,
                terminated,
                truncated,
                to_play,
            })
            .collect()
    }
}

/// Counts since the batch was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub steps: u64,
    pub episodes: u64,
    /// Finished duels won by the learner's deck (self-play: by `decks[0]`, whichever seat it had).
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// Observations whose legal actions did not fit the action table.
    pub overflows: u64,
    /// Engine decisions answered, the forced and the opponent's included.
    pub decisions: u64,
}

struct Slot {
    duel: Duel,
    seat: Player,
    opponent: Option<Box<dyn ygo_ai::Player>>,
    legal: Vec<Action>,
    episode: u64,
    /// Who made the last decision (whose observation a finished duel shows in self-play).
    last_mover: Player,
    stats: Stats,
}

/// Why [`VecEnv::check`] refused a step (nothing moved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not one choice per duel.
    Count(String),
    /// A duel is over (without auto-reset): reset first.
    Over(String),
    /// A choice is a masked row of its action table.
    Masked(String),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Count(m) | Refused::Over(m) | Refused::Masked(m) => f.write_str(m),
        }
    }
}

/// N duels stepped together.
pub struct VecEnv {
    cfg: EnvConfig,
    slots: Vec<Slot>,
    pool: Option<rayon::ThreadPool>,
}

fn mix(a: u64, b: u64) -> u64 {
    let mut r = ChaCha8Rng::seed_from_u64(a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    r.random()
}

impl Slot {
    fn start(cfg: &EnvConfig, index: usize, episode: u64) -> Result<Slot, String> {
        let mut s = Slot {
            duel: new_duel(cfg, mix(cfg.seed, (index as u64) << 32 | episode), Player::A)?,
            seat: Player::A,
            opponent: None,
            legal: Vec::new(),
            episode,
            last_mover: Player::A,
            stats: Stats::default(),
        };
        s.restart(cfg, index)?;
        Ok(s)
    }

    fn restart(&mut self, cfg: &EnvConfig, index: usize) -> Result<(), String> {
        let seed = mix(cfg.seed, (index as u64) << 32 | self.episode);
        // Alternating: from duel to duel, and between neighbouring duels of the batch.
        self.seat = cfg.seat.unwrap_or(if (self.episode + index as u64).is_multiple_of(2) { Player::A } else { Player::B });
        self.duel = new_duel(cfg, seed, self.seat)?;
        self.opponent = match &cfg.opponent {
            Some(name) => Some(ygo_ai::try_by_name(name, seed ^ 0x5eed).map_err(|e| format!("opponent: {e}"))?),
            None => None,
        };
        self.advance(cfg);
        Ok(())
    }

    /// Plays on until the learner has a real decision or the duel is over.
    fn advance(&mut self, cfg: &EnvConfig) {
        loop {
            let Some(p) = self.duel.deciding_player() else {
                self.legal.clear();
                return;
            };
            self.duel.legal_actions_into(&mut self.legal);
            let a = if self.legal.len() == 1 && cfg.skip_forced {
                self.legal[0]
            } else if let (Some(ai), true) = (self.opponent.as_mut(), p != self.seat) {
                let obs = Observation::with_actions(&self.duel, std::mem::take(&mut self.legal)).expect("a player decides");
                ai.decide_observed(&obs)
            } else {
                return;
            };
            self.duel.apply_unchecked(a);
            self.stats.decisions += 1;
        }
    }

    /// Applies the learner's choice (already checked) and plays on; a finished duel is
    /// scored and replaced.
    fn step(&mut self, cfg: &EnvConfig, index: usize, row: usize, out: One<'_>) -> Result<(), String> {
        let mover = self.duel.deciding_player().unwrap_or(self.seat);
        self.last_mover = mover;
        let a = self.legal[row];
        self.duel.apply_unchecked(a);
        self.stats.decisions += 1;
        self.stats.steps += 1;
        self.advance(cfg);
        *out.reward = 0.0;
        *out.terminated = false;
        *out.truncated = false;
        if let Some(o) = self.duel.outcome() {
            let judged = if self.opponent.is_some() { self.seat } else { mover };
            *out.reward = match o.winner {
                Some(w) if w == judged => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
            // The learner's deck's seat (self-play: the seat `decks[0]` sat in).
            let learner = self.seat;
            match o.winner {
                Some(w) if w == learner => self.stats.wins += 1,
                Some(_) => self.stats.losses += 1,
                None => self.stats.draws += 1,
            }
            self.stats.episodes += 1;
            if o.reason == WinReason::Bound {
                *out.truncated = true;
            } else {
                *out.terminated = true;
            }
            if cfg.auto_reset {
                self.episode += 1;
                self.restart(cfg, index)?;
            }
        }
        self.observe(cfg, out.obs, out.to_play);
        Ok(())
    }

    fn observe(&mut self, _cfg: &EnvConfig, obs: ObsMut<'_>, to_play: &mut i8) {
        let over = if self.opponent.is_some() { self.seat } else { self.last_mover };
        let viewer = self.duel.deciding_player().unwrap_or(over);
        *to_play = viewer.idx() as i8;
        // The table without action texts; the actions are the ones already listed.
        let view = self.duel.view_table(viewer);
        let duel = &self.duel;
        let public = crate::history::public(duel, viewer);
        if encode(&view, &public, &self.legal, &|l| Game::visible_code(duel, viewer, l), CardTable::shipped(), obs).is_err() {
            self.stats.overflows += 1;
        }
    }
}

/// A duel with the learner's deck (`decks[0]`) in `seat` (seat A goes first).
fn new_duel(cfg: &EnvConfig, seed: u64, seat: Player) -> Result<Duel, String> {
    let [mine, theirs] = [cfg.decks[0].list.clone(), cfg.decks[1].list.clone()];
    let mut setup = if seat == Player::A { DuelSetup::new(mine, theirs, seed) } else { DuelSetup::new(theirs, mine, seed) };
    setup.edition = cfg.edition;
    let pool = crate::game::format_pool(cfg.format.as_deref())?;
    // The setup's events (shuffles, opening hands) stay: the observation's event table
    // shows what `Duel.observe` shows.
    Duel::from_setup(pool, &setup).map_err(|e| format!("{e:?}"))
}

impl VecEnv {
    /// `n` duels, stepped on `threads` threads (1: the calling thread only).
    pub fn new(mut cfg: EnvConfig, n: usize, threads: usize) -> Result<VecEnv, String> {
        if n == 0 {
            return Err("a batch needs at least one duel".into());
        }
        if cfg.format.is_some() {
            // The format's edition, and both decks legal in it (else an error naming them).
            let mut setup = DuelSetup::new(cfg.decks[0].list.clone(), cfg.decks[1].list.clone(), 0);
            crate::game::apply_format(cfg.format.as_deref(), &mut setup, [&cfg.decks[0], &cfg.decks[1]])?;
            cfg.edition = setup.edition;
        }
        let slots = (0..n).map(|i| Slot::start(&cfg, i, 0)).collect::<Result<Vec<_>, _>>()?;
        let pool = if threads > 1 { Some(rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| e.to_string())?) } else { None };
        Ok(VecEnv { cfg, slots, pool })
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
    pub fn config(&self) -> &EnvConfig {
        &self.cfg
    }

    /// Legal-action counts of the current decisions.
    pub fn legal_counts(&self) -> Vec<usize> {
        self.slots.iter().map(|s| s.legal.len()).collect()
    }

    /// The seat of the learner's deck in each duel now.
    pub fn seats(&self) -> Vec<Player> {
        self.slots.iter().map(|s| s.seat).collect()
    }

    /// The current duel of slot `i`.
    pub fn duel(&self, i: usize) -> Option<&Duel> {
        self.slots.get(i).map(|s| &s.duel)
    }

    /// Sums of every slot's counts.
    pub fn stats(&self) -> Stats {
        self.slots.iter().fold(Stats::default(), |a, s| Stats {
            steps: a.steps + s.stats.steps,
            episodes: a.episodes + s.stats.episodes,
            wins: a.wins + s.stats.wins,
            losses: a.losses + s.stats.losses,
            draws: a.draws + s.stats.draws,
            overflows: a.overflows + s.stats.overflows,
            decisions: a.decisions + s.stats.decisions,
        })
    }

    /// Starts every duel again (new seeds) and writes the first observations.
    pub fn reset(&mut self, out: StepOut<'_>) -> Result<(), String> {
        let (cfg, rows) = (&self.cfg, self.cfg.action_rows);
        let outs = out.split(self.slots.len(), rows);
        for (i, (s, o)) in self.slots.iter_mut().zip(outs).enumerate() {
            s.episode += 1;
            s.restart(cfg, i)?;
            *o.reward = 0.0;
            *o.terminated = false;
            *o.truncated = false;
            s.observe(cfg, o.obs, o.to_play);
        }
        Ok(())
    }

    /// Checks the choices (a row of each duel's action table) before anything moves.
    pub fn check(&self, choices: &[i64]) -> Result<(), Refused> {
        if choices.len() != self.slots.len() {
            return Err(Refused::Count(format!("{} actions for {} duels", choices.len(), self.slots.len())));
        }
        for (i, (&c, s)) in choices.iter().zip(&self.slots).enumerate() {
            if s.duel.is_over() {
                return Err(Refused::Over(format!("duel {i} is over: reset before stepping again")));
            }
            let rows = s.legal.len().min(self.cfg.action_rows);
            if c < 0 || c as usize >= rows {
                return Err(Refused::Masked(format!("duel {i}: row {c} of the action table is masked (the rows in use are 0..{rows})")));
            }
        }
        Ok(())
    }

    /// One step of every duel: `choices[i]` is a row of duel i's action table.
    pub fn step(&mut self, choices: &[i64], out: StepOut<'_>) -> Result<(), String> {
        self.check(choices).map_err(|e| e.to_string())?;
        let (cfg, rows) = (&self.cfg, self.cfg.action_rows);
        let outs = out.split(self.slots.len(), rows);
        let work = |(i, ((s, o), &c)): (usize, ((&mut Slot, One<'_>), &i64))| s.step(cfg, i, c as usize, o);
        match &self.pool {
            None => self.slots.iter_mut().zip(outs).zip(choices).enumerate().try_for_each(work),
            Some(pool) => pool.install(|| self.slots.par_iter_mut().zip(outs.into_par_iter()).zip(choices.par_iter()).enumerate().try_for_each(work)),
        }
    }
}

/// Output buffers for a batch, owned (for Rust callers and tests).
pub struct Buffers {
    pub cards: Vec<i16>,
    pub globals: Vec<i32>,
    pub actions: Vec<i16>,
    pub mask: Vec<i8>,
    pub chain: Vec<i16>,
    pub events: Vec<i16>,
    pub rewards: Vec<f32>,
    pub terminated: Vec<bool>,
    pub truncated: Vec<bool>,
    pub to_play: Vec<i8>,
}

impl Buffers {
    pub fn new(n: usize, rows: usize) -> Buffers {
        Buffers {
            cards: vec![0; n * CARD_ROWS * CARD_COLS],
            globals: vec![0; n * GLOBALS],
            actions: vec![0; n * rows * ACTION_COLS],
            mask: vec![0; n * rows],
            chain: vec![0; n * CHAIN_ROWS * CHAIN_COLS],
            events: vec![0; n * EVENT_ROWS * EVENT_COLS],
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            to_play: vec![0; n],
        }
    }
    pub fn out(&mut self) -> StepOut<'_> {
        StepOut {
            cards: &mut self.cards,
            globals: &mut self.globals,
            actions: &mut self.actions,
            mask: &mut self.mask,
            chain: &mut self.chain,
            events: &mut self.events,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            to_play: &mut self.to_play,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{global, ACTION_ROWS};

    fn cfg(opponent: Option<&str>) -> EnvConfig {
        EnvConfig {
            decks: [crate::game::load_deck("vanilla-yugi").unwrap(), crate::game::load_deck("vanilla-kaiba").unwrap()],
            edition: Edition::default(),
            format: None,
            opponent: opponent.map(str::to_string),
            seat: None,
            seed: 7,
            skip_forced: true,
            action_rows: ACTION_ROWS,
            auto_reset: true,
        }
    }

    /// Steps `env` with a varying legal row per duel; the rewards of the finished duels.
    fn run(env: &mut VecEnv, steps: usize) -> (Vec<f32>, Buffers) {
        let n = env.len();
        let mut b = Buffers::new(n, ACTION_ROWS);
        env.reset(b.out()).unwrap();
        let mut finished = Vec::new();
        for t in 0..steps {
            let choices: Vec<i64> = (0..n)
                .map(|i| {
                    let legal = b.mask[i * ACTION_ROWS..(i + 1) * ACTION_ROWS].iter().filter(|&&m| m == 1).count();
                    assert!(legal >= 2, "skip_forced leaves only real decisions");
                    ((t * 31 + i * 7) % legal) as i64
                })
                .collect();
            env.step(&choices, b.out()).unwrap();
            for i in 0..n {
                if b.terminated[i] || b.truncated[i] {
                    finished.push(b.rewards[i]);
                } else {
                    assert_eq!(b.rewards[i], 0.0);
                }
                assert_eq!(b.globals[i * GLOBALS + global::DECIDING], 1, "every observation is of the player to decide");
                assert_eq!(b.globals[i * GLOBALS + global::SEAT], b.to_play[i] as i32);
            }
        }
        (finished, b)
    }

    #[test]
    fn self_play_steps_finish_and_restart_duels() {
        let mut env = VecEnv::new(cfg(None), 4, 1).unwrap();
        let (finished, _) = run(&mut env, 1500);
        assert!(!finished.is_empty());
        assert!(finished.iter().all(|r| [-1.0, 0.0, 1.0].contains(r)));
        let s = env.stats();
        assert_eq!(s.episodes as usize, finished.len());
        assert_eq!(s.steps, 4 * 1500);
        assert!(s.decisions > s.steps, "forced decisions are answered too");
    }

    #[test]
    fn against_an_ai_the_learner_sees_only_its_seat_and_threads_agree() {
        let mut one = VecEnv::new(cfg(Some("random")), 4, 1).unwrap();
        let mut two = VecEnv::new(cfg(Some("random")), 4, 2).unwrap();
        let (f1, b1) = run(&mut one, 800);
        let (f2, b2) = run(&mut two, 800);
        assert_eq!(f1, f2, "the same seeds give the same duels on any number of threads");
        assert_eq!(b1.cards, b2.cards);
        assert!(!f1.is_empty());
        for i in 0..4 {
            let seat = if (one.slots[i].episode + i as u64).is_multiple_of(2) { Player::A } else { Player::B };
            assert_eq!(b1.to_play[i] as usize, seat.idx());
        }
    }

    #[test]
    fn without_auto_reset_a_finished_duel_waits() {
        let mut env = VecEnv::new(EnvConfig { auto_reset: false, ..cfg(Some("random")) }, 1, 1).unwrap();
        let mut b = Buffers::new(1, ACTION_ROWS);
        env.reset(b.out()).unwrap();
        let mut t = 0;
        while !b.terminated[0] && !b.truncated[0] {
            let legal = b.mask.iter().filter(|&&m| m == 1).count();
            env.step(&[(t % legal) as i64], b.out()).unwrap();
            t += 1;
        }
        assert!(env.duel(0).unwrap().is_over());
        assert_eq!(b.mask.iter().filter(|&&m| m == 1).count(), 0, "no action after the end");
        assert_ne!(b.globals[global::OUTCOME], 0);
        assert_eq!(b.to_play[0] as usize, env.slots[0].seat.idx(), "the final position is shown to the learner");
        assert!(env.step(&[0], b.out()).unwrap_err().contains("is over"));
        env.reset(b.out()).unwrap();
        assert!(!env.duel(0).unwrap().is_over());
    }

    #[test]
    fn bad_choices_are_refused_before_anything_moves() {
        let mut env = VecEnv::new(cfg(None), 2, 1).unwrap();
        let mut b = Buffers::new(2, ACTION_ROWS);
        env.reset(b.out()).unwrap();
        let before: Vec<Duel> = (0..2).map(|i| env.duel(i).unwrap().clone()).collect();
        assert!(env.step(&[0, 999], b.out()).unwrap_err().contains("duel 1"));
        assert!(env.step(&[-1, 0], b.out()).is_err());
        assert!(env.step(&[0], b.out()).is_err());
        assert_eq!(before, (0..2).map(|i| env.duel(i).unwrap().clone()).collect::<Vec<_>>());
    }

    #[test]
    fn a_named_format_plays_its_edition_and_refuses_illegal_decks() {
        let goat = |a: &str, b: &str| EnvConfig {
            decks: [crate::game::load_deck(a).unwrap(), crate::game::load_deck(b).unwrap()],
            format: Some("goat".into()),
            ..cfg(Some("random"))
        };
        let env = VecEnv::new(goat("goat-control", "chaos-turbo"), 2, 1).unwrap();
        assert_eq!(env.config().edition, Edition::Expert);
        assert_eq!(env.slots[0].duel.edition(), Edition::Expert);
        // RULE: DECK-5 -- the synchro deck's Stardust Dragon is not on the 2005 list.
        let e = VecEnv::new(goat("goat-control", "synchro"), 1, 1).err().unwrap();
        assert!(e.contains("\"synchro\": not legal in the goat format") && e.contains("DECK-5"), "{e}");
    }
}
