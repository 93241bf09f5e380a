//! Goat pool (part2_q): the last cards of `../shared/spec/pools/goat-2.txt`, each needing a
//! general mechanic of its own (a card of the opponent's GY taken into your hand for the
//! turn, monsters of the field banished instead of a GY's, a Spell of the opponent's GY
//! used as your own, Spells and Traps of the Deck summoned as monsters and shuffled with a
//! face-down monster among their zones): each a declaration in the effect
//! vocabulary with its rules text in the project's own words. The rulings decided for them
//! are in `docs/rulings/goat-2-q.md`.

#[allow(unused_imports)]
use ygo_core::card::{SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Graverobber
        61705417 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Target 1 Spell in your opponent's GY: add it to your hand for this turn, to play as your own. You take 2000 damage when you activate it. At the end of the turn, if it is still in your hand or Set, it goes back to your opponent's GY.",
        )
        .target_in(Place::Gy(Who::Opponent), 1, 1, F::Spell)
        .op(Op::BorrowToHand { what: Obj::Targets, use_damage: 2000 })]),
        // Spirit Elimination
        69832741 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "For the rest of this turn, whenever you would banish monsters from a GY (as a cost or by your effect), banish that many monsters from your field instead; the GY monsters stay.",
        )
        .op(Op::ApplyRule { modifier: Modifier::Duel(DuelRule::FieldBanishedForGy), until: Duration::EndOfTurn })]),
        // Double Spell
        24096228 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Discard 1 Spell, then target 1 Spell in your opponent's GY. On resolution it is put face-up on your field under your control and you apply its effect as part of this resolution (its own targets are chosen then; no cost is paid). A Normal or Quick-Play Spell then goes to its owner's GY; a Continuous, Field or Equip Spell stays.",
        )
        .cost(Cost::discard(1, F::Spell))
        .target_in(Place::Gy(Who::Opponent), 1, 1, F::Spell)
        .op(Op::UseAsOwn(Obj::Targets))]),
        // Magical Hats (its Goat entry, the "(GOAT)" passcode, plays the same effect)
        81210420 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Only in your opponent's Battle Phase. Pick 1 monster you control (it is Set face-down if face-up) and 2 Spells/Traps from your Deck: those 2 are Special Summoned face-down in Defense Position as Normal Monsters with 0 ATK and 0 DEF, then the 3 face-down cards are shuffled among their zones. The 2 from the Deck are destroyed at the end of the Battle Phase.",
        )
        .when(Condition::All(vec![
            Condition::opponents_turn(),
            Condition::in_battle_phase(),
            Condition::Exists { place: Place::Monsters(Who::You), filter: F::Monster, count: 1 },
            Condition::Exists { place: Place::Deck(Who::You), filter: F::SpellTrap, count: 2 },
            Condition::FreeMonsterZones(2),
        ]))
        .op(Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: F::Monster, min: 1, max: 1 })
        .op(Op::Remember { what: Obj::Chosen, slot: Mem(0) })
        .op(Op::ChangePosition { what: Obj::Chosen, to: PosChange::FaceDownDefense })
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::SpellTrap, min: 2, max: 2 })
        .op(Op::Summon(SummonStep::AsNormalMonsters { what: Obj::Chosen, atk: 0, def: 0, battle_only: true }))
        .op(Op::ShuffleMonsterZones(Obj::Union(vec![Obj::Affected, Obj::Memory(Mem(0))])))]),
        _ => return None,
    })
}

/// The April 2005 behaviour of this module's cards whose text differs (GOAT-8), by passcode.
pub fn behavior_2005(_id: u32) -> Option<Behavior> {
    None
}
