//! Unique effects of one group of cards (see `custom/mod.rs`).

use smallvec::SmallVec;

use crate::action::Action;
use crate::card::{Kind, MonsterFrame};
use crate::effect::{Obj, Who};
use crate::engine::{Prompt, SelectPurpose, SummonProc, SummonStage, Task};
use crate::event::{Event, Reason};
use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, Zone};

const CYBER_JAR: u32 = 34124316;
const ARCHFIEND_OF_GILFER: u32 = 50287060;
const BLACK_LUSTER_SOLDIER: u32 = 72989439;
const SACRED_PHOENIX: u32 = 61441708;
const LAST_WILL: u32 = 85602018;
const ULTIMATE_OFFERING: u32 = 80604091;
const LIGHTFORCE_SWORD: u32 = 49587034;

pub(crate) fn run(d: &mut Duel, code: u32, i: u8, r: &mut Resolution) -> Option<OpFlow> {
    match (code, i) {
        (CYBER_JAR, 0) => Some(cyber_jar(d, r)),
        (ARCHFIEND_OF_GILFER, 0) => Some(gilfer_equip(d, r)),
        (BLACK_LUSTER_SOLDIER, 0) => {
            // "It can make a second attack in a row": one more attack this turn.
            let c = r.card();
            if d.card(c).zone == Zone::Monster && d.card(c).attacked_turn == d.turn {
                d.cards[c.0 as usize].extra_attacks = 1;
            }
            Some(OpFlow::Next)
        }
        (ULTIMATE_OFFERING, 0) => Some(ultimate_offering(d, r)),
        (LIGHTFORCE_SWORD, 0) => {
            if let Some(c) = lightforce_banished(d, r.card(), r.controller()) {
                d.return_to_hand(c, Reason::Effect);
                r.did = true;
            }
            Some(OpFlow::Next)
        }
        _ => None,
    }
}

pub(crate) fn condition(d: &Duel, code: u32, i: u8, p: Player, source: CardId) -> Option<bool> {
    let used = |effect: u8| d.used.iter().any(|&(k, e, t)| k == source.0 as u32 | 0x8000_0000 && e == effect && t == d.turn);
    match (code, i) {
        // Black Luster Soldier: 1 of its 2 effects per turn (effects 1 and 2).
        (BLACK_LUSTER_SOLDIER, 0) => Some(!used(2)),
        (BLACK_LUSTER_SOLDIER, 1) => Some(!used(1) && d.current_attacker() == Some(source)),
        (SACRED_PHOENIX, 0) => {
            // Destroyed by a card effect and sent to the GY; this is the owner's first
            // Standby Phase since (the next turn, or the one after if it was their own).
            let c = d.card(source);
            let a = c.arrived;
            let since = d.turn.saturating_sub(a.turn);
            Some(c.zone == Zone::Gy && a.reason == Some(Reason::Destroy) && a.by.is_some() && (since == 1 || since == 2))
        }
        (LAST_WILL, 0) => Some(d.player(p).gy.iter().any(|&c| {
            let st = d.card(c);
            d.data(c).is_monster() && st.arrived.turn == d.turn && st.arrived.from == Some(Zone::Monster)
        })),
        (LIGHTFORCE_SWORD, 0) => {
            // The opponent's 4th turn after the activation: 7 turns later when activated
            // in your turn, 8 when activated in theirs.
            let a = d.card(source).arrived.turn;
            let since = d.turn.saturating_sub(a);
            Some(d.card(source).zone == Zone::Gy && (since == 7 || since == 8) && lightforce_banished(d, source, p).is_some())
        }
        _ => None,
    }
}

pub(crate) fn wins(_d: &Duel, _code: u32, _card: CardId) -> Option<bool> {
    None
}

/// The card "Lightforce Sword" banished: face-down in the opponent's banishment, banished
/// from their hand by `p`'s effect in the turn the Sword went to the GY.
fn lightforce_banished(d: &Duel, sword: CardId, p: Player) -> Option<CardId> {
    let turn = d.card(sword).arrived.turn;
    d.player(p.opp()).banished.iter().copied().find(|&c| {
        let st = d.card(c);
        !st.face_up() && st.arrived.turn == turn && st.arrived.from == Some(Zone::Hand) && st.arrived.by == Some(p)
    })
}

/// Cyber Jar after its destruction: both players (turn player first) reveal up to 5 cards
/// from the top of their Deck, Special Summon the Level 4 or lower monsters among them
/// (face-up Attack or face-down Defense, zone and position asked of their owner) and add
/// the rest to their hand. `r.list`: the revealed cards; `r.stage`: 0 to start, then
/// 1 + 2 * card index (+1 once the zone is picked).
fn cyber_jar(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    if r.stage == 0 {
        r.list.clear();
        for q in d.who(Who::Both, p) {
            let top: Vec<CardId> = d.player(q).deck.iter().rev().take(5).copied().collect();
            r.list.extend(top);
        }
        for c in r.list.clone() {
            d.emit(Event::Revealed { card: c });
        }
        r.stage = 1;
        return OpFlow::Again;
    }
    let idx = (r.stage as usize - 1) / 2;
    let Some(&c) = r.list.get(idx) else {
        let rest: SmallVec<[CardId; 4]> = r.list.iter().copied().filter(|&c| d.card(c).zone == Zone::Deck).collect();
        r.did = !rest.is_empty();
        for c in rest {
            d.return_to_hand(c, Reason::Effect);
        }
        return OpFlow::Next;
    };
    let next = 1 + 2 * (idx as u8 + 1);
    let q = d.card(c).owner;
    let zones = d.free_main_monster_zones(q);
    let eligible = d.card(c).zone == Zone::Deck && d.data(c).is_monster() && d.current_level(c) <= 4 && d.can_be_special_summoned(c) && !zones.is_empty();
    if !eligible {
        r.stage = next;
        return OpFlow::Again;
    }
    if (r.stage - 1).is_multiple_of(2) {
        match d.take_answer() {
            Some(Action::Zone(z)) if zones.contains(&z) => {
                r.zone = Some(z);
                r.stage += 1;
                OpFlow::Again
            }
            _ => OpFlow::Ask(Prompt::Zone { player: q, zones: zones.into_iter().collect() }),
        }
    } else {
        let options: SmallVec<[Position; 2]> = SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceDownDefense]);
        match d.take_answer() {
            Some(Action::Position(x)) if options.contains(&x) => {
                let zone = r.zone.take().filter(|z| zones.contains(z)).unwrap_or(zones[0]);
                d.special_summon(c, q, zone, x);
                r.stage = next;
                OpFlow::Again
            }
            _ => OpFlow::Ask(Prompt::Position { player: q, card: c, options }),
        }
    }
}

/// Archfiend of Gilfer: from the GY, it becomes an Equip card of the targeted monster.
fn gilfer_equip(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    let card = r.card();
    let Some(&t) = d.objects(&Obj::Targets, r).first() else { return OpFlow::Next };
    let here = d.card(card).zone == Zone::Gy && d.card(card).moves == r.link.card_moves;
    let target_ok = d.card(t).zone == Zone::Monster && d.card(t).face_up();
    let Some(&z) = d.free_spell_zones(p).first() else { return OpFlow::Next };
    if !here || !target_ok {
        return OpFlow::Next;
    }
    d.move_card(card, Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }, Reason::Effect);
    let st = &mut d.cards[card.0 as usize];
    st.equip_to = Some(t);
    st.active = true;
    d.emit(Event::Equipped { card, to: t });
    r.did = true;
    OpFlow::Next
}

/// Ultimate Offering: pick a hand monster that could be Normal Summoned or Set now, then
/// Summon (`position atk`) or Set (`position def`) it right after this link resolves.
fn ultimate_offering(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    match r.stage {
        0 => {
            let candidates: Vec<CardId> = d.player(p).hand.iter().copied().filter(|&c| normal_summonable_now(d, c)).collect();
            if candidates.is_empty() {
                return OpFlow::Next;
            }
            r.stage = 1;
            OpFlow::Ask(Prompt::Select { player: p, purpose: SelectPurpose::Effect, candidates, min: 1, max: 1, picked: Vec::new() })
        }
        1 => {
            d.take_answer();
            if let Prompt::Select { picked, .. } = std::mem::replace(&mut d.prompt, Prompt::Over) {
                r.chosen = picked.into_iter().collect();
            }
            let Some(&c) = r.chosen.first() else { return OpFlow::Next };
            r.stage = 2;
            OpFlow::Ask(Prompt::Position { player: p, card: c, options: SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceDownDefense]) })
        }
        _ => {
            let Some(&c) = r.chosen.first() else { return OpFlow::Next };
            let proc = match d.take_answer() {
                Some(Action::Position(Position::FaceUpAttack)) => SummonProc::Normal,
                Some(Action::Position(_)) => SummonProc::Set,
                _ => {
                    return OpFlow::Ask(Prompt::Position {
                        player: p,
                        card: c,
                        options: SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceDownDefense]),
                    })
                }
            };
            // Runs once this link's resolution is over (the task below the resolution).
            d.tasks.push(Task::Summon { card: c, proc, stage: SummonStage::Tributes, tributes: SmallVec::new() });
            r.did = true;
            OpFlow::Next
        }
    }
}

/// Could this hand card be Normal Summoned or Set now (tributes and a zone available)?
fn normal_summonable_now(d: &Duel, c: CardId) -> bool {
    let p = d.card(c).controller;
    let behavior = &d.pool.def(d.card(c).def).behavior;
    if !matches!(d.data(c).kind, Kind::Monster(MonsterFrame::Normal | MonsterFrame::Effect)) || behavior.no_normal_summon {
        return false;
    }
    let (need, _) = d.tribute_range(c, SummonProc::Normal);
    let candidates = d.tribute_candidates(c);
    let value: usize = candidates.iter().map(|&t| d.tribute_value(t, c)).sum();
    let free = !d.free_main_monster_zones(p).is_empty();
    if need == 0 {
        free
    } else {
        value >= need && (free || candidates.iter().any(|&t| d.card(t).slot < 5))
    }
}
