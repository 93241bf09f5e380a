//! Resolving a `--deck` argument: a built-in deck name, a `.ydk` path or a `ydke://` link
//! (the loader lives in `ygo_data::source`, shared with the other front ends).

pub use ygo_data::NamedDeck;

/// Loads a built-in deck by name, or a `.ydk` file or YDKE link; refuses decks naming
/// cards the engine does not implement, listing every one of them.
pub fn load_deck(arg: &str) -> anyhow::Result<NamedDeck> {
    ygo_data::load_named_deck(arg).map_err(|e| anyhow::anyhow!("{e}"))
}
