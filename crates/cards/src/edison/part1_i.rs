//! Edison pool part 1 (part1_i): the X-Saber list's XX-Sabers (Faultroll, Emmersblade,
//! Ragigura, Fulhelmknight) and One for One; each a declaration in the effect vocabulary with
//! its rules text in the project's own words. The rulings decided for them are in
//! `docs/rulings/edison-1-e9.md`.

use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const ONE_FOR_ONE: u32 = 2295440;

/// An "X-Saber" monster (the XX-Sabers are X-Sabers too).
fn x_saber() -> F {
    F::Monster & F::NameHas("X-Saber".to_string())
}

/// A Level 4 or lower "X-Saber" monster that can be Special Summoned.
fn small_x_saber() -> F {
    x_saber() & F::level_at_most(4) & F::can_special_summon()
}

/// "Target 1 Level 4 or lower "X-Saber" monster in your GY; Special Summon it", on `e`
/// (usable while `also` holds too).
fn revive_small_x_saber(e: E, also: Vec<Condition>) -> E {
    let mut all = vec![Condition::FreeMonsterZones(1)];
    all.extend(also);
    e.when(Condition::All(all)).target_in(Place::Gy(Who::You), 1, 1, small_x_saber()).op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))
}

/// One for One: send 1 monster from the hand to the GY (cost), then Special Summon 1 Level 1
/// monster from `from`.
fn one_for_one(from: Place, text: &str) -> Behavior {
    let level_1 = F::Monster & F::stat(Stat::Level, Cmp::Eq, 1) & F::can_special_summon();
    Behavior::with(vec![E::spell(ygo_core::card::SpellKind::Normal, text)
        .cost(Cost::send_from_hand(1, F::Monster))
        .when(Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: from, filter: level_1.clone(), count: 1 }]))
        .op(Op::Choose { who: Who::You, place: from, filter: level_1, min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))])
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // XX-Saber Faultroll
        51808422 => Behavior {
            no_normal_summon: true,
            summon_rule: Some(SummonRule::Condition(Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp & x_saber(), count: 2 })),
            ..Behavior::with(vec![
                E::continuous("It cannot be Normal Summoned or Set; it is Special Summoned from the hand while you control 2 or more face-up \"X-Saber\" monsters."),
                revive_small_x_saber(
                    E::ignition("Once per turn: you can target 1 Level 4 or lower \"X-Saber\" monster in your GY; Special Summon it.").limit(Limit::PerCardPerTurn),
                    vec![],
                ),
            ])
        },
        // XX-Saber Emmersblade
        42737833 => Behavior::with(vec![E::optional_when(
            Trigger::DestroyedByBattle,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 Level 4 or lower \"X-Saber\" monster from your Deck.",
        )
        .range(Range::Gy)
        .when(Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: Place::Deck(Who::You), filter: small_x_saber(), count: 1 }]))
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: small_x_saber(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // One for One (today: from the hand or the Deck)
        ONE_FOR_ONE => one_for_one(Place::HandOrDeck(Who::You), "Send 1 monster from your hand to the GY; Special Summon 1 Level 1 monster from your hand or Deck."),
        // XX-Saber Ragigura
        87292536 => Behavior::with(vec![E::optional_when(
            Trigger::Summoned { normal: true, flip: false, special: true, of: Subject::This },
            "When this card is Normal or Special Summoned: you can target 1 \"X-Saber\" monster in your GY; add it to your hand.",
        )
        .target_in(Place::Gy(Who::You), 1, 1, x_saber())
        .op(Op::ToHand(Obj::Targets))]),
        // XX-Saber Fulhelmknight
        78422252 => Behavior::with(vec![
            E::quick("Once while this card is face-up on the field, when an opponent's monster declares an attack: you can target the attacking monster; negate the attack.")
                .limit(Limit::PerCardWhileFaceUp)
                .when(Condition::AttackDeclared(F::OppControls))
                .target(1, F::Attacker & F::OppControls)
                .op(Op::negate_attack()),
            revive_small_x_saber(
                E::optional_if(
                    Trigger::destroys_by_battle(),
                    "If this card destroys a Defense Position monster by battle: you can target 1 Level 4 or lower \"X-Saber\" monster in your GY; Special Summon it.",
                ),
                vec![Condition::attacked_defense_position()],
            ),
        ]),
        _ => return None,
    })
}

/// The March 2010 behaviour of this module's cards whose text changed later (the Edison
/// format's versions), by passcode.
pub fn behavior_2010(id: u32) -> Option<Behavior> {
    Some(match id {
        // One for One: from the Deck only.
        ONE_FOR_ONE => one_for_one(Place::Deck(Who::You), "Send 1 monster from your hand to the GY: Special Summon 1 Level 1 monster from your Deck."),
        _ => return None,
    })
}
