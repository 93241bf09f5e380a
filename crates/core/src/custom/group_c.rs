//! Unique effects of one group of cards (see `custom/mod.rs`).

use smallvec::SmallVec;

use crate::effect::{Duration, Modifier};
use crate::engine::{Prompt, SelectPurpose};
use crate::event::Reason;
use crate::modifiers::Lingering;
use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, Zone};

const EXODIA: u32 = 33396948;
/// Right Leg, Left Leg, Right Arm, Left Arm of the Forbidden One.
const EXODIA_LIMBS: [u32; 4] = [8124921, 44519536, 70903634, 7902349];
const DESTINY_BOARD: u32 = 94212438;
/// Spirit Message "I", "N", "A", "L", in the order Destiny Board places them.
const SPIRIT_MESSAGES: [u32; 4] = [31893528, 67287533, 94772232, 30170981];
const WITCH: u32 = 78010363;
const MONSTER_REBORN: u32 = 83764718;
const CAPSULE: u32 = 11961740;

pub(crate) fn run(d: &mut Duel, code: u32, i: u8, r: &mut Resolution) -> Option<OpFlow> {
    match (code, i) {
        (DESTINY_BOARD, 0) => Some(place_spirit_message(d, r)),
        (DESTINY_BOARD, 1) => Some(send_board_pieces(d, r)),
        (WITCH, 0) => Some(lock_chosen_names(d, r)),
        (CAPSULE, 2) => Some(capsule_returns(d, r)),
        _ => None,
    }
}

pub(crate) fn condition(d: &Duel, code: u32, i: u8, p: Player, source: CardId) -> Option<bool> {
    match (code, i) {
        (DESTINY_BOARD, 0) => Some(next_message(d, p).is_some_and(|m| !message_candidates(d, p, m).is_empty()) && !d.free_spell_zones(p).is_empty()),
        (DESTINY_BOARD, 1) => Some(!board_pieces(d, p).is_empty()),
        (MONSTER_REBORN, 0) => Some(!d.free_main_monster_zones(p).is_empty()),
        (CAPSULE, 1) => Some(capsule_link(d, source).is_some_and(|(turn, _, _)| d.turn == turn + 4)),
        _ => None,
    }
}

pub(crate) fn wins(d: &Duel, code: u32, card: CardId) -> Option<bool> {
    match code {
        EXODIA => {
            let c = d.card(card);
            let hand = &d.player(c.controller).hand;
            Some(c.zone == Zone::Hand && EXODIA_LIMBS.iter().all(|&l| hand.iter().any(|&h| d.card(h).code == l)))
        }
        DESTINY_BOARD => {
            let c = d.card(card);
            let p = c.controller;
            Some(c.zone == Zone::SpellTrap && c.face_up() && SPIRIT_MESSAGES.iter().all(|&m| face_up_spell_with_code(d, p, m)))
        }
        _ => None,
    }
}

/// Does `p` have a face-up card with this passcode in a Spell & Trap Zone?
fn face_up_spell_with_code(d: &Duel, p: Player, code: u32) -> bool {
    d.player(p).spells.iter().flatten().any(|&s| d.card(s).code == code && d.card(s).face_up())
}

/// The next Spirit Message in the order I, N, A, L that `p` does not have face-up yet.
fn next_message(d: &Duel, p: Player) -> Option<u32> {
    SPIRIT_MESSAGES.iter().copied().find(|&m| !face_up_spell_with_code(d, p, m))
}

/// Copies of Spirit Message `m` in `p`'s hand and Deck.
fn message_candidates(d: &Duel, p: Player, m: u32) -> Vec<CardId> {
    let ps = d.player(p);
    ps.hand.iter().chain(ps.deck.iter().rev()).copied().filter(|&c| d.card(c).code == m).collect()
}

/// Destiny Board: the controller picks the next Spirit Message (hand or Deck), which is
/// placed face-up in a Spell & Trap Zone (a placement, not an activation).
fn place_spirit_message(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    if d.take_answer().is_some() {
        let picked = match std::mem::replace(&mut d.prompt, Prompt::Over) {
            Prompt::Select { picked, .. } => picked,
            _ => Vec::new(),
        };
        let zones = d.free_spell_zones(p);
        if let (Some(&c), Some(&z)) = (picked.first(), zones.first()) {
            let from_deck = d.card(c).zone == Zone::Deck;
            d.move_card(c, Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }, Reason::Effect);
            d.cards[c.0 as usize].active = true;
            if from_deck {
                d.shuffle_deck(p);
            }
            r.did = true;
        }
        return OpFlow::Next;
    }
    let Some(m) = next_message(d, p) else { return OpFlow::Next };
    let candidates = message_candidates(d, p, m);
    if candidates.is_empty() || d.free_spell_zones(p).is_empty() {
        return OpFlow::Next;
    }
    OpFlow::Ask(Prompt::Select { player: p, purpose: SelectPurpose::Effect, candidates, min: 1, max: 1, picked: Vec::new() })
}

/// Face-up Spirit Messages and Destiny Boards `p` controls in the Spell & Trap Zones.
fn board_pieces(d: &Duel, p: Player) -> SmallVec<[CardId; 4]> {
    d.player(p)
        .spells
        .iter()
        .flatten()
        .copied()
        .filter(|&s| {
            let c = d.card(s);
            c.face_up() && (c.code == DESTINY_BOARD || SPIRIT_MESSAGES.contains(&c.code))
        })
        .collect()
}

/// Destiny Board: one piece left the field, so every other piece goes to the GY.
fn send_board_pieces(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let pieces = board_pieces(d, r.controller());
    for &c in &pieces {
        d.send_to_gy(c, Reason::Effect);
    }
    r.did = !pieces.is_empty();
    r.counted = pieces.len() as i32;
    OpFlow::Next
}

/// Witch of the Black Forest: no activations of the added card's name this turn.
fn lock_chosen_names(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    let source = r.card();
    let source_moves = d.card(source).moves;
    for &c in r.chosen.iter() {
        if d.card(c).zone != Zone::Hand {
            continue;
        }
        let code = d.card(c).code;
        d.lingering.push(Lingering {
            source,
            card: None,
            controller: p,
            modifier: Modifier::NoActivationsOfName(code),
            until: Duration::EndOfTurn,
            turn: d.turn,
            source_moves,
        });
    }
    OpFlow::Next
}

/// Different Dimension Capsule: the turn it resolved and the card it banished (with that
/// card's move count), while the Capsule stays on the field.
fn capsule_link(d: &Duel, capsule: CardId) -> Option<(u32, CardId, u32)> {
    let c = d.card(capsule);
    if !c.zone.on_field() || !c.face_up() {
        return None;
    }
    d.lingering
        .iter()
        .find(|l| l.source == capsule && l.until == Duration::WhileSourceOnField && l.source_moves == c.moves)
        .and_then(|l| l.card.map(|(b, moves)| (l.turn, b, moves)))
}

/// Different Dimension Capsule: destroy it, and if that happened, the banished card comes
/// back to the hand (if it is still banished).
fn capsule_returns(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let capsule = r.card();
    let link = capsule_link(d, capsule);
    if d.card(capsule).moves != r.link.card_moves || !d.card(capsule).zone.on_field() {
        return OpFlow::Next;
    }
    d.send_to_gy(capsule, Reason::Destroy);
    r.did = true;
    if let Some((_, b, moves)) = link {
        if d.card(b).moves == moves && d.card(b).zone == Zone::Banished {
            d.return_to_hand(b, Reason::Effect);
        }
    }
    OpFlow::Next
}
