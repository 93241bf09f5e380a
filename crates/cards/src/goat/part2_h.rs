//! Goat pool (part2_h): cards of `../shared/spec/pools/goat-2.txt` that reverse ATK/DEF gains
//! and losses, let the opponent pick among declared values, act on the monster targeted by the
//! chain link they answer, or gain the battle damage just dealt; each a declaration in the
//! effect vocabulary with its rules text in the project's own words. None has a 2005 text of
//! its own. The rulings decided for them are in `docs/rulings/goat-2-h.md`.

use ygo_core::card::{SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// A face-up "Amazoness" monster on the field.
fn amazoness_on_field() -> F {
    F::Monster & F::OnField & F::FaceUp & F::NameHas("Amazoness".into())
}

/// The behaviour of this module's cards (today's), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Reverse Trap
        77622396 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Until the End Phase, every effect that raises or lowers ATK or DEF does the opposite (a gain becomes a loss of the same amount, a loss a gain); values an effect sets are not changed.",
        )
        .op(Op::ApplyRule { modifier: Modifier::stat_changes_reversed(), until: Duration::EndPhase })]),
        // Earthshaker
        60866277 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Declare 2 different Attributes; your opponent picks 1 of them: destroy every face-up monster on the field with that Attribute.",
        )
        .op(Op::declare(Declare::Attribute))
        .op(Op::declare(Declare::Attribute))
        .op(Op::PickDeclared(Who::Opponent))
        .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::Monster & F::FaceUp & F::Declared)))]),
        // Dramatic Rescue
        80193355 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When a card or effect is activated that targets an \"Amazoness\" monster on the field: return that monster to its owner's hand, and if you do, Special Summon 1 other monster from your hand.",
        )
        .when(Condition::chain_top_targets(amazoness_on_field()))
        .op(Op::ToHand(Obj::Filtered(Box::new(Obj::LinkBelowTargets), amazoness_on_field())))
        .op(Op::If {
            test: Test::Did,
            then: vec![
                Op::Choose {
                    who: Who::You,
                    place: Place::Hand(Who::You),
                    filter: F::Monster & F::can_special_summon() & !F::one_of(Obj::Affected),
                    min: 1,
                    max: 1,
                },
                Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
            ],
            otherwise: vec![],
        })]),
        // Sebek's Blessing
        22537443 => {
            let direct_damage = Num::BattleDamageTaken { who: Who::Opponent, direct_only: true };
            Behavior::with(vec![E::spell(
                SpellKind::QuickPlay,
                "When a monster you control inflicts battle damage to your opponent with a direct attack: gain LP equal to that battle damage.",
            )
            .when(Condition::All(vec![
                Condition::TookDamage { who: Who::Opponent, battle_only: true, min: 1 },
                Condition::Battling(F::Attacker & F::YouControl),
                Condition::Compare(direct_damage.clone(), Cmp::Gt, Num::Const(0)),
            ]))
            .in_damage_step()
            .op(Op::gain_lp(Who::You, direct_damage))])
        }
        _ => return None,
    })
}
