//! Edison pool part 1 (part1_e): Chimeratech Fortress Dragon, Ancient Fairy Dragon, Zeman
//! the Ape King, Elemental HERO Stratos, Elemental HERO Prisma and Starlight Road; each a declaration in the effect vocabulary with its rules text (the 2010
//! one) in the project's own words. The rulings decided for them are in
//! `docs/rulings/edison-1-e5.md`.

use ygo_core::card::{type_bits, Attribute, Race, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

const CYBER_DRAGON: u32 = 70095154;
const CHIMERATECH_FORTRESS_DRAGON: u32 = 79229522;
const STARDUST_DRAGON: u32 = 44508094;

/// A "HERO" monster (Elemental, Destiny, Evil, Vision HEROes).
fn hero() -> F {
    F::Monster & F::NameHas("HERO".into())
}

/// Elemental HERO Stratos's destroy option: up to as many Spells/Traps on the field as the
/// player controls face-up "HERO" monsters other than Stratos, chosen on resolution (up to 4
/// such monsters beside it).
fn stratos_destroy() -> Vec<Op> {
    let heroes = Num::count_of(Obj::All(Place::Monsters(Who::You), hero() & F::FaceUp & F::NotSelf));
    let pick = |n: u8| Op::Choose { who: Who::You, place: Place::SpellTraps(Who::Both), filter: F::SpellTrap, min: 1, max: n };
    let at_least = |n: i32| Test::Compare(heroes.clone(), Cmp::Ge, Num::Const(n));
    let mut ops = vec![pick(1)];
    for n in 2..=4u8 {
        ops = vec![Op::If { test: at_least(n as i32), then: vec![pick(n)], otherwise: ops }];
    }
    ops.push(Op::destroy(Obj::Chosen));
    ops
}

/// Elemental HERO Stratos's search option.
fn stratos_search() -> Vec<Op> {
    vec![Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: hero(), min: 1, max: 1 }, Op::ToHand(Obj::Chosen), Op::ShuffleDeck(Who::You)]
}

/// Can Stratos's destroy option do anything: another face-up "HERO" and a Spell/Trap?
fn stratos_can_destroy() -> Condition {
    Condition::All(vec![
        Condition::Exists { place: Place::Monsters(Who::You), filter: hero() & F::FaceUp & F::NotSelf, count: 1 },
        Condition::Exists { place: Place::SpellTraps(Who::Both), filter: F::SpellTrap, count: 1 },
    ])
}

/// Can Stratos's search option do anything: a "HERO" monster in the Deck?
fn stratos_can_search() -> Condition {
    Condition::Exists { place: Place::Deck(Who::You), filter: hero(), count: 1 }
}

/// A Field Spell Card.
fn field_spell() -> F {
    F::Spell & F::card_type(type_bits::FIELD)
}

/// A Level 4 or lower monster in the hand Ancient Fairy Dragon may Special Summon.
fn small_monster() -> F {
    F::Monster & F::level_at_most(4) & F::can_special_summon()
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Chimeratech Fortress Dragon
        CHIMERATECH_FORTRESS_DRAGON => Behavior {
            effects: vec![E::continuous(
                "\"Cyber Dragon\" + 1 or more Machine monsters. Never a Fusion Material. Must first be Special Summoned from your Extra Deck by sending those monsters from your field and/or your opponent's to the GY (no \"Polymerization\"). Its original ATK becomes 1000 for each material used for that summon.",
            )
            .modifier(Modifier::set_original(Some(Num::Times(Box::new(Num::stat_of(Stat::Tributes, Obj::This)), 1000)), None))],
            materials: Some(Materials::FieldFusion {
                first: F::Named(CYBER_DRAGON),
                rest: F::Monster & F::Race(Race::MACHINE) & !F::Named(CHIMERATECH_FORTRESS_DRAGON),
                min: 1,
                max: u8::MAX,
                either_field: true,
                into_deck: false,
            }),
            ..Behavior::default()
        },
        // Ancient Fairy Dragon
        25862681 => Behavior {
            effects: vec![
                E::ignition("1 Tuner + 1 or more non-Tuners. Once per turn: you can Special Summon 1 Level 4 or lower monster from your hand. You cannot conduct your Battle Phase the turn you activate this effect.")
                    .limit(Limit::PerCardPerTurn)
                    .when(Condition::All(vec![
                        Condition::in_phase(Phase::Main1),
                        Condition::FreeMonsterZones(1),
                        Condition::Exists { place: Place::Hand(Who::You), filter: small_monster(), count: 1 },
                    ]))
                    .restricts(PlayerEffect::NoBattlePhaseThisTurn)
                    .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: small_monster(), min: 1, max: 1 })
                    .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp)),
                E::ignition("Once per turn: you can destroy 1 Field Spell Card on the field and gain 1000 LP. Then you can add 1 Field Spell Card from your Deck to your hand.")
                    .limit(Limit::PerCardPerTurn)
                    .when(Condition::Exists { place: Place::SpellTraps(Who::Both), filter: field_spell(), count: 1 })
                    .op(Op::Choose { who: Who::You, place: Place::SpellTraps(Who::Both), filter: field_spell(), min: 1, max: 1 })
                    .op(Op::destroy(Obj::Chosen))
                    .then_if_did(vec![
                        Op::gain_lp(Who::You, Num::Const(1000)),
                        Op::MayDo(vec![
                            Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: field_spell(), min: 1, max: 1 },
                            Op::ToHand(Obj::Chosen),
                            Op::ShuffleDeck(Who::You),
                        ]),
                    ]),
            ],
            materials: Some(Materials::Synchro { tuner: F::Any, non_tuner: F::Any, min: 1, max: u8::MAX }),
            ..Behavior::default()
        },
        // Zeman the Ape King
        22858242 => Behavior {
            effects: vec![
                E::continuous("1 DARK Tuner + 1 non-Tuner Beast monster. While it attacks (until the end of the Damage Step), your opponent cannot activate Spell or Trap Cards.")
                    .when(Condition::This(F::Attacker))
                    .modifier(Modifier::cannot_activate(Who::Opponent, F::Spell | F::Trap)),
                E::quick("When an opponent's monster declares an attack: you can target it and send 1 other monster from your hand or your field to the GY; negate the attack.")
                    .when(Condition::AttackDeclared(F::OppControls))
                    .needs_card_on_field()
                    .cost(Cost::send_to_gy_from(1, vec![Place::Hand(Who::You), Place::Monsters(Who::You)], F::Monster))
                    .target(1, F::Attacker)
                    .op(Op::negate_attack()),
            ],
            materials: Some(Materials::Synchro { tuner: F::Attribute(Attribute::Dark), non_tuner: F::Race(Race::BEAST), min: 1, max: 1 }),
            ..Behavior::default()
        },
        // Elemental HERO Stratos
        40044918 => Behavior::with(vec![E::optional_when(
            Trigger::Summoned { normal: true, flip: false, special: true, of: Subject::This },
            "When it is Normal or Special Summoned: you can apply 1 of these: destroy Spells/Traps on the field, up to the number of other \"HERO\" monsters you control; or add 1 \"HERO\" monster from your Deck to your hand.",
        )
        .when(Condition::Any(vec![stratos_can_destroy(), stratos_can_search()]))
        .op(Op::If {
            test: Test::Holds(Condition::All(vec![stratos_can_destroy(), stratos_can_search()])),
            then: vec![Op::ChooseOne(vec![stratos_destroy(), stratos_search()])],
            otherwise: vec![Op::If { test: Test::Holds(stratos_can_destroy()), then: stratos_destroy(), otherwise: stratos_search() }],
        })]),
        // Elemental HERO Prisma
        89312388 => {
            let fusion_with_material = F::Monster & F::card_type(type_bits::FUSION) & F::lists_material(Obj::All(Place::Deck(Who::You), F::Monster));
            Behavior::with(vec![E::ignition(
                "Once per turn: you can reveal 1 Fusion Monster in your Extra Deck and send 1 of the monsters it lists by name as Fusion Materials from your Deck to the GY; until the End Phase, this card's name becomes that monster's.",
            )
            .limit(Limit::PerCardPerTurn)
            .when(Condition::Exists { place: Place::Extra(Who::You), filter: fusion_with_material.clone(), count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Extra(Who::You), filter: fusion_with_material, min: 1, max: 1 })
            // The material is read from the revealed monster: a step after it (not checked at
            // activation, when nothing is remembered yet).
            .then_if_did(vec![
                Op::Reveal(Obj::Chosen),
                Op::Remember { what: Obj::Chosen, slot: Mem(0) },
                Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Monster & F::listed_material_of(Obj::Memory(Mem(0))), min: 1, max: 1 },
                Op::SendToGy(Obj::Chosen),
                Op::if_did(vec![Op::Apply { what: Obj::This, modifier: Modifier::NameBecomes(Num::stat_of(Stat::Code, Obj::Chosen)), until: Duration::EndPhase }]),
            ])])
        }
        // Starlight Road
        58120309 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When a card or effect is activated that would destroy 2 or more cards you control: negate the activation and destroy that card. Then you can Special Summon 1 \"Stardust Dragon\" from your Extra Deck.",
        )
        .when(Condition::chain_top_would_destroy_at_least(F::YouControl, 2))
        .op(Op::negate_activation(true))
        .op(Op::MayDo(vec![
            Op::Choose { who: Who::You, place: Place::Extra(Who::You), filter: F::Named(STARDUST_DRAGON) & F::can_special_summon(), min: 1, max: 1 },
            Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
        ]))]),
        _ => return None,
    })
}
