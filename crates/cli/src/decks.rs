//! Resolving a `--deck` argument: a built-in deck name, a `.ydk` path or a `ydke://` link
//! (the loader lives in `ygo_data::source`, shared with the other front ends), and the
//! card lookup (`--cards-db`) that names the cards of decks.

use std::path::PathBuf;

pub use ygo_data::NamedDeck;
use ygo_data::{cardinfo::CARDS_DB_ENV, CardLookup};

/// The shipped card data plus `--cards-db` (or `YGO_CARDS_DB`) if given; an error names
/// the argument (or the variable) and the file.
pub fn card_lookup(cards_db: Option<PathBuf>) -> anyhow::Result<CardLookup> {
    let flag = if cards_db.is_some() { "--cards-db" } else { CARDS_DB_ENV };
    let path = ygo_data::cardinfo::cards_db_path(cards_db);
    CardLookup::open(path.as_deref()).map_err(|e| anyhow::anyhow!("{flag} {e}"))
}

/// Loads a built-in deck by name, or a `.ydk` file or YDKE link; refuses decks naming
/// cards the engine does not implement, listing every one of them.
pub fn load_deck(arg: &str) -> anyhow::Result<NamedDeck> {
    load_deck_with(arg, &CardLookup::new(None))
}

/// As [`load_deck`], naming cards (and reading passcodes) with `lookup`.
pub fn load_deck_with(arg: &str, lookup: &CardLookup) -> anyhow::Result<NamedDeck> {
    ygo_data::source::load_named_deck_with(arg, lookup).map_err(|e| anyhow::anyhow!("{e}"))
}
