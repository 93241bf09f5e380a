//! Unique effects of one group of cards (see `custom/mod.rs`).

use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Duel};
use crate::types::Player;

pub(crate) fn run(_d: &mut Duel, code: u32, _i: u8, _r: &mut Resolution) -> Option<OpFlow> {
    match code {
        _ => None,
    }
}

pub(crate) fn condition(_d: &Duel, code: u32, _i: u8, _p: Player, _source: CardId) -> Option<bool> {
    match code {
        _ => None,
    }
}

pub(crate) fn wins(_d: &Duel, code: u32, _card: CardId) -> Option<bool> {
    match code {
        _ => None,
    }
}
