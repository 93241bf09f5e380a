//! Edison pool part 1 (part1_o): Volcanic Rocket, Blaze Accelerator, Evil HERO Infernal
//! Prodigy, Koa'ki Meiru Gravirose, Elemental HERO Gaia and Miracle Fusion; each a declaration
//! in the effect vocabulary with its rules text in the project's own words. The rulings decided
//! for them are in `docs/rulings/edison-1-e15.md`.

use crate::mechanics::koaki_meiru_upkeep;
use ygo_core::card::{Attribute, Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, SummonKind};

/// An "Elemental HERO" monster.
fn elemental_hero() -> F {
    F::Monster & F::NameHas("Elemental HERO".to_string())
}

const BLAZE_ACCELERATOR: u32 = 69537999;
const BLACK_GARDEN: u32 = 71645242;
/// The token "Black Garden" Special Summons.
const ROSE_TOKEN: u32 = 71645243;

/// A Plant monster.
fn plant() -> F {
    F::Monster & F::Race(Race::PLANT)
}

/// Black Garden's tokens: for each monster of the trigger that `side` controls, 1 "Rose Token"
/// to the other player's field (`to`) in Attack Position (up to 5, the zones of a field).
fn rose_tokens(side: Place, to: Who) -> Vec<Op> {
    (1..=5)
        .map(|n| {
            let on_side = Num::count_of(Obj::Filtered(Box::new(Obj::EventCards), F::InPlace(side)));
            Op::If {
                test: Test::Compare(on_side, Cmp::Ge, Num::Const(n)),
                then: vec![Op::Summon(SummonStep::TokensFor { who: to, code: ROSE_TOKEN, count: 1, pos: SummonPos::Attack })],
                otherwise: vec![],
            }
        })
        .collect()
}

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
        // Evil HERO Infernal Prodigy
        50304345 => Behavior {
            summon_rule: Some(SummonRule::Condition(Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::Any })),
            summon_rule_attack_only: true,
            ..Behavior::with(vec![
                E::continuous("While you control no monsters, you can Special Summon it from your hand in Attack Position."),
                E::trigger(
                    Trigger::Phase { phase: Phase::End, whose: Who::You },
                    "Once per turn, in the End Phase of a turn it was Tributed for the Tribute Summon of a \"HERO\" monster (still face-up on your field): draw 1 card.",
                )
                .range(Range::Gy)
                .limit(Limit::PerCardPerTurn)
                .when(Condition::All(vec![
                    Condition::This(F::SentBy(Sent::Tribute) & !F::SentBy(Sent::Cost) & F::ThisTurn(TurnFact::Arrived)),
                    Condition::Exists {
                        place: Place::Monsters(Who::You),
                        filter: F::FaceUp & F::NameHas("HERO".to_string()) & F::Summoned(SummonKind::Tribute) & F::ThisTurn(TurnFact::Arrived),
                        count: 1,
                    },
                ]))
                .op(Op::Draw { who: Who::You, count: Num::Const(1) }),
            ])
        },
        // Koa'ki Meiru Gravirose
        41201555 => Behavior::with(vec![
            koaki_meiru_upkeep(
                F::Monster & F::Race(Race::PLANT),
                "In each of your End Phases: destroy this card unless you send 1 \"Iron Core of Koa'ki Meiru\" from your hand to the GY or reveal 1 Plant monster in your hand.",
            ),
            E::optional_if(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, "In each of your Standby Phases: you can send 1 Level 3 or lower monster from your Deck to the GY.")
                .when(Condition::Exists { place: Place::Deck(Who::You), filter: F::Monster & F::level_at_most(3), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Monster & F::level_at_most(3), min: 1, max: 1 })
                .op(Op::SendToGy(Obj::Chosen)),
        ]),
        // Elemental HERO Gaia
        16304628 => {
            let half = || Num::half(Num::stat_of(Stat::Atk, Obj::Targets));
            Behavior {
                materials: Some(Materials::Fusion { slots: vec![elemental_hero(), F::Attribute(Attribute::Earth)], by_polymerization: true }),
                ..Behavior::with(vec![
                    E::continuous("Fusion materials: 1 \"Elemental HERO\" monster + 1 EARTH monster. Must be Fusion Summoned."),
                    E::trigger(
                        Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                        "When it is Fusion Summoned: target 1 face-up monster your opponent controls; until the End Phase, that monster loses half its ATK and this card gains that much ATK.",
                    )
                    .when(Condition::This(F::Summoned(SummonKind::Fusion)))
                    .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::FaceUp)
                    .op(Op::Apply { what: Obj::This, modifier: Modifier::AtkDef { scope: Scope::This, atk: half(), def: Num::Const(0) }, until: Duration::EndOfTurn })
                    .op(Op::Apply { what: Obj::Targets, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Times(Box::new(half()), -1), def: Num::Const(0) }, until: Duration::EndOfTurn }),
                ])
            }
        }
        // Black Garden
        BLACK_GARDEN => {
            let plants_total = Num::sum_of(Stat::Atk, Obj::All(Place::Monsters(Who::Both), F::FaceUp & plant()));
            let mut grow = E::trigger(
                Trigger::Summoned { normal: true, flip: false, special: true, of: Subject::Any(F::FaceUp & !F::SummonedBy(Box::new(F::Named(BLACK_GARDEN)))) },
                "Each time a monster is Normal or Special Summoned face-up, except by this card's effect: its ATK is halved (even after this card leaves the field), then the player who controls it Special Summons 1 \"Rose Token\" (Plant, DARK, Level 2, 800/800) to their opponent's field in Attack Position.",
            )
            .op(Op::Apply {
                what: Obj::EventCards,
                modifier: Modifier::set_current(Scope::This, Some(Num::half(Num::stat_of(Stat::Atk, Obj::Each))), None),
                until: Duration::Permanent,
            });
            for op in rose_tokens(Place::Monsters(Who::You), Who::Opponent).into_iter().chain(rose_tokens(Place::Monsters(Who::Opponent), Who::You)) {
                grow = grow.op(op);
            }
            Behavior::with(vec![
                E::spell(SpellKind::Field, "A Field Spell that stays on the field."),
                grow,
                E::ignition("You can target 1 monster in your GY whose ATK equals the total ATK of the face-up Plant monsters on the field; destroy this card and every Plant monster on the field, then, if none is left, Special Summon the target.")
                    .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::FaceUp & plant(), count: 1 })
                    // The ATK is compared when the target is chosen (the Plants are gone on resolution).
                    .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::can_special_summon() & F::AtActivation(Box::new(F::stat(Stat::Atk, Cmp::Eq, plants_total))))
                    .op(Op::destroy(Obj::Union(vec![Obj::This, Obj::All(Place::Monsters(Who::Both), plant())])))
                    // "Then, if none is left" is read on resolution, never a condition to activate.
                    .op(Op::If {
                        test: Test::Compare(Num::count_of(Obj::All(Place::Monsters(Who::Both), plant())), Cmp::Eq, Num::Const(0)),
                        then: vec![Op::special_summon(Obj::Targets, SummonPos::FaceUp)],
                        otherwise: vec![],
                    }),
            ])
        }
        // Miracle Fusion
        45906428 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Fusion Summon 1 \"Elemental HERO\" Fusion Monster from your Extra Deck by banishing the Fusion Materials listed on it from your field or GY.",
        )
        .op(Op::Extra(ExtraOp::FusionByBanishing { monster: elemental_hero() }))]),
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
