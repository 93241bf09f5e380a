//! Goat pool (part2_n): cards of `../shared/spec/pools/goat-2.txt` that give monsters a battle
//! trick for the turn (a discard per battle damage, a direct attack, a destruction after each
//! battle), with the partner monsters they name (of `goat-4.txt` and `goat-6.txt`), and a
//! guess at the bottom of the GY; each a declaration in the effect vocabulary with its rules
//! text in the project's own words. The rulings decided for them are in
//! `docs/rulings/goat-2-n.md`.

use ygo_core::card::SpellKind;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

/// "Terrorking Archfiend", the monster "Checkmate" lets attack directly.
const TERRORKING_ARCHFIEND: u32 = 35975813;
/// "Chu-Ske the Mouse Fighter", "Monk Fighter" and "Master Monk": the monsters "Kaminote
/// Blow" names.
const CHU_SKE: u32 = 8508055;
const MONK_FIGHTER: u32 = 3810071;
const MASTER_MONK: u32 = 49814180;

/// An "Archfiend" monster (its name says so).
fn archfiend() -> F {
    F::Monster & F::NameHas("Archfiend".into())
}

/// One of the monsters "Kaminote Blow" names.
fn fighter() -> F {
    F::Named(CHU_SKE) | F::Named(MONK_FIGHTER) | F::Named(MASTER_MONK)
}

/// "Question": the monster nearest the bottom of its controller's GY is the one the step
/// affects (the GY keeps its order, bottom first).
mod question {
    use ygo_core::author::{StepCtx, StepFlow};

    /// The step: the first monster from the bottom of the controller's GY.
    pub fn bottom_monster(s: &mut StepCtx<'_>) -> StepFlow {
        let d = s.duel();
        let bottom = d.player(s.controller()).gy.iter().copied().find(|&c| d.data(c).is_monster());
        match bottom {
            Some(c) => {
                s.affected(&[c]);
                StepFlow::Next
            }
            None => StepFlow::Stop,
        }
    }
}

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // The Secret of the Bandit
        99351431 => Behavior::with(vec![
            E::spell(
                SpellKind::Normal,
                "Only in your Main Phase 1. Target 1 face-up monster on the field: each time it inflicts battle damage to your opponent this turn, your opponent discards 1 random card.",
            )
            .when(Condition::in_phase(Phase::Main1))
            .target(1, F::Monster & F::FaceUp)
            .op(Op::Remember { what: Obj::Targets, slot: Mem(0) }),
            E::trigger(
                Trigger::dealt_battle_damage(false, Subject::Any(F::one_of(Obj::Memory(Mem(0))))),
                "Each time the monster it targeted inflicts battle damage to your opponent, the turn it resolved: your opponent discards 1 random card.",
            )
            .range(Range::Anywhere)
            .when(Condition::ResolvedThisTurn(0))
            .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
            .op(Op::Discard(Obj::Chosen)),
        ]),
        // Terrorking Archfiend
        TERRORKING_ARCHFIEND => Behavior {
            // SUM-7: a Normal or Flip Summon needs an "Archfiend" monster; a Special Summon
            // from elsewhere than the hand does not.
            summon_condition: Some(Condition::Any(vec![
                Condition::Exists { place: Place::Monsters(Who::You), filter: archfiend() & F::FaceUp, count: 1 },
                Condition::Not(Box::new(Condition::This(F::InPlace(Place::HandOrField(Who::Both))))),
            ])),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Flip Summoned unless you control a face-up \"Archfiend\" monster."),
                E::trigger(
                    Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                    "Once per turn, in your Standby Phase: pay 800 LP if you can (you must), otherwise destroy this card.",
                )
                .limit(Limit::PerCardPerTurn)
                .needs_card_on_field()
                .op(Op::If {
                    test: Test::Holds(Condition::Compare(Num::Lp(Who::You), Cmp::Ge, Num::Const(800))),
                    then: vec![Op::pay_lp(Num::Const(800))],
                    otherwise: vec![Op::destroy(Obj::This)],
                }),
                E::continuous("When an opponent's card effect that targets this card resolves, roll a six-sided die: on a 2 or a 5, that effect is negated and that card destroyed.")
                    .modifier(Modifier::NegateTargeting { scope: Scope::This, filter: F::OppControls, roll: Some((1 << 2) | (1 << 5)) }),
                E::continuous("The effects of the Effect Monsters this card destroys by battle are negated, in the GY too.")
                    .modifier(Modifier::NegateBattleVictims { scope: Scope::This, victims: F::Any }),
            ])
        },
        // Checkmate
        69313735 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Tribute 1 \"Archfiend\" monster (not a \"Terrorking Archfiend\"), then target 1 \"Terrorking Archfiend\" you control: this turn it can attack your opponent directly.",
        )
        .cost(Cost::tribute(1, archfiend() & !F::Named(TERRORKING_ARCHFIEND)))
        .target_in(Place::Monsters(Who::You), 1, 1, F::Named(TERRORKING_ARCHFIEND) & F::FaceUp)
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::direct_attack(Scope::This), until: Duration::EndOfTurn })]),
        // Monk Fighter
        MONK_FIGHTER => Behavior::with(vec![E::continuous("Its controller takes no battle damage from the battles this card is in.")
            .modifier(Modifier::no_battle_damage_to_controller(Scope::This))]),
        // Master Monk
        MASTER_MONK => Behavior {
            no_normal_summon: true,
            // "Cannot be Special Summoned except by ...": never revived, even once properly
            // summoned.
            no_special_summon: true,
            summon_rule: Some(SummonRule::Tribute { count: 1, filter: F::Named(MONK_FIGHTER) }),
            ..Behavior::with(vec![
                E::continuous("Never Normal Summoned or Set: it is Special Summoned from the hand by Tributing 1 \"Monk Fighter\" you control, and in no other way."),
                E::continuous("It can attack twice in each Battle Phase.").modifier(Modifier::ExtraAttacks { scope: Scope::This, count: Num::Const(1) }),
            ])
        },
        // Kaminote Blow
        97570038 => Behavior::with(vec![
            E::spell(
                SpellKind::Normal,
                "Only while you control a face-up \"Chu-Ske the Mouse Fighter\", \"Monk Fighter\" or \"Master Monk\": for the rest of this turn, at the end of each Damage Step, the opponent's monsters that battled one of those monsters of yours are destroyed.",
            )
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: fighter() & F::FaceUp, count: 1 }),
            E::trigger(
                Trigger::Battle(BattleMoment::EndOfAnyDamageStep),
                "At the end of each Damage Step of the turn it resolved, in which a \"Chu-Ske the Mouse Fighter\", \"Monk Fighter\" or \"Master Monk\" of yours battled: destroy the opponent's monster it battled.",
            )
            .range(Range::Anywhere)
            .when(Condition::All(vec![Condition::ResolvedThisTurn(0), Condition::Battling(fighter() & F::YouControl)]))
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::InBattle))),
        ]),
        // Question
        38723936 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Your opponent declares a card name: if it is the name of the monster nearest the bottom of your GY, that monster is banished; otherwise you Special Summon it.",
        )
        .when(Condition::Exists { place: Place::Gy(Who::You), filter: F::Monster, count: 1 })
        .op(Op::DeclareBy(Who::Opponent, Declare::CardName))
        .op(Op::Custom(CustomStep { name: "question-bottom-monster", run: question::bottom_monster }))
        .op(Op::If {
            test: Test::AffectedIs(F::Declared),
            then: vec![Op::Banish { what: Obj::Affected, face_down: false }],
            otherwise: vec![Op::special_summon(Obj::Affected, SummonPos::FaceUp)],
        })]),
        _ => return None,
    })
}
