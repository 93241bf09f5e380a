//! Goat pool (part2_i): cards of `../shared/spec/pools/goat-2.txt` and `goat-3.txt` centred on
//! battle: a battle-result check with a destruction after damage calculation or at the end of
//! the Damage Step, attacks made direct for a turn, hands and fields cut down to 5, monsters
//! bound by a monster they battled; each a declaration in the effect vocabulary
//! with its rules text in the project's own words. The rulings decided for them are in
//! `docs/rulings/goat-2-i.md`.

use ygo_core::card::TrapKind;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::DamageStep;

/// "When your opponent's monster attacks a Defense Position monster you control" (face-down
/// or face-up).
fn defense_monster_attacked() -> Condition {
    Condition::All(vec![Condition::AttackDeclared(F::OppControls), Condition::Battling(F::YouControl & F::DefensePos & !F::Attacker)])
}

/// The attacked monster of the battle in progress, on the controller's side.
fn attacked() -> Obj {
    Obj::All(Place::Monsters(Who::You), F::InBattle & !F::Attacker)
}

/// The attacking monster of the battle in progress, on the opponent's side.
fn attacker() -> Obj {
    Obj::All(Place::Monsters(Who::Opponent), F::Attacker)
}

/// At `sub` of this battle's Damage Step: if the attacked monster's DEF is higher than the
/// attacker's ATK (now), destroy the attacker.
fn destroy_attacker_if_held(sub: DamageStep) -> Op {
    Op::Later {
        at: Moment::DamageStep(sub),
        ops: vec![Op::If {
            test: Test::Compare(Num::stat_of(Stat::Def, attacked()), Cmp::Gt, Num::stat_of(Stat::Atk, attacker())),
            then: vec![Op::destroy(attacker())],
            otherwise: vec![],
        }],
    }
}

/// The most cards above 5 a player's hand and field can hold together (more than a duel
/// reaches: 5 + 5 + 1 zones and a large hand).
const MOST_EXCESS: i32 = 40;

/// The cards in `who`'s hand and on their field, this card (resolving) left out.
fn hand_and_field(who: Who) -> Num {
    Num::count_of(Obj::All(Place::HandOrField(who), F::NotSelf))
}

/// "`who` picks cards of their hand and field until 5 remain": as many as they hold above 5,
/// remembered in `slot` (nothing when they hold 5 or fewer).
fn pick_down_to_five(who: Who, slot: Mem) -> Vec<Op> {
    let excess = Num::Of(Arith::Minus, Box::new(hand_and_field(who)), Box::new(Num::Const(5)));
    let mut ops = vec![Op::Remember { what: Obj::Union(Vec::new()), slot }];
    for k in 1..=MOST_EXCESS {
        ops.push(Op::If {
            test: Test::Compare(excess.clone(), Cmp::Eq, Num::Const(k)),
            then: vec![
                Op::Choose { who, place: Place::HandOrField(who), filter: F::Any, min: k as u8, max: k as u8 },
                Op::Remember { what: Obj::Chosen, slot },
            ],
            otherwise: vec![],
        });
    }
    ops
}

/// "`who` Special Summons from their hand as many monsters as the cards `returned` holds": the
/// monsters picked, remembered in `slot` (nothing when it holds none).
fn pick_as_many_as(who: Who, returned: Mem, slot: Mem) -> Vec<Op> {
    let count = Num::count_of(Obj::Memory(returned));
    let mut ops = vec![Op::Remember { what: Obj::Union(Vec::new()), slot }];
    for k in 1..=5 {
        ops.push(Op::If {
            test: Test::Compare(count.clone(), Cmp::Eq, Num::Const(k)),
            then: vec![
                Op::Choose { who, place: Place::Hand(who), filter: F::Monster & F::can_special_summon(), min: k as u8, max: k as u8 },
                Op::Remember { what: Obj::Chosen, slot },
            ],
            otherwise: vec![],
        });
    }
    ops
}

/// The behaviour of this module's cards (today's), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Cross Counter
        37083210 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent's monster attacks a Defense Position monster you control: if that monster's DEF is higher than the attacker's ATK, the battle damage your opponent takes from this battle is doubled, and the attacking monster is destroyed after damage calculation.",
        )
        .when(defense_monster_attacked())
        .op(Op::Apply { what: attacked(), modifier: Modifier::double_battle_damage(Scope::This), until: Duration::EndOfDamageStep })
        .op(destroy_attacker_if_held(DamageStep::AfterCalculation))]),
        // Destruction Punch
        5616412 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent's monster attacks a Defense Position monster you control: if that monster's DEF is higher than the attacker's ATK, destroy the attacking monster at the end of the Damage Step (damage is calculated as usual).",
        )
        .when(defense_monster_attacked())
        .op(destroy_attacker_if_held(DamageStep::End))]),
        // Absolute End
        27744077 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Activate only during your opponent's turn. For the rest of this turn, your opponent's monsters attack you directly: your monsters cannot be chosen as attack targets, and your opponent's monsters may attack directly.",
        )
        .when(Condition::Timing(Timing::OpponentsTurn))
        .op(Op::ApplyRule { modifier: Modifier::not_attack_target(Scope::AllMonsters(F::YouControl)), until: Duration::EndOfTurn })
        .op(Op::ApplyRule { modifier: Modifier::direct_attack(Scope::Monsters(F::OppControls)), until: Duration::EndOfTurn })]),
        // Bubble Crash
        61622107 => {
            let mut e = E::trap(
                TrapKind::Normal,
                "Activate only while a player has 6 or more cards in their hand and on their field together (this card not counted). Each such player picks cards of their hand and field until 5 remain; all the picked cards are sent to the GY together.",
            )
            .when(Condition::Any(vec![
                Condition::Compare(hand_and_field(Who::You), Cmp::Ge, Num::Const(6)),
                Condition::Compare(hand_and_field(Who::Opponent), Cmp::Ge, Num::Const(6)),
            ]));
            for op in pick_down_to_five(Who::You, Mem(0)).into_iter().chain(pick_down_to_five(Who::Opponent, Mem(1))) {
                e = e.op(op);
            }
            Behavior::with(vec![e.op(Op::SendToGy(Obj::Union(vec![Obj::Memory(Mem(0)), Obj::Memory(Mem(1))])))])
        }
        // Major Riot
        9074847 => {
            let mut e = E::trap(
                TrapKind::Normal,
                "When 1 or more monsters of yours are returned from the field to your hand by your opponent's card effect: return every monster on the field to its owner's hand; then each player Special Summons from their hand, in face-down Defense Position, as many monsters as were returned to their hand.",
            )
            .when(Condition::JustMoved {
                to: Place::Hand(Who::You),
                filter: F::Monster & F::CameFrom(Origin::MonsterZone) & F::SentBy(Sent::OpponentEffect),
            })
            .op(Op::ToHand(Obj::All(Place::Monsters(Who::Both), F::Monster)))
            .op(Op::Remember { what: Obj::Filtered(Box::new(Obj::Affected), F::YouOwn), slot: Mem(0) })
            .op(Op::Remember { what: Obj::Filtered(Box::new(Obj::Affected), !F::YouOwn), slot: Mem(1) });
            for op in pick_as_many_as(Who::You, Mem(0), Mem(2)).into_iter().chain(pick_as_many_as(Who::Opponent, Mem(1), Mem(3))) {
                e = e.op(op);
            }
            Behavior::with(vec![e.op(Op::SpecialSummon {
                what: Obj::Union(vec![Obj::Memory(Mem(2)), Obj::Memory(Mem(3))]),
                pos: SummonPos::FaceDownDefense,
                side: Side::Owner,
            })])
        }
        // The Unhappy Girl (goat-3.txt)
        27618634 => {
            let face_up_attack = Condition::This(F::FaceUp & F::AttackPos);
            let battled_it = Scope::Monsters(F::battled_with(Obj::This));
            Behavior::with(vec![
                E::continuous("While it is in face-up Attack Position, it cannot be destroyed by battle (damage is calculated as usual).")
                    .when(face_up_attack.clone())
                    .modifier(Modifier::indestructible_by_battle(Scope::This)),
                E::continuous("While it is in face-up Attack Position, a monster that battled it cannot attack, and its controller cannot change its battle position (a card effect still can).")
                    .when(face_up_attack)
                    .modifier(Modifier::cannot_attack(battled_it.clone()))
                    .modifier(Modifier::cannot_change_position(battled_it)),
            ])
        }
        _ => return None,
    })
}
