//! Edison pool part 1 (part1_h): Gladiator Beast Darius, Gladiator Beast Gyzarus and
//! Gladiator Beast Heraklinos (the Gladiator Beast list's last cards), Flamvell Firedog,
//! Flamvell Magician and Rekindling (the Flamvell list's); each a declaration in the effect
//! vocabulary with its rules text in the project's own words. Their March 2010 texts read as
//! today's do (only the wording changed), so none has a `behavior_2010`. The rulings decided
//! for them are in `docs/rulings/edison-1-e8.md`.

use ygo_core::card::{Attribute, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

use super::part1_b::{called_in, gladiator, tag_out};
use crate::mechanics::shuffle_in_after_battle;

const DARIUS: u32 = 25924653;
const GYZARUS: u32 = 48156348;
const HERAKLINOS: u32 = 27346636;
const BESTIARI: u32 = 41470137;
const LAQUARI: u32 = 78868776;
const FIREDOG: u32 = 23297235;

/// A "Gladiator Beast" monster.
fn gladiator_monster() -> F {
    F::Monster & gladiator()
}

/// A Contact Fusion: 1 monster named `first` + `others` "Gladiator Beast" monsters the
/// summoner controls, shuffled into the Deck to Special Summon it from the Extra Deck.
fn contact_fusion(first: u32, others: u8, effects: Vec<E>) -> Behavior {
    Behavior {
        materials: Some(Materials::FieldFusion {
            first: F::Named(first),
            rest: gladiator_monster(),
            min: others,
            max: others,
            either_field: false,
            into_deck: true,
        }),
        ..Behavior::with(effects)
    }
}

/// A FIRE monster with this DEF condition.
fn fire(def: Cmp, value: i32) -> F {
    F::Monster & F::Attribute(Attribute::Fire) & F::stat(Stat::Def, def, value)
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        DARIUS => Behavior::with(vec![
            called_in(
                true,
                "When this card is Special Summoned by the effect of a \"Gladiator Beast\" monster: you can target 1 \"Gladiator Beast\" monster in your GY; Special Summon it, its effects negated. When this card leaves the field, that monster is shuffled into the Deck.",
            )
            .when(Condition::FreeMonsterZones(1))
            .target_in(Place::Gy(Who::You), 1, 1, gladiator_monster() & F::can_special_summon())
            .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))
            .then_if_did(vec![Op::only_if(
                Condition::This(F::OnField & F::FaceUp),
                vec![
                    Op::Apply { what: Obj::Affected, modifier: Modifier::negate_monster_effects(), until: Duration::Permanent },
                    Op::Apply { what: Obj::Affected, modifier: Modifier::shuffled_when_source_leaves(), until: Duration::Permanent },
                ],
            )]),
            tag_out(DARIUS, "Gladiator Beast Darius"),
        ]),
        GYZARUS => contact_fusion(
            BESTIARI,
            1,
            vec![
                E::continuous("\"Gladiator Beast Bestiari\" + 1 \"Gladiator Beast\" monster. Must first be Special Summoned from your Extra Deck by shuffling those monsters you control into the Deck (no \"Polymerization\")."),
                E::optional_when(
                    Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                    "When this card is Special Summoned: you can target up to 2 cards on the field; destroy them.",
                )
                .target_in(Place::Field(Who::Both), 1, 2, F::Any)
                .op(Op::destroy(Obj::Targets)),
                shuffle_in_after_battle(
                    "At the end of the Battle Phase, if this card battled: you can return it to the Extra Deck to Special Summon 2 \"Gladiator Beast\" monsters from your Deck, except \"Gladiator Beast Bestiari\".",
                    gladiator_monster() & !F::Named(BESTIARI),
                    2,
                ),
            ],
        ),
        HERAKLINOS => contact_fusion(
            LAQUARI,
            2,
            vec![
                E::continuous("\"Gladiator Beast Laquari\" + 2 \"Gladiator Beast\" monsters. Must first be Special Summoned from your Extra Deck by shuffling those monsters you control into the Deck (no \"Polymerization\")."),
                E::quick("When a Spell or Trap Card is activated: you can discard 1 card; negate the activation, and if you do, destroy that card. This card must be face-up on the field to activate and to resolve this.")
                    .when(Condition::chain_top_activates(F::Spell | F::Trap))
                    .needs_card_on_field()
                    .in_damage_step()
                    .cost(Cost::discard(1, F::Any))
                    .op(Op::negate_activation(true)),
            ],
        ),
        FIREDOG => {
            let call = fire(Cmp::Le, 200) & !F::Named(FIREDOG) & F::can_special_summon();
            Behavior::with(vec![E::optional_when(
                Trigger::destroys_by_battle_to_gy(),
                "When this card destroys an opponent's monster by battle and sends it to the GY: you can Special Summon 1 FIRE monster with 200 or less DEF from your Deck, except \"Flamvell Firedog\".",
            )
            .when(Condition::All(vec![
                Condition::EventCard(!F::YouOwn),
                Condition::FreeMonsterZones(1),
                Condition::Exists { place: Place::Deck(Who::You), filter: call.clone(), count: 1 },
            ]))
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: call, min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))])
        }
        // Flamvell Magician
        95621257 => Behavior::with(vec![E::continuous("A Tuner. It gains 400 ATK while you control a face-up \"Ally of Justice\" monster.")
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::Monster & F::FaceUp & F::NameHas("Ally of Justice".into()), count: 1 })
            .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(400), def: Num::Const(0) })]),
        // Rekindling
        74845897 => {
            let revived = || fire(Cmp::Eq, 200) & F::can_special_summon();
            Behavior::with(vec![E::spell(
                SpellKind::Normal,
                "Special Summon from your GY as many FIRE monsters with exactly 200 DEF as you can (up to your free zones). In the End Phase of this turn, banish them.",
            )
            .when(Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: Place::Gy(Who::You), filter: revived(), count: 1 }]))
            // As many as possible: every candidate is picked (at most 5, the zones there
            // are); the first picked fill the free zones.
            .op(Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: revived(), min: 5, max: 5 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
            .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
            .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::Banish { what: Obj::Memory(Mem(0)), face_down: false }] })])
        }
        _ => return None,
    })
}
