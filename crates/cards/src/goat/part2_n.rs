//! Goat pool (part2_n): cards of `../shared/spec/pools/goat-2.txt` that give monsters a battle
//! trick for the turn (a discard per battle damage, a direct attack, a destruction after each
//! battle), with the partner monsters they name (of `goat-4.txt` and `goat-6.txt`), and a
//! guess at the bottom of the GY; each a declaration in the effect vocabulary with its rules
//! text in the project's own words. The rulings decided for them are in
//! `docs/rulings/goat-2-n.md`.

use ygo_core::card::SpellKind;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

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
        _ => return None,
    })
}
