//! Formats: the one place where a room's format choice is resolved.
//!
//! `casual` is the server's own: today's cards, Master Rule 2020, no banlist. Every other
//! name is a `ygo_data::Format` (`goat`, `tcg`, `ocg`): its edition, its banlist (checked
//! on every deck that enters the room) and its card pool (the versions of the cards the
//! room plays). Rooms keep the name (ratings are per format name) and ask this file for
//! the rest.

use std::sync::Arc;

use ygo_core::pool::CardPool;
use ygo_core::Edition;

/// The format of a room when none is named.
pub const DEFAULT_FORMAT: &str = "casual";

/// The formats a room can be created with.
pub const FORMATS: &[&str] = &["casual", "goat", "tcg", "ocg"];

/// A resolved format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format {
    pub name: String,
    /// The edition the format plays by, unless the room names one.
    pub edition: Edition,
    /// The named format behind it (`None` for casual).
    pub data: Option<&'static ygo_data::Format>,
}

/// Resolves a format name (case-insensitive).
pub fn resolve(name: &str) -> Result<Format, String> {
    let key = name.trim().to_ascii_lowercase();
    if key == DEFAULT_FORMAT {
        return Ok(Format { name: key, edition: Edition::Mr2020, data: None });
    }
    match ygo_data::Format::by_name(&key) {
        Ok(f) => Ok(Format { name: key, edition: f.edition, data: Some(f) }),
        Err(_) => Err(format!("unknown format {name:?} (known: {})", FORMATS.join(", "))),
    }
}

impl Format {
    /// The card pool the format plays.
    pub fn pool(&self) -> Arc<CardPool> {
        self.data.map_or_else(ygo_cards::pool, |f| f.pool())
    }

    /// The card-data version a replay of this format records.
    pub fn data_version(&self) -> String {
        ygo_cards::data_version_with(self.data.map_or(ygo_cards::Versions::Current, |f| f.versions))
    }

    /// The name a replay file records as its `play_format` (`None` for casual).
    pub fn play_format(&self) -> Option<String> {
        self.data.map(|f| f.name.to_string())
    }
}

/// The card pool of a room's (already resolved) format name; today's cards for a name
/// this build does not know (an old replay row).
pub fn pool_of(name: &str) -> Arc<CardPool> {
    resolve(name).map_or_else(|_| ygo_cards::pool(), |f| f.pool())
}

/// Checks a deck against the format's banlist and region (DECK-5, DECK-7); every
/// violation is named (at most five, then a count).
pub fn check_deck(format: &Format, main: &[u32], extra: &[u32], side: &[u32]) -> Result<(), String> {
    let Some(f) = format.data else { return Ok(()) };
    let report = f.check(&ygo_data::Deck { main: main.to_vec(), extra: extra.to_vec(), side: side.to_vec() });
    if report.legal {
        return Ok(());
    }
    let mut why: Vec<String> = report.violations.iter().take(5).map(|v| format!("{}: {}", v.rule, v.message)).collect();
    if report.violations.len() > 5 {
        why.push(format!("and {} more", report.violations.len() - 5));
    }
    Err(format!("this deck is not legal in the {} format: {}", f.name, why.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_and_unknown_ones_are_named() {
        assert_eq!(resolve("GOAT").unwrap().edition, Edition::Expert);
        assert_eq!(resolve("casual").unwrap().name, "casual");
        assert_eq!(resolve("tcg").unwrap().edition, Edition::Mr2020);
        let e = resolve("speed").unwrap_err();
        assert!(e.contains("speed") && e.contains("goat"), "{e}");
    }

    #[test]
    fn a_named_format_checks_its_list() {
        // RULE: DECK-5 -- Stardust Dragon is not on the 2005 whitelist; casual has no list.
        let main: Vec<u32> = std::iter::repeat_n(26202165, 1).chain(std::iter::repeat_n(44508094, 1)).collect();
        let e = check_deck(&resolve("goat").unwrap(), &main, &[], &[]).unwrap_err();
        assert!(e.contains("goat") && e.contains("DECK-5") && e.contains("Stardust"), "{e}");
        assert!(check_deck(&resolve("casual").unwrap(), &main, &[], &[]).is_ok());
    }
}
