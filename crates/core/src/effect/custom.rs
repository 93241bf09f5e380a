//! The escape hatch (STYLE 11) for the few effects no vocabulary expresses: a card brings its
//! own code as a function pointer in its declaration ([`CustomStep`] for a step of its
//! effect, [`CustomCheck`] for a condition or a win condition), written against the
//! effect-author API ([`crate::author`]). The code lives beside the card in `ygo-cards`, the
//! pointer in the card pool (configuration), never in the duel's state; a declaration cannot
//! name code that does not exist, so a missing handler is a compile error. `ygo cards stats`
//! counts the cards that use one.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::author::{Query, StepCtx, StepFlow};

/// A step of a resolving effect written in Rust.
#[derive(Clone, Copy)]
pub struct CustomStep {
    /// A name for logs, `Debug` and equality (unique per card).
    pub name: &'static str,
    /// The step: called again with the player's answer when it asked.
    pub run: fn(&mut StepCtx<'_>) -> StepFlow,
}

/// A condition written in Rust: a pure question about the duel.
#[derive(Clone, Copy)]
pub struct CustomCheck {
    /// A name for logs, `Debug` and equality (unique per card).
    pub name: &'static str,
    /// The question.
    pub holds: fn(&Query<'_>) -> bool,
}

macro_rules! by_name {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                self.name == other.name
            }
        }
        impl Eq for $t {}
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({})", stringify!($t), self.name)
            }
        }
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name)
            }
        }
        /// Card code is configuration: it is never read back from saved data.
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
                Err(serde::de::Error::custom(concat!(stringify!($t), " is card code and is never stored in a duel")))
            }
        }
    };
}

by_name!(CustomStep);
by_name!(CustomCheck);
