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

/// Which player an effect refers to, from its controller's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    You,
    Opponent,
    Both,
}

/// A property a card must have. Composes with `And`/`Or`/`Not`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Filter {
    Any,
    Monster,
    Spell,
    Trap,
    SpellTrap,
    FaceUp,
    FaceDown,
    YouControl,
    OppControls,
    /// Not the card whose effect this is.
    NotSelf,
    And(Vec<Filter>),
    Or(Vec<Filter>),
    Not(Box<Filter>),
}

impl std::ops::BitAnd for Filter {
    type Output = Filter;
    fn bitand(self, rhs: Filter) -> Filter {
        match self {
            Filter::And(mut v) => {
                v.push(rhs);
                Filter::And(v)
            }
            f => Filter::And(vec![f, rhs]),
        }
    }
}

impl std::ops::BitOr for Filter {
    type Output = Filter;
    fn bitor(self, rhs: Filter) -> Filter {
        Filter::Or(vec![self, rhs])
    }
}

/// A cost paid on activation (EFF-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cost {
    PayLp(i32),
    /// Discard this card from the hand.
    DiscardSelf,
    /// Discard cards from the hand matching the filter.
    Discard { count: u8, filter: Filter },
}

/// A condition for activating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    Always,
    /// "When a card matching the filter is activated": the chain's last link is the
    /// activation of such a card (spell/trap activations only).
    ChainTopActivates(Filter),
    /// During damage calculation, while an opponent's monster attacks.
    OpponentAttacksInDamageCalculation,
}

/// Where a monster effect is activated from (EFF-1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Range {
    #[default]
    Field,
    Hand,
    Gy,
}

/// Targets chosen on activation (EFF-6): `count` cards on the field matching `filter`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetSpec {
    pub count: u8,
    pub filter: Filter,
}

/// One operation step of a resolving effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    /// Draw cards.
    Draw { who: Who, count: u8 },
    /// Destroy every card on the field that matches (at least one must exist to activate).
    DestroyAll(Filter),
    /// Destroy the targets that are still legal (EFF-6).
    DestroyTargets,
    /// Negate the activation of the previous chain link; destroy that card if `destroy`.
    NegateActivation { destroy: bool },
    Damage { who: Who, amount: i32 },
    GainLp { who: Who, amount: i32 },
    /// The controller takes no battle damage from the current battle.
    NoBattleDamage,
}

/// An effect that applies while its card is face-up and its activation has resolved
/// (EFF-2), never activated itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Modifier {
    /// Every other trap effect on the field is negated ("Royal Decree").
    NegateOtherTrapEffects,
}

/// One declared effect of a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectDecl {
    pub kind: EffectKind,
    /// The effect in the project's own words.
    pub text: String,
    pub condition: Condition,
    pub costs: Vec<Cost>,
    pub target: Option<TargetSpec>,
    pub ops: Vec<Op>,
    pub modifier: Option<Modifier>,
    /// Monster effects: where the card must be to activate.
    pub range: Range,
    /// Its text says it is used in the Damage Step / during damage calculation (EFF-10).
    pub damage_step: bool,
}

impl EffectDecl {
    /// A new effect of `kind` described by `text`; add its parts with the builder calls.
    pub fn new(kind: EffectKind, text: &str) -> EffectDecl {
        EffectDecl { kind, text: text.to_string(), condition: Condition::Always, costs: vec![], target: None, ops: vec![], modifier: None, range: Range::Field, damage_step: false }
    }
    pub fn when(mut self, c: Condition) -> Self {
        self.condition = c;
        self
    }
    pub fn cost(mut self, c: Cost) -> Self {
        self.costs.push(c);
        self
    }
    pub fn target(mut self, count: u8, filter: Filter) -> Self {
        self.target = Some(TargetSpec { count, filter });
        self
    }
    pub fn op(mut self, op: Op) -> Self {
        self.ops.push(op);
        self
    }
    pub fn modifier(mut self, m: Modifier) -> Self {
        self.modifier = Some(m);
        self
    }
    pub fn from_hand(mut self) -> Self {
        self.range = Range::Hand;
        self
    }
    pub fn in_damage_step(mut self) -> Self {
        self.damage_step = true;
        self
    }
    pub fn spell_speed(&self) -> SpellSpeed {
        self.kind.spell_speed()
    }
}

/// Everything a card does beyond its printed stats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Behavior {
    pub effects: Vec<EffectDecl>,
}

impl Behavior {
    /// A card with these effects (for a spell or trap, effect 0 is its activation).
    pub fn with(effects: Vec<EffectDecl>) -> Behavior {
        Behavior { effects }
    }
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
