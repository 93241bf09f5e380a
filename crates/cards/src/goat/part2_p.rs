//! Goat pool (part2_p): the last cards of `../shared/spec/pools/goat-2.txt`, each needing a
//! general mechanic of its own (a recovery that waits for the battle damage about to be
//! dealt, a token copying a monster's stats, a turn count advanced, plays from the hand that
//! cost LP): each a declaration in the effect vocabulary with its rules text in the project's
//! own words. The rulings decided for them are in `docs/rulings/goat-2-p.md`.

#[allow(unused_imports)]
use ygo_core::card::{SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
#[allow(unused_imports)]
use ygo_core::types::{BattleStep, DamageStep};

/// "During your opponent's Damage Step" (any of its sub-steps).
fn opponents_damage_step() -> Condition {
    let step = |d| Condition::step(BattleStep::Damage(d));
    Condition::All(vec![
        Condition::opponents_turn(),
        Condition::Any(vec![
            step(DamageStep::Start),
            step(DamageStep::BeforeCalculation),
            step(DamageStep::DuringCalculation),
            step(DamageStep::AfterCalculation),
            step(DamageStep::End),
        ]),
    ])
}

/// The token Physical Double summons (its stats are copied from the targeted monster).
const MIRAGE_TOKEN: u32 = 63442605;

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Physical Double
        63442604 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Activate only during your opponent's turn: target 1 face-up monster your opponent controls; Special Summon 1 \"Mirage Token\" whose Level, Type, Attribute, ATK and DEF are that monster's. Destroy the Token in the End Phase.",
        )
        .when(Condition::All(vec![Condition::opponents_turn(), Condition::FreeMonsterZones(1)]))
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::FaceUp)
        .op(Op::Summon(SummonStep::Tokens { code: MIRAGE_TOKEN, count: 1, pos: SummonPos::FaceUp, like: Some(Obj::Targets) }))
        .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
        .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::destroy(Obj::Memory(Mem(0)))] })]),
        // Chain Energy
        79323590 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While this card is face-up, each player pays 500 LP for each card they Normal Summon, Special Summon, Set or activate from their hand.",
        )
        .modifier(Modifier::Duel(DuelRule::HandPlayCost(500)))]),
        // Pyro Clock of Destiny
        1082946 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Pick 1 other face-up card on the field: its effects that count turns count one more turn, as if a turn had passed.",
        )
        .when(Condition::Exists { place: Place::Field(Who::Both), filter: F::FaceUp & F::NotSelf, count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::Field(Who::Both), filter: F::FaceUp & F::NotSelf, min: 1, max: 1 })
        .op(Op::AdvanceTurnCount(Obj::Chosen))]),
        _ => return None,
    })
}

/// The April 2005 behaviour of this module's cards whose text differs (GOAT-8), by passcode.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Nutrient Z (GOAT): activated in the opponent's Damage Step; once this turn, battle
        // damage of 2000 or more is preceded by a gain of 4000 LP.
        29389368 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Activate only during your opponent's Damage Step. Once this turn, when you would take 2000 or more battle damage, you first gain 4000 LP, then the damage is subtracted.",
        )
        .when(opponents_damage_step())
        .in_damage_step()
        .op(Op::ApplyRule { modifier: Modifier::Duel(DuelRule::GainBeforeBattleDamage { min: 2000, gain: 4000 }), until: Duration::EndOfTurn })]),
        _ => return None,
    })
}
