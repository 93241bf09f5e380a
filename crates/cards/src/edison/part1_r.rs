//! Edison pool part 1 (part1_r): the first Gemini monster of the pool, Elemental HERO Neos
//! Alius. What makes a Gemini monster (a Normal Monster on the field and in the GY until its
//! Gemini Summon, EFF-15) is a rule of the core; a card declares only the effects it gains,
//! each gated by `Filter::GeminiSummoned`. The rulings decided are in
//! `docs/rulings/edison-1-e17.md`.

use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const NEOS_ALIUS: u32 = 69884162;
const ELEMENTAL_HERO_NEOS: u32 = 89943723;

/// An effect a Gemini monster has only once it is Gemini Summoned.
fn gemini(e: E) -> E {
    e.when(Condition::This(F::GeminiSummoned))
}

/// The cards of this module.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        NEOS_ALIUS => Behavior::with(vec![gemini(E::continuous(
            "A Gemini monster: a Normal Monster on the field and in the GY until Normal Summoned again while face-up on the field. Then, while it stays on the field, its name is \"Elemental HERO Neos\".",
        ))
        .modifier(Modifier::NameBecomes(Num::Const(ELEMENTAL_HERO_NEOS as i32)))]),
        _ => return None,
    })
}
