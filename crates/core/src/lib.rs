//! `ygo-core`: the Yu-Gi-Oh! OCG rules engine. A duel is plain data ([`Duel`]); every
//! question the rules ask is a decision listed by [`Duel::legal_actions`] and answered
//! through [`Duel::apply`]; every change is an [`Event`]. No I/O, no clocks, no global
//! state: the random source lives in the duel.
//!
//! ```
//! use std::sync::Arc;
//! use ygo_core::{card::RawCard, pool::{CardDef, CardPool}, Duel, DuelSetup, DeckList};
//!
//! // A pool with one Normal monster (Celtic Guardian: EARTH Warrior, Level 4, 1400/1200).
//! let raw = RawCard { id: 91152256, ot: 3, type_: 0x11, atk: 1400, def: 1200, level: 4,
//!     race: 0x1, attribute: 0x1, name: "Celtic Guardian".into(), text: "Normal monster.".into(),
//!     ..Default::default() };
//! let mut pool = CardPool::new();
//! pool.insert(CardDef { data: ygo_core::card::CardData::from_raw(&raw).unwrap(),
//!     behavior: Default::default(), implemented: true });
//! let deck = DeckList { main: vec![91152256; 40], extra: vec![] };
//! let mut duel = Duel::from_setup(Arc::new(pool), &DuelSetup::new(deck.clone(), deck, 7)).unwrap();
//!
//! // Player A holds priority in the Draw Phase of turn 1; answer until the duel ends.
//! while let Some(p) = duel.deciding_player() {
//!     let first = duel.legal_actions()[0];
//!     duel.apply(p, first).unwrap();
//! }
//! assert!(duel.outcome().is_some());
//! ```

#![warn(missing_docs)]

pub mod action;
mod activate;
pub mod author;
mod battle;
pub mod card;
mod chain;
mod determinize;
pub mod edition;
pub mod effect;
mod engine;
mod eval;
pub mod event;
mod extra;
mod invariants;
mod legal;
mod modifiers;
pub mod pool;
mod prompt;
pub mod replay;
mod resolve;
mod setup;
mod state;
mod summon;
mod text;
mod trigger;
pub mod types;
pub mod view;

pub use action::{Action, Illegal, Rejected};
pub use edition::Edition;
pub use event::{Draw, Event};
pub use setup::{DeckList, DuelSetup, Placed, PositionSetup, SetupError, SidePosition, StateError};
pub use state::{CardId, Duel, PoolMismatch};
pub use types::{BattleStep, DamageStep, Loc, Outcome, Phase, Player, Position, Turn, WinReason, Zone};
pub use view::View;

pub use engine::{limits, AnnounceKind, Prompt, Question, SelectPurpose};
pub use eval::some_sum_is;
pub use extra::{ProcKind, PENDULUM_SCALE};
pub use state::{Arrival, CardState, PlayerState};
