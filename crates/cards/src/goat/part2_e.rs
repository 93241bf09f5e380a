//! Goat pool (part2_e): the rest of `../shared/spec/pools/goat-2.txt`: the cards of one
//! mechanic each (a hand size limit, cards both players show, a pick made at random by the
//! opponent, an activation that cannot be negated, a pick whose size is the opponent's monster count); each a declaration in the
//! effect vocabulary with its rules text in the project's own words. Rulings:
//! `docs/rulings/goat-2-e.md`.

use ygo_core::card::{SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// The monsters `who` controls.
fn monsters(who: Who) -> Obj {
    Obj::All(Place::Monsters(who), F::Monster)
}

/// "Your opponent chooses as many of their monsters as you control": the pick's size is read
/// at resolution (at most 4: with 5 monsters of yours, theirs cannot be more).
fn opponent_keeps_as_many_as_you_control() -> Vec<Op> {
    (1..=4u8)
        .map(|k| Op::If {
            test: Test::Compare(Num::count_of(monsters(Who::You)), Cmp::Eq, Num::Const(i32::from(k))),
            then: vec![Op::Choose { who: Who::Opponent, place: Place::Monsters(Who::Opponent), filter: F::Monster, min: k, max: k }],
            otherwise: vec![],
        })
        .collect()
}

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Hieroglyph Lithograph
        10248192 => Behavior::with(vec![E::spell(SpellKind::Normal, "Pay 1000 LP: for the rest of the Duel, you may keep up to 7 cards in your hand at the end of your turn.")
            .cost(Cost::pay_lp(Num::Const(1000)))
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::HandLimit(7) })]),
        // Ante
        34236961 => {
            let level = |m: u8| Num::stat_of(Stat::Level, Obj::Memory(Mem(m)));
            let loses = |m: u8, who: Who| vec![Op::SendToGy(Obj::Memory(Mem(m))), Op::damage(who, Num::Const(1000))];
            Behavior::with(vec![E::spell(
                SpellKind::Normal,
                "Each player shows 1 card from their hand (a card that is not a monster counts as Level 0); the lower Level card is sent to the GY and its owner takes 1000 damage (nothing happens on equal Levels).",
            )
            .when(Condition::All(vec![
                Condition::Exists { place: Place::Hand(Who::You), filter: F::NotSelf, count: 1 },
                Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 },
            ]))
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Any, min: 1, max: 1 })
            .op(Op::Remember { what: Obj::Chosen, slot: Mem(0) })
            .op(Op::Choose { who: Who::Opponent, place: Place::Hand(Who::Opponent), filter: F::Any, min: 1, max: 1 })
            .op(Op::Remember { what: Obj::Chosen, slot: Mem(1) })
            .op(Op::Reveal(Obj::Union(vec![Obj::Memory(Mem(0)), Obj::Memory(Mem(1))])))
            .op(Op::If {
                test: Test::Compare(level(0), Cmp::Gt, level(1)),
                then: loses(1, Who::Opponent),
                otherwise: vec![Op::If { test: Test::Compare(level(1), Cmp::Gt, level(0)), then: loses(0, Who::You), otherwise: vec![] }],
            })])
        }
        // Chosen One
        21888494 => {
            let picked = || Obj::Union(vec![Obj::Memory(Mem(0)), Obj::Memory(Mem(1))]);
            Behavior::with(vec![E::spell(
                SpellKind::Normal,
                "Choose 1 monster and 2 cards that are not monsters from your hand; your opponent picks 1 of the 3 at random: if it is the monster, Special Summon it; the others (all 3 if it was not) are sent to the GY.",
            )
            .when(Condition::All(vec![
                Condition::Exists { place: Place::Hand(Who::You), filter: F::monster_card(), count: 1 },
                Condition::Exists { place: Place::Hand(Who::You), filter: !F::monster_card() & F::NotSelf, count: 2 },
            ]))
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::monster_card(), min: 1, max: 1 })
            .op(Op::Remember { what: Obj::Chosen, slot: Mem(0) })
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: !F::monster_card(), min: 2, max: 2 })
            .op(Op::Remember { what: Obj::Chosen, slot: Mem(1) })
            .op(Op::ChooseRandom { place: Place::Hand(Who::You), filter: F::one_of(picked()), count: Num::Const(1) })
            .op(Op::Reveal(Obj::Chosen))
            .op(Op::SpecialSummon { what: Obj::Filtered(Box::new(Obj::Chosen), F::monster_card() & F::can_special_summon()), pos: SummonPos::FaceUp, side: Side::You })
            .op(Op::SendToGy(Obj::Filtered(Box::new(picked()), F::InPlace(Place::Hand(Who::You)))))])
        }
        // Pineapple Blast
        90669991 => Behavior::with(vec![opponent_keeps_as_many_as_you_control().into_iter().fold(E::trap(
            TrapKind::Normal,
            "When you Normal Summon a monster while your opponent controls more monsters than you: they choose as many of their monsters as you control, then every other monster they control is destroyed.",
        )
        .when(Condition::All(vec![
            Condition::JustSummoned { normal: true, flip: false, special: false, filter: F::YouControl },
            Condition::Compare(Num::count_of(monsters(Who::Opponent)), Cmp::Gt, Num::count_of(monsters(Who::You))),
        ])), E::op)
        .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::Monster & !F::one_of(Obj::Chosen))))]),
        // Spiritualism
        15866454 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Target 1 Spell/Trap your opponent controls: return it to its owner's hand. Neither the activation nor the effect of this card can be negated.",
        )
        .target_in(Place::SpellTraps(Who::Opponent), 1, 1, F::SpellTrap)
        .op(Op::ToHand(Obj::Targets))
        .cannot_be_negated()]),
        _ => return None,
    })
}
