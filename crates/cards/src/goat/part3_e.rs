//! Goat pool (part3_e): "Kiseitai", one of the last cards of `../shared/spec/pools/goat-3.txt`
//! that waited for a mechanic; a declaration in the effect vocabulary with its rules text in
//! the project's own words. The rulings decided for it are in `docs/rulings/goat-3-e.md`.

use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Kiseitai
        4266839 => Behavior::with(vec![
            E::trigger(
                Trigger::attack_targeted(),
                "When an opponent's monster attacks this face-down Defense Position card: it becomes an Equip Card equipped to the attacking monster (no damage calculation).",
            )
            .range(Range::FaceDownMonster)
            .when(Condition::EventCard(F::OppControls))
            .op(Op::EquipAsCard { what: Obj::This, to: Obj::EventCard, grants: None }),
            E::trigger(
                Trigger::Phase { phase: Phase::Standby, whose: Who::Opponent },
                "During each of your opponent's Standby Phases, while this card is equipped to a monster: you gain LP equal to half that monster's ATK.",
            )
            .when(Condition::This(F::equipped_to(Obj::All(Place::Monsters(Who::Both), F::Any))))
            .op(Op::gain_lp(Who::You, Num::Half(Box::new(Num::stat_of(Stat::Atk, Obj::Equipped))))),
        ]),
        _ => return None,
    })
}
