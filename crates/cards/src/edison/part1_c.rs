//! Edison pool part 1 (part1_c): the Main Deck cards of the Quickdraw Dandy, X-Saber, Flamvell and Synchro Cat lists; each a declaration in the effect
//! vocabulary with its rules text in the project's own words. The rulings decided for them
//! are in `docs/rulings/edison-1-c.md`.

use ygo_core::card::{Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::SummonKind;

/// An "X-Saber" monster (the XX-Sabers are X-Sabers too).
fn x_saber() -> F {
    F::Monster & F::NameHas("X-Saber".to_string())
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    let special = || F::Monster & F::Summoned(SummonKind::Special);
    Some(match id {
        // Foolish Burial
        81439173 => Behavior::with(vec![E::spell(SpellKind::Normal, "Send 1 monster from your Deck to the GY.")
            .when(Condition::Exists { place: Place::Deck(Who::You), filter: F::Monster, count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Monster, min: 1, max: 1 })
            .op(Op::SendToGy(Obj::Chosen))]),
        // System Down
        18895832 => {
            let machines = F::Monster & F::Race(Race::MACHINE);
            Behavior::with(vec![E::spell(SpellKind::Normal, "Pay 1000 LP: banish every Machine your opponent controls and every Machine in their GY.")
                .cost(Cost::pay_lp(Num::Const(1000)))
                .op(Op::Banish {
                    what: Obj::Union(vec![Obj::All(Place::Monsters(Who::Opponent), machines.clone()), Obj::All(Place::Gy(Who::Opponent), machines)]),
                    face_down: false,
                })])
        }
        // Gottoms' Emergency Call
        13504844 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "While a face-up \"X-Saber\" monster is on the field: target 2 \"X-Saber\" monsters in the GYs; Special Summon both to your field.",
        )
        .when(Condition::All(vec![
            Condition::Exists { place: Place::Monsters(Who::Both), filter: F::FaceUp & x_saber(), count: 1 },
            Condition::FreeMonsterZones(2),
        ]))
        .target_in(Place::Gy(Who::Both), 2, 2, x_saber() & F::can_special_summon())
        .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))]),
        // Spined Gillman
        42463414 => Behavior::with(vec![E::continuous("Every Fish, Sea Serpent and Aqua monster you control gains 400 ATK.").modifier(Modifier::AtkDef {
            scope: Scope::Monsters(F::YouControl & (F::Race(Race::FISH) | F::Race(Race::SEA_SERPENT) | F::Race(Race::AQUA))),
            atk: Num::Const(400),
            def: Num::Const(0),
        })]),
        // Snowman Eater
        91133740 => Behavior::with(vec![E::flip("If this card is flipped face-up: target 1 face-up monster on the field; destroy it.")
            .target(1, F::Monster & F::FaceUp)
            .op(Op::destroy(Obj::Targets))]),
        // Vanity's Fiend
        47084486 => Behavior {
            no_special_summon: true,
            ..Behavior::with(vec![
                E::continuous("Cannot be Special Summoned."),
                E::continuous("Neither player can Special Summon monsters.").modifier(Modifier::cannot_special_summon(Who::Both)),
            ])
        },
        // Fossil Dyna Pachycephalo
        42009836 => Behavior::with(vec![
            E::flip("If this card is flipped face-up: destroy every Special Summoned monster on the field.")
                .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), special()))),
            E::continuous("Neither player can Special Summon monsters.").modifier(Modifier::cannot_special_summon(Who::Both)),
        ]),
        // Summoner Monk
        423585 => Behavior::with(vec![
            E::continuous("While this card is face-up on the field, it cannot be Tributed.").modifier(Modifier::cannot_be_tributed(Scope::This)),
            E::trigger(
                Trigger::Summoned { normal: true, flip: true, special: false, of: Subject::This },
                "If this card is Normal or Flip Summoned: change it to Defense Position.",
            )
            .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceUpDefense }),
            E::ignition("Once per turn: you can discard 1 Spell; Special Summon 1 Level 4 monster from your Deck. It cannot attack this turn.")
                .limit(Limit::PerCardPerTurn)
                .cost(Cost::discard(1, F::Spell))
                .when(Condition::All(vec![
                    Condition::FreeMonsterZones(1),
                    Condition::Exists {
                        place: Place::Deck(Who::You),
                        filter: F::Monster & F::stat(Stat::Level, Cmp::Eq, 4) & F::can_special_summon(),
                        count: 1,
                    },
                ]))
                .op(Op::Choose {
                    who: Who::You,
                    place: Place::Deck(Who::You),
                    filter: F::Monster & F::stat(Stat::Level, Cmp::Eq, 4) & F::can_special_summon(),
                    min: 1,
                    max: 1,
                })
                .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
                .op(Op::Apply { what: Obj::Affected, modifier: Modifier::cannot_attack(Scope::This), until: Duration::EndOfTurn }),
        ]),
        _ => return None,
    })
}
