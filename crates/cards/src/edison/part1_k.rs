//! Edison pool part 1 (part1_k): the cards the Quickdraw Dandy list lacked (D.D. Crow, Lonefire
//! Blossom, Tytannial, Princess of Camellias, Iron Chain Dragon, Drill Warrior, Consecrated Light, ...); each a
//! declaration in the effect vocabulary with its rules text in the project's own words. The
//! rulings decided for them are in `docs/rulings/edison-1-e11.md`.

use ygo_core::card::{type_bits, Attribute, Race, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase};

const DRILL_SYNCHRON: u32 = 56286179;
const DRILL_WARRIOR: u32 = 3429238;
const TURBO_SYNCHRON: u32 = 67270095;
const NITRO_SYNCHRON: u32 = 96182448;

/// A face-up Plant monster (the Tribute of Lonefire Blossom and Tytannial).
fn face_up_plant() -> F {
    F::FaceUp & F::Monster & F::Race(Race::PLANT)
}

/// A Plant monster that can be Special Summoned.
fn summonable_plant() -> F {
    F::Monster & F::Race(Race::PLANT) & F::can_special_summon()
}

/// "1 Tuner named `tuner` + 1 or more non-Tuners".
fn synchro_named(tuner: u32, effects: Vec<E>) -> Behavior {
    Behavior { effects, materials: Some(Materials::Synchro { tuner: F::Named(tuner), non_tuner: F::Any, min: 1, max: u8::MAX }), ..Behavior::default() }
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // D.D. Crow
        24508238 => Behavior::with(vec![E::quick("During either player's turn: you can discard this card, then target 1 card in your opponent's GY; banish it.")
            .from_hand()
            .cost(Cost::discard_self())
            .target_in(Place::Gy(Who::Opponent), 1, 1, F::Any)
            .op(Op::Banish { what: Obj::Targets, face_down: false })]),
        // Lonefire Blossom
        48686504 => Behavior::with(vec![E::ignition("Once per turn: you can Tribute 1 face-up Plant monster; Special Summon 1 Plant monster from your Deck.")
            .limit(Limit::PerCardPerTurn)
            .cost(Cost::tribute(1, face_up_plant()))
            .when(Condition::Exists { place: Place::Deck(Who::You), filter: summonable_plant(), count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: summonable_plant(), min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
            .op(Op::ShuffleDeck(Who::You))]),
        // Tytannial, Princess of Camellias
        11819616 => Behavior::with(vec![E::quick(
            "During either player's turn, when a card or effect is activated that targets a card on the field: you can Tribute 1 face-up Plant monster; negate the activation and destroy that card.",
        )
        .when(Condition::chain_top_targets(F::OnField))
        // A Quick Effect that negates an activation may be used in the Damage Step (EFF-10).
        .in_damage_step()
        .cost(Cost::tribute(1, face_up_plant()))
        .op(Op::negate_activation(true))]),
        // Iron Chain Dragon
        19974580 => Behavior {
            effects: vec![
                E::ignition("1 Tuner + 1 or more non-Tuners. You can banish every \"Iron Chain\" monster from your GY: this card gains 200 ATK for each card banished, until the End Phase.")
                    .cost(Cost::Cards { how: CostMove::Banish, from: CostFrom::Gy, filter: F::Monster & F::NameHas("Iron Chain".into()), count: CostCount::All })
                    .needs_card_on_field()
                    .op(Op::Apply {
                        what: Obj::This,
                        modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Times(Box::new(Num::Cost(CostStat::Cards)), 200), def: Num::Const(0) },
                        until: Duration::EndPhase,
                    }),
                E::trigger(Trigger::dealt_battle_damage(false, Subject::This), "When it inflicts battle damage to your opponent: send the top 3 cards of their Deck to the GY.")
                    .op(Op::SendToGy(Obj::DeckTop(Who::Opponent, 3))),
            ],
            materials: Some(Materials::Synchro { tuner: F::Any, non_tuner: F::Any, min: 1, max: u8::MAX }),
            ..Behavior::default()
        },
        // Turbo Warrior
        46195773 => {
            // The monster it attacks (a face-up Level 6 or higher Synchro Monster).
            let big_synchro = || !F::Attacker & F::InBattle & F::FaceUp & F::Frame(Frame::Ability(type_bits::SYNCHRO)) & F::level_at_least(6);
            let attacked = || Obj::All(Place::Monsters(Who::Opponent), big_synchro());
            synchro_named(
                TURBO_SYNCHRON,
                vec![
                    E::trigger(
                        Trigger::declares_attack(),
                        "\"Turbo Synchron\" + 1 or more non-Tuners. When it declares an attack on a Level 6 or higher Synchro Monster: that monster's ATK is halved until the end of the Damage Step.",
                    )
                    .when(Condition::Battling(big_synchro()))
                    .op(Op::Apply {
                        what: attacked(),
                        modifier: Modifier::set_current(Scope::This, Some(Num::half(Num::stat_of(Stat::Atk, attacked()))), None),
                        until: Duration::EndOfDamageStep,
                    }),
                    E::continuous("It cannot be targeted by the effects of Level 6 or lower Effect Monsters.").modifier(Modifier::UntargetableBy {
                        scope: Scope::This,
                        by: F::effect_monster() & F::level_at_most(6),
                    }),
                ],
            )
        }
        // Nitro Warrior
        18013090 => synchro_named(
            NITRO_SYNCHRON,
            vec![
                // "The next attack involving it": in your turn only its own attacks; its first
                // one this turn (before it destroyed a monster by battle), rulings e11.
                E::continuous(
                    "\"Nitro Synchron\" + 1 or more non-Tuners. Once in each of your turns, if you activated a Spell Card this turn: it gains 1000 ATK during damage calculation of its next attack, during that damage calculation only.",
                )
                .when(Condition::All(vec![
                    Condition::your_turn(),
                    Condition::activated_spell_card_this_turn(),
                    Condition::step(BattleStep::Damage(DamageStep::DuringCalculation)),
                    Condition::This(F::Attacker),
                    Condition::Not(Box::new(Condition::This(F::ThisTurn(TurnFact::DestroyedByBattle)))),
                ]))
                .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(1000), def: Num::Const(0) }),
                E::optional_if(
                    Trigger::after_damage_calculation(),
                    "After damage calculation, if this attacking card destroyed an opponent's monster by battle: you can target 1 face-up Defense Position monster your opponent controls; change it to Attack Position, then this card can attack again at once, that monster only.",
                )
                .when(Condition::All(vec![Condition::This(F::Attacker), Condition::EventCard(F::destroyed_by(Obj::This) & F::OppControls)]))
                .target_in(Place::Monsters(Who::Opponent), 1, 1, F::FaceUp & F::DefensePos)
                // The attack is granted first: once in Attack Position, the target no longer
                // matches its targeting filter.
                .op(Op::AttackAgainOn(Obj::Targets))
                .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceUpAttack }),
            ],
        ),
        // Consecrated Light
        2980764 => {
            let dark = || F::Attribute(Attribute::Dark);
            let against_dark = || Condition::Battling(F::NotSelf & dark());
            Behavior::with(vec![
                E::continuous("It cannot be destroyed by battle with a DARK monster.").when(against_dark()).modifier(Modifier::indestructible_by_battle(Scope::This)),
                E::continuous("Its controller takes no battle damage from its battles with a DARK monster.")
                    .when(against_dark())
                    .modifier(Modifier::no_battle_damage_to_controller(Scope::This)),
                E::continuous("While it is face-up: DARK monsters cannot declare an attack, and neither player can Normal or Special Summon a DARK monster.")
                    .modifier(Modifier::cannot_attack(Scope::Monsters(dark())))
                    .modifier(Modifier::cannot_summon_matching(Who::Both, dark())),
            ])
        }
        // Pulling the Rug
        34717238 => summon_trigger_negation(true, "When a monster effect is activated that activates when a monster is Normal Summoned: negate the activation and destroy that monster."),
        // Swallow Flip
        10651797 => summon_trigger_negation(false, "When an Effect Monster's effect is activated that activates when a monster is Special Summoned (itself included): negate the activation and destroy it."),
        // Drill Warrior (today: the discard is part of the effect)
        DRILL_WARRIOR => drill_warrior(false),
        _ => return None,
    })
}

/// A Counter Trap that negates the activation of a monster's trigger effect started by a
/// Normal Summon (`normal`) or a Special Summon (else), and destroys that monster.
fn summon_trigger_negation(normal: bool, text: &str) -> Behavior {
    Behavior::with(vec![E::trap(TrapKind::Counter, text)
        .when(Condition::ChainTop(LinkFact::SummonTriggered { normal, special: !normal }))
        .op(Op::negate_activation(true))])
}

/// The March 2010 behaviour of this module's cards whose text changed later (the Edison
/// format's versions), by passcode.
pub fn behavior_2010(id: u32) -> Option<Behavior> {
    Some(match id {
        // Drill Warrior: the discard is a cost ("discard 1 card to remove this card from play").
        DRILL_WARRIOR => drill_warrior(true),
        _ => return None,
    })
}

/// Drill Warrior: halve its ATK to attack directly (Main Phase 1), or (`discard_cost`: paying
/// the discard as a cost, as in 2010) banish itself until your next Standby Phase, when it
/// comes back and you add 1 monster from your GY to your hand.
fn drill_warrior(discard_cost: bool) -> Behavior {
    let halve = E::ignition(
        "\"Drill Synchron\" + 1 or more non-Tuners. Once per turn, in your Main Phase 1: you can halve this card's ATK; it can attack directly this turn.",
    )
    .limit(Limit::PerCardPerTurn)
    .when(Condition::in_phase(Phase::Main1))
    .needs_card_on_field()
    .op(Op::Apply {
        what: Obj::This,
        modifier: Modifier::set_current(Scope::This, Some(Num::half(Num::stat_of(Stat::Atk, Obj::This))), None),
        until: Duration::EndOfTurn,
    })
    .op(Op::Apply { what: Obj::This, modifier: Modifier::direct_attack(Scope::This), until: Duration::EndOfTurn });
    let back = Op::Later {
        at: Moment::YourNextStandbyPhase,
        ops: vec![
            Op::special_summon(Obj::Affected, SummonPos::FaceUp),
            Op::if_did(vec![Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: F::Monster, min: 1, max: 1 }, Op::ToHand(Obj::Chosen)]),
        ],
    };
    // Not `needs_card_on_field`: the delayed steps run while the card is banished.
    let still_here = |ops: Vec<Op>| Op::only_if(Condition::This(F::OnField & F::FaceUp), ops);
    let banish_ops = vec![Op::Banish { what: Obj::This, face_down: false }, back];
    let away = if discard_cost {
        let mut e = E::ignition(
            "Once per turn: you can discard 1 card; banish this card. During your next Standby Phase, Special Summon it, then add 1 monster from your GY to your hand.",
        )
        .limit(Limit::PerCardPerTurn)
        .cost(Cost::discard(1, F::Any));
        e.ops = vec![still_here(banish_ops)];
        e
    } else {
        E::ignition(
            "Once per turn: you can discard 1 card, and if you do, banish this card. During your next Standby Phase, Special Summon it, then add 1 monster from your GY to your hand.",
        )
        .limit(Limit::PerCardPerTurn)
        .when(Condition::Exists { place: Place::Hand(Who::You), filter: F::Any, count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Any, min: 1, max: 1 })
        .op(Op::Discard(Obj::Chosen))
        .op(Op::if_did(vec![still_here(banish_ops)]))
    };
    synchro_named(DRILL_SYNCHRON, vec![halve, away])
}
