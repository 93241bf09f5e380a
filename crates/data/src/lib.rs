//! The file formats players bring: YGOPro/EDOPro `cards.cdb` card databases, `.ydk` deck
//! files and YDKE deck links, `lflist.conf` banlists, and the deck check of `RULES.md`
//! clauses `DECK-1`..`DECK-9` (see `FORMATS.md`).
//!
//! Every reader returns a `thiserror` error naming the file (or input), the line where
//! there is one, and the problem; nothing here panics on user input.

pub mod cardinfo;
pub mod cdb;
pub mod check;
pub mod format;
pub mod known;
pub mod lflist;
pub mod source;
pub mod text;
pub mod ydk;

pub use cardinfo::{CardInfo, CardLookup};
pub use cdb::{CardDb, CdbError};
pub use check::{check_deck, check_deck_report, CheckError, CheckOptions, CheckReport, CheckRequest, Region, Violation};
pub use format::{Format, UnknownFormat, FORMATS};
pub use lflist::{load_banlist, Banlist, BanlistFile, Date, LflistError};
pub use source::{load_named_deck, read_named_deck, DeckSourceError, NamedDeck};
pub use ydk::{convert_deck, load_deck, read_deck, Deck, DeckError, DeckFormat, LoadedDeck, Section};
