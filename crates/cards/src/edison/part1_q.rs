//! Edison pool part 1 (part1_q): Machina Fortress and Power Tool Dragon; each a declaration in
//! the effect vocabulary with its rules text in the project's own words. The rulings decided
//! for them are in `docs/rulings/edison-1-e16.md`.

use ygo_core::card::{Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// A Machine monster.
fn machine() -> F {
    F::Monster & F::Race(Race::MACHINE)
}

/// An Equip Spell.
fn equip_spell() -> F {
    F::spell_of(SpellKind::Equip)
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Machina Fortress
        5556499 => Behavior {
            summon_rule: Some(SummonRule::DiscardLevels { filter: machine(), total: 8 }),
            summon_rule_from_gy: true,
            ..Behavior::with(vec![
                // Its own procedure: no chain link (like "Cyber Dragon"); itself may be one of
                // the discards, and is then summoned from the GY.
                E::continuous("You can Special Summon it from your hand or GY by discarding Machine monsters whose Levels add up to 8 or more (it may be one of them)."),
                E::trigger(Trigger::DestroyedByBattle, "When this card is destroyed by battle and sent to the GY: target 1 card your opponent controls; destroy it.")
                    .range(Range::Gy)
                    .when(Condition::Exists { place: Place::Field(Who::Opponent), filter: F::Any, count: 1 })
                    .target_in(Place::Field(Who::Opponent), 1, 1, F::Any)
                    .op(Op::destroy(Obj::Targets)),
                // Answered as soon as the opponent's monster effect targeting it is activated,
                // so it resolves before that effect; nothing if it no longer is face-up on the
                // field by then.
                E::trigger(
                    Trigger::Activation(F::Monster & F::OppControls),
                    "Before an opponent's monster effect that targets this face-up card resolves: look at your opponent's hand and discard 1 card of it.",
                )
                .when(Condition::chain_top_targets(!F::NotSelf & F::FaceUp & F::OnField))
                .op(Op::only_if(
                    Condition::This(F::FaceUp & F::OnField & F::YouControl),
                    vec![
                        Op::Reveal(Obj::All(Place::Hand(Who::Opponent), F::Any)),
                        Op::Choose { who: Who::You, place: Place::Hand(Who::Opponent), filter: F::Any, min: 1, max: 1 },
                        Op::Discard(Obj::Chosen),
                    ],
                )),
            ])
        },
        // Power Tool Dragon
        2403771 => Behavior {
            materials: Some(Materials::Synchro { tuner: F::Any, non_tuner: F::Any, min: 1, max: u8::MAX }),
            ..Behavior::with(vec![
                E::continuous("1 Tuner + 1 or more non-Tuner monsters."),
                // The three shown stay in the Deck until the random pick; the Deck is then
                // shuffled.
                E::ignition("Once per turn: you can show 3 Equip Spells from your Deck; your opponent picks 1 of them at random, which you add to your hand, and the Deck is shuffled.")
                    .limit(Limit::PerCardPerTurn)
                    .when(Condition::Exists { place: Place::Deck(Who::You), filter: equip_spell(), count: 3 })
                    .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: equip_spell(), min: 3, max: 3 })
                    .op(Op::Remember { what: Obj::Chosen, slot: Mem(0) })
                    .op(Op::Reveal(Obj::Memory(Mem(0))))
                    .op(Op::ChooseRandom { place: Place::Deck(Who::You), filter: F::one_of(Obj::Memory(Mem(0))), count: Num::Const(1) })
                    .op(Op::ToHand(Obj::Chosen))
                    .op(Op::ShuffleDeck(Who::You)),
                // Not a destruction of the Equip Spell, and no chain link.
                E::continuous("If this card would be destroyed while an Equip Spell is equipped to it, you can send 1 of those Equip Spells to the GY instead.").modifier(
                    Modifier::DestroyOtherInstead { scope: Scope::This, with: equip_spell() & F::equipped_to(Obj::This), send: true },
                ),
            ])
        },
        _ => return None,
    })
}
