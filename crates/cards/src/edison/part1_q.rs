//! Edison pool part 1 (part1_q): Machina Fortress, Power Tool Dragon and Future Fusion (with
//! its 2010 version); each a declaration in the effect vocabulary with its rules text in the
//! project's own words. The rulings decided for them are in `docs/rulings/edison-1-e16.md`.

use ygo_core::card::{Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

const FUTURE_FUSION: u32 = 77565204;

/// A Machine monster.
fn machine() -> F {
    F::Monster & F::Race(Race::MACHINE)
}

/// An Equip Spell.
fn equip_spell() -> F {
    F::spell_of(SpellKind::Equip)
}

/// Future Fusion's activation turn, remembered as its own activation ([`Anchor::Activation`]
/// moves on with each effect it activates, its Standby Phase effects included).
const ACTIVATED: Mem = Mem(1);

/// "In your `n`th Standby Phase after this card's activation" (a mandatory trigger), while
/// `also` holds.
fn nth_standby(n: u8, also: Vec<Condition>, text: &str) -> E {
    let mut all = vec![Condition::TurnsSince { anchor: Anchor::Memory(ACTIVATED), whose: Who::You, n }];
    all.extend(also);
    E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, text).when(Condition::All(all))
}

/// Future Fusion's step that sends the Fusion Materials from the Deck, on `e` (remembering
/// the revealed monster).
fn send_listed_materials(e: E) -> E {
    e.op(Op::Extra(ExtraOp::FusionFromDeckMaterials { monster: F::Any, summon: false })).then_if_did(vec![Op::Remember { what: Obj::Affected, slot: Mem(0) }])
}

/// Future Fusion's summon in the 2nd Standby Phase, tied to the card both ways.
fn future_fusion_summon() -> E {
    nth_standby(
        2,
        vec![Condition::Remembered(Mem(0))],
        "In your 2nd Standby Phase after its activation: Fusion Summon 1 monster with the revealed monster's name from your Extra Deck; this card targets it. When this card leaves the field, that monster is destroyed; when that monster is destroyed, this card is destroyed.",
    )
    .op(Op::Extra(ExtraOp::FusionFromDeckMaterials { monster: F::same_name_as(Obj::Memory(Mem(0))), summon: true }))
    .then_if_did(vec![
        Op::Apply { what: Obj::Affected, modifier: Modifier::destroyed_with_source(false), until: Duration::Permanent },
        Op::Apply { what: Obj::Affected, modifier: Modifier::source_destroyed_with_it(), until: Duration::Permanent },
    ])
}

/// The March 2010 behaviour of this module's cards whose text changed later, by passcode.
pub fn behavior_2010(id: u32) -> Option<Behavior> {
    Some(match id {
        // Future Fusion (2010: the materials are sent when it resolves, not in the 1st Standby
        // Phase; it cannot be activated unless a Fusion Monster's materials are in the Deck).
        FUTURE_FUSION => Behavior::with(vec![
            send_listed_materials(
                E::spell(SpellKind::Continuous, "Reveal 1 Fusion Monster in your Extra Deck and send the Fusion Materials it lists from your Deck to the GY.")
                    .op(Op::Remember { what: Obj::This, slot: ACTIVATED }),
            ),
            future_fusion_summon(),
        ]),
        _ => return None,
    })
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
        // Future Fusion
        FUTURE_FUSION => Behavior::with(vec![
            E::spell(SpellKind::Continuous, "Stays face-up on the field; its effects come in your next two Standby Phases.").op(Op::Remember { what: Obj::This, slot: ACTIVATED }),
            send_listed_materials(nth_standby(
                1,
                Vec::new(),
                "In your 1st Standby Phase after its activation: reveal 1 Fusion Monster in your Extra Deck and send the Fusion Materials it lists from your Deck to the GY.",
            )),
            future_fusion_summon(),
        ]),
        _ => return None,
    })
}
