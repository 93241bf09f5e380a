//! Resolving a `--deck` argument: a built-in deck name, a `.ydk` path or a `ydke://` link.

use std::path::Path;

use anyhow::bail;
use ygo_cards::decks::{builtin, parse_builtin, BUILTIN};
use ygo_core::DeckList;

/// A deck chosen on the command line, with the name to show for it.
#[derive(Clone, Debug)]
pub struct NamedDeck {
    pub name: String,
    pub list: DeckList,
}

/// Loads a built-in deck by name, or a `.ydk` file; refuses decks naming cards the
/// engine does not implement, listing every one of them.
pub fn load_deck(arg: &str) -> anyhow::Result<NamedDeck> {
    let (name, list) = if let Some(b) = builtin(arg) {
        (b.name.to_string(), parse_builtin(b.ydk))
    } else if Path::new(arg).exists() || arg.starts_with("ydke://") {
        // .ydk files and YDKE links, with alternate artworks mapped to their card.
        let lookup = ygo_data::CardLookup::open(None).map_err(|e| anyhow::anyhow!("{e}"))?;
        let loaded = ygo_data::load_deck(arg, &lookup).map_err(|e| anyhow::anyhow!("{e}"))?;
        let list = DeckList { main: loaded.deck.main, extra: loaded.deck.extra };
        let name = if arg.starts_with("ydke://") { "ydke".to_string() } else { Path::new(arg).file_stem().map_or(arg.to_string(), |s| s.to_string_lossy().into_owned()) };
        (name, list)
    } else {
        let names: Vec<&str> = BUILTIN.iter().map(|d| d.name).collect();
        bail!("{arg}: no such built-in deck or file (built-in decks: {})", names.join(", "));
    };
    let pool = ygo_cards::pool();
    let missing: Vec<String> = list
        .main
        .iter()
        .chain(&list.extra)
        .filter(|&&c| !pool.get(c).is_some_and(|d| d.implemented))
        .map(|&c| match pool.get(c) {
            Some(d) => format!("{} ({c})", d.data.name),
            None => format!("{c}"),
        })
        .collect();
    if !missing.is_empty() {
        let mut uniq = missing.clone();
        uniq.sort();
        uniq.dedup();
        bail!("{arg}: {} card(s) not implemented: {}", uniq.len(), uniq.join(", "));
    }
    Ok(NamedDeck { name, list })
}
