//! Goat pool (part2_o): the Dark Scorpions of `../shared/spec/pools/goat-2.txt` (Mustering of
//! the Dark Scorpions, Dark Scorpion Combination) with the three members they need (Chick the
//! Yellow, Gorg the Strong, Meanae the Thorn), and the Traps of the same batch (Nutrient Z,
//! Physical Double, Pyro Clock of Destiny): each a declaration in the effect vocabulary with
//! its rules text in the project's own words. The rulings decided for them are in
//! `docs/rulings/goat-2-o.md`.

use ygo_core::author::{StepCtx, StepFlow};
#[allow(unused_imports)]
use ygo_core::card::{SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const DON_ZALOOG: u32 = 76922029;
/// Don Zaloog and the four Dark Scorpions that Dark Scorpion Combination names (Cliff, Chick,
/// Gorg, Meanae).
const COMBINATION: [u32; 5] = [DON_ZALOOG, 6967870, 61587183, 48768179, 74153887];

/// A card of the "Dark Scorpion" family (its name holds the words: Cliff the Trap Remover is
/// "Dark Scorpion - Cliff the Trap Remover"; Don Zaloog is not one).
fn dark_scorpion() -> F {
    F::NameHas("Dark Scorpion".to_string())
}

/// "When this card inflicts battle damage to your opponent: you can activate 1 of these
/// effects" (the Dark Scorpions): one optional trigger per choice, alternatives.
fn battle_damage_choice(text: &str) -> E {
    E::optional_when(Trigger::dealt_battle_damage(false, Subject::This), text).alternative(0)
}

/// Chick the Yellow's second choice: the controller looks at the top card of the opponent's
/// Deck and may put it at the bottom (asked as yes: bottom, no: it stays on top).
fn chick_top_or_bottom(s: &mut StepCtx<'_>) -> StepFlow {
    let me = s.controller();
    let Some(&top) = s.duel().player(me.opp()).deck.last() else { return StepFlow::Next };
    let Some(bottom) = s.yes_no(me) else { return StepFlow::Asked };
    if bottom {
        s.to_deck_bottom(top);
        s.affected(&[top]);
    }
    StepFlow::Next
}

/// Meanae the Thorn: a "Dark Scorpion" card from the Deck, or one from the GY (targeted
/// today; `gy_target` false: picked at resolution, the 2005 text).
fn meanae(gy_target: bool) -> Behavior {
    let deck = battle_damage_choice("When this card inflicts battle damage to your opponent, you can activate 1 of these effects: add 1 \"Dark Scorpion\" card from your Deck to your hand.")
        .when(Condition::Exists { place: Place::Deck(Who::You), filter: dark_scorpion(), count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: dark_scorpion(), min: 1, max: 1 })
        .op(Op::ToHand(Obj::Chosen));
    let gy = if gy_target {
        battle_damage_choice("Or: target 1 \"Dark Scorpion\" card in your GY; add it to your hand.")
            .target_in(Place::Gy(Who::You), 1, 1, dark_scorpion())
            .op(Op::ToHand(Obj::Targets))
    } else {
        battle_damage_choice("Or: add 1 \"Dark Scorpion\" card from your GY to your hand (picked when this resolves).")
            .when(Condition::Exists { place: Place::Gy(Who::You), filter: dark_scorpion(), count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: dark_scorpion(), min: 1, max: 1 })
            .op(Op::ToHand(Obj::Chosen))
    };
    Behavior::with(vec![deck, gy])
}

/// Mustering of the Dark Scorpions' steps: up to 5 picks from the hand, each of a name not
/// picked yet (remembered in slots 0..5), each only while a Main Monster Zone is left for it;
/// then all of them are Special Summoned together.
fn mustering_ops() -> Vec<Op> {
    let monster = || F::Monster & dark_scorpion() & F::can_special_summon();
    let picked = |n: u8| Obj::Union((0..n).map(|i| Obj::Memory(Mem(i))).collect());
    let mut ops = Vec::new();
    for i in 0..5u8 {
        let filter = if i == 0 { monster() } else { monster() & !F::same_name_as(picked(i)) };
        let pick = vec![
            Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter, min: u8::from(i == 0), max: 1 },
            Op::Remember { what: Obj::Chosen, slot: Mem(i) },
        ];
        if i == 0 {
            ops.extend(pick);
        } else {
            ops.push(Op::only_if(Condition::FreeMonsterZones(i + 1), pick));
        }
    }
    ops.push(Op::special_summon(picked(5), SummonPos::FaceUp));
    ops
}

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Dark Scorpion - Chick the Yellow
        61587183 => Behavior::with(vec![
            battle_damage_choice("When this card inflicts battle damage to your opponent, you can activate 1 of these effects: target 1 card on the field; return it to the hand.")
                .target_in(Place::Field(Who::Both), 1, 1, F::Any)
                .op(Op::ToHand(Obj::Targets)),
            battle_damage_choice("Or: look at the top card of your opponent's Deck, then put it back on the top or at the bottom of the Deck.")
                .when(Condition::Exists { place: Place::Deck(Who::Opponent), filter: F::Any, count: 1 })
                .op(Op::Custom(CustomStep { name: "chick-top-or-bottom", run: chick_top_or_bottom })),
        ]),
        // Dark Scorpion - Gorg the Strong
        48768179 => Behavior::with(vec![
            battle_damage_choice("When this card inflicts battle damage to your opponent, you can activate 1 of these effects: target 1 monster your opponent controls; put it on top of its owner's Deck.")
                .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
                .op(Op::ToDeck { what: Obj::Targets, top: true }),
            battle_damage_choice("Or: the top card of your opponent's Deck goes to the GY.")
                .when(Condition::Exists { place: Place::Deck(Who::Opponent), filter: F::Any, count: 1 })
                .op(Op::SendToGy(Obj::DeckTop(Who::Opponent, 1))),
        ]),
        // Dark Scorpion - Meanae the Thorn
        74153887 => meanae(true),
        // Mustering of the Dark Scorpions
        68191243 => Behavior::with(vec![mustering_ops().into_iter().fold(E::spell(
            SpellKind::Normal,
            "If you control a face-up \"Don Zaloog\": Special Summon any number of \"Dark Scorpion\" monsters from your hand, no two with the same name.",
        )
        .when(Condition::All(vec![
            Condition::Exists { place: Place::Monsters(Who::You), filter: F::Named(DON_ZALOOG) & F::FaceUp, count: 1 },
            Condition::Exists { place: Place::Hand(Who::You), filter: F::Monster & dark_scorpion() & F::can_special_summon(), count: 1 },
            Condition::FreeMonsterZones(1),
        ])), E::op)]),
        // Dark Scorpion Combination
        20858318 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "If you control face-up \"Don Zaloog\", \"Dark Scorpion - Cliff the Trap Remover\", \"Dark Scorpion - Chick the Yellow\", \"Dark Scorpion - Gorg the Strong\" and \"Dark Scorpion - Meanae the Thorn\": this turn each of them can attack your opponent directly; when one does while your opponent controls a monster, the battle damage it inflicts is 400.",
        )
        .when(Condition::All(
            COMBINATION.iter().map(|&code| Condition::Exists { place: Place::Monsters(Who::You), filter: F::Named(code) & F::FaceUp, count: 1 }).collect(),
        ))
        .op(Op::Apply {
            what: Obj::All(Place::Monsters(Who::You), F::FaceUp & F::Or(COMBINATION.iter().map(|&code| F::Named(code)).collect())),
            modifier: Modifier::direct_attack_for_fixed_damage(Scope::This, 400),
            until: Duration::EndOfTurn,
        })]),
        _ => return None,
    })
}

/// The April 2005 behaviour of this module's cards whose text differs (GOAT-8), by passcode.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Dark Scorpion - Meanae the Thorn (GOAT): the GY card is picked, not targeted.
        74153887 => meanae(false),
        _ => return None,
    })
}
