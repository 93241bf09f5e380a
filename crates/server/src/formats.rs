//! Formats: the one place where a room's format choice is resolved.
//!
//! FORMAT RESOLUTION (issue 15): the lead is adding named formats (`goat`, `ocg`, `tcg`)
//! to `ygo-data`. Until they land, this file knows the names and the edition each one
//! plays by; when `ygo-data` has them, `resolve` should call it (its edition, banlist and
//! card pool) and `check_deck` should apply its banlist. Nothing else in the server
//! reads a format's meaning: rooms keep the name (ratings are per format name).

use ygo_core::Edition;

/// The format of a room when none is named.
pub const DEFAULT_FORMAT: &str = "casual";

/// The formats a room can be created with.
pub const FORMATS: &[&str] = &["casual", "goat", "ocg", "tcg"];

/// A resolved format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format {
    pub name: String,
    /// The edition the format plays by, unless the room names one.
    pub edition: Edition,
}

/// Resolves a format name (case-insensitive).
pub fn resolve(name: &str) -> Result<Format, String> {
    let key = name.trim().to_ascii_lowercase();
    let edition = match key.as_str() {
        "casual" | "ocg" | "tcg" => Edition::Mr2020,
        // The 2005 "Goat" format predates Synchro Summons: the Expert Rule.
        "goat" => Edition::Expert,
        _ => return Err(format!("unknown format {name:?} (known: {})", FORMATS.join(", "))),
    };
    Ok(Format { name: key, edition })
}

/// Format-specific deck checks (banlists). None yet: see the note at the top.
pub fn check_deck(_format: &Format, _main: &[u32], _extra: &[u32], _side: &[u32]) -> Result<(), String> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_and_unknown_ones_are_named() {
        assert_eq!(resolve("GOAT").unwrap().edition, Edition::Expert);
        assert_eq!(resolve("casual").unwrap().name, "casual");
        let e = resolve("speed").unwrap_err();
        assert!(e.contains("speed") && e.contains("goat"), "{e}");
    }
}
