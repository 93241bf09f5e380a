//! Edison pool part 1 (part1_l): the Blackwing list's last cards (Silverwind, Sirocco, Vayu,
//! Armed Wing), then hand traps, Frogs, Machinas and Dark Grepher; each a declaration in the
//! effect vocabulary with its rules text in the project's own words. The rulings decided for
//! them are in `docs/rulings/edison-1-e12.md`.

use super::part1_a::{blackwing, dark};
use crate::mechanics::in_damage_step;
use ygo_core::card::type_bits;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, SummonKind, Zone};

const VAYU: u32 = 72714392;
const SLIME_TOAD: u32 = 68638985;
const UNIFROG: u32 = 56052205;
const GEARFRAME: u32 = 42940404;
const DUPE_FROG: u32 = 46239604;
const DES_FROG: u32 = 84451804;

/// A "Frog" monster (by name: "Frog" or "frog", as "Unifrog"), except "Slime Toad" (the OCG's
/// "Frog the Jam", which the Frog cards' texts leave out).
pub(super) fn frog() -> F {
    F::Monster & (F::NameHas("Frog".into()) | F::NameHas("frog".into())) & !F::Named(SLIME_TOAD)
}

/// A Machina Union monster ("once per turn, equip this card to a Machine monster you control,
/// or unequip it and Special Summon it in Attack Position; a monster can be equipped with only
/// 1 Union monster; if the equipped monster would be destroyed, this card is destroyed
/// instead"): the older Union wording, which these texts still print (`mechanics::union`'s
/// 2005 form, destruction of any kind), with no ATK or DEF given.
fn machina_union() -> Behavior {
    let mut b = crate::mechanics::union(
        crate::Versions::Goat2005,
        crate::mechanics::Union { host_text: "Machine monster", host: F::Race(ygo_core::card::Race::MACHINE), atk: 0, def: 0, any_destruction_2005: true },
    );
    let sub = &mut b.effects[2];
    sub.text = "While equipped this way, if the equipped monster would be destroyed, this card is destroyed instead.".into();
    sub.modifiers.retain(|m| !matches!(m, Modifier::AtkDef { .. }));
    b
}

/// "1 "Blackwing" Tuner + `min` or more non-Tuner monsters".
fn blackwing_synchro(min: u8) -> Option<Materials> {
    Some(Materials::Synchro { tuner: F::NameHas("Blackwing".into()), non_tuner: F::Any, min, max: u8::MAX })
}

/// A "Blackwing" Synchro Monster in the Extra Deck of this Level (Vayu's summon).
fn vayu_synchro(level: Num) -> F {
    blackwing() & F::card_type(type_bits::SYNCHRO) & F::stat(Stat::Level, Cmp::Eq, level) & F::can_special_summon()
}

/// Vayu's Special Summon once the two monsters are banished, of the Level they total.
fn vayu_summon(level: Num) -> Vec<Op> {
    vec![
        Op::Choose { who: Who::You, place: Place::Extra(Who::You), filter: vayu_synchro(level), min: 1, max: 1 },
        Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
        Op::Apply { what: Obj::Affected, modifier: Modifier::negate_monster_effects(), until: Duration::Permanent },
    ]
}

/// `e` with these steps added.
fn with_ops(e: E, ops: Vec<Op>) -> E {
    ops.into_iter().fold(e, E::op)
}

/// Vayu's rule on the field: it cannot be Synchro Material while face-up (an effect).
fn vayu_no_material() -> E {
    E::continuous("While face-up on the field, it cannot be used as Synchro Material.")
        .modifier(Modifier::Cannot { scope: Scope::This, act: Act::BeSynchroMaterial })
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Blackwing - Silverwind the Ascendant
        33236860 => {
            let lower = F::Monster & F::FaceUp & F::stat(Stat::Def, Cmp::Lt, Num::stat_of(Stat::Atk, Obj::This));
            Behavior {
                materials: blackwing_synchro(2),
                ..Behavior::with(vec![
                    E::optional_when(
                        Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                        "1 \"Blackwing\" Tuner + 2 or more non-Tuner monsters. When it is Synchro Summoned: you can target up to 2 face-up monsters on the field whose DEF is lower than its ATK; destroy them. You cannot conduct your Battle Phase the turn you activate this effect.",
                    )
                    // Not after this turn's Battle Phase (Main Phase 2 comes only after one).
                    .when(Condition::All(vec![
                        Condition::This(F::Summoned(SummonKind::Synchro)),
                        Condition::Any(vec![Condition::in_phase(Phase::Main1), Condition::opponents_turn()]),
                    ]))
                    .target_in(Place::Monsters(Who::Both), 1, 2, lower)
                    .restricts(PlayerEffect::NoBattlePhaseThisTurn)
                    .op(Op::destroy(Obj::Targets)),
                    E::continuous("During each of your opponent's turns, the first \"Blackwing\" monster you control that would be destroyed by battle is not destroyed.")
                        .when(Condition::opponents_turn())
                        .modifier(Modifier::BattleShieldOncePerTurn(Scope::Monsters(blackwing() & F::YouControl))),
                ])
            }
        }
        // Blackwing - Sirocco the Dawn
        75498415 => {
            let others = blackwing() & F::FaceUp & !F::Rel(Relation::OneOf, Box::new(Obj::Targets));
            Behavior {
                summon_without_tributes: Some(Condition::All(vec![
                    Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::Monster, count: 1 },
                    Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::Monster },
                ])),
                ..Behavior::with(vec![
                    E::continuous("While your opponent controls a monster and you control none, you can Normal Summon it without Tributing."),
                    E::ignition(
                        "Once per turn, in your Main Phase 1: you can target 1 face-up \"Blackwing\" monster you control; until the end of this turn it gains ATK equal to the total ATK of the other face-up \"Blackwing\" monsters on the field, and your other monsters cannot attack this turn.",
                    )
                    .limit(Limit::PerCardPerTurn)
                    .when(Condition::in_phase(Phase::Main1))
                    .target_in(Place::Monsters(Who::You), 1, 1, blackwing() & F::FaceUp)
                    .op(Op::Apply {
                        what: Obj::Targets,
                        modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::sum_of(Stat::Atk, Obj::All(Place::Monsters(Who::Both), others)), def: Num::Const(0) },
                        until: Duration::EndOfTurn,
                    })
                    .op(Op::Remember { what: Obj::Targets, slot: Mem(0) })
                    .op(Op::ApplyRule {
                        modifier: Modifier::cannot_attack(Scope::Monsters(F::YouControl & !F::Rel(Relation::OneOf, Box::new(Obj::Memory(Mem(0)))))),
                        until: Duration::EndOfTurn,
                    }),
                ])
            }
        }
        // Blackwing - Vayu the Emblem of Honor
        VAYU => Behavior::with(vec![
            vayu_no_material(),
            E::ignition(
                "If this card is in your GY: you can target 1 non-Tuner \"Blackwing\" monster in your GY; banish both it and this card, and if you do, Special Summon 1 \"Blackwing\" Synchro Monster from your Extra Deck whose Level is their total Levels, with its effects negated.",
            )
            .range(Range::Gy)
            .when(Condition::All(vec![
                Condition::FreeMonsterZones(1),
                Condition::Exists { place: Place::Extra(Who::You), filter: blackwing() & F::card_type(type_bits::SYNCHRO) & F::can_special_summon(), count: 1 },
            ]))
            .target_in(Place::Gy(Who::You), 1, 1, blackwing() & !F::card_type(type_bits::TUNER) & F::NotSelf)
            .op(Op::Banish { what: Obj::Union(vec![Obj::This, Obj::Targets]), face_down: false })
            .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
            .op(Op::If {
                test: Test::Compare(Num::Cards(CardsNum::Count(Obj::Memory(Mem(0)))), Cmp::Eq, Num::Const(2)),
                then: vayu_summon(Num::sum_of(Stat::Level, Obj::Memory(Mem(0)))),
                otherwise: vec![],
            }),
        ]),
        // Blackwing Armed Wing
        76913983 => Behavior {
            materials: blackwing_synchro(1),
            ..Behavior::with(vec![
                E::continuous("1 \"Blackwing\" Tuner + 1 or more non-Tuner monsters. When it attacks a Defense Position monster, it deals piercing battle damage,")
                    .modifier(Modifier::piercing(Scope::This)),
                E::continuous("and it gains 500 ATK during the Damage Step only.")
                    .when(Condition::All(vec![in_damage_step(), Condition::This(F::Attacker), Condition::Battling(F::DefensePos & F::NotSelf)]))
                    .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(500), def: Num::Const(0) }),
            ])
        },
        // Battle Fader
        19665973 => Behavior::with(vec![E::quick(
            "When an opponent's monster declares a direct attack: you can Special Summon this card from your hand, then end the Battle Phase. Summoned this way, it is banished when it leaves the field.",
        )
        .range(Range::Hand)
        // One activation of the card (its summon takes it from the hand).
        .limit(Limit::PerCardPerTurn)
        .when(Condition::All(vec![
            Condition::AttackDeclared(F::OppControls),
            Condition::Not(Box::new(Condition::Battling(F::YouControl))),
            Condition::FreeMonsterZones(1),
            Condition::This(F::can_special_summon()),
        ]))
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))
        .then_if_did(vec![
            Op::Apply { what: Obj::Affected, modifier: Modifier::banish_when_leaving(Scope::This), until: Duration::Permanent },
            Op::end_battle_phase(),
        ])]),
        // Dark Grepher
        14536035 => Behavior {
            summon_rule: Some(SummonRule::SendFromHand { count: 1, filter: dark() & F::level_at_least(5) }),
            ..Behavior::with(vec![
                E::continuous("You can Special Summon it from your hand by discarding 1 Level 5 or higher DARK monster."),
                E::ignition("Once per turn: you can discard 1 DARK monster (cost); send 1 DARK monster from your Deck to the GY.")
                    .limit(Limit::PerCardPerTurn)
                    .when(Condition::Exists { place: Place::Deck(Who::You), filter: dark(), count: 1 })
                    .cost(Cost::discard(1, dark()))
                    .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: dark(), min: 1, max: 1 })
                    .op(Op::SendToGy(Obj::Chosen)),
            ])
        },
        // Substitoad
        20663556 => {
            let call = frog() & F::can_special_summon();
            Behavior::with(vec![
                E::ignition("You can Tribute 1 monster (cost) to Special Summon 1 \"Frog\" monster (not \"Slime Toad\") from your Deck.")
                    .when(Condition::Exists { place: Place::Deck(Who::You), filter: call.clone(), count: 1 })
                    .cost(Cost::tribute(1, F::Monster))
                    .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: call, min: 1, max: 1 })
                    .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp)),
                E::continuous("\"Frog\" monsters (not \"Slime Toad\") cannot be destroyed by battle.").modifier(Modifier::indestructible_by_battle(Scope::Monsters(frog()))),
            ])
        }
        // Unifrog
        UNIFROG => {
            let other_frog = F::FaceUp & frog() & !F::Named(UNIFROG);
            Behavior::with(vec![
                E::continuous("It can attack your opponent directly.").modifier(Modifier::direct_attack(Scope::This)),
                E::optional_when(
                    Trigger::dealt_battle_damage(true, Subject::This),
                    "When it deals battle damage to your opponent by a direct attack, if you control another \"Frog\" monster (not \"Slime Toad\" or \"Unifrog\"): you can destroy 1 Spell or Trap your opponent controls.",
                )
                .when(Condition::All(vec![
                    Condition::Exists { place: Place::Monsters(Who::You), filter: other_frog, count: 1 },
                    Condition::Exists { place: Place::SpellTraps(Who::Opponent), filter: F::Any, count: 1 },
                ]))
                .op(Op::Choose { who: Who::You, place: Place::SpellTraps(Who::Opponent), filter: F::Any, min: 1, max: 1 })
                .op(Op::destroy(Obj::Chosen)),
            ])
        }
        // Dupe Frog
        DUPE_FROG => {
            let fetch = frog() & !F::Named(DUPE_FROG) & !F::InPlace(Place::Hand(Who::You));
            Behavior::with(vec![
                E::continuous("On the field, its name becomes \"Des Frog\".").modifier(Modifier::NameBecomes(Num::Const(DES_FROG as i32))),
                E::continuous("Your opponent's monsters cannot choose another monster as an attack target.").modifier(Modifier::draws_attacks(Scope::This)),
                E::optional_when(
                    Trigger::SentToGy { from: vec![Zone::Monster], cause: Cause::Any },
                    "When it is sent from the field to the GY: you can add 1 \"Frog\" monster (not \"Dupe Frog\") from your Deck or GY to your hand.",
                )
                .range(Range::Gy)
                .when(Condition::Exists { place: Place::HandDeckOrGy(Who::You), filter: fetch.clone(), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::HandDeckOrGy(Who::You), filter: fetch, min: 1, max: 1 })
                .op(Op::ToHand(Obj::Chosen)),
            ])
        }
        // Machina Gearframe
        GEARFRAME => {
            let machina = F::Monster & F::NameHas("Machina".into()) & !F::Named(GEARFRAME);
            let mut b = machina_union();
            b.effects.push(
                E::optional_when(
                    Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
                    "When it is Normal Summoned: you can add 1 \"Machina\" monster (not \"Machina Gearframe\") from your Deck to your hand.",
                )
                .when(Condition::Exists { place: Place::Deck(Who::You), filter: machina.clone(), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: machina, min: 1, max: 1 })
                .op(Op::ToHand(Obj::Chosen)),
            );
            b
        }
        // Machina Peacekeeper
        78349103 => {
            let union_monster = F::Monster & F::Frame(Frame::TypeBit(type_bits::UNION));
            let mut b = machina_union();
            b.effects.push(
                E::optional_when(
                    Trigger::Destroyed { cause: Cause::Any },
                    "When this card on the field is destroyed and sent to the GY: you can add 1 Union monster from your Deck to your hand.",
                )
                .range(Range::Gy)
                .when(Condition::Exists { place: Place::Deck(Who::You), filter: union_monster.clone(), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: union_monster, min: 1, max: 1 })
                .op(Op::ToHand(Obj::Chosen)),
            );
            b
        }
        _ => return None,
    })
}

/// The March 2010 behaviour of this module's cards whose text changed later (the Edison
/// format's versions), by passcode.
pub fn behavior_2010(id: u32) -> Option<Behavior> {
    Some(match id {
        // Blackwing - Vayu the Emblem of Honor: the two monsters are banished as the cost, no
        // target.
        VAYU => Behavior::with(vec![
            vayu_no_material(),
            with_ops(E::ignition(
                "If this card is in your GY: you can banish it and 1 non-Tuner \"Blackwing\" monster from your GY (cost) to Special Summon 1 \"Blackwing\" Synchro Monster from your Extra Deck whose Level is their total Levels, with its effects negated.",
            )
            .range(Range::Gy)
            .when(Condition::All(vec![
                Condition::FreeMonsterZones(1),
                Condition::Exists { place: Place::Extra(Who::You), filter: blackwing() & F::card_type(type_bits::SYNCHRO) & F::can_special_summon(), count: 1 },
            ]))
            .cost(crate::mechanics::banish_self_from_gy())
            .cost(Cost::banish_from_gy(1, blackwing() & !F::card_type(type_bits::TUNER) & F::NotSelf)),
            // Vayu is Level 1: the other monster has the highest Level paid.
            vayu_summon(Num::plus(Num::Cost(CostStat::Level), Num::Const(1)))),
        ]),
        _ => return None,
    })
}
