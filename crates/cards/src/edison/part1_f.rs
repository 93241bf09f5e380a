//! Edison pool part 1 (part1_f): X-Saber Airbellum, Gravekeeper's Descendant and Arcanite
//! Magician (the Synchro Cat list's last cards); each a declaration in the effect vocabulary
//! with its rules text in the project's own words. The rulings decided for them are in
//! `docs/rulings/edison-1-e6.md`.

use ygo_core::card::Race;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::SummonKind;

const ARCANITE_MAGICIAN: u32 = 31924889;

/// A face-up "Gravekeeper's" monster other than this card.
fn other_gravekeeper() -> F {
    F::Monster & F::FaceUp & F::NameHas("Gravekeeper's".into()) & F::NotSelf
}

/// Arcanite Magician: its Synchro Materials, its 2 Spell Counters, its ATK, and `destroy` (the
/// removal of 1 Spell Counter from its controller's field to destroy a targeted card).
fn arcanite_magician(destroy: E) -> Behavior {
    Behavior {
        counters: vec![Counter::Spell],
        materials: Some(Materials::Synchro { tuner: F::Any, non_tuner: F::Race(Race::SPELLCASTER), min: 1, max: u8::MAX }),
        ..Behavior::with(vec![
            E::trigger(
                Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                "1 Tuner + 1 or more non-Tuner Spellcaster monsters. When it is Synchro Summoned: 2 Spell Counters are placed on it.",
            )
            .when(Condition::This(F::Summoned(SummonKind::Synchro)))
            .op(Op::AddCounters { what: Obj::This, kind: Counter::Spell, count: Num::Const(2), max: None }),
            E::continuous("It gains 1000 ATK for each Spell Counter on it.").modifier(Modifier::AtkDef {
                scope: Scope::This,
                atk: Num::Times(Box::new(Num::CountersOnThis(Counter::Spell)), 1000),
                def: Num::Const(0),
            }),
            destroy,
        ])
    }
}

/// Arcanite Magician's destroy effect: remove 1 Spell Counter from a card you control, then
/// target 1 card in `place`.
fn arcanite_destroy(place: Place, text: &str) -> E {
    E::ignition(text).cost(Cost::RemoveCountersFromField { kind: Counter::Spell, count: 1 }).target_in(place, 1, 1, F::Any).op(Op::destroy(Obj::Targets))
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // X-Saber Airbellum
        90508760 => Behavior::with(vec![E::trigger(
            Trigger::dealt_battle_damage(true, Subject::This),
            "When it deals battle damage to your opponent by a direct attack: 1 random card from their hand is discarded.",
        )
        .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
        .op(Op::Discard(Obj::Chosen))]),
        // Gravekeeper's Descendant
        30213599 => {
            Behavior::with(vec![E::ignition("Tribute 1 other face-up \"Gravekeeper's\" monster, then target 1 card your opponent controls: destroy it.")
                .cost(Cost::Cards { how: CostMove::Tribute, from: CostFrom::Monsters, filter: other_gravekeeper(), count: CostCount::Range(1, 1) })
                .target_in(Place::Field(Who::Opponent), 1, 1, F::Any)
                .op(Op::destroy(Obj::Targets))])
        }
        // Arcanite Magician (today: a card the opponent controls)
        ARCANITE_MAGICIAN => arcanite_magician(arcanite_destroy(
            Place::Field(Who::Opponent),
            "Remove 1 Spell Counter from a card you control, then target 1 card your opponent controls: destroy it.",
        )),
        _ => return None,
    })
}

/// The March 2010 behaviour of this module's cards whose text changed later (the Edison
/// format's versions), by passcode.
pub fn behavior_2010(id: u32) -> Option<Behavior> {
    Some(match id {
        // Arcanite Magician: any card on the field (its own controller's too).
        ARCANITE_MAGICIAN => arcanite_magician(arcanite_destroy(
            Place::Field(Who::Both),
            "Remove 1 Spell Counter from a card you control, then target 1 card on the field: destroy it.",
        )),
        _ => return None,
    })
}
