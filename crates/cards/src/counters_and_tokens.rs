//! Cards beyond the first pool that show parts of the vocabulary no pool card uses yet:
//! counters (MISC-2), coin tosses (MISC-6), tokens (MISC-1) and trap monsters (TRAP-5).

use ygo_core::card::{SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

/// "Sheep Token" (the token card Scapegoat creates).
const SHEEP_TOKEN: u32 = 73915052;

/// Spell Counter.
const SPELL_COUNTER: Counter = Counter::Spell;

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Breaker the Magical Warrior
        71413901 => Behavior {
            counters: vec![SPELL_COUNTER],
            ..Behavior::with(vec![
                E::trigger(Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This }, "If this card is Normal Summoned: place 1 Spell Counter on it (at most 1).")
                    .op(Op::AddCounters { what: Obj::This, kind: SPELL_COUNTER, count: Num::Const(1), max: Some(1) }),
                E::continuous("It gains 300 ATK for each Spell Counter on it.")
                    .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Times(Box::new(Num::CountersOnThis(SPELL_COUNTER)), 300), def: Num::Const(0) }),
                E::ignition("Remove 1 Spell Counter from this card to destroy 1 targeted spell or trap on the field.")
                    .cost(Cost::RemoveCounters { kind: SPELL_COUNTER, count: 1 })
                    .target(1, F::SpellTrap)
                    .op(Op::destroy(Obj::Targets)),
            ])
        },
        // Time Wizard
        71625222 => Behavior::with(vec![E::ignition(
            "Once per turn: call a coin toss. Right: destroy every monster your opponent controls. Wrong: destroy every monster you control, and if any was destroyed, take damage equal to half their total ATK.",
        )
        .limit(Limit::PerCardPerTurn)
        .op(Op::CallCoin)
        .op(Op::If {
            test: Test::Did,
            then: vec![Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::Any))],
            otherwise: vec![
                Op::destroy(Obj::All(Place::Monsters(Who::You), F::Any)),
                // The ATK they had on the field (last known information).
                Op::if_did(vec![Op::damage(Who::You, Num::half(Num::sum_of(Stat::Atk, Obj::Affected)))]),
            ],
        })]),
        // Embodiment of Apophis
        28649820 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "Activate only in a Main Phase. This card is Special Summoned as a Normal monster (Reptile, EARTH, Level 4, 1600/1800); it is still a trap and keeps its Spell & Trap Zone occupied.",
        )
        .when(Condition::Any(vec![Condition::in_phase(Phase::Main1), Condition::in_phase(Phase::Main2)]))
        .op(Op::summon_self_as_monster(SummonPos::FaceUp))]),
        // Scapegoat
        73915051 => Behavior::with(vec![E::spell(
            SpellKind::QuickPlay,
            "Special Summon 4 Sheep Tokens (Beast, EARTH, Level 1, 0/0) in Defense Position; they cannot be Tributed for a Tribute Summon. Only if you have not Summoned this turn, and you cannot Summon other monsters for the rest of the turn (you may still Set).",
        )
        .when(Condition::All(vec![Condition::not_summoned_this_turn(), Condition::FreeMonsterZones(4)]))
        .op(Op::summon_tokens(SHEEP_TOKEN, 4, SummonPos::Defense))
        .restricts(PlayerEffect::NoSummonsThisTurn)
        .op(Op::Apply { what: Obj::Affected, modifier: Modifier::no_tribute_summon_material(Scope::This), until: Duration::Permanent })]),
        _ => return None,
    })
}
