//! Formats: the one place where a room's format choice is resolved.
//!
//! `casual` is the server's own: today's cards, Master Rule 2020, no banlist. Every other
//! name is a `ygo_data::Format` (`goat`, `tcg`, `ocg`): its edition, its banlist (checked
//! on every deck that enters the room) and its card pool (the versions of the cards the
//! room plays). Rooms keep the name (ratings are per format name) and ask this file for
//! the rest.

use std::sync::Arc;

use ygo_core::pool::CardPool;
use ygo_core::{DeckList, Duel, DuelSetup, Edition};

/// The format of a room when none is named.
pub const DEFAULT_FORMAT: &str = "casual";

/// The formats a room can be created with.
pub const FORMATS: &[&str] = &["casual", "goat", "edison", "tcg", "ocg"];

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

    /// The AI's deck in a room of this format when the room names none: the first built-in
    /// deck made for the format (`goat-control` for goat), else the lobby's default.
    pub fn default_ai_deck(&self) -> &'static str {
        let own = self.data.and_then(|f| ygo_cards::decks::all().find(|d| ygo_cards::decks::format_of(d.name) == Some(f.name)));
        own.map_or(crate::DEFAULT_AI_DECK, |d| d.name)
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

/// Checks a deck for a room of `format`: every card implemented in the format's pool (the
/// others named), the sizes legal (DECK-1..3, or the format's own: GOAT-1), then the format's banlist and region
/// (DECK-5, DECK-7), every violation named (at most five, then a count).
pub fn check_deck(format: &Format, main: &[u32], extra: &[u32], side: &[u32]) -> Result<(), String> {
    let pool = format.pool();
    let lookup = ygo_data::CardLookup::with_pool(pool.clone(), None);
    let missing = ygo_data::source::unimplemented(main.iter().chain(extra).chain(side).copied(), &lookup);
    if !missing.is_empty() {
        let names: Vec<String> = missing.iter().map(|c| c.to_string()).collect();
        return Err(format!("{} card(s) not implemented: {}", missing.len(), names.join(", ")));
    }
    if let Some(f) = format.data {
        let report = f.check(&ygo_data::Deck { main: main.to_vec(), extra: extra.to_vec(), side: side.to_vec() });
        if !report.legal {
            let mut why: Vec<String> = report.violations.iter().take(5).map(|v| format!("{}: {}", v.rule, v.message)).collect();
            if report.violations.len() > 5 {
                why.push(format!("and {} more", report.violations.len() - 5));
            }
            return Err(format!("this deck is not legal in the {} format: {}", f.name, why.join("; ")));
        }
    }
    let list = DeckList { main: main.to_vec(), extra: extra.to_vec() };
    let setup = DuelSetup { edition: format.edition, ..DuelSetup::new(list.clone(), list, 0) };
    if let Err(errors) = Duel::from_setup(pool, &setup) {
        let mine: Vec<String> = errors.iter().map(|e| e.to_string()).filter(|e| e.contains("player A")).collect();
        return Err(mine.join("; "));
    }
    Ok(())
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
        // Casual has no list, but a deck of two cards is still too small (DECK-1).
        assert!(check_deck(&resolve("casual").unwrap(), &main, &[], &[]).unwrap_err().contains("40 to 60"));
    }

    #[test]
    fn the_ai_plays_its_formats_own_deck() {
        assert_eq!(resolve("goat").unwrap().default_ai_deck(), "goat-control");
        assert_eq!(resolve("edison").unwrap().default_ai_deck(), "edison-lightsworn-monarchs");
        // The Edison AI deck passes the Edison room's own check.
        let edison = resolve("edison").unwrap();
        let d = crate::decks::resolve(&crate::protocol::DeckSource::Builtin { name: edison.default_ai_deck().into() }).unwrap();
        check_deck(&edison, &d.main, &d.extra, &d.side).unwrap();
        assert_eq!(resolve("casual").unwrap().default_ai_deck(), crate::DEFAULT_AI_DECK);
        assert_eq!(resolve("tcg").unwrap().default_ai_deck(), crate::DEFAULT_AI_DECK);
    }

    #[test]
    fn a_goat_room_takes_the_goat_deck_sizes() {
        // RULE: GOAT-1 -- Main Deck 40 or more with no maximum, Side Deck 0 or exactly 15.
        let goat = resolve("goat").unwrap();
        let pool = goat.pool();
        let white = goat.data.unwrap().whitelist().unwrap();
        let normals: Vec<u32> = white
            .iter()
            .copied()
            .filter(|&c| pool.get(c).is_some_and(|d| d.implemented && d.data.has(ygo_core::card::type_bits::NORMAL) && !d.data.is_extra_deck()))
            .take(26)
            .collect();
        let three = |cs: &[u32]| cs.iter().flat_map(|&c| [c, c, c]).collect::<Vec<u32>>();
        let main = three(&normals[..21]);
        assert_eq!(main.len(), 63);
        assert_eq!(check_deck(&goat, &main, &[], &[]), Ok(()));
        assert_eq!(check_deck(&goat, &main, &[], &three(&normals[21..26])), Ok(()));
        let e = check_deck(&goat, &main, &[], &three(&normals[21..25])).unwrap_err();
        assert!(e.contains("GOAT-1") && e.contains("exactly 0 or 15"), "{e}");
        // Today's rules keep the 60-card maximum.
        assert!(check_deck(&resolve("casual").unwrap(), &main, &[], &[]).unwrap_err().contains("40 to 60"));
    }

    #[test]
    fn a_deck_with_a_card_the_engine_does_not_play_is_named() {
        // Blue-Eyes White Dragon and a card the shipped data does not know.
        let main: Vec<u32> = std::iter::repeat_n(89631139, 39).chain([99999999]).collect();
        let e = check_deck(&resolve("casual").unwrap(), &main, &[], &[]).unwrap_err();
        assert!(e.contains("not implemented") && e.contains("99999999"), "{e}");
        let vanilla = crate::decks::resolve(&crate::protocol::DeckSource::Builtin { name: "vanilla-yugi".into() }).unwrap();
        assert!(check_deck(&resolve("casual").unwrap(), &vanilla.main, &[], &[]).is_ok());
        assert!(check_deck(&resolve("casual").unwrap(), &vanilla.main[..10], &[], &[]).unwrap_err().contains("40 to 60"));
    }
}
