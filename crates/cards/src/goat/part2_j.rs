//! Goat pool (part2_j): cards of `../shared/spec/pools/goat-2.txt` that put cards face-up in a
//! Deck and say what happens when they are drawn, or send the cards a draw effect draws to the
//! GY; each a declaration in the effect vocabulary with its rules text in the project's own
//! words. The rulings decided for them are in `docs/rulings/goat-2-j.md`.

use ygo_core::card::{SpellKind, TrapKind};
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
        // Level Up!
        25290459 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Send 1 face-up \"LV\" monster you control to the GY: Special Summon from your hand or Deck the monster its text names as its level-up, ignoring its Summoning conditions.",
        )
        .cost(Cost::send_to_gy(Place::Monsters(Who::You), F::Monster & F::FaceUp & F::NameHas("LV".into()), 1, 1))
        .op(Op::Choose {
            who: Who::You,
            place: Place::HandOrDeck(Who::You),
            filter: F::Monster & F::stat(Stat::Code, Cmp::Eq, Num::Cost(CostStat::LevelUp)) & F::can_special_summon(),
            min: 1,
            max: 1,
        })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Cost Down
        23265313 => cost_down(
            Duration::EndOfTurn,
            "Discard 1 card: for the rest of this turn, the monsters in your hand now are 2 Levels lower (at least Level 1), and stay so once Summoned.",
        ),
        _ => return None,
    })
}

/// Cost Down: discard 1 card; the monsters in its controller's hand at resolution are 2 Levels
/// lower for a while, in the hand and once Summoned from it.
fn cost_down(until: Duration, text: &str) -> Behavior {
    Behavior::with(vec![E::spell(SpellKind::Normal, text).cost(Cost::discard(1, F::Any)).op(Op::Apply {
        what: Obj::All(Place::Hand(Who::You), F::Monster),
        modifier: Modifier::Level { filter: F::Any, delta: -2, in_hand: true, becomes: None },
        until,
    })])
}

/// The April 2005 behaviour of this module's cards whose text differs (GOAT-8), by passcode.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Cost Down (GOAT): until the End Phase.
        23265313 => cost_down(
            Duration::EndPhase,
            "Discard 1 card: until the End Phase, the monsters in your hand now are 2 Levels lower (at least Level 1), and stay so once Summoned.",
        ),
        _ => return None,
    })
}
