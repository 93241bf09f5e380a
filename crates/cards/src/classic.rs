//! Classic spells and traps: the rulebook's worked chain (CHAIN-5) and staples.
//! Each card is a declaration in the effect vocabulary; its text is our own.

use ygo_core::card::{SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const NORMAL_SPELL: EffectKind = EffectKind::Spell(SpellKind::Normal);
const QUICK_SPELL: EffectKind = EffectKind::Spell(SpellKind::QuickPlay);
const COUNTER_TRAP: EffectKind = EffectKind::Trap(TrapKind::Counter);
const CONTINUOUS_TRAP: EffectKind = EffectKind::Trap(TrapKind::Continuous);

fn on_field_spell_trap() -> F {
    F::SpellTrap
}

/// The behaviour of a classic card by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    let e = match id {
        // Dark Hole
        53129443 => E::new(NORMAL_SPELL, "Destroy every monster on the field.").op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::Any))),
        // Raigeki
        12580477 => E::new(NORMAL_SPELL, "Destroy every monster your opponent controls.").op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::Any))),
        // Harpie's Feather Duster
        18144506 => {
            E::new(NORMAL_SPELL, "Destroy every spell and trap your opponent controls.").op(Op::destroy(Obj::All(Place::SpellTraps(Who::Opponent), F::Any)))
        }
        // Heavy Storm
        19613556 => E::new(NORMAL_SPELL, "Destroy every spell and trap on the field.").op(Op::destroy(Obj::All(Place::SpellTraps(Who::Both), F::Any))),
        // Pot of Greed
        55144522 => E::new(NORMAL_SPELL, "Draw 2 cards.").op(Op::Draw { who: Who::You, count: Num::Const(2) }),
        // Hinotama
        46130346 => E::new(NORMAL_SPELL, "Inflict 500 damage to your opponent.").op(Op::damage(Who::Opponent, Num::Const(500))),
        // Dian Keto the Cure Master
        84257639 => E::new(NORMAL_SPELL, "Gain 1000 LP.").op(Op::gain_lp(Who::You, Num::Const(1000))),
        // Mystical Space Typhoon
        5318639 => E::new(QUICK_SPELL, "Destroy 1 targeted spell or trap on the field.").target(1, on_field_spell_trap()).op(Op::destroy(Obj::Targets)),
        // Royal Decree
        51452091 => E::new(CONTINUOUS_TRAP, "While face-up, every other trap effect on the field is negated.").modifier(Modifier::negate_other_trap_effects()),
        // Magic Jammer
        77414722 => E::new(COUNTER_TRAP, "When a spell is activated: discard 1 card; negate that activation and destroy the spell.")
            .when(Condition::chain_top_activates(F::Spell))
            .cost(Cost::discard(1, F::Any))
            .op(Op::negate_activation(true)),
        // Seven Tools of the Bandit
        3819470 => E::new(COUNTER_TRAP, "When a trap is activated: pay 1000 LP; negate that activation and destroy the trap.")
            .when(Condition::chain_top_activates(F::Trap))
            .cost(Cost::pay_lp(Num::Const(1000)))
            .op(Op::negate_activation(true)),
        // Kuriboh
        40640057 => E::new(
            EffectKind::Quick,
            "During damage calculation, if an opponent's monster attacks: discard this card; you take no battle damage from that battle.",
        )
        .from_hand()
        .in_damage_step()
        .when(Condition::All(vec![
            Condition::step(ygo_core::types::BattleStep::Damage(ygo_core::types::DamageStep::DuringCalculation)),
            Condition::Battling(F::Attacker & F::OppControls),
        ]))
        .cost(Cost::discard_self())
        .op(Op::NoBattleDamage),
        _ => return None,
    };
    Some(Behavior::with(vec![e]))
}
