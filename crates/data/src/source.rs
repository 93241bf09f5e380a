//! A deck argument as every front end takes it (command line, server, Python): a built-in
//! deck name, a `.ydk` path or a `ydke://` link, resolved to the lists a duel plays with.
//! Alternate artworks are mapped to their card; a deck naming cards the engine does not
//! implement is refused with every one of them named.

use std::path::Path;

use ygo_cards::decks::{builtin, parse_builtin, BUILTIN};
use ygo_core::DeckList;

use crate::cardinfo::CardLookup;

/// A deck ready to play, with the name to show for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedDeck {
    pub name: String,
    pub list: DeckList,
    /// The Side Deck (empty for built-in decks).
    pub side: Vec<u32>,
}

/// Why a deck argument cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum DeckSourceError {
    /// Not a built-in name, not a file, not a link.
    #[error("{arg}: no such built-in deck or file (built-in decks: {builtins})")]
    Unknown { arg: String, builtins: String },
    /// The file or link could not be read.
    #[error(transparent)]
    Read(#[from] crate::ydk::DeckError),
    /// The deck names cards the engine does not play yet.
    #[error("{arg}: {} card(s) not implemented: {}", .cards.len(), .cards.join(", "))]
    Unimplemented { arg: String, cards: Vec<String> },
}

/// The names of the built-in decks, comma-separated (for messages).
pub fn builtin_names() -> String {
    BUILTIN.iter().map(|d| d.name).collect::<Vec<_>>().join(", ")
}

/// Reads a deck argument without checking that its cards are implemented.
pub fn read_named_deck(arg: &str) -> Result<NamedDeck, DeckSourceError> {
    if let Some(b) = builtin(arg) {
        return Ok(NamedDeck { name: b.name.to_string(), list: parse_builtin(b.ydk), side: Vec::new() });
    }
    if !(Path::new(arg).exists() || arg.starts_with("ydke://")) {
        return Err(DeckSourceError::Unknown { arg: arg.to_string(), builtins: builtin_names() });
    }
    let lookup = CardLookup::new(None);
    let loaded = crate::ydk::load_deck(arg, &lookup)?;
    let name =
        if arg.starts_with("ydke://") { "ydke".to_string() } else { Path::new(arg).file_stem().map_or(arg.to_string(), |s| s.to_string_lossy().into_owned()) };
    Ok(NamedDeck { name, list: DeckList { main: loaded.deck.main, extra: loaded.deck.extra }, side: loaded.deck.side })
}

/// The cards of a deck (Main, Extra and Side) the engine does not implement, each once,
/// as "Name (passcode)" (or the passcode alone for a card it does not know).
pub fn unimplemented_cards(deck: &NamedDeck) -> Vec<String> {
    let pool = ygo_cards::pool();
    let mut missing: Vec<String> = deck
        .list
        .main
        .iter()
        .chain(&deck.list.extra)
        .chain(&deck.side)
        .filter(|&&c| !pool.get(c).is_some_and(|d| d.implemented))
        .map(|&c| match pool.get(c) {
            Some(d) => format!("{} ({c})", d.data.name),
            None => format!("{c}"),
        })
        .collect();
    missing.sort();
    missing.dedup();
    missing
}

/// Reads a deck argument and refuses it when it names a card the engine does not play.
pub fn load_named_deck(arg: &str) -> Result<NamedDeck, DeckSourceError> {
    let deck = read_named_deck(arg)?;
    let cards = unimplemented_cards(&deck);
    if !cards.is_empty() {
        return Err(DeckSourceError::Unimplemented { arg: arg.to_string(), cards });
    }
    Ok(deck)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_and_unknown() {
        let d = load_named_deck("vanilla-yugi").unwrap();
        assert_eq!(d.name, "vanilla-yugi");
        assert_eq!(d.list.main.len(), 40);
        let e = load_named_deck("no-such-deck-here").unwrap_err();
        assert!(matches!(e, DeckSourceError::Unknown { .. }), "{e}");
        assert!(e.to_string().contains("vanilla-yugi"));
    }
}
