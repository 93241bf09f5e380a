//! Card behaviours (see `lib.rs`): each card is a declaration in the effect vocabulary of
//! `ygo_core::effect`, with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Masked Dragon
        39191307 => Behavior::with(vec![E::optional_when(
            Trigger::DestroyedByBattle,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 Dragon monster with 1500 or less ATK from your Deck.",
        )
        .range(Range::Gy)
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Race(Race::DRAGON) & F::AtkAtMost(1500) & F::CanSpecialSummon, min: 1, max: 1 })
        .op(Op::SpecialSummon { what: Obj::Chosen, pos: SummonPos::FaceUp })]),
        _ => return None,
    })
}
