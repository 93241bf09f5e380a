//! Replays: `(setup, actions)` reproduce every event (the seed is part of the setup).
//! A [`ReplayFile`] is what `ygo` saves: the replay, the events it produced, and the
//! versions that produced them (engine, rule edition, card data), so playing it back
//! with a different card definition says so instead of silently diverging.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::action::{Action, Rejected};
use crate::event::Event;
use crate::pool::CardPool;
use crate::setup::{DuelSetup, SetupError};
use crate::state::Duel;
use crate::types::Player;

/// A recorded duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// The setup the duel started from (its seed included).
    pub setup: DuelSetup,
    /// Every answer, in order, with the player who gave it.
    pub actions: Vec<(Player, Action)>,
}

/// Why a replay could not be played back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The setup is invalid: every reason.
    #[error("the duel cannot be set up: {}", setup_errors_text(.0))]
    Setup(Vec<SetupError>),
    /// An action was refused.
    #[error("action {index} was rejected: {error}")]
    Rejected {
        /// Its index in `actions` (0-based).
        index: usize,
        /// Why it was refused.
        error: Rejected,
    },
}

/// Setup errors as one sentence: each reason in words, separated by "; ".
pub fn setup_errors_text(errors: &[SetupError]) -> String {
    errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ")
}

impl Replay {
    /// Plays the replay from its setup and returns the final duel.
    pub fn play(&self, pool: Arc<CardPool>) -> Result<Duel, ReplayError> {
        self.play_to(pool, self.actions.len())
    }

    /// Plays the first `n` actions (all of them if `n` is larger).
    pub fn play_to(&self, pool: Arc<CardPool>, n: usize) -> Result<Duel, ReplayError> {
        let mut d = Duel::from_setup(pool, &self.setup).map_err(ReplayError::Setup)?;
        for (i, (p, a)) in self.actions.iter().take(n).enumerate() {
            d.apply(*p, *a).map_err(|error| ReplayError::Rejected { index: i, error })?;
        }
        Ok(d)
    }
}

/// The engine's version, recorded in replay files.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The replay file format's version.
pub const REPLAY_FORMAT: u32 = 1;

/// Why a replay file's `format` is refused (read before the rest of the file).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The file has no `format` field.
    #[error("no `format` field: not a ygo replay file")]
    Missing,
    /// The file's format is not [`REPLAY_FORMAT`].
    #[error("replay format {found} is not supported: this ygo (engine {ENGINE_VERSION}) reads format {REPLAY_FORMAT}{}", made_by(.engine))]
    Unsupported {
        /// The file's format.
        found: u64,
        /// The engine version the file names, if any.
        engine: Option<String>,
    },
}

fn made_by(engine: &Option<String>) -> String {
    engine.as_ref().map_or(String::new(), |e| format!("; the file was made by engine {e}"))
}

impl ReplayFile {
    /// Checks a file's `format` field (and names the engine that wrote it, if known)
    /// before the rest of the file is read.
    pub fn check_format(format: Option<u64>, engine_version: Option<&str>) -> Result<(), FormatError> {
        match format {
            None => Err(FormatError::Missing),
            Some(f) if f == REPLAY_FORMAT as u64 => Ok(()),
            Some(found) => Err(FormatError::Unsupported { found, engine: engine_version.map(str::to_string) }),
        }
    }
}

/// A saved duel: the replay, every event it produced, and what produced them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayFile {
    /// The file format's version ([`REPLAY_FORMAT`] when written).
    pub format: u32,
    /// The engine that recorded it ([`ENGINE_VERSION`] when written).
    pub engine_version: String,
    /// The rule edition's name (also inside `replay.setup`).
    pub edition: String,
    /// The card data's version (`ygo_cards::data_version()` for the shipped cards).
    pub card_data_version: String,
    /// Names of the two decks, for people (the lists are in `replay.setup`).
    pub decks: [String; 2],
    /// The named format the duel was played in (`goat`: its versions of the cards), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play_format: Option<String>,
    /// The setup and the actions.
    pub replay: Replay,
    /// Every event of the duel, in order.
    pub events: Vec<Event>,
}

/// What `verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every event matches.
    Identical {
        /// Actions replayed.
        actions: usize,
        /// Events compared.
        events: usize,
    },
    /// The re-simulation differs: the first differing event, and the action (1-based) that
    /// produced it (0: the duel's start).
    Diverged {
        /// The index of the first differing event.
        event: usize,
        /// The action that produced it (1-based; 0 for the duel's start).
        action: usize,
        /// The event the file holds there (`None`: the file has fewer events).
        recorded: Option<Event>,
        /// The event the re-simulation produced there (`None`: it produced fewer).
        replayed: Option<Event>,
    },
    /// An action was rejected or the setup is invalid.
    Failed(ReplayError),
}

impl ReplayFile {
    /// Records a finished (or abandoned) duel played from `replay.setup`.
    pub fn record(duel: &Duel, replay: Replay, card_data_version: String, decks: [String; 2]) -> ReplayFile {
        ReplayFile {
            format: REPLAY_FORMAT,
            engine_version: ENGINE_VERSION.to_string(),
            edition: replay.setup.edition.name().to_string(),
            card_data_version,
            decks,
            play_format: None,
            replay,
            events: duel.events().to_vec(),
        }
    }

    /// Differences between how this file was made and the running build (engine, card
    /// data), one sentence each; empty when they agree.
    pub fn version_notes(&self, card_data_version: &str) -> Vec<String> {
        let mut notes = Vec::new();
        if self.engine_version != ENGINE_VERSION {
            notes.push(format!("made by engine {}, this is engine {ENGINE_VERSION}", self.engine_version));
        }
        if self.card_data_version != card_data_version {
            notes.push(format!(
                "made with card data {}, this build has card data {card_data_version}: a card's definition changed, so the duel may play differently",
                self.card_data_version
            ));
        }
        notes
    }

    /// Re-simulates the duel and compares every event with the recorded ones.
    pub fn verify(&self, pool: Arc<CardPool>) -> Verdict {
        let mut d = match Duel::from_setup(pool, &self.replay.setup) {
            Ok(d) => d,
            Err(e) => return Verdict::Failed(ReplayError::Setup(e)),
        };
        let mut checked = 0;
        // Events up to each action are compared as they appear, so a divergence names the
        // action that caused it.
        for action in 0..=self.replay.actions.len() {
            if action > 0 {
                let (p, a) = self.replay.actions[action - 1];
                if let Err(error) = d.apply(p, a) {
                    return Verdict::Failed(ReplayError::Rejected { index: action - 1, error });
                }
            }
            let got = d.events();
            for (i, ev) in got.iter().enumerate().skip(checked) {
                if self.events.get(i) != Some(ev) {
                    return Verdict::Diverged { event: i, action, recorded: self.events.get(i).cloned(), replayed: Some(ev.clone()) };
                }
            }
            checked = got.len();
        }
        if checked != self.events.len() {
            return Verdict::Diverged { event: checked, action: self.replay.actions.len(), recorded: self.events.get(checked).cloned(), replayed: None };
        }
        Verdict::Identical { actions: self.replay.actions.len(), events: checked }
    }
}
