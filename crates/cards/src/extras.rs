//! Cards beyond the first pool that show parts of the vocabulary no pool card uses yet:
//! counters (MISC-2) and coin tosses (MISC-6).

use ygo_core::card::{Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// Spell Counter (index into `ygo_core::state::COUNTER_NAMES`).
const SPELL_COUNTER: u8 = 0;

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    let _ = (Race::DRAGON, SpellKind::Normal);
    Some(match id {
        // Breaker the Magical Warrior
        71413901 => Behavior {
            counters: vec![SPELL_COUNTER],
            ..Behavior::with(vec![
                E::trigger(Trigger::Summoned { normal: true, flip: false, special: false }, "If this card is Normal Summoned: place 1 Spell Counter on it (at most 1).")
                    .op(Op::AddCounters { what: Obj::This, kind: SPELL_COUNTER, count: 1, max: Some(1) }),
                E::continuous("It gains 300 ATK for each Spell Counter on it.")
                    .modifier(Modifier::AtkPerCounter { scope: Scope::This, kind: SPELL_COUNTER, per: 300 }),
                E::ignition("Remove 1 Spell Counter from this card to destroy 1 targeted spell or trap on the field.")
                    .cost(Cost::RemoveCounters { kind: SPELL_COUNTER, count: 1 })
                    .target(1, F::SpellTrap)
                    .op(Op::Destroy(Obj::Targets)),
            ])
        },
        // Time Wizard
        71625222 => Behavior::with(vec![E::ignition(
            "Once per turn: call a coin toss. Right: destroy every monster your opponent controls. Wrong: destroy every monster you control, and if any was destroyed, take damage equal to half their total ATK.",
        )
        .limit(Limit::PerCardPerTurn)
        .op(Op::CallCoinToss)
        .op(Op::SkipUnlessDid(2))
        .op(Op::Destroy(Obj::All(Place::Monsters(Who::Opponent), F::Any)))
        .op(Op::Skip(3))
        .op(Op::Destroy(Obj::All(Place::Monsters(Who::You), F::Any)))
        .op(Op::IfDid)
        .op(Op::Damage { who: Who::You, amount: Amount::Half(Box::new(Amount::DestroyedAtk)) })]),
        _ => return None,
    })
}
