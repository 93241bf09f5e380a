//! Goat pool part 2 (part2_spells): the Normal Spells of `../shared/spec/pools/goat-2.txt`,
//! each a declaration in the effect vocabulary with its rules text in the project's own
//! words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

#[allow(dead_code)]
const NORMAL_SPELL: SpellKind = SpellKind::Normal;

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    let _ = id;
    None
}

/// The 2005 behaviour of a card of this group whose text changed later.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    let _ = id;
    None
}
