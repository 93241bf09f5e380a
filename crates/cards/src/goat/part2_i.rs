//! Goat pool (part2_i): cards of `../shared/spec/pools/goat-2.txt` and `goat-3.txt` centred on
//! battle: a battle-result check with a destruction after damage calculation or at the end of
//! the Damage Step, attacks made direct for a turn; each a declaration in the effect vocabulary
//! with its rules text in the project's own words. The rulings decided for them are in
//! `docs/rulings/goat-2-i.md`.

use ygo_core::card::TrapKind;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::DamageStep;

/// "When your opponent's monster attacks a Defense Position monster you control" (face-down
/// or face-up).
fn defense_monster_attacked() -> Condition {
    Condition::All(vec![Condition::AttackDeclared(F::OppControls), Condition::Battling(F::YouControl & F::DefensePos & !F::Attacker)])
}

/// The attacked monster of the battle in progress, on the controller's side.
fn attacked() -> Obj {
    Obj::All(Place::Monsters(Who::You), F::InBattle & !F::Attacker)
}

/// The attacking monster of the battle in progress, on the opponent's side.
fn attacker() -> Obj {
    Obj::All(Place::Monsters(Who::Opponent), F::Attacker)
}

/// At `sub` of this battle's Damage Step: if the attacked monster's DEF is higher than the
/// attacker's ATK (now), destroy the attacker.
fn destroy_attacker_if_held(sub: DamageStep) -> Op {
    Op::Later {
        at: Moment::DamageStep(sub),
        ops: vec![Op::If {
            test: Test::Compare(Num::stat_of(Stat::Def, attacked()), Cmp::Gt, Num::stat_of(Stat::Atk, attacker())),
            then: vec![Op::destroy(attacker())],
            otherwise: vec![],
        }],
    }
}

/// The behaviour of this module's cards (today's), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Cross Counter
        37083210 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent's monster attacks a Defense Position monster you control: if that monster's DEF is higher than the attacker's ATK, the battle damage your opponent takes from this battle is doubled, and the attacking monster is destroyed after damage calculation.",
        )
        .when(defense_monster_attacked())
        .op(Op::Apply { what: attacked(), modifier: Modifier::double_battle_damage(Scope::This), until: Duration::EndOfDamageStep })
        .op(destroy_attacker_if_held(DamageStep::AfterCalculation))]),
        // Destruction Punch
        5616412 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent's monster attacks a Defense Position monster you control: if that monster's DEF is higher than the attacker's ATK, destroy the attacking monster at the end of the Damage Step (damage is calculated as usual).",
        )
        .when(defense_monster_attacked())
        .op(destroy_attacker_if_held(DamageStep::End))]),
        // Absolute End
        27744077 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Activate only during your opponent's turn. For the rest of this turn, your opponent's monsters attack you directly: your monsters cannot be chosen as attack targets, and your opponent's monsters may attack directly.",
        )
        .when(Condition::Timing(Timing::OpponentsTurn))
        .op(Op::ApplyRule { modifier: Modifier::not_attack_target(Scope::AllMonsters(F::YouControl)), until: Duration::EndOfTurn })
        .op(Op::ApplyRule { modifier: Modifier::direct_attack(Scope::Monsters(F::OppControls)), until: Duration::EndOfTurn })]),
        _ => return None,
    })
}
