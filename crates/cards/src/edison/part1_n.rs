//! Edison pool part 1 (part1_n): Light and Darkness Dragon (the last card the Quickdraw Dandy
//! list lacked) and further Edison monsters; each a declaration in the effect vocabulary with
//! its rules text in the project's own words. The rulings decided for them are in
//! `docs/rulings/edison-1-e14.md`.

use super::part1_l::frog;
use ygo_core::card::{Attribute, Race};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::SummonKind;

const PLAGUESPREADER_ZOMBIE: u32 = 33420078;
const SWAP_FROG: u32 = 9126351;

/// A WATER monster.
fn water() -> F {
    F::Monster & F::Attribute(Attribute::Water)
}

/// A Zombie monster.
fn zombie() -> F {
    F::Monster & F::Race(Race::ZOMBIE)
}

/// "\"Plaguespreader Zombie\" + 1 or more non-Tuner Zombie monsters".
fn plaguespreader_synchro(effects: Vec<E>) -> Behavior {
    Behavior {
        effects,
        materials: Some(Materials::Synchro { tuner: F::Named(PLAGUESPREADER_ZOMBIE), non_tuner: zombie(), min: 1, max: u8::MAX }),
        ..Behavior::default()
    }
}

/// "When this card is Synchro Summoned: you can ...".
fn when_synchro_summoned(text: &str) -> E {
    E::optional_when(Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This }, text)
        .when(Condition::This(F::Summoned(SummonKind::Synchro)))
}

/// A monster in your GY that can be Special Summoned.
fn revivable() -> F {
    F::Monster & F::can_special_summon()
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Light and Darkness Dragon
        47297616 => {
            let strong_enough = F::OnField & F::FaceUp & F::stat(Stat::Atk, Cmp::Ge, 500) & F::stat(Stat::Def, Cmp::Ge, 500);
            let destroy_mine = || Op::destroy(Obj::All(Place::Field(Who::You), F::Any));
            let destroyed = || Trigger::Destroyed { cause: Cause::Any };
            Behavior {
                no_special_summon: true,
                ..Behavior::with(vec![
                    E::continuous("It cannot be Special Summoned. While it is face-up on the field, it is DARK as well as LIGHT.")
                        .modifier(Modifier::AlsoAttribute { scope: Scope::This, attribute: Attribute::Dark }),
                    // Mandatory, once per chain, in answer to every activation (its controller's
                    // too), in the Damage Step as well; it checks its ATK/DEF on resolution.
                    E::trigger(
                        Trigger::Activation(F::NotSelf),
                        "Once per chain, each time a Spell/Trap Card or a monster effect is activated: if this card still has 500 or more ATK and DEF, negate that activation, and if you do, this card loses 500 ATK and DEF.",
                    )
                    .limit(Limit::PerChain)
                    .op(Op::only_if(
                        Condition::This(strong_enough),
                        vec![
                            Op::negate_activation(false),
                            Op::if_did(vec![Op::Apply {
                                what: Obj::This,
                                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-500), def: Num::Const(-500) },
                                until: Duration::Permanent,
                            }]),
                        ],
                    )),
                    // "Target 1 monster in your GY (if possible)": with one, it must be targeted;
                    // with none, the destruction still happens.
                    E::trigger(
                        destroyed(),
                        "When this card is destroyed and sent to the GY: target 1 monster in your GY that can be Special Summoned; destroy every card you control, then Special Summon that monster.",
                    )
                    .range(Range::Gy)
                    .when(Condition::Exists { place: Place::Gy(Who::You), filter: revivable(), count: 1 })
                    .target_in(Place::Gy(Who::You), 1, 1, revivable())
                    .op(destroy_mine())
                    .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp)),
                    E::trigger(destroyed(), "When this card is destroyed and sent to the GY with no monster in your GY to target: destroy every card you control.")
                        .range(Range::Gy)
                        .when(Condition::NoneIn { place: Place::Gy(Who::You), filter: revivable() })
                        .op(destroy_mine()),
                ])
            }
        }
        // Revived King Ha Des
        5309481 => plaguespreader_synchro(vec![E::continuous(
            "\"Plaguespreader Zombie\" + 1 or more non-Tuner Zombie monsters. The effects of Effect Monsters destroyed by battle with a Zombie monster you control are negated.",
        )
        .modifier(Modifier::NegateBattleVictims { scope: Scope::Monsters(F::YouControl & zombie()), victims: F::effect_monster() })]),
        // Doomkaiser Dragon
        6021033 => plaguespreader_synchro(vec![E::optional_when(
            Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
            "\"Plaguespreader Zombie\" + 1 or more non-Tuner Zombie monsters. When this card is Special Summoned: you can target 1 Zombie monster in your opponent's GY; Special Summon it to your field in Attack Position. When this card leaves the field, that monster is destroyed.",
        )
        .when(Condition::FreeMonsterZones(1))
        .target_in(Place::Gy(Who::Opponent), 1, 1, zombie() & F::can_special_summon())
        .op(Op::special_summon(Obj::Targets, SummonPos::Attack))
        .then_if_did(vec![Op::Apply { what: Obj::Affected, modifier: Modifier::destroyed_with_source(false), until: Duration::Permanent }])]),
        // Trident Dragion
        39402797 => {
            let dragon = || F::Monster & F::Race(Race::DRAGON);
            Behavior {
                no_special_summon: true,
                materials: Some(Materials::Synchro { tuner: dragon(), non_tuner: dragon(), min: 1, max: u8::MAX }),
                ..Behavior::with(vec![
                    E::continuous("1 Dragon Tuner + 1 or more non-Tuner Dragon monsters. It can only be Synchro Summoned (never Special Summoned in another way)."),
                    when_synchro_summoned(
                        "When this card is Synchro Summoned: you can target up to 2 other cards you control; destroy them, and for each one destroyed this card can attack once more in each Battle Phase this turn.",
                    )
                    .target_in(Place::Field(Who::You), 1, 2, F::NotSelf)
                    .op(Op::destroy(Obj::Targets))
                    .then_if_did(vec![Op::Apply {
                        what: Obj::This,
                        modifier: Modifier::ExtraAttacks { scope: Scope::This, count: Num::count_of(Obj::Affected) },
                        until: Duration::EndOfTurn,
                    }]),
                ])
            }
        }
        // Swap Frog
        SWAP_FROG => {
            let small_aqua = || water() & F::Race(Race::AQUA) & F::level_at_most(2);
            Behavior {
                summon_rule: Some(SummonRule::SendFromHand { count: 1, filter: water() }),
                ..Behavior::with(vec![
                    E::continuous("You can Special Summon it from your hand by discarding 1 other WATER monster."),
                    // "From your Deck or face-up field": one place or the other, the player picks
                    // (only a place holding one is offered); the card itself qualifies.
                    E::optional_when(
                        Trigger::Summoned { normal: true, flip: true, special: true, of: Subject::This },
                        "When this card is Normal, Flip or Special Summoned: you can send 1 Level 2 or lower WATER Aqua monster from your Deck or your face-up field to the GY.",
                    )
                    .when(Condition::Any(vec![
                        Condition::Exists { place: Place::Deck(Who::You), filter: small_aqua(), count: 1 },
                        Condition::Exists { place: Place::Monsters(Who::You), filter: small_aqua() & F::FaceUp, count: 1 },
                    ]))
                    .op(Op::ChooseOne(vec![
                        vec![Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: small_aqua(), min: 1, max: 1 }, Op::SendToGy(Obj::Chosen)],
                        vec![Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: small_aqua() & F::FaceUp, min: 1, max: 1 }, Op::SendToGy(Obj::Chosen)],
                    ])),
                    E::ignition(
                        "Once per turn: you can return 1 monster you control to the hand (cost); this turn, in your Main Phase, you can Normal Summon 1 \"Frog\" monster (not \"Swap Frog\" nor \"Slime Toad\") in addition to your Normal Summon/Set. A player gains that extra Normal Summon only once per turn.",
                    )
                    .limit(Limit::PerCardPerTurn)
                    .cost(Cost::Cards { how: CostMove::ToHand, from: CostFrom::Monsters, filter: F::Any, count: CostCount::Range(1, 1) })
                    .op(Op::ApplyRule { modifier: Modifier::AdditionalNormalSummon { of: frog() & !F::Named(SWAP_FROG), raises_limit: false }, until: Duration::EndOfTurn }),
                ])
            }
        }
        _ => return None,
    })
}
