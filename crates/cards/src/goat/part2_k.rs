//! Goat pool (part2_k): cards of `../shared/spec/pools/goat-2.txt` about Equip Cards and effect
//! damage: an Equip Card moved to another monster (a correct target for it), a Trap answering an
//! equip, a Trap that becomes an Equip Card, the damage of the chain link answered taken by the
//! opponent or not at all; each a declaration in the effect vocabulary with its rules text in the
//! project's own words. The rulings decided for them are in `docs/rulings/goat-2-k.md`.

use ygo_core::card::{SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep};

/// An Equip Card: a card equipped to a monster on the field.
fn equip_card() -> F {
    F::equipped_to(Obj::All(Place::Monsters(Who::Both), F::Any))
}

/// A face-up monster some Equip Card on the field could be moved to.
fn some_equip_could_move() -> Condition {
    Condition::Exists {
        place: Place::Monsters(Who::Both),
        filter: F::Monster & F::FaceUp & F::correct_equip_target_for(Obj::All(Place::SpellTraps(Who::Both), equip_card())),
        count: 1,
    }
}

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Collected Power
        7565547 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Target 1 face-up monster on the field: every Equip Card on the field equipped to another monster is equipped to it instead; an Equip Card for which it is not a correct target is destroyed.",
        )
        .when(Condition::Exists { place: Place::SpellTraps(Who::Both), filter: equip_card(), count: 1 })
        .target(1, F::Monster & F::FaceUp)
        .op(Op::EquipAsCard {
            what: Obj::All(Place::SpellTraps(Who::Both), equip_card() & !F::equipped_to(Obj::Targets)),
            to: Obj::Targets,
            grants: None,
        })]),
        // Tailor of the Fickle
        43641473 => Behavior::with(vec![E::spell(
            SpellKind::QuickPlay,
            "Target 1 Equip Card equipped to a monster on the field: equip it to another face-up monster that is a correct target for it (your pick when this resolves).",
        )
        .when(some_equip_could_move())
        .target_in(Place::SpellTraps(Who::Both), 1, 1, equip_card())
        .op(Op::Choose { who: Who::You, place: Place::Monsters(Who::Both), filter: F::correct_equip_target_for(Obj::Targets), min: 1, max: 1 })
        .op(Op::EquipAsCard { what: Obj::Targets, to: Obj::Chosen, grants: None })]),
        // Armored Glass
        36868108 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When a monster is equipped with an Equip Card: for the rest of this turn, the effects of every Equip Card on the field are negated.",
        )
        .when(Condition::JustEquipped(F::Any))
        .op(Op::ApplyRule { modifier: Modifier::negate_cards_on_field(equip_card()), until: Duration::EndPhase })]),
        // Metalmorph
        68540058 => Behavior::with(vec![
            E::trap(
                TrapKind::Normal,
                "Target 1 face-up monster on the field: this card becomes an Equip Card equipped to it; the equipped monster gains 300 ATK and DEF.",
            )
            .target(1, F::Monster & F::FaceUp)
            .op(Op::EquipTo(Obj::Targets))
            .modifier(Modifier::AtkDef { scope: Scope::Equipped, atk: Num::Const(300), def: Num::Const(300) }),
            E::continuous("When the equipped monster attacks a monster, it gains ATK equal to half that monster's ATK during damage calculation only.")
                .when(Condition::All(vec![
                    Condition::step(BattleStep::Damage(DamageStep::DuringCalculation)),
                    Condition::Battling(F::Attacker & F::equipped_with(Obj::This)),
                    Condition::Battling(!F::Attacker),
                ]))
                .modifier(Modifier::AtkDef {
                    scope: Scope::Equipped,
                    atk: Num::Half(Box::new(Num::stat_of(Stat::Atk, Obj::All(Place::Monsters(Who::Both), F::InBattle & !F::Attacker)))),
                    def: Num::Const(0),
                }),
        ]),
        // Barrel Behind the Door
        78783370 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When a card or effect is activated that would inflict damage to you: your opponent takes that damage instead.",
        )
        .when(Condition::ChainTop(LinkFact::WouldDamage(Who::You)))
        .op(Op::Negate(NegateWhat::Damage { redirect: true }))]),
        // Trap of Board Eraser
        3055837 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When an effect is activated that would inflict damage to you (not battle damage): you take none of that damage, then your opponent discards 1 card of their choice.",
        )
        .when(Condition::ChainTop(LinkFact::WouldDamage(Who::You)))
        .op(Op::Negate(NegateWhat::Damage { redirect: false }))
        .op(Op::If {
            test: Test::Did,
            then: vec![
                Op::Choose { who: Who::Opponent, place: Place::Hand(Who::Opponent), filter: F::Any, min: 1, max: 1 },
                Op::Discard(Obj::Chosen),
            ],
            otherwise: vec![],
        })]),
        _ => return None,
    })
}
