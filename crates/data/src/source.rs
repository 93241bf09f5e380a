//! A deck argument as every front end takes it (command line, server, Python): a built-in
//! deck name, a `.ydk` path or a `ydke://` link, resolved to the lists a duel plays with.
//! Passcodes that stand for another card (alternate artworks, reprints, "(GOAT)" entries,
//! pre-errata IDs: [`crate::known`]) are read as that card. A deck naming cards the engine
//! does not implement is *legal* or not by the deck rules, but not *playable*: it is
//! refused with every such card named, in the same words `ygo deck check` uses.

use std::path::Path;

use serde::Serialize;
use ygo_cards::decks::{all, builtin, parse_builtin, side_of};
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

/// A card of a deck that the engine does not play yet.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct UnimplementedCard {
    /// The card's name, when the shipped data or the user's database knows it.
    pub name: Option<String>,
    #[serde(rename = "id")]
    pub code: u32,
}

impl std::fmt::Display for UnimplementedCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.name {
            Some(n) => write!(f, "{n} ({})", self.code),
            None => write!(f, "unknown card {}", self.code),
        }
    }
}

/// The one sentence every front end uses for a deck the engine cannot play.
pub fn unplayable_text(cards: &[UnimplementedCard]) -> String {
    let list: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    format!("not playable by this engine: {} card(s) not implemented yet: {}", cards.len(), list.join(", "))
}

/// Why a deck argument cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum DeckSourceError {
    /// Not a built-in name, not a file, not a link.
    #[error("{}: no such built-in deck or file (built-in decks: {builtins})", crate::text::quote(.arg))]
    Unknown { arg: String, builtins: String },
    /// The file or link could not be read.
    #[error(transparent)]
    Read(#[from] crate::ydk::DeckError),
    /// The deck names cards the engine does not play yet.
    #[error("{arg}: {}", unplayable_text(.cards))]
    Unimplemented { arg: String, cards: Vec<UnimplementedCard> },
}

/// The names of the built-in decks, comma-separated (for messages).
pub fn builtin_names() -> String {
    all().map(|d| d.name).collect::<Vec<_>>().join(", ")
}

/// Reads a deck argument without checking that its cards are implemented.
pub fn read_named_deck(arg: &str) -> Result<NamedDeck, DeckSourceError> {
    read_named_deck_with(arg, &CardLookup::new(None))
}

/// As [`read_named_deck`], mapping passcodes with `lookup` (the shipped data and, if
/// given, the user's `cards.cdb`).
pub fn read_named_deck_with(arg: &str, lookup: &CardLookup) -> Result<NamedDeck, DeckSourceError> {
    if let Some(b) = builtin(arg) {
        return Ok(NamedDeck { name: b.name.to_string(), list: parse_builtin(b.ydk), side: side_of(b.ydk) });
    }
    if !(Path::new(arg).exists() || crate::ydk::is_ydke(arg)) {
        return Err(DeckSourceError::Unknown { arg: arg.to_string(), builtins: builtin_names() });
    }
    let loaded = crate::ydk::load_deck(arg, lookup)?;
    let name =
        if crate::ydk::is_ydke(arg) { "ydke".to_string() } else { Path::new(arg).file_stem().map_or(arg.to_string(), |s| s.to_string_lossy().into_owned()) };
    Ok(NamedDeck { name, list: DeckList { main: loaded.deck.main, extra: loaded.deck.extra }, side: loaded.deck.side })
}

/// The cards of a deck (Main, Extra and Side) the engine does not implement, each once,
/// sorted by name (unknown cards last), named by `lookup`.
pub fn unimplemented(cards: impl IntoIterator<Item = u32>, lookup: &CardLookup) -> Vec<UnimplementedCard> {
    let pool = lookup.pool();
    let mut missing: Vec<UnimplementedCard> =
        cards.into_iter().filter(|&c| !pool.get(c).is_some_and(|d| d.implemented)).map(|code| UnimplementedCard { name: lookup.name(code), code }).collect();
    missing.sort_by(|a, b| (a.name.is_none(), &a.name, a.code).cmp(&(b.name.is_none(), &b.name, b.code)));
    missing.dedup();
    missing
}

fn deck_cards(deck: &NamedDeck) -> impl Iterator<Item = u32> + '_ {
    deck.list.main.iter().chain(&deck.list.extra).chain(&deck.side).copied()
}

/// Reads a deck argument and refuses it when it names a card the engine does not play.
pub fn load_named_deck(arg: &str) -> Result<NamedDeck, DeckSourceError> {
    load_named_deck_with(arg, &CardLookup::new(None))
}

/// As [`load_named_deck`], with names and passcodes from `lookup`.
pub fn load_named_deck_with(arg: &str, lookup: &CardLookup) -> Result<NamedDeck, DeckSourceError> {
    let deck = read_named_deck_with(arg, lookup)?;
    let cards = unimplemented(deck_cards(&deck), lookup);
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

    /// A scratch `.ydk` file with these lines.
    fn ydk(name: &str, lines: &[String]) -> String {
        let dir = std::env::temp_dir().join(format!("ygo-source-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, format!("#main\n{}\n#extra\n!side\n", lines.join("\n"))).unwrap();
        path.to_string_lossy().into_owned()
    }

    #[test]
    fn alternate_artworks_load_as_their_card_without_a_database() {
        // Red-Eyes B. Dragon 74677425 and Ring of Destruction 83555667 (issue 16), the
        // rest of the Dragon's Roar built-in list.
        let mut main: Vec<String> = parse_builtin(builtin("dragons-roar").unwrap().ydk).main.iter().map(|c| c.to_string()).collect();
        main[0] = "74677425".into();
        main[1] = "83555667".into();
        let d = load_named_deck(&ydk("alt.ydk", &main)).unwrap();
        assert_eq!(&d.list.main[..2], &[74677422, 83555666]);
    }

    #[test]
    fn unplayable_decks_name_every_missing_card() {
        // Recycle by its official and GOAT-list passcodes: one card.
        let mut main: Vec<String> = parse_builtin(builtin("vanilla-yugi").unwrap().ydk).main.iter().map(|c| c.to_string()).collect();
        main.truncate(37);
        main.extend(["96316857".into(), "511002983".into(), "999999999".into()]);
        let e = load_named_deck(&ydk("serpent.ydk", &main)).unwrap_err().to_string();
        assert!(e.ends_with(": not playable by this engine: 2 card(s) not implemented yet: Recycle (96316857), unknown card 999999999"), "{e}");
    }
}
