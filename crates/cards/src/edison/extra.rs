//! Edison pool part 1 (extra): the Synchro Monsters and Fusion Monsters of the Edison lists' Extra Decks; each a declaration in the effect
//! vocabulary with its rules text in the project's own words.

use ygo_core::card::{Attribute, Race};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, SummonKind};

const JUNK_SYNCHRON: u32 = 63977008;
const ROAD_SYNCHRON: u32 = 71971554;

/// Every "Synchron" Tuner (by passcode, from `cards.cdb`): the Tuners "Quickdraw Synchron" can
/// stand in for.
const SYNCHRON_TUNERS: [u32; 27] = [
    2254222, 9742784, 13021682, 15310033, 16449363, 19642774, 25652655, 37675907, 37799519, 40348946, 48355999, 48421595, 50091196, 52840598, 56286179,
    56897896, 57458399, 60283232, 63977008, 67270095, 71971554, 77202120, 82224646, 83295594, 86784733, 96182448, 97682931,
];

/// "1 Tuner matching `tuner` + `min` or more non-Tuners matching `non_tuner`" (`max`: at most).
fn synchro(tuner: F, non_tuner: F, min: u8, max: u8, effects: Vec<E>) -> Behavior {
    Behavior { effects, materials: Some(Materials::Synchro { tuner, non_tuner, min, max }), ..Behavior::default() }
}

/// The common "1 Tuner + 1 or more non-Tuners" with a condition on the non-Tuners.
fn synchro_of(non_tuner: F, effects: Vec<E>) -> Behavior {
    synchro(F::Any, non_tuner, 1, u8::MAX, effects)
}

fn synchro_summoned(text: &str, optional: bool) -> E {
    let t = Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This };
    let e = if optional { E::optional_when(t, text) } else { E::trigger(t, text) };
    e.when(Condition::This(F::Summoned(SummonKind::Synchro)))
}

/// "When this card destroys a monster by battle and sends it to the GY".
fn on_battle_kill(text: &str, optional: bool) -> E {
    if optional {
        E::optional_when(Trigger::destroys_by_battle_to_gy(), text)
    } else {
        E::trigger(Trigger::destroys_by_battle_to_gy(), text)
    }
}

fn gains_atk(n: i32) -> Op {
    Op::Apply { what: Obj::This, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(n), def: Num::Const(0) }, until: Duration::Permanent }
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Gaia Knight, the Force of Earth
        97204936 => synchro_of(F::Any, vec![E::continuous("1 Tuner + 1 or more non-Tuners. No other effect.")]),
        // Goyo Guardian
        7391448 => synchro(
            F::Attribute(Attribute::Earth),
            F::Any,
            1,
            u8::MAX,
            vec![on_battle_kill(
                "1 EARTH Tuner + 1 or more non-Tuners. When it destroys a monster of your opponent's by battle and sends it to the GY: you can Special Summon that monster to your field in Defense Position.",
                true,
            )
            .when(Condition::EventCard(!F::YouOwn & F::can_special_summon()))
            .op(Op::special_summon(Obj::EventCard, SummonPos::Defense))],
        ),
        // Ally of Justice Catastor
        26593852 => synchro_of(
            F::Any,
            vec![E::trigger(
                Trigger::start_of_damage_step(),
                "1 Tuner + 1 or more non-Tuners. At the start of the Damage Step, if it battles a face-up monster that is not DARK: destroy that monster.",
            )
            .when(Condition::EventCard(F::FaceUp & !F::Attribute(Attribute::Dark)))
            .op(Op::destroy(Obj::EventCard))],
        ),
        // Magical Android
        43385557 => synchro_of(
            F::Any,
            vec![E::trigger(
                Trigger::Phase { phase: Phase::End, whose: Who::You },
                "1 Tuner + 1 or more non-Tuners. In each of your End Phases: gain 600 LP for each Psychic monster you control.",
            )
            .needs_card_on_field()
            .op(Op::gain_lp(Who::You, Num::per(600, Obj::All(Place::Monsters(Who::You), F::Race(Race::PSYCHIC) & F::FaceUp))))],
        ),
        // Thought Ruler Archfiend
        70780151 => synchro_of(
            F::Any,
            vec![
                on_battle_kill(
                    "1 Tuner + 1 or more non-Tuners. When it destroys a monster by battle and sends it to the GY: gain LP equal to that monster's original ATK.",
                    false,
                )
                .op(Op::gain_lp(Who::You, Num::stat_of(Stat::OriginalAtk, Obj::EventCard))),
                E::quick("When a Spell or Trap Card is activated that targets exactly 1 Psychic monster (and nothing else): you can pay 1000 LP; negate the activation and destroy that card.")
                    .when(Condition::All(vec![
                        Condition::chain_top_activates(F::Spell | F::Trap),
                        Condition::chain_top_targets_only(F::Race(Race::PSYCHIC) & F::Monster & F::FaceUp),
                    ]))
                    .needs_card_on_field()
                    .cost(Cost::pay_lp(Num::Const(1000)))
                    .op(Op::negate_activation(true)),
            ],
        ),
        // Mist Wurm
        27315304 => synchro(
            F::Any,
            F::Any,
            2,
            u8::MAX,
            vec![synchro_summoned("1 Tuner + 2 or more non-Tuners. When it is Synchro Summoned: target up to 3 cards your opponent controls; return them to the hand.", false)
                .target_in(Place::Field(Who::Opponent), 1, 3, F::Any)
                .op(Op::ToHand(Obj::Targets))],
        ),
        // Flamvell Uruquizas
        53714009 => synchro_of(
            F::Any,
            vec![
                E::continuous("1 Tuner + 1 or more non-Tuners. When it attacks a Defense Position monster, it deals piercing battle damage.").modifier(Modifier::piercing(Scope::This)),
                E::trigger(Trigger::dealt_battle_damage(false, Subject::This), "Each time it deals battle damage to your opponent: it gains 300 ATK.").op(gains_atk(300)),
            ],
        ),
        // Dark End Dragon
        88643579 => synchro_of(
            F::Attribute(Attribute::Dark),
            vec![E::ignition(
                "1 Tuner + 1 or more non-Tuner DARK monsters. Once per turn: you can target 1 monster your opponent controls; this card loses 500 ATK and DEF, and if it does, send that monster to the GY.",
            )
            .limit(Limit::PerCardPerTurn)
            .when(Condition::This(F::atk_at_least(500) & F::stat(Stat::Def, Cmp::Ge, 500)))
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Any)
            .op(Op::Apply { what: Obj::This, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-500), def: Num::Const(-500) }, until: Duration::Permanent })
            .op(Op::SendToGy(Obj::Targets))],
        ),
        // Avenging Knight Parshath
        69514125 => synchro_of(
            F::Attribute(Attribute::Light),
            vec![
                E::ignition("1 Tuner + 1 or more non-Tuner LIGHT monsters. Once per turn: you can target 1 face-up monster your opponent controls; change its battle position.")
                    .limit(Limit::PerCardPerTurn)
                    .target_in(Place::Monsters(Who::Opponent), 1, 1, F::FaceUp)
                    .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::Toggle }),
                E::continuous("When it attacks a Defense Position monster, it deals piercing battle damage.").modifier(Modifier::piercing(Scope::This)),
            ],
        ),
        // XX-Saber Hyunlei
        2203790 => synchro_of(
            F::NameHas("X-Saber".into()),
            vec![synchro_summoned("1 Tuner + 1 or more non-Tuner \"X-Saber\" monsters. When it is Synchro Summoned: you can target up to 3 Spells or Traps on the field; destroy them.", true)
                .target_in(Place::Field(Who::Both), 1, 3, F::SpellTrap)
                .op(Op::destroy(Obj::Targets))],
        ),
        // X-Saber Wayne
        83810690 => synchro_of(
            F::Any,
            vec![synchro_summoned("1 Tuner + 1 or more non-Tuners. When it is Synchro Summoned: you can Special Summon 1 Level 4 or lower Warrior from your hand.", true)
                .when(Condition::All(vec![
                    Condition::This(F::Summoned(SummonKind::Synchro)),
                    Condition::FreeMonsterZones(1),
                    Condition::Exists { place: Place::Hand(Who::You), filter: F::Race(Race::WARRIOR) & F::level_at_most(4) & F::Monster & F::can_special_summon(), count: 1 },
                ]))
                .op(Op::Choose {
                    who: Who::You,
                    place: Place::Hand(Who::You),
                    filter: F::Race(Race::WARRIOR) & F::level_at_most(4) & F::Monster & F::can_special_summon(),
                    min: 1,
                    max: 1,
                })
                .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))],
        ),
        // XX-Saber Gottoms
        52352005 => synchro_of(
            F::Attribute(Attribute::Earth),
            vec![E::ignition("1 Tuner + 1 or more EARTH non-Tuners. You can Tribute 1 \"X-Saber\" monster: discard 1 random card from your opponent's hand.")
                .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
                .cost(Cost::tribute(1, F::NameHas("X-Saber".into())))
                .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
                .op(Op::Discard(Obj::Chosen))],
        ),
        // Road Warrior
        2322421 => synchro(
            F::Named(ROAD_SYNCHRON),
            F::Any,
            2,
            u8::MAX,
            vec![E::ignition("\"Road Synchron\" + 2 or more non-Tuners. Once per turn: you can Special Summon 1 Level 2 or lower Warrior or Machine monster from your Deck.")
                .limit(Limit::PerCardPerTurn)
                .when(Condition::All(vec![
                    Condition::FreeMonsterZones(1),
                    Condition::Exists { place: Place::Deck(Who::You), filter: road_warrior_call(), count: 1 },
                ]))
                .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: road_warrior_call(), min: 1, max: 1 })
                .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
                .op(Op::ShuffleDeck(Who::You))],
        ),
        // Junk Archer
        42810973 => synchro(
            F::Named(JUNK_SYNCHRON),
            F::Any,
            1,
            u8::MAX,
            vec![E::ignition("\"Junk Synchron\" + 1 or more non-Tuners. Once per turn: you can target 1 monster your opponent controls; banish it until the End Phase of this turn, when it returns to your opponent's field.")
                .limit(Limit::PerCardPerTurn)
                .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Any)
                .op(Op::Banish { what: Obj::Targets, face_down: false })
                .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
                .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::return_to_field(Obj::Memory(Mem(0)))] })],
        ),
        // Elemental HERO Absolute Zero
        40854197 => Behavior {
            effects: vec![
                E::continuous("Fusion materials: 1 \"HERO\" monster + 1 WATER monster. Must be Fusion Summoned. It gains 500 ATK for each WATER monster on the field other than a \"Elemental HERO Absolute Zero\".")
                    .modifier(Modifier::AtkDef {
                        scope: Scope::This,
                        atk: Num::per(500, Obj::All(Place::Monsters(Who::Both), F::Attribute(Attribute::Water) & F::FaceUp & !F::Named(40854197))),
                        def: Num::Const(0),
                    }),
                E::trigger(Trigger::LeftField(F::WasFaceUp & !F::NotSelf), "When it leaves the field face-up: destroy every monster your opponent controls.")
                    .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::Any))),
            ],
            materials: Some(Materials::Fusion { slots: vec![F::NameHas("HERO".into()), F::Attribute(Attribute::Water)], by_polymerization: true }),
            ..Behavior::default()
        },
        // Black Rose Dragon
        73580471 => synchro_of(
            F::Any,
            vec![
                synchro_summoned("1 Tuner + 1 or more non-Tuners. When it is Synchro Summoned: you can destroy every card on the field.", true)
                    .op(Op::destroy(Obj::All(Place::Field(Who::Both), F::Any))),
                E::ignition("Once per turn: you can banish 1 Plant monster from your GY, then target 1 Defense Position monster your opponent controls; change it to face-up Attack Position, and if you do, its ATK becomes 0 until the end of this turn.")
                    .limit(Limit::PerCardPerTurn)
                    .cost(Cost::banish_from_gy(1, F::Monster & F::Race(Race::PLANT)))
                    .target_in(Place::Monsters(Who::Opponent), 1, 1, F::DefensePos)
                    .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceUpAttack })
                    // The target no longer matches "Defense Position": the changed monster.
                    .op(Op::Apply {
                        what: Obj::Affected,
                        modifier: Modifier::set_current(Scope::This, Some(Num::Const(0)), None),
                        until: Duration::EndOfTurn,
                    }),
            ],
        ),
        // X-Saber Urbellum
        80108118 => synchro_of(
            F::Any,
            vec![E::trigger(
                Trigger::dealt_battle_damage(false, Subject::This),
                "1 Tuner + 1 or more non-Tuners. When it deals battle damage to your opponent while they hold 4 or more cards: put 1 random card of their hand on top of their Deck.",
            )
            .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 4 })
            .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
            .op(Op::ToDeck { what: Obj::Chosen, top: true })],
        ),
        // Quickdraw Synchron
        20932152 => Behavior {
            effects: vec![E::continuous(
                "A Tuner. It can be Special Summoned from your hand by sending 1 monster from your hand to the GY. In a Synchro Summon it can stand in for any 1 \"Synchron\" Tuner a Synchro monster names, and it is Synchro Material only for such monsters.",
            )],
            summon_rule: Some(SummonRule::SendFromHand { count: 1, filter: F::Monster }),
            tuner_substitute_for: SYNCHRON_TUNERS.to_vec(),
            ..Behavior::default()
        },
        _ => return None,
    })
}

/// Road Warrior's call: a Level 2 or lower Warrior or Machine.
fn road_warrior_call() -> F {
    (F::Race(Race::WARRIOR) | F::Race(Race::MACHINE)) & F::level_at_most(2) & F::Monster & F::can_special_summon()
}
