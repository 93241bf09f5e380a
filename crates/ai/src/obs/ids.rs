//! Stable action ids: an [`Action`] packed into an integer, the same for the same action
//! in every state, clone or process (`docs/OBSERVATION.md`, "Action ids").
//!
//! Layout (bit 0 lowest): kind in bits 0..8, the acting card in bits 8..22, the attack
//! target in bits 22..36, a parameter in bits 36..63. A card is `1 | player << 1 |
//! zone << 2 | index << 6` (player 0 = A; zone as [`zone_code`] minus 1). A card in a
//! Deck (a search) is named by its passcode in the parameter, never by its place in the
//! Deck, so an id tells nothing about the order of a hidden pile.

use ygo_core::{Action, Loc, Player, Position, Zone};

/// Action kinds, numbered from 1 (0 is an empty row of the action table).
pub const KIND_NAMES: [&str; 24] = [
    "pass",
    "battle_phase",
    "main_phase_2",
    "end_phase",
    "end_turn",
    "normal_summon",
    "tribute_summon",
    "set",
    "flip_summon",
    "change_position",
    "activate",
    "special_summon",
    "pendulum_summon",
    "attack",
    "target",
    "choose",
    "done",
    "yes",
    "no",
    "position",
    "zone",
    "first",
    "second",
    "announce",
];

/// The kind number of an action (1-based, in [`KIND_NAMES`] order).
pub fn kind(a: &Action) -> u8 {
    match a {
        Action::Pass => 1,
        Action::ToBattle => 2,
        Action::ToMain2 => 3,
        Action::ToEnd => 4,
        Action::EndTurn => 5,
        Action::NormalSummon(_) => 6,
        Action::TributeSummon(_) => 7,
        Action::Set(_) => 8,
        Action::FlipSummon(_) => 9,
        Action::ChangePosition(_) => 10,
        Action::Activate { .. } => 11,
        Action::SpecialSummon(_) => 12,
        Action::PendulumSummon => 13,
        Action::Attack { .. } => 14,
        Action::Target(_) => 15,
        Action::Choose(_) => 16,
        Action::Done => 17,
        Action::Yes => 18,
        Action::No => 19,
        Action::Position(_) => 20,
        Action::Zone(_) => 21,
        Action::First => 22,
        Action::Second => 23,
        Action::Announce(_) => 24,
    }
}

/// The observation code of a zone: 1 + its place in `Zone` (0 = none).
pub fn zone_code(z: Zone) -> i16 {
    z as i16 + 1
}

/// The observation code of a position: 1 + its place in `Position` (0 = none).
pub fn position_code(p: Position) -> i16 {
    p as i16 + 1
}

/// The card an action acts on, its second card (an attack's target), and its parameter
/// (an effect index, a position or zone, a declared value).
pub fn parts(a: &Action) -> (Option<Loc>, Option<Loc>, u32) {
    let param = match *a {
        Action::Activate { effect, .. } => effect as u32,
        Action::Position(p) => position_code(p) as u32,
        Action::Zone(z) => z as u32,
        Action::Announce(x) => x,
        _ => 0,
    };
    (a.subject(), a.attack_target(), param)
}

const PARAM_BITS: u32 = 27;
const PARAM_MAX: u64 = (1 << PARAM_BITS) - 1;

/// Values this close to `u32::MAX` are the special declarations (heads, tails).
const SPECIAL: u32 = 1024;

/// A declared value in 27 bits: passcodes (below 10^8) and small numbers as they are,
/// the special values near `u32::MAX` counted down from the top (no declaration lies in
/// between).
fn param_bits(x: u32) -> u64 {
    if u32::MAX - x < SPECIAL {
        PARAM_MAX - (u32::MAX - x) as u64
    } else {
        (x as u64).min(PARAM_MAX - SPECIAL as u64)
    }
}

fn card_bits(l: Loc, code: Option<u32>) -> (u64, Option<u64>) {
    let index = if l.zone == Zone::Deck { 0 } else { l.index as u64 };
    let bits = 1 | (l.player.idx() as u64) << 1 | (l.zone as u64) << 2 | index << 6;
    (bits, if l.zone == Zone::Deck { code.map(|c| c as u64) } else { None })
}

/// The stable id of `a`. `code` names the cards of a Deck (the passcode the player sees
/// while searching it); see the module docs.
pub fn action_id(a: &Action, code: impl Fn(Loc) -> Option<u32>) -> u64 {
    let (first, second, param) = parts(a);
    let mut id = kind(a) as u64;
    let mut param = param_bits(param);
    if let Some(l) = first {
        let (bits, deck_code) = card_bits(l, code(l));
        id |= bits << 8;
        if let Some(c) = deck_code {
            param = c & PARAM_MAX;
        }
    }
    if let Some(l) = second {
        id |= card_bits(l, None).0 << 22;
    }
    id | param << 36
}

/// The seat named by `s`: `A`/`B` (any case) or `0`/`1`.
pub fn parse_player(s: &str) -> Option<Player> {
    match s.trim() {
        "0" => Some(Player::A),
        "1" => Some(Player::B),
        other => Player::parse(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(player: Player, zone: Zone, index: usize) -> Loc {
        Loc::new(player, zone, index)
    }

    #[test]
    fn ids_are_distinct_and_deck_places_do_not_show() {
        let none = |_: Loc| None;
        let a = Action::Activate { card: loc(Player::A, Zone::Hand, 2), effect: 1 };
        let b = Action::Activate { card: loc(Player::A, Zone::Hand, 2), effect: 0 };
        let c = Action::Attack { attacker: loc(Player::B, Zone::Monster, 1), target: Some(loc(Player::A, Zone::Monster, 4)) };
        let d = Action::Attack { attacker: loc(Player::B, Zone::Monster, 1), target: None };
        let ids: Vec<u64> = [a, b, c, d, Action::Pass, Action::Announce(ygo_core::action::declare::HEADS), Action::Announce(ygo_core::action::declare::TAILS)]
            .iter()
            .map(|x| action_id(x, none))
            .collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "{ids:?}");
        assert!(ids.iter().all(|&i| i < 1 << 63), "ids fit a signed 64-bit integer");
        // Two Deck places holding the same card give the same id; different cards differ.
        let deck = |i: usize, code: u32| action_id(&Action::Choose(loc(Player::A, Zone::Deck, i)), move |_| Some(code));
        assert_eq!(deck(3, 89631139), deck(17, 89631139));
        assert_ne!(deck(3, 89631139), deck(3, 46986414));
    }

    #[test]
    fn kinds_follow_the_names() {
        assert_eq!(KIND_NAMES[kind(&Action::Pass) as usize - 1], "pass");
        assert_eq!(KIND_NAMES[kind(&Action::Announce(1)) as usize - 1], "announce");
        assert_eq!(KIND_NAMES[kind(&Action::Attack { attacker: loc(Player::A, Zone::Monster, 0), target: None }) as usize - 1], "attack");
        assert_eq!(parse_player("b"), Some(Player::B));
        assert_eq!(parse_player("0"), Some(Player::A));
        assert_eq!(parse_player("C"), None);
    }
}
