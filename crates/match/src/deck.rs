//! Registered decks and siding (MATCH-3, MATCH-4).

use serde::{Deserialize, Serialize};
use ygo_core::pool::CardPool;
use ygo_core::DeckList;

/// A deck as registered for a match or tournament: Main, Extra and Side as passcodes.
/// The registered list never changes (MATCH-4); siding works on a copy.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegisteredDeck {
    pub name: String,
    pub main: Vec<u32>,
    pub extra: Vec<u32>,
    pub side: Vec<u32>,
}

impl RegisteredDeck {
    /// The Main and Extra Decks a duel is played with.
    pub fn duel_list(&self) -> DeckList {
        DeckList { main: self.main.clone(), extra: self.extra.clone() }
    }

    /// Every card of the three parts, sorted (siding never changes this multiset).
    pub fn all_cards(&self) -> Vec<u32> {
        let mut all: Vec<u32> = self.main.iter().chain(&self.extra).chain(&self.side).copied().collect();
        all.sort_unstable();
        all
    }
}

/// Swaps asked for between duels: `out` leave the Main or Extra Deck for the Side Deck,
/// `into` come from the Side Deck into the part of the same kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideRequest {
    pub out: Vec<u32>,
    pub into: Vec<u32>,
}

impl SideRequest {
    pub fn is_empty(&self) -> bool {
        self.out.is_empty() && self.into.is_empty()
    }
}

/// Why a side request was refused (the deck stays as it was).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum SideError {
    #[error("no siding before duel 1 (MATCH-3)")]
    BeforeFirstDuel,
    #[error("uneven swap: {out} card(s) out, {into} card(s) in; swaps are one-for-one (MATCH-3)")]
    Uneven { out: usize, into: usize },
    #[error("card {0} is not in the Main or Extra Deck")]
    NotInDeck(u32),
    #[error("card {0} is not in the Side Deck")]
    NotInSide(u32),
    #[error("card {0} is unknown")]
    UnknownCard(u32),
    #[error("the Main Deck would change from {main_before} to {main_after} cards and the Extra Deck from {extra_before} to {extra_after}; each part keeps its count (MATCH-3)")]
    PartCount { main_before: usize, main_after: usize, extra_before: usize, extra_after: usize },
}

fn take(pile: &mut Vec<u32>, code: u32) -> bool {
    match pile.iter().position(|&c| c == code) {
        Some(i) => {
            pile.remove(i);
            true
        }
        None => false,
    }
}

/// MATCH-3: applies one-for-one swaps to `current` (a copy of a registered deck).
/// `next_duel` is the duel about to start; siding before duel 1 is refused. Either every
/// swap applies or none does.
pub fn side(pool: &CardPool, current: &RegisteredDeck, next_duel: u8, req: &SideRequest) -> Result<RegisteredDeck, SideError> {
    if next_duel <= 1 {
        return Err(SideError::BeforeFirstDuel);
    }
    if req.out.len() != req.into.len() {
        return Err(SideError::Uneven { out: req.out.len(), into: req.into.len() });
    }
    let is_extra = |code: u32| pool.get(code).map(|d| d.data.is_extra_deck()).ok_or(SideError::UnknownCard(code));
    let mut deck = current.clone();
    for &code in &req.out {
        let part = if is_extra(code)? { &mut deck.extra } else { &mut deck.main };
        if !take(part, code) {
            return Err(SideError::NotInDeck(code));
        }
        deck.side.push(code);
    }
    for &code in &req.into {
        // Only cards of the Side Deck as it was: a card just sided out cannot come back in.
        let wanted = req.into.iter().filter(|&&c| c == code).count();
        if current.side.iter().filter(|&&c| c == code).count() < wanted || !take(&mut deck.side, code) {
            return Err(SideError::NotInSide(code));
        }
        if is_extra(code)? {
            deck.extra.push(code);
        } else {
            deck.main.push(code);
        }
    }
    if deck.main.len() != current.main.len() || deck.extra.len() != current.extra.len() {
        return Err(SideError::PartCount {
            main_before: current.main.len(),
            main_after: deck.main.len(),
            extra_before: current.extra.len(),
            extra_after: deck.extra.len(),
        });
    }
    Ok(deck)
}
