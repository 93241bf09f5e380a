//! Goat batch 1 (traps): cards of `/work/shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Kind, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Bad Reaction to Simochi
        40633297 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While this card is face-up, whenever a card effect would make your opponent gain LP, they take that much damage instead.",
        )
        .modifier(Modifier::OpponentGainsBecomeDamage)]),
        // Pikeru's Circle of Enchantment
        74270067 => Behavior::with(vec![E::trap(TrapKind::Normal, "You take no effect damage for the rest of this turn.")
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::NoEffectDamage })]),
        // Rock Bombardment
        20781762 => Behavior::with(vec![E::trap(TrapKind::Normal, "Send 1 Rock monster from your Deck to the GY: your opponent takes 500 damage.")
            .cost(Cost::SendFromDeck { count: 1, filter: F::Monster & F::Race(Race::ROCK) })
            .op(Op::Damage { who: Who::Opponent, amount: Num::Const(500) })]),
        // Skull Lair
        6733059 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trap(
                TrapKind::Continuous,
                "While it is face-up: banish any number of monster cards from your GY, then target 1 face-up monster on the field whose Level equals the number banished; destroy it.",
            )
            .when(Condition::This(F::FaceUp))
            .cost(Cost::BanishAnyFromGy { filter: F::MonsterCard })
            .target(1, F::Monster & F::FaceUp & F::stat(Stat::Level, Cmp::Eq, Num::Cost(CostStat::Cards)))
            .op(Op::Destroy(Obj::Targets)),
        ]),
        // Wall of Revealing Light
        17078030 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "Pay any multiple of 1000 LP: while this card is face-up, monsters your opponent controls with ATK less than or equal to the LP paid cannot declare an attack.",
        )
        .cost(Cost::PayLpMultiple(1000))
        .op(Op::ApplyRule {
            modifier: Modifier::CannotAttack(Scope::Monsters(F::OppControls & F::stat(Stat::Atk, Cmp::Le, Num::Cost(CostStat::Lp)))),
            until: Duration::WhileSourceOnField,
        })]),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    let _ = id;
    None
}
