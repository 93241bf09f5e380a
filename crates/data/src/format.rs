//! Formats as data: a format is a name, a rule edition, a card pool and banlist, the deck
//! sizes, and which version of each card is played. Built in: `goat` (the April 2005 list,
//! Expert Rule, the 2005 texts), `tcg` and `ocg` (the current lists, Master Rule 2020).

use std::sync::Arc;

use ygo_cards::Versions;
use ygo_core::pool::CardPool;
use ygo_core::Edition;

use crate::lflist::{load_banlist, Banlist};

/// A named format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// The name `--format` and scenario files use.
    pub name: &'static str,
    /// What it is, in words.
    pub description: &'static str,
    /// The rule edition it plays (ERA-1).
    pub edition: Edition,
    /// The shipped banlist (its key in `crates/data/banlists`); a `$whitelist` list is also
    /// the format's card pool.
    pub banlist: &'static str,
    /// The region whose cards are legal (DECK-7).
    pub region: crate::check::Region,
    /// Which version of each card is played.
    pub versions: Versions,
    /// The deck sizes (DECK-1..3, or GOAT-1 for `goat`).
    pub sizes: crate::check::DeckSizes,
    /// The match clock in minutes (MATCH-5).
    pub match_minutes: u32,
}

/// The built-in formats.
pub const FORMATS: [Format; 3] = [
    Format {
        name: "goat",
        description: "Goat format: the April 2005 TCG list (a whitelist of 1,703 cards), Expert Rule, the cards' 2005 texts",
        edition: Edition::Expert,
        banlist: "goat",
        region: crate::check::Region::Tcg,
        versions: Versions::Goat2005,
        sizes: crate::check::DeckSizes::GOAT,
        match_minutes: 40,
    },
    Format {
        name: "tcg",
        description: "the current TCG list (2026.05), Master Rule 2020",
        edition: Edition::Mr2020,
        banlist: "tcg",
        region: crate::check::Region::Tcg,
        versions: Versions::Current,
        sizes: crate::check::DeckSizes::STANDARD,
        match_minutes: 40,
    },
    Format {
        name: "ocg",
        description: "the current OCG list (2026.07), Master Rule 2020",
        edition: Edition::Mr2020,
        banlist: "ocg",
        region: crate::check::Region::Ocg,
        versions: Versions::Current,
        sizes: crate::check::DeckSizes::STANDARD,
        match_minutes: 40,
    },
];

/// A name that is not a built-in format.
#[derive(Debug, thiserror::Error)]
#[error("unknown format {0:?} (formats: {names})", names = FORMATS.map(|f| f.name).join(", "))]
pub struct UnknownFormat(pub String);

impl Format {
    /// The built-in format with this name (any case).
    pub fn by_name(name: &str) -> Result<&'static Format, UnknownFormat> {
        FORMATS.iter().find(|f| f.name.eq_ignore_ascii_case(name.trim())).ok_or_else(|| UnknownFormat(name.to_string()))
    }

    /// The card pool playing this format's versions of the cards.
    pub fn pool(&self) -> Arc<CardPool> {
        ygo_cards::pool_with(self.versions)
    }

    /// The format's banlist (with the shipped alias map applied).
    pub fn banlist(&self) -> Banlist {
        load_banlist(self.banlist, None, None, None).expect("shipped banlists parse (checked by tests)")
    }

    /// Checks a deck against the format (its deck sizes, DECK-4..DECK-9 with its banlist and region),
    /// reading card facts from the format's pool.
    pub fn check(&self, deck: &crate::ydk::Deck) -> crate::check::CheckReport {
        let banlist = self.banlist();
        let lookup = crate::CardLookup::with_pool(self.pool(), None);
        crate::check::check_deck(deck, &lookup, &crate::check::CheckOptions { banlist: Some(&banlist), region: Some(self.region), sizes: self.sizes })
    }

    /// The cards the format allows, when its list is a whitelist (official passcodes).
    pub fn whitelist(&self) -> Option<Vec<u32>> {
        let b = self.banlist();
        if !b.whitelist {
            return None;
        }
        let aliases = crate::known::aliases();
        let mut v: Vec<u32> = b.entries.keys().map(|c| aliases.get(c).copied().unwrap_or(*c)).collect();
        v.sort_unstable();
        v.dedup();
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_name_and_their_lists() {
        let goat = Format::by_name("GOAT").unwrap();
        assert_eq!(goat.edition, Edition::Expert);
        // RULE: GOAT-1 -- the Goat format's deck sizes; the others keep DECK-1..3.
        assert_eq!(goat.sizes, crate::check::DeckSizes::GOAT);
        assert_eq!(Format::by_name("tcg").unwrap().sizes, crate::check::DeckSizes::STANDARD);
        assert_eq!(goat.versions, Versions::Goat2005);
        let pool = goat.whitelist().unwrap();
        assert!(pool.len() > 1600, "{}", pool.len());
        // Sangan is on the 2005 list; Stardust Dragon did not exist.
        assert!(pool.contains(&26202165));
        assert!(!pool.contains(&44508094));
        assert!(Format::by_name("tcg").unwrap().whitelist().is_none());
        // RULE: DECK-5 -- a whitelist format refuses a card not on its list.
        let mut deck = crate::ydk::Deck { main: vec![26202165; 1], extra: vec![], side: vec![] };
        deck.main.extend(std::iter::repeat_n(44508094, 1));
        let report = goat.check(&deck);
        assert!(!report.legal);
        assert!(report.violations.iter().any(|v| v.card == Some(44508094) && v.rule == "DECK-5"), "{:?}", report.violations);
        assert!(!report.violations.iter().any(|v| v.card == Some(26202165) && v.rule == "DECK-5"));
        let e = Format::by_name("edison?").unwrap_err();
        assert!(e.to_string().contains("goat, tcg, ocg"), "{e}");
    }

    #[test]
    fn the_built_in_goat_decks_are_legal_under_the_goat_list() {
        // RULE: DECK-5 -- every card of the ten 2005 lists is on the April 2005 list, at most
        // its limit (Main, Extra and Side Deck together).
        let goat = Format::by_name("goat").unwrap();
        for d in ygo_cards::decks::GOAT {
            let read = crate::source::read_named_deck(d.name).unwrap();
            let deck = crate::ydk::Deck { main: read.list.main, extra: read.list.extra, side: read.side };
            let report = goat.check(&deck);
            assert!(report.legal, "{}: {:?}", d.name, report.violations);
        }
        // A copy too many breaks the list: Graceful Charity is limited to one.
        let mut deck = crate::source::read_named_deck("goat-control").unwrap();
        deck.list.main[0] = 79571449;
        let report = goat.check(&crate::ydk::Deck { main: deck.list.main, extra: deck.list.extra, side: deck.side });
        assert!(report.violations.iter().any(|v| v.card == Some(79571449)), "{:?}", report.violations);
    }
}
