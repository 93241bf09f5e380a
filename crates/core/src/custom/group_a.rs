//! Unique effects of one group of cards (see `custom/mod.rs`).

use crate::card::{type_bits, Race};
use crate::effect::{Duration, Filter, Modifier, Obj, Scope};
use crate::engine::{Prompt, SelectPurpose};
use crate::event::{Event, Reason};
use crate::modifiers::Lingering;
use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, Zone};

const TWIN_HEADED_BEHEMOTH: u32 = 43586926;
const ARMED_DRAGON_LV5: u32 = 46384672;
const NOBLEMAN_OF_CROSSOUT: u32 = 71044499;
const SWORDS_OF_REVEALING_LIGHT: u32 = 72302403;
const STAMPING_DESTRUCTION: u32 = 81385346;
const CREATURE_SWAP: u32 = 31036355;
const RELOAD: u32 = 22589918;
const CEASEFIRE: u32 = 36468556;
const DRAGONS_BEAD: u32 = 92408984;
const INTERDIMENSIONAL_MATTER_TRANSPORTER: u32 = 36261276;

pub(crate) fn run(d: &mut Duel, code: u32, i: u8, r: &mut Resolution) -> Option<OpFlow> {
    Some(match (code, i) {
        (NOBLEMAN_OF_CROSSOUT, 0) => nobleman(d, r),
        (SWORDS_OF_REVEALING_LIGHT, 0) => {
            // Every face-down monster of the opponent is flipped face-up (FLIP effects apply).
            let opp = r.controller().opp();
            let down: Vec<CardId> = d.player(opp).monster_ids().filter(|&c| !d.card(c).face_up()).collect();
            for c in down {
                d.set_position(c, Position::FaceUpDefense);
            }
            OpFlow::Next
        }
        (STAMPING_DESTRUCTION, 0) => {
            let t = d.objects(&Obj::Targets, r).first().copied().filter(|&t| d.card(t).zone.on_field());
            r.did = false;
            if let Some(t) = t {
                let ctrl = d.card(t).controller;
                d.send_to_gy(t, Reason::Destroy);
                d.change_lp(ctrl, -500);
                r.did = true;
            }
            OpFlow::Next
        }
        (CREATURE_SWAP, 0) => creature_swap(d, r),
        (RELOAD, 0) => {
            let p = r.controller();
            let hand = d.player(p).hand.clone();
            for &c in &hand {
                let owner = d.card(c).owner;
                d.move_card(c, Dest { player: owner, zone: Zone::Deck, slot: None, position: Position::FaceDownDefense }, Reason::Effect);
            }
            if !hand.is_empty() {
                d.shuffle_deck(p);
                d.draw(p, hand.len());
            }
            r.did = !hand.is_empty();
            OpFlow::Next
        }
        (CEASEFIRE, 0) => {
            // Revealed, not flipped: no FLIP effect activates.
            let down: Vec<CardId> = [d.turn_player(), d.turn_player().opp()]
                .iter()
                .flat_map(|&q| d.player(q).monster_ids().collect::<Vec<_>>())
                .filter(|&c| d.card(c).position == Position::FaceDownDefense)
                .collect();
            for c in down {
                d.reveal_position(c, Position::FaceUpDefense);
            }
            OpFlow::Next
        }
        (INTERDIMENSIONAL_MATTER_TRANSPORTER, 0) => {
            let t = d.objects(&Obj::Targets, r).first().copied().filter(|&t| d.card(t).zone == Zone::Monster);
            r.did = false;
            if let Some(t) = t {
                let defense = !d.card(t).position.attack();
                d.banish(t, false, Reason::Effect);
                if d.card(t).zone == Zone::Banished {
                    // A marker of the banishment (inert while the card is off the field):
                    // the card, its move count, and its position in `def`.
                    let (moves, turn, source_moves) = (d.card(t).moves, d.turn, d.card(r.card()).moves);
                    d.lingering.push(Lingering {
                        source: r.card(),
                        card: Some((t, moves)),
                        controller: r.controller(),
                        modifier: Modifier::AtkDef { scope: Scope::This, atk: 0, def: i32::from(defense) },
                        until: Duration::EndOfTurn,
                        turn,
                        source_moves,
                    });
                    r.did = true;
                }
            }
            OpFlow::Next
        }
        (INTERDIMENSIONAL_MATTER_TRANSPORTER, 1) => {
            let source = r.card();
            for (c, defense) in imt_banished(d, source) {
                let owner = d.card(c).owner;
                let position = if defense { Position::FaceUpDefense } else { Position::FaceUpAttack };
                match d.free_main_monster_zones(owner).first().copied() {
                    Some(z) => d.move_card(c, Dest { player: owner, zone: Zone::Monster, slot: Some(z), position }, Reason::Effect),
                    None => d.send_to_gy(c, Reason::Rule),
                }
            }
            d.lingering.retain(|l| !(l.source == source && matches!(l.modifier, Modifier::AtkDef { .. }) && l.card.is_some()));
            OpFlow::Next
        }
        _ => return None,
    })
}

pub(crate) fn condition(d: &Duel, code: u32, i: u8, p: Player, source: CardId) -> Option<bool> {
    let c = d.card(source);
    Some(match (code, i) {
        (TWIN_HEADED_BEHEMOTH, 0) => {
            // Destroyed on the field and sent to the GY this turn.
            let a = c.arrived;
            c.zone == Zone::Gy && a.turn == d.turn && a.reason.is_some_and(|r| r.is_destroy()) && a.from.is_some_and(|z| z.on_field())
        }
        (ARMED_DRAGON_LV5, 1) => c.zone == Zone::Monster && c.face_up() && c.battle_kill_turn == d.turn,
        // The End Phase of the opponent's 3rd turn since the activation (turns T+1, T+3, T+5).
        (SWORDS_OF_REVEALING_LIGHT, 0) => d.lingering.iter().any(|l| l.source == source && l.until == Duration::WhileSourceOnField && d.turn == l.turn + 5),
        // The chain's last link is a trap that targets a face-up Dragon monster.
        (DRAGONS_BEAD, 0) => d.chain.last().is_some_and(|l| {
            let dragon = Filter::Race(Race::DRAGON) & Filter::FaceUp;
            l.targets.iter().any(|&(t, moves)| {
                let tc = d.card(t);
                tc.moves == moves && tc.zone == Zone::Monster && d.filter_matches(&dragon, t, p, source)
            })
        }),
        (INTERDIMENSIONAL_MATTER_TRANSPORTER, 1) => !imt_banished(d, source).is_empty(),
        _ => return None,
    })
}

pub(crate) fn wins(_d: &Duel, _code: u32, _card: CardId) -> Option<bool> {
    None
}

/// The monsters this "Interdimensional Matter Transporter" banished this turn and still
/// banished, with whether they were in Defense Position.
fn imt_banished(d: &Duel, source: CardId) -> Vec<(CardId, bool)> {
    d.lingering
        .iter()
        .filter(|l| l.source == source && l.turn == d.turn)
        .filter_map(|l| match (l.card, &l.modifier) {
            (Some((c, moves)), Modifier::AtkDef { def, .. }) if d.card(c).moves == moves && d.card(c).zone == Zone::Banished => Some((c, *def != 0)),
            _ => None,
        })
        .collect()
}

/// Nobleman of Crossout: destroy and banish the face-down target; a Flip monster takes
/// every card of its name from both Main Decks with it.
fn nobleman(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    r.did = false;
    let Some(t) = d.objects(&Obj::Targets, r).first().copied().filter(|&t| d.card(t).zone == Zone::Monster) else {
        return OpFlow::Next;
    };
    let flip = d.data(t).has(type_bits::FLIP);
    let name = d.name(t).to_string();
    d.emit(Event::Destroyed { card: t, reason: Reason::Destroy });
    d.banish(t, false, Reason::Destroy);
    r.did = true;
    if flip {
        let tp = d.turn_player();
        for q in [tp, tp.opp()] {
            let same: Vec<CardId> = d.player(q).deck.iter().copied().filter(|&c| d.name(c) == name).collect();
            for c in same {
                d.emit(Event::Revealed { card: c });
                d.banish(c, false, Reason::Effect);
            }
        }
    }
    OpFlow::Next
}

/// Creature Swap: the controller picks one of their monsters, then the opponent; the two
/// change control and cannot change position this turn.
fn creature_swap(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    if r.stage < 2 {
        if d.take_answer().is_some() {
            if let Prompt::Select { picked, .. } = std::mem::replace(&mut d.prompt, Prompt::Over) {
                r.list.extend(picked.into_iter().take(1));
            }
            r.stage += 1;
            return OpFlow::Again;
        }
        let chooser = if r.stage == 0 { p } else { p.opp() };
        let candidates: Vec<CardId> = d.player(chooser).monster_ids().collect();
        if candidates.is_empty() {
            return OpFlow::Stop;
        }
        return OpFlow::Ask(Prompt::Select { player: chooser, purpose: SelectPurpose::Effect, candidates, min: 1, max: 1, picked: Vec::new() });
    }
    let (Some(&mine), Some(&theirs)) = (r.list.first(), r.list.get(1)) else { return OpFlow::Next };
    if d.card(mine).zone != Zone::Monster || d.card(theirs).zone != Zone::Monster {
        return OpFlow::Next;
    }
    // Move first the monster whose new side has a free zone.
    if d.free_main_monster_zones(p.opp()).is_empty() {
        d.change_control(theirs, p);
        d.change_control(mine, p.opp());
    } else {
        d.change_control(mine, p.opp());
        d.change_control(theirs, p);
    }
    let (turn, source_moves) = (d.turn, d.card(r.card()).moves);
    for c in [mine, theirs] {
        let moves = d.card(c).moves;
        d.lingering.push(Lingering {
            source: r.card(),
            card: Some((c, moves)),
            controller: p,
            modifier: Modifier::CannotChangePosition(Scope::This),
            until: Duration::EndOfTurn,
            turn,
            source_moves,
        });
    }
    r.did = true;
    OpFlow::Next
}
