//! The escape hatch (STYLE 11): effects too unique for the vocabulary, as `Op::Custom(i)`
//! and `Condition::Custom(i)` of a card, dispatched here by passcode. Each group of cards
//! keeps its unique pieces in its own file; `ygo cards stats` counts the cards using them.
//! A custom step has the same powers and duties as a vocabulary step: it may ask (return
//! `OpFlow::Ask` and read the answer when run again), and it writes only through the
//! duel's atoms so every change is an event.

use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Duel};
use crate::types::Player;

mod group_a;
mod group_b;
mod group_c;
mod group_d;
mod group_e;
mod group_x;

type RunFn = fn(&mut Duel, u32, u8, &mut Resolution) -> Option<OpFlow>;
type CondFn = fn(&Duel, u32, u8, Player, CardId) -> Option<bool>;
type WinFn = fn(&Duel, u32, CardId) -> Option<bool>;

const RUN: [RunFn; 6] = [group_a::run, group_b::run, group_c::run, group_d::run, group_e::run, group_x::run];
const COND: [CondFn; 6] = [group_a::condition, group_b::condition, group_c::condition, group_d::condition, group_e::condition, group_x::condition];
const WINS: [WinFn; 6] = [group_a::wins, group_b::wins, group_c::wins, group_d::wins, group_e::wins, group_x::wins];

/// Runs custom step `i` of the card with passcode `code`.
pub(crate) fn run(d: &mut Duel, code: u32, i: u8, r: &mut Resolution) -> OpFlow {
    for f in RUN {
        if let Some(flow) = f(d, code, i, r) {
            return flow;
        }
    }
    OpFlow::Next
}

/// Evaluates custom condition `i` of the card `source` (passcode `code`) for player `p`.
pub(crate) fn condition(d: &Duel, code: u32, i: u8, p: Player, source: CardId) -> bool {
    COND.iter().find_map(|f| f(d, code, i, p, source)).unwrap_or(false)
}

/// WIN-3: does the card's win condition hold now (card in hand or face-up on the field)?
pub(crate) fn wins(d: &Duel, code: u32, card: CardId) -> bool {
    WINS.iter().find_map(|f| f(d, code, card)).unwrap_or(false)
}
