//! The card vocabulary: what a card can do, as plain data (no closures), interpreted by
//! the engine. Spell speed is derived from the kind (CHAIN-2), never set by hand.
//!
//! This module holds the shape the effects issue fills in: effect kinds and their spell
//! speeds. Cards with no behaviour (Normal monsters) carry an empty [`Behavior`].

use serde::{Deserialize, Serialize};

use crate::card::{SpellKind, TrapKind};

/// Spell speed (CHAIN-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpellSpeed {
    One = 1,
    Two = 2,
    Three = 3,
}

/// Kinds of effect (EFF-1, SPELL-*, TRAP-*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EffectKind {
    /// Activating a spell card of this kind.
    Spell(SpellKind),
    /// Activating a trap card of this kind.
    Trap(TrapKind),
    Flip,
    Ignition,
    Trigger { optional: bool, when: bool },
    Quick,
    /// Never activated; applies while the card is face-up (EFF-1).
    Continuous,
}

impl EffectKind {
    /// CHAIN-2: derived exhaustively from the kind.
    pub fn spell_speed(self) -> SpellSpeed {
        match self {
            EffectKind::Spell(SpellKind::QuickPlay) => SpellSpeed::Two,
            EffectKind::Spell(_) => SpellSpeed::One,
            EffectKind::Trap(TrapKind::Counter) => SpellSpeed::Three,
            EffectKind::Trap(_) => SpellSpeed::Two,
            EffectKind::Flip | EffectKind::Ignition | EffectKind::Trigger { .. } => SpellSpeed::One,
            EffectKind::Quick => SpellSpeed::Two,
            EffectKind::Continuous => SpellSpeed::One,
        }
    }
}

/// One declared effect of a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectDecl {
    pub kind: EffectKind,
    /// The effect in the project's own words.
    pub text: String,
}

/// Everything a card does beyond its printed stats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Behavior {
    pub effects: Vec<EffectDecl>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spell_speed_is_derived_from_kind() {
        // RULE: CHAIN-2
        assert_eq!(EffectKind::Spell(SpellKind::Normal).spell_speed(), SpellSpeed::One);
        assert_eq!(EffectKind::Spell(SpellKind::QuickPlay).spell_speed(), SpellSpeed::Two);
        assert_eq!(EffectKind::Trap(TrapKind::Normal).spell_speed(), SpellSpeed::Two);
        assert_eq!(EffectKind::Trap(TrapKind::Counter).spell_speed(), SpellSpeed::Three);
        assert_eq!(EffectKind::Quick.spell_speed(), SpellSpeed::Two);
        assert_eq!(EffectKind::Ignition.spell_speed(), SpellSpeed::One);
    }
}
