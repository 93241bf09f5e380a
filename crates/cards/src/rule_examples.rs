//! Card behaviours (see `lib.rs`): each card is a declaration in the effect vocabulary of
//! `ygo_core::effect`, with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Man-Eater Bug
        54652250 => Behavior::with(vec![E::flip("FLIP: Destroy 1 monster on the field (targeted).").target(1, F::Monster).op(Op::Destroy(Obj::Targets))]),
        // Trap Hole
        4206964 => Behavior::with(vec![E::trap(TrapKind::Normal, "When your opponent Normal or Flip Summons a monster with 1000 or more ATK: destroy that monster (targeted).")
            .when(Condition::OpponentSummoned { normal: true, flip: true, special: false, filter: F::AtkAtLeast(1000) })
            .target(1, F::JustSummoned & F::OppControls & F::AtkAtLeast(1000))
            .op(Op::Destroy(Obj::Targets))]),
        _ => return None,
    })
}
