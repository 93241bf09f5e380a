//! Formats as data: a format is a name, a rule edition, a card pool and banlist, the deck
//! sizes, and which version of each card is played. Built in: `goat` (the April 2005 list,
//! Expert Rule, the 2005 texts), `edison` (the March 2010 list, Master Rule 1, the 2005 to
//! 2010 TCG game rules), `tcg` and `ocg` (the current lists, Master Rule 2020).

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
pub const FORMATS: [Format; 4] = [
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
        name: "edison",
        description: "Edison format: the March 2010 TCG list (a whitelist of 3,691 cards), Master Rule 1, the TCG game rules of 2010",
        edition: Edition::Mr1,
        banlist: "edison",
        region: crate::check::Region::Tcg,
        versions: Versions::Edison2010,
        sizes: crate::check::DeckSizes::STANDARD,
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

    /// Refuses a deck the format does not allow (its deck sizes, list and region): the error
    /// names the deck argument `arg` and every broken rule, in the words of `deck check`.
    pub fn refuse_illegal(&self, arg: &str, deck: &crate::ydk::Deck) -> Result<(), String> {
        let report = self.check(deck);
        if report.legal {
            return Ok(());
        }
        let why: Vec<String> = report.violations.iter().map(|v| format!("{}: {}", v.rule, v.message)).collect();
        Err(format!("{arg}: not legal in the {} format ({} violation(s)): {}", self.name, why.len(), why.join("; ")))
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

/// True for a passcode of the Goat-only ranges: a "(GOAT)" entry (504700000 to 504799999) or
/// a pre-errata ID (511000000 to 511999999).
pub fn is_goat_range(code: u32) -> bool {
    (504_700_000..=504_799_999).contains(&code) || (511_000_000..=511_999_999).contains(&code)
}

/// Why a deck argument is a Goat deck, in words, when it plainly is one ([`format_mark`]).
pub fn goat_mark(arg: &str) -> Option<String> {
    format_mark(arg).filter(|(f, _)| *f == "goat").map(|(_, why)| why)
}

/// The classic format a deck argument plainly belongs to (`goat` or `edison`) and why, in
/// words: a built-in deck of that format; a `.ydk` file whose comment lines before its first
/// card name the format ("#Goat format deck (2005 card pool)", "#title: ... SJC Edison");
/// a `.ydk` file or `ydke://` link naming "(GOAT)" or pre-errata passcodes the Goat list uses
/// (the first three named). `None` for any other deck (or one that cannot be read: loading
/// it says why).
pub fn format_mark(arg: &str) -> Option<(&'static str, String)> {
    const CLASSIC: [(&str, &str); 2] = [("goat", "Goat"), ("edison", "Edison")];
    if let Some(b) = ygo_cards::decks::builtin(arg).filter(|_| !std::path::Path::new(arg).exists()) {
        let (f, title) = CLASSIC.into_iter().find(|(f, _)| ygo_cards::decks::format_of(b.name) == Some(*f))?;
        return Some((f, format!("is a built-in {title} deck")));
    }
    let deck = crate::ydk::read_deck(arg).ok()?;
    if !crate::ydk::is_ydke(arg) {
        let text = std::fs::read(arg).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
        let header: Vec<&str> =
            text.lines().map(str::trim).take_while(|l| !l.starts_with(|c: char| c.is_ascii_digit())).filter(|l| l.starts_with('#')).collect();
        for (f, title) in CLASSIC {
            // A `#source:` line (where the file came from) is the last to quote.
            let says = |l: &&&str| l.to_ascii_lowercase().contains(f);
            let line = header.iter().filter(|l| !l.starts_with("#source")).find(says).or_else(|| header.iter().find(says));
            if let Some(line) = line {
                return Some((f, format!("calls itself a{} {title} deck ({})", if f == "edison" { "n" } else { "" }, crate::text::excerpt(line, 100))));
            }
        }
    }
    let aliases = crate::known::aliases();
    let mut codes: Vec<u32> = deck.deck.cards().map(|(_, c)| c).filter(|c| is_goat_range(*c) && aliases.contains_key(c)).collect();
    codes.sort_unstable();
    codes.dedup();
    if codes.is_empty() {
        return None;
    }
    let shown: Vec<String> = codes.iter().take(3).map(|c| c.to_string()).collect();
    let more = if codes.len() > 3 { format!(" and {} more", codes.len() - 3) } else { String::new() };
    Some(("goat", format!("names Goat-only or pre-errata passcodes ({}{more})", shown.join(", "))))
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
        assert!(e.to_string().contains("goat, edison, tcg, ocg"), "{e}");
    }

    #[test]
    fn edison_is_the_march_2010_list_under_master_rule_1() {
        let edison = Format::by_name("Edison").unwrap();
        assert_eq!(edison.edition, Edition::Mr1);
        assert_eq!(edison.sizes, crate::check::DeckSizes::STANDARD);
        assert_eq!(edison.versions, Versions::Edison2010);
        // The TCG game rules of 2005 to 2010 (GOAT-3 to GOAT-7) come with its pool.
        assert!(edison.pool().goat_rules());
        assert!(!Format::by_name("tcg").unwrap().pool().goat_rules());
        let list = edison.whitelist().unwrap();
        // 3,698 passcodes; 3,691 cards once the seven "treated as" cards (Harpie Lady 1 to 3...) count as one.
        assert_eq!(list.len(), 3698);
        // Stardust Dragon (2008) is on the list; Number 39: Utopia (2011) is not.
        assert!(list.contains(&44508094));
        assert!(!list.contains(&84013237));
        // RULE: DECK-1 -- Master Rule 1 keeps the 60-card maximum.
        let deck = crate::ydk::Deck { main: vec![26202165; 61], extra: vec![], side: vec![] };
        let report = edison.check(&deck);
        assert!(report.violations.iter().any(|v| v.rule == "DECK-1"), "{:?}", report.violations);
    }

    #[test]
    fn every_built_in_deck_keeps_the_deck_rules() {
        // RULE: DECK-4 -- no built-in deck holds more than 3 copies of a card (synchro had 4
        // Celtic Guardian and 4 Giant Soldier of Stone), nor breaks DECK-1..3, 6, 8.
        let lookup = crate::CardLookup::with_pool(ygo_cards::pool(), None);
        for d in ygo_cards::decks::all() {
            let read = crate::source::read_named_deck(d.name).unwrap();
            let deck = crate::ydk::Deck { main: read.list.main, extra: read.list.extra, side: read.side };
            let report = crate::check::check_deck(&deck, &lookup, &crate::check::CheckOptions::default());
            assert!(report.legal, "{}: {:?}", d.name, report.violations);
        }
    }

    #[test]
    fn goat_decks_are_known_by_their_passcodes() {
        let dir = std::env::temp_dir().join(format!("ygo-goat-mark-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, codes: &[u32]| {
            let p = dir.join(name);
            let lines: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
            std::fs::write(&p, format!("#main\n{}\n#extra\n!side\n", lines.join("\n"))).unwrap();
            p.to_string_lossy().into_owned()
        };
        // Sangan by its "(GOAT)" entry, Recycle by its pre-errata ID.
        let goat = write("goat.ydk", &[26202165, 504700000, 511002983]);
        let why = goat_mark(&goat).unwrap();
        assert!(why.contains("504700000, 511002983"), "{why}");
        assert_eq!(goat_mark(&write("today.ydk", &[26202165])), None);
        // A file that calls itself a Goat deck in its header comment.
        let named = dir.join("named.ydk");
        std::fs::write(&named, "#Goat format deck (2005 card pool): Test\n#main\n26202165\n#extra\n!side\n").unwrap();
        let why = goat_mark(named.to_str().unwrap()).unwrap();
        assert!(why.starts_with("calls itself a Goat deck (#Goat format deck"), "{why}");
        // A 511 passcode the Goat list does not use is not a mark.
        assert_eq!(goat_mark(&write("anime.ydk", &[511999999])), None);
        assert_eq!(goat_mark("goat-control").as_deref(), Some("is a built-in Goat deck"));
        // An Edison list says so in its title line (as the shared 2010 lists do).
        let edison = dir.join("edison.ydk");
        std::fs::write(&edison, "#title: Quickdraw Dandywarrior (1st SJC Edison)\n#main\n26202165\n#extra\n!side\n").unwrap();
        let (f, why) = format_mark(edison.to_str().unwrap()).unwrap();
        assert_eq!(f, "edison");
        assert!(why.starts_with("calls itself an Edison deck (#title: Quickdraw"), "{why}");
        assert_eq!(goat_mark(edison.to_str().unwrap()), None);
        assert_eq!(goat_mark("vanilla-yugi"), None);
        // A refusal names the deck and the rule.
        let e = Format::by_name("goat").unwrap().refuse_illegal("x.ydk", &crate::ydk::Deck { main: vec![26202165], extra: vec![], side: vec![] }).unwrap_err();
        assert!(e.starts_with("x.ydk: not legal in the goat format (1 violation(s)): GOAT-1: Main Deck has 1 cards"), "{e}");
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
