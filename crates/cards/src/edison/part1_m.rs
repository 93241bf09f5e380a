//! Edison pool part 1 (part1_m): the last cards of the pool's first list: Zombies (Goblin
//! Zombie, Mezuki, Zombie Master), Volcanic Shell, Cactus Bouncer, XX-Saber Gardestrike and X-Saber
//! Galahad; each a declaration in the effect vocabulary with its rules text in the project's own
//! words. The rulings decided for them are in `docs/rulings/edison-1-e13.md`.

use crate::mechanics::in_damage_step;
use crate::mechanics::{banish_self_from_gy, mill, searcher};
use ygo_core::card::Race;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const VOLCANIC_SHELL: u32 = 33365932;

/// A Zombie monster.
fn zombie() -> F {
    F::Monster & F::Race(Race::ZOMBIE)
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Goblin Zombie
        63665875 => {
            let mut b = searcher(
                "If this card is sent from the field to the GY: add 1 Zombie monster with 1200 or less DEF from your Deck to your hand.",
                zombie() & F::stat(Stat::Def, Cmp::Le, 1200),
            );
            b.effects.insert(
                0,
                E::trigger(Trigger::dealt_battle_damage(false, Subject::This), "If this card inflicts battle damage to your opponent: they send the top card of their Deck to the GY.")
                    .op(mill(Who::Opponent, 1)),
            );
            b
        }
        // Mezuki
        92826944 => Behavior::with(vec![E::ignition("You can banish this card from your GY, then target 1 Zombie monster in your GY; Special Summon it.")
            .range(Range::Gy)
            .cost(banish_self_from_gy())
            .when(Condition::FreeMonsterZones(1))
            .target_in(Place::Gy(Who::You), 1, 1, zombie() & F::can_special_summon())
            .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))]),
        // Zombie Master
        17259470 => Behavior::with(vec![E::ignition(
            "Once per turn: you can send 1 monster from your hand to the GY, then target 1 Level 4 or lower Zombie monster in either GY; Special Summon it. This card must be face-up on the field to activate and to resolve it.",
        )
        .limit(Limit::PerCardPerTurn)
        .needs_card_on_field()
        .cost(Cost::send_from_hand(1, F::Monster))
        .when(Condition::FreeMonsterZones(1))
        .target_in(Place::Gy(Who::Both), 1, 1, zombie() & F::level_at_most(4) & F::can_special_summon())
        .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))]),
        // Volcanic Shell
        VOLCANIC_SHELL => Behavior::with(vec![E::ignition(
            "Once per turn, while this card is in your GY: you can pay 500 LP; add 1 \"Volcanic Shell\" from your Deck to your hand.",
        )
        .range(Range::Gy)
        .limit(Limit::PerCardPerTurn)
        .cost(Cost::pay_lp(Num::Const(500)))
        .when(Condition::Exists { place: Place::Deck(Who::You), filter: F::Named(VOLCANIC_SHELL), count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Named(VOLCANIC_SHELL), min: 1, max: 1 })
        .op(Op::ToHand(Obj::Chosen))]),
        // Cactus Bouncer
        31615285 => Behavior {
            no_special_summon: true,
            ..Behavior::with(vec![
                E::continuous("Cannot be Special Summoned."),
                E::continuous("While another Plant monster is face-up on the field, neither player can Special Summon monsters.")
                    .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::Monster & F::FaceUp & F::Race(Race::PLANT) & F::NotSelf, count: 1 })
                    .modifier(Modifier::cannot_special_summon(Who::Both)),
            ])
        },
        // XX-Saber Gardestrike
        42024143 => Behavior {
            summon_rule: Some(SummonRule::Condition(Condition::All(vec![
                Condition::Exists { place: Place::Gy(Who::You), filter: F::Monster & F::NameHas("X-Saber".to_string()), count: 2 },
                Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::Any },
            ]))),
            ..Behavior::with(vec![E::continuous(
                "While you have 2 or more \"X-Saber\" monsters in your GY and control no monsters, you can Special Summon this card from your hand.",
            )])
        },
        // X-Saber Galahad
        50604950 => Behavior::with(vec![
            E::continuous("When it attacks an opponent's monster, it gains 300 ATK during the Damage Step only.")
                .when(Condition::All(vec![in_damage_step(), Condition::This(F::Attacker), Condition::Battling(F::OppControls)]))
                .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(300), def: Num::Const(0) }),
            E::continuous("When an opponent's monster attacks it, it loses 500 ATK during the Damage Step only.")
                .when(Condition::All(vec![in_damage_step(), Condition::Battling(F::Attacker & F::OppControls)]))
                .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-500), def: Num::Const(0) }),
            E::optional_when(Trigger::attack_targeted(), "When it is chosen as an attack target: you can Tribute 1 other \"Saber\" monster (cost); negate the attack.")
                .cost(Cost::tribute(1, F::Monster & F::NameHas("Saber".to_string()) & F::NotSelf))
                .op(Op::negate_attack()),
        ]),
        _ => return None,
    })
}
