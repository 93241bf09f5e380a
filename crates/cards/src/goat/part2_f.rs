//! Goat pool (part2_f): cards of `../shared/spec/pools/goat-2.txt` that redirect an attack or
//! a target, and Traps answering the damage their controller takes; each a declaration in the
//! effect vocabulary with its rules text in the project's own words. Their 2005 texts read as
//! today's. The rulings decided for them are in `docs/rulings/goat-2-f.md`.

use ygo_core::card::{SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

const NUMINOUS_HEALER: u32 = 2130625;
const ATTACK_AND_RECEIVE: u32 = 63689843;

/// "Another card that would be a correct target" of what targets exactly one card now.
fn new_target() -> F {
    F::Can(Capability::NewTarget)
}

/// The chain's last link is a Spell Card of the opponent whose effect targets exactly one
/// card, a card matching `target` ("Fairy's Hand Mirror", "Fiend's Hand Mirror").
fn opponent_spell_targets(activation: bool, target: F) -> Condition {
    let spell = F::Spell & F::OppControls;
    let is = if activation { Condition::chain_top_activates(spell) } else { Condition::chain_top_is(spell) };
    Condition::All(vec![is, Condition::chain_top_targets_only(target)])
}

/// Gains or damage for "when you take damage": `base`, plus `each` for every copy of `name`
/// in your GY.
fn per_copy_in_gy(base: i32, each: i32, name: u32) -> Num {
    Num::plus(Num::Const(base), Num::per(each, Obj::All(Place::Gy(Who::You), F::Named(name))))
}

/// The behaviour of this module's cards (2005 and today's), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Dark Spirit of the Silent
        93599951 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When an opponent's monster declares an attack: target another face-up monster they control; negate that attack, and the targeted monster attacks the same target instead (changed to Attack Position first if it is in Defense Position).",
        )
        .when(Condition::AttackDeclared(F::OppControls))
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::FaceUp & !F::Attacker)
        .op(Op::negate_attack())
        .op(Op::ChangePosition { what: Obj::Filtered(Box::new(Obj::Targets), F::FaceUp & F::DefensePos), to: PosChange::FaceUpAttack })
        .op(Op::Course(Course::NewAttacker(Obj::Targets)))]),
        // Staunch Defender
        92854392 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent declares an attack: target 1 face-up monster you control; this turn your opponent can choose only it as an attack target (the declared attack is redirected to it), and each of their face-up monsters must attack.",
        )
        .when(Condition::All(vec![Condition::AttackDeclared(F::OppControls), Condition::Timing(Timing::OpponentsTurn)]))
        .target_in(Place::Monsters(Who::You), 1, 1, F::Monster & F::FaceUp)
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::draws_attacks(Scope::This), until: Duration::EndOfTurn })
        .op(Op::ApplyRule { modifier: Modifier::must_attack(Scope::Monsters(F::OppControls)), until: Duration::EndOfTurn })
        .op(Op::Course(Course::RedirectAttack(Obj::Targets)))]),
        // Taunt
        90740329 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "During your opponent's Main Phase 1: target 1 monster you control; while it stays on the field this turn, your opponent can choose only it as an attack target.",
        )
        .when(Condition::All(vec![Condition::Timing(Timing::OpponentsTurn), Condition::in_phase(Phase::Main1)]))
        .target_in(Place::Monsters(Who::You), 1, 1, F::Monster)
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::draws_attacks(Scope::This), until: Duration::EndOfTurn })]),
        // Shift
        59560625 => {
            let mine = F::Monster & F::YouControl;
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When your opponent targets exactly 1 monster you control (and nothing else) with an attack or with a Spell/Trap effect: target another monster you control that would be a correct target; that attack or effect now targets it.",
            )
            .when(Condition::Any(vec![
                // An attack on one of your monsters, with no chain: the attack case.
                Condition::All(vec![
                    Condition::AttackDeclared(F::OppControls),
                    Condition::Battling(mine.clone() & !F::Attacker),
                    Condition::Not(Box::new(Condition::chain_top_is(F::Any))),
                ]),
                Condition::All(vec![Condition::chain_top_is(F::SpellTrap & F::OppControls), Condition::chain_top_targets_only(mine.clone())]),
            ]))
            .target_in(Place::Monsters(Who::You), 1, 1, mine & new_target())
            .op(Op::If {
                test: Test::Holds(Condition::chain_top_is(F::Any)),
                then: vec![Op::Retarget(Obj::Targets)],
                otherwise: vec![Op::Course(Course::RedirectAttack(Obj::Targets))],
            })])
        }
        // Fairy's Hand Mirror
        17653779 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent activates a Spell Card that targets exactly 1 monster (and nothing else): target another card that would be a correct target; that Spell now targets it.",
        )
        .when(opponent_spell_targets(true, F::Monster))
        .target_in(Place::Field(Who::Both), 1, 1, new_target())
        .op(Op::Retarget(Obj::Targets))]),
        // Fiend's Hand Mirror
        58607704 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When an opponent's Spell Card effect targets exactly 1 Spell or Trap Card: target another card that would be a correct target; that effect now targets it.",
        )
        .when(opponent_spell_targets(false, F::SpellTrap))
        .target_in(Place::Field(Who::Both), 1, 1, new_target())
        .op(Op::Retarget(Obj::Targets))]),
        // Numinous Healer
        NUMINOUS_HEALER => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When you take damage: gain 1000 LP, plus 500 LP for each \"Numinous Healer\" in your GY.",
        )
        .when(Condition::TookDamage { who: Who::You, battle_only: false, min: 1 })
        .in_damage_step()
        .op(Op::gain_lp(Who::You, per_copy_in_gy(1000, 500, NUMINOUS_HEALER)))]),
        // Attack and Receive
        ATTACK_AND_RECEIVE => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When you take damage: your opponent takes 700 damage, plus 300 for each \"Attack and Receive\" in your GY.",
        )
        .when(Condition::TookDamage { who: Who::You, battle_only: false, min: 1 })
        .in_damage_step()
        .op(Op::damage(Who::Opponent, per_copy_in_gy(700, 300, ATTACK_AND_RECEIVE)))]),
        // Inferno Tempest
        14391920 => {
            let monsters = |who| Obj::All(who, F::monster_card());
            Behavior::with(vec![E::spell(
                SpellKind::QuickPlay,
                "When you take 3000 or more battle damage from one attack: banish every monster in both players' Decks and GYs.",
            )
            .when(Condition::TookDamage { who: Who::You, battle_only: true, min: 3000 })
            .in_damage_step()
            .op(Op::Banish { what: Obj::Union(vec![monsters(Place::Deck(Who::Both)), monsters(Place::Gy(Who::Both))]), face_down: false })])
        }
        _ => return None,
    })
}
