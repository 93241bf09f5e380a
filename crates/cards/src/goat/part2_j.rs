//! Goat pool (part2_j): cards of `../shared/spec/pools/goat-2.txt` that put cards face-up in a
//! Deck and say what happens when they are drawn, or send the cards a draw effect draws to the
//! GY; each a declaration in the effect vocabulary with its rules text in the project's own
//! words. The rulings decided for them are in `docs/rulings/goat-2-j.md`.

use ygo_core::card::TrapKind;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Zone;

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Grave Lure
        57270476 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Turn the top card of your opponent's Deck face-up and shuffle that Deck; when your opponent draws that face-up card, it is sent to the GY at once.",
        )
        .op(Op::ShuffleFaceUpIntoDeck { what: Obj::DeckTop(Who::Opponent, 1), whose: Who::Opponent, gy_when_drawn: true })]),
        // Pharaoh's Treasure
        63571750 => Behavior::with(vec![
            E::trap(TrapKind::Normal, "Shuffle this card face-up into your Deck.")
                .op(Op::ShuffleFaceUpIntoDeck { what: Obj::This, whose: Who::You, gy_when_drawn: false }),
            E::trigger(
                Trigger::Moved { from: vec![Zone::Deck], to: Zone::Hand, cause: Cause::Any },
                "When you draw this card while it is face-up in the Deck (put there by its own effect): target 1 card in your GY; send this card to the GY, and if you do, add that target to your hand.",
            )
            .range(Range::Hand)
            .when(Condition::This(F::WasFaceUp & F::SentBy(Sent::Draw)))
            .target_in(Place::Gy(Who::You), 1, 1, F::Any)
            .op(Op::SendToGy(Obj::This))
            .then_if_did(vec![Op::ToHand(Obj::Targets)]),
        ]),
        // Muko
        80863132 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When an effect that draws cards is activated: the cards that effect draws are shown to both players and discarded.",
        )
        .when(Condition::ChainTop(LinkFact::Draws))
        .op(Op::Negate(NegateWhat::DrawsToGy))]),
        _ => return None,
    })
}
