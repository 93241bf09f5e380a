//! Edison pool part 1 (part1_o): Volcanic Rocket and Blaze Accelerator; each a declaration in
//! the effect vocabulary with its rules text in the project's own words. The rulings decided
//! for them are in `docs/rulings/edison-1-e15.md`.

use ygo_core::card::{Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const BLAZE_ACCELERATOR: u32 = 69537999;

/// A "Blaze Accelerator" card (Blaze Accelerator, Tri-Blaze Accelerator).
fn blaze_accelerator_card() -> F {
    F::NameHas("Blaze Accelerator".to_string())
}

/// The ammunition of Blaze Accelerator: a Pyro monster with 500 or less ATK.
fn small_pyro() -> F {
    F::Monster & F::Race(Race::PYRO) & F::stat(Stat::Atk, Cmp::Le, 500)
}

/// Blaze Accelerator's "no attack this turn": usable only while no monster of yours attacked
/// this turn, and none of yours can attack for the rest of it.
fn no_attack_this_turn(e: E) -> E {
    e.op(Op::ApplyRule { modifier: Modifier::cannot_attack(Scope::Monsters(F::YouControl)), until: Duration::EndOfTurn })
}

/// Blaze Accelerator, the activation of the Continuous Spell and its ignition effect `fire`.
fn blaze_accelerator(fire: E) -> Behavior {
    Behavior::with(vec![E::spell(SpellKind::Continuous, "A Continuous Spell that stays on the field."), fire])
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Volcanic Rocket
        76459806 => {
            let find = blaze_accelerator_card() & !F::InPlace(Place::Hand(Who::You));
            Behavior::with(vec![E::optional_when(
                Trigger::Summoned { normal: true, flip: true, special: true, of: Subject::This },
                "When this card is Normal, Flip or Special Summoned: you can add 1 \"Blaze Accelerator\" card from your Deck or GY to your hand.",
            )
            .when(Condition::Exists { place: Place::HandDeckOrGy(Who::You), filter: find.clone(), count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::HandDeckOrGy(Who::You), filter: find, min: 1, max: 1 })
            .op(Op::ToHand(Obj::Chosen))])
        }
        // Blaze Accelerator (today: the Pyro monster is sent on resolution)
        BLAZE_ACCELERATOR => blaze_accelerator(no_attack_this_turn(
            E::ignition("You can target 1 monster your opponent controls; send 1 Pyro monster with 500 or less ATK from your hand to the GY, and if you do, destroy it. Your monsters cannot attack the turn you activate this (nor may it be activated after one attacked).")
                .when(Condition::All(vec![
                    Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::ThisTurn(TurnFact::Attacked) },
                    Condition::Exists { place: Place::Hand(Who::You), filter: small_pyro(), count: 1 },
                ]))
                .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
                .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: small_pyro(), min: 1, max: 1 })
                .op(Op::SendToGy(Obj::Chosen))
                .op(Op::if_did(vec![Op::destroy(Obj::Targets)])),
        )),
        _ => return None,
    })
}

/// The March 2010 behaviour of this module's cards whose text changed later (the Edison
/// format's versions), by passcode.
pub fn behavior_2010(id: u32) -> Option<Behavior> {
    Some(match id {
        // Blaze Accelerator (2010): the Pyro monster is sent as the cost.
        BLAZE_ACCELERATOR => blaze_accelerator(no_attack_this_turn(
            E::ignition("You can send 1 Pyro monster with 500 or less ATK from your hand to the GY (a cost) to target 1 monster your opponent controls; destroy it. Your monsters cannot attack the turn you activate this (nor may it be activated after one attacked).")
                .when(Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::ThisTurn(TurnFact::Attacked) })
                .cost(Cost::send_from_hand(1, small_pyro()))
                .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
                .op(Op::destroy(Obj::Targets)),
        )),
        _ => return None,
    })
}
