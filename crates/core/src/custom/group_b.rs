//! Unique effects of one group of cards (see `custom/mod.rs`): the Zombie Madness set.

use crate::action::Action;
use crate::card::{type_bits, Kind, Race, SpellKind};
use crate::engine::{Prompt, Question, SelectPurpose};
use crate::event::{Event, Reason};
use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, Zone};

const VAMPIRE_LORD: u32 = 53839837;
const VAMPIRE_LADY: u32 = 26495087;
const SOUL_ABSORBING_BONE_TOWER: u32 = 63012333;
const CALL_OF_THE_MUMMY: u32 = 4861205;
const DUST_TORNADO: u32 = 60082869;
const RYU_KOKKI: u32 = 57281778;

/// Card types a player may declare, as `cards.cdb` type bits (`announce 1` = Monster,
/// `announce 2` = Spell, `announce 4` = Trap).
const CARD_TYPES: [u32; 3] = [type_bits::MONSTER, type_bits::SPELL, type_bits::TRAP];

pub(crate) fn run(d: &mut Duel, code: u32, i: u8, r: &mut Resolution) -> Option<OpFlow> {
    match (code, i) {
        (VAMPIRE_LORD | VAMPIRE_LADY, 0) => Some(declare_type_opponent_sends_from_deck(d, r)),
        (SOUL_ABSORBING_BONE_TOWER, 0) => {
            // The top 2 cards of the opponent's Deck go to the GY.
            let opp = r.controller().opp();
            let mut n = 0;
            for _ in 0..2 {
                let Some(&top) = d.player(opp).deck.last() else { break };
                d.send_to_gy(top, Reason::Effect);
                n += 1;
            }
            r.did = n > 0;
            r.counted = n;
            Some(OpFlow::Next)
        }
        // "You must control no monsters to resolve this effect."
        (CALL_OF_THE_MUMMY, 0) => Some(if d.player(r.controller()).monster_count() == 0 { OpFlow::Next } else { OpFlow::Stop }),
        (DUST_TORNADO, 0) => Some(may_set_spell_trap_from_hand(d, r)),
        _ => None,
    }
}

pub(crate) fn condition(d: &Duel, code: u32, i: u8, p: Player, source: CardId) -> Option<bool> {
    match (code, i) {
        // Ryu Kokki: the monster it battled is a face-up Warrior or Spellcaster still on
        // the field at the end of the Damage Step.
        (RYU_KOKKI, 0) => Some(d.current_attack().is_some_and(|a| {
            let other = if a.attacker == source { a.target } else { Some(a.attacker) };
            other.is_some_and(|o| {
                let c = d.card(o);
                c.zone == Zone::Monster && c.face_up() && matches!(d.data(o).race, Some(Race::WARRIOR) | Some(Race::SPELLCASTER))
            })
        })),
        // Vampire Lord: this is your first Standby Phase after it was destroyed on the field
        // by an opponent's card effect and sent to your GY.
        (VAMPIRE_LORD, 0) => {
            let c = d.card(source);
            let a = c.arrived;
            Some(
                c.zone == Zone::Gy
                    && a.reason == Some(Reason::Destroy)
                    && a.from == Some(Zone::Monster)
                    && a.by == Some(p.opp())
                    && d.turn_player == p
                    && d.turn > a.turn
                    && d.turn <= a.turn + 2,
            )
        }
        _ => None,
    }
}

pub(crate) fn wins(_d: &Duel, _code: u32, _card: CardId) -> Option<bool> {
    None
}

/// Vampire Lord / Vampire Lady: the controller declares a card type; the opponent sends 1
/// card of that type from their Deck to the GY (their choice), then shuffles.
fn declare_type_opponent_sends_from_deck(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    let opp = p.opp();
    match r.stage {
        0 => match d.take_answer() {
            Some(Action::Announce(x)) if CARD_TYPES.contains(&x) => {
                d.emit(Event::Announced { player: p, value: x });
                r.counted = x as i32;
                r.stage = 1;
                OpFlow::Again
            }
            _ => OpFlow::Ask(Prompt::Announce { player: p, options: CARD_TYPES.to_vec() }),
        },
        _ => {
            if d.take_answer().is_some() {
                if let Prompt::Select { picked, .. } = std::mem::replace(&mut d.prompt, Prompt::Over) {
                    for c in &picked {
                        d.send_to_gy(*c, Reason::Effect);
                    }
                    r.did = !picked.is_empty();
                }
                d.shuffle_deck(opp);
                return OpFlow::Next;
            }
            let bit = r.counted as u32;
            let candidates: Vec<CardId> = d.player(opp).deck.iter().rev().copied().filter(|&c| d.data(c).has(bit)).collect();
            if candidates.is_empty() {
                r.did = false;
                d.shuffle_deck(opp);
                return OpFlow::Next;
            }
            OpFlow::Ask(Prompt::Select { player: opp, purpose: SelectPurpose::Effect, candidates, min: 1, max: 1, picked: Vec::new() })
        }
    }
}

/// Dust Tornado: "then you can Set 1 Spell/Trap from your hand" (asked only when one could
/// be Set).
fn may_set_spell_trap_from_hand(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    let settable = |d: &Duel, c: CardId| match d.data(c).kind {
        Kind::Spell(SpellKind::Field) => true,
        Kind::Spell(_) | Kind::Trap(_) => !d.free_spell_zones(p).is_empty(),
        Kind::Monster(_) => false,
    };
    let candidates: Vec<CardId> = d.player(p).hand.iter().copied().filter(|&c| settable(d, c)).collect();
    match r.stage {
        0 => {
            if candidates.is_empty() {
                return OpFlow::Next;
            }
            match d.take_answer() {
                Some(Action::Yes) => {
                    r.stage = 1;
                    OpFlow::Again
                }
                Some(_) => OpFlow::Next,
                None => OpFlow::Ask(Prompt::YesNo { player: p, question: Question::Continue(r.card()) }),
            }
        }
        _ => {
            if d.take_answer().is_some() {
                if let Prompt::Select { picked, .. } = std::mem::replace(&mut d.prompt, Prompt::Over) {
                    for c in picked {
                        set_from_hand(d, p, c);
                    }
                }
                return OpFlow::Next;
            }
            OpFlow::Ask(Prompt::Select { player: p, purpose: SelectPurpose::Effect, candidates, min: 1, max: 1, picked: Vec::new() })
        }
    }
}

/// Sets a spell/trap from the hand face-down (a Field Spell replaces the player's own one).
fn set_from_hand(d: &mut Duel, p: Player, c: CardId) {
    let dest = if matches!(d.data(c).kind, Kind::Spell(SpellKind::Field)) {
        if let Some(old) = d.player(p).field {
            d.send_to_gy(old, Reason::Rule);
        }
        Dest { player: p, zone: Zone::Field, slot: Some(0), position: Position::FaceDownDefense }
    } else {
        let Some(&z) = d.free_spell_zones(p).first() else { return };
        Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceDownDefense }
    };
    d.move_card(c, dest, Reason::Set);
    d.emit(Event::SpellSet { card: c });
}
