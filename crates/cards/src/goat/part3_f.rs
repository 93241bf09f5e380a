//! Goat pool (part3_f): Parasite Paracide, one of the last cards of
//! `../shared/spec/pools/goat-3.txt`, a declaration in the effect vocabulary with its rules
//! text in the project's own words. The rulings decided for it are in
//! `docs/rulings/goat-3-f.md`.

use ygo_core::card::Race;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Zone;

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Parasite Paracide
        27911549 => Behavior::with(vec![
            E::flip("FLIP: Shuffle this card face-up into your opponent's Deck.")
                .op(Op::ShuffleFaceUpIntoDeck { what: Obj::This, whose: Who::Opponent, gy_when_drawn: false }),
            E::trigger(
                Trigger::Moved { from: vec![Zone::Deck], to: Zone::Hand, cause: Cause::Any },
                "When this card is drawn while face-up in the Deck (put there by its own effect): Special Summon it to the drawing player's field in face-up Defense Position, and that player takes 1000 damage.",
            )
            .range(Range::Hand)
            .when(Condition::This(F::WasFaceUp & F::SentBy(Sent::Draw)))
            .op(Op::special_summon(Obj::This, SummonPos::Defense))
            .then_if_did(vec![Op::damage(Who::You, Num::Const(1000))]),
            E::continuous("While this card is face-up on the field, every face-up monster its controller controls is Insect-Type.")
                .modifier(Modifier::RaceBecomes { scope: Scope::Monsters(F::YouControl), race: Race::INSECT }),
        ]),
        _ => return None,
    })
}
