//! Edison pool part 1 (part1_g): Plaguespreader Zombie, Blackwing Armor Master and Tragoedia
//! (the Doomcaliber Gadgets list's last cards), Necro Gardna, Armory Arm and Tempest Magician (the
//! Twilight list's); each a declaration in the effect vocabulary
//! with its rules text in the project's own words. The rulings decided for them are in
//! `docs/rulings/edison-1-e7.md`.

use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::BattleStep;

use crate::mechanics::banish_self_from_gy;

/// A monster with at least 1 Wedge Counter on it.
fn wedged() -> F {
    F::Monster & F::stat(Stat::Counters(Counter::Wedge), Cmp::Ge, 1)
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Plaguespreader Zombie
        33420078 => Behavior::with(vec![E::ignition(
            "A Tuner. If this card is in your GY: you can place 1 card from your hand on top of your Deck; Special Summon this card, but it is banished when it leaves the field.",
        )
        .range(Range::Gy)
        .when(Condition::FreeMonsterZones(1))
        .cost(Cost::Cards { how: CostMove::DeckTop, from: CostFrom::Hand, filter: F::Any, count: CostCount::Range(1, 1) })
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))
        .op(Op::Apply { what: Obj::Affected, modifier: Modifier::banish_when_leaving(Scope::This), until: Duration::Permanent })]),
        // Blackwing Armor Master
        69031175 => Behavior {
            materials: Some(Materials::Synchro {
                tuner: F::NameHas("Blackwing".into()),
                non_tuner: F::Any,
                min: 1,
                max: u8::MAX,
            }),
            ..Behavior::with(vec![
                E::continuous(
                    "1 \"Blackwing\" Tuner + 1 or more non-Tuner monsters. It cannot be destroyed by battle, and you take no battle damage from attacks involving it.",
                )
                .modifier(Modifier::Cannot { scope: Scope::This, act: Act::BeDestroyedByBattle })
                .modifier(Modifier::Rule { scope: Scope::This, rule: MonsterRule::NoBattleDamageToController }),
                E::optional_when(
                    Trigger::end_of_damage_step(),
                    "At the end of the Damage Step, if this card attacked a monster: you can place 1 Wedge Counter on that monster (max. 1).",
                )
                .when(Condition::All(vec![Condition::This(F::Attacker), Condition::EventCard(F::OnField & F::FaceUp)]))
                .op(Op::AddCounters { what: Obj::EventCard, kind: Counter::Wedge, count: Num::Const(1), max: Some(1) }),
                E::ignition(
                    "You can remove all Wedge Counters from your opponent's monsters: the ATK and DEF of the monsters that had them become 0 until the end of this turn.",
                )
                .when(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: wedged(), count: 1 })
                .op(Op::Apply {
                    what: Obj::All(Place::Monsters(Who::Opponent), wedged()),
                    modifier: Modifier::set_current(Scope::This, Some(Num::Const(0)), Some(Num::Const(0))),
                    until: Duration::EndOfTurn,
                })
                .op(Op::RemoveCounters { what: Obj::All(Place::Monsters(Who::Opponent), F::Any), kind: Counter::Wedge }),
            ])
        },
        // Tragoedia
        98777036 => Behavior::with(vec![
            E::optional_when(
                Trigger::Damage(DamageTaken::Took { who: Who::You, by: F::Any }),
                "When you take battle damage: you can Special Summon this card from your hand.",
            )
            .range(Range::Hand)
            .when(Condition::All(vec![
                Condition::TookDamage { who: Who::You, battle_only: true, min: 1 },
                Condition::FreeMonsterZones(1),
                Condition::This(F::can_special_summon()),
            ]))
            .op(Op::special_summon(Obj::This, SummonPos::FaceUp)),
            E::continuous("It gains 600 ATK and DEF for each card in your hand.").modifier(Modifier::AtkDef {
                scope: Scope::This,
                atk: Num::per(600, Obj::All(Place::Hand(Who::You), F::Any)),
                def: Num::per(600, Obj::All(Place::Hand(Who::You), F::Any)),
            }),
            E::ignition(
                "Once per turn: you can send 1 monster from your hand to the GY, then target 1 face-up monster your opponent controls with the Level the sent monster had in the hand; take control of it.",
            )
            .limit(Limit::PerCardPerTurn)
            .cost(Cost::Cards { how: CostMove::Send, from: CostFrom::Hand, filter: F::Monster, count: CostCount::Range(1, 1) })
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::FaceUp & F::stat(Stat::Level, Cmp::Eq, Num::Cost(CostStat::Level)))
            .op(Op::take_control(Obj::Targets, Duration::Permanent)),
            E::ignition("Once per turn: you can target 1 monster in your GY; this card's Level becomes that monster's Level until the end of this turn.")
                .limit(Limit::PerCardPerTurn)
                .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::stat(Stat::Level, Cmp::Ge, 1))
                .op(Op::If {
                    test: Test::Compare(Num::Cards(CardsNum::Count(Obj::Targets)), Cmp::Ge, Num::Const(1)),
                    then: vec![Op::Apply {
                        what: Obj::This,
                        modifier: Modifier::Level { filter: F::Any, delta: 0, in_hand: false, becomes: Some(Num::stat_of(Stat::Level, Obj::Targets)) },
                        until: Duration::EndOfTurn,
                    }],
                    otherwise: Vec::new(),
                }),
        ]),
        // Necro Gardna
        4906301 => Behavior::with(vec![E::quick(
            "During your opponent's turn, while an opponent's monster attacks: you can banish this card from your GY; negate that attack.",
        )
        .range(Range::Gy)
        .cost(banish_self_from_gy())
        .when(Condition::All(vec![
            Condition::opponents_turn(),
            Condition::Any(vec![
                Condition::AttackDeclared(F::OppControls),
                Condition::All(vec![Condition::step(BattleStep::Battle), Condition::Battling(F::Attacker & F::OppControls)]),
            ]),
        ]))
        .op(Op::negate_attack())]),
        // Armory Arm
        29071332 => armory_arm(),
        // Tempest Magician
        63101919 => tempest_magician(),
        _ => return None,
    })
}

/// Armory Arm: a Synchro Monster that equips itself to a monster, or unequips and is Special
/// Summoned (once per turn, either); the equipped monster gains 1000 ATK and burns for the
/// monsters it destroys by battle.
fn armory_arm() -> Behavior {
    let equip =
        E::ignition("1 Tuner + 1 or more non-Tuner monsters. Once per turn, either: you can target 1 face-up monster on the field and equip this card to it;")
            .limit(Limit::PerCardPerTurn)
            .limit_group(0)
            .when(Condition::All(vec![Condition::This(F::InPlace(Place::Monsters(Who::You))), Condition::FreeSpellZones(1)]))
            .target_in(Place::Monsters(Who::Both), 1, 1, F::FaceUp & F::NotSelf)
            .needs_card_on_field()
            .op(Op::EquipAsCard { what: Obj::This, to: Obj::Targets, grants: None });
    let unequip = E::ignition("or, while equipped this way, unequip it and Special Summon it in Attack Position.")
        .limit(Limit::PerCardPerTurn)
        .limit_group(0)
        .when(Condition::All(vec![Condition::This(F::InPlace(Place::SpellTraps(Who::You))), Condition::FreeMonsterZones(1)]))
        .needs_card_on_field()
        .op(Op::special_summon(Obj::This, SummonPos::Attack));
    let boost = E::continuous("While equipped this way, the equipped monster gains 1000 ATK.").modifier(Modifier::AtkDef {
        scope: Scope::Equipped,
        atk: Num::Const(1000),
        def: Num::Const(0),
    });
    let burn = E::trigger(
        Trigger::LeftField(F::Monster & F::InPlace(Place::Gy(Who::Both)) & F::Rel(Relation::DestroyedBy, Box::new(Obj::Equipped))),
        "When the equipped monster destroys a monster by battle and sends it to the GY: your opponent takes damage equal to that monster's ATK in the GY.",
    )
    .when(Condition::This(F::InPlace(Place::SpellTraps(Who::You))))
    .op(Op::damage(Who::Opponent, Num::stat_of(Stat::Atk, Obj::EventCard)));
    Behavior {
        materials: Some(Materials::Synchro { tuner: F::Any, non_tuner: F::Any, min: 1, max: u8::MAX }),
        ..Behavior::with(vec![equip, unequip, boost, burn])
    }
}

/// Tempest Magician: Spell Counters placed on Synchro Summon and for cards discarded, then
/// removed from the whole field for 500 damage each.
fn tempest_magician() -> Behavior {
    let on_field = || Obj::All(Place::Field(Who::Both), F::Any);
    let discarded = || Num::Cost(CostStat::Cards);
    // Another face-up monster you control that can hold Spell Counters.
    let holder = || F::FaceUp & F::can_hold_counter(Counter::Spell);
    Behavior {
        counters: vec![Counter::Spell],
        materials: Some(Materials::Synchro { tuner: F::Any, non_tuner: F::Race(ygo_core::card::Race::SPELLCASTER), min: 1, max: u8::MAX }),
        ..Behavior::with(vec![
            E::trigger(
                Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                "1 Tuner + 1 or more non-Tuner Spellcaster monsters. When it is Synchro Summoned: 1 Spell Counter is placed on it.",
            )
            .when(Condition::This(F::Summoned(ygo_core::types::SummonKind::Synchro)))
            .op(Op::AddCounters { what: Obj::This, kind: Counter::Spell, count: Num::Const(1), max: None }),
            E::ignition("Once per turn: you can discard any number of cards; place that many Spell Counters on 1 face-up monster you control that can hold Spell Counters (this card or another).")
                .limit(Limit::PerCardPerTurn)
                .cost(Cost::Cards { how: CostMove::Discard, from: CostFrom::Hand, filter: F::Any, count: CostCount::AnyNumber })
                .op(Op::ChooseOne(vec![
                    vec![Op::AddCounters { what: Obj::This, kind: Counter::Spell, count: discarded(), max: None }],
                    vec![Op::only_if(
                        Condition::Exists { place: Place::Monsters(Who::You), filter: holder(), count: 1 },
                        vec![
                            Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: holder(), min: 1, max: 1 },
                            Op::AddCounters { what: Obj::Chosen, kind: Counter::Spell, count: discarded(), max: None },
                        ],
                    )],
                ])),
            E::ignition("You can remove all Spell Counters on the field: your opponent takes 500 damage for each Spell Counter removed.")
                .when(Condition::Compare(Num::sum_of(Stat::Counters(Counter::Spell), on_field()), Cmp::Ge, Num::Const(1)))
                .op(Op::damage(Who::Opponent, Num::Times(Box::new(Num::sum_of(Stat::Counters(Counter::Spell), on_field())), 500)))
                .op(Op::RemoveCounters { what: on_field(), kind: Counter::Spell }),
        ])
    }
}
