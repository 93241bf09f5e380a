//! One lookup over the cards ygo ships (`ygo_cards::pool()`) and an optional user
//! `cards.cdb`: the user's database gives names and texts (in any language) and covers
//! cards the project does not ship; the shipped pool says which cards the engine plays.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use ygo_core::card::{CardData, Kind, MonsterFrame, SpellKind, TrapKind};
use ygo_core::pool::CardPool;

use crate::cdb::{CardDb, CdbError};

/// Where a card's facts came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// The card data ygo ships (`crates/cards/data/cards.tsv`).
    Shipped,
    /// The user's `cards.cdb`.
    Database,
    /// The catalog ygo ships of cards it knows but does not play (`cards/catalog.tsv`).
    Catalog,
}

/// Everything a command needs to know about one passcode.
#[derive(Clone, Debug)]
pub struct CardInfo {
    pub id: u32,
    pub alias: u32,
    pub name: String,
    /// The shipped card's project text, or the database's `desc`.
    pub text: String,
    pub ot: u32,
    pub type_bits: u32,
    /// The decoded card; `None` when the row is neither monster, spell nor trap.
    pub data: Option<CardData>,
    /// True when the card is in the shipped pool.
    pub in_pool: bool,
    /// True when the engine plays every effect of the card.
    pub implemented: bool,
    pub source: Source,
}

/// True when `alias` marks `id` as an alternate artwork of `alias` (|alias − id| < 20).
pub fn is_alternate_art(id: u32, alias: u32) -> bool {
    alias != 0 && (alias as i64 - id as i64).abs() < 20
}

/// A readable card kind such as `Fusion Monster` or `Quick-Play Spell`.
pub fn kind_label(kind: Kind) -> &'static str {
    match kind {
        Kind::Monster(f) => match f {
            MonsterFrame::Normal => "Normal Monster",
            MonsterFrame::Effect => "Effect Monster",
            MonsterFrame::Ritual => "Ritual Monster",
            MonsterFrame::Fusion => "Fusion Monster",
            MonsterFrame::Synchro => "Synchro Monster",
            MonsterFrame::Xyz => "Xyz Monster",
            MonsterFrame::Link => "Link Monster",
            MonsterFrame::Token => "Token",
        },
        Kind::Spell(k) => match k {
            SpellKind::Normal => "Normal Spell",
            SpellKind::Continuous => "Continuous Spell",
            SpellKind::Equip => "Equip Spell",
            SpellKind::Field => "Field Spell",
            SpellKind::QuickPlay => "Quick-Play Spell",
            SpellKind::Ritual => "Ritual Spell",
        },
        Kind::Trap(k) => match k {
            TrapKind::Normal => "Normal Trap",
            TrapKind::Continuous => "Continuous Trap",
            TrapKind::Counter => "Counter Trap",
        },
    }
}

impl CardInfo {
    /// The passcode this card counts as for "same name" (DECK-4): its alias, else itself.
    pub fn name_code(&self) -> u32 {
        if self.alias != 0 {
            self.alias
        } else {
            self.id
        }
    }

    /// True when this passcode is an alternate artwork of its alias.
    pub fn is_alternate_art(&self) -> bool {
        is_alternate_art(self.id, self.alias)
    }

    /// The card kind as text (`Other` for rows that are neither monster, spell nor trap).
    pub fn kind(&self) -> &'static str {
        self.data.as_ref().map_or("Other", |d| kind_label(d.kind))
    }

    /// A one-line summary (name, kind and stats).
    pub fn summary(&self) -> String {
        match &self.data {
            Some(d) => {
                let mut d = d.clone();
                d.name = self.name.clone();
                d.summary()
            }
            None => format!("{} (type {:#x}: not a monster, spell or trap)", self.name, self.type_bits),
        }
    }
}

/// The environment variable naming a user's `cards.cdb`.
pub const CARDS_DB_ENV: &str = "YGO_CARDS_DB";

/// The `--cards-db` path if given, else a non-empty `YGO_CARDS_DB`, else none.
pub fn cards_db_path(explicit: Option<PathBuf>) -> Option<PathBuf> {
    explicit.or_else(|| std::env::var_os(CARDS_DB_ENV).filter(|v| !v.is_empty()).map(PathBuf::from))
}

/// Why [`CardLookup::find`] found nothing.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// A passcode neither the shipped data nor the database knows.
    #[error("unknown passcode {0}: not in the shipped card data{1}")]
    UnknownCode(u32, String),
    /// A name matching no card (with the nearest name, if one is close).
    #[error("no card named {}{}{}", crate::text::quote(.0), .2.as_ref().map_or(String::new(), |n| format!(" (did you mean {n:?}?)")), .1)]
    UnknownName(String, String, Option<String>),
    /// A name fragment matching several cards.
    #[error("{query:?} matches {count} cards, e.g. {examples}: give the full name or the passcode")]
    Ambiguous { query: String, count: usize, examples: String },
}

/// The shipped pool plus an optional user database.
#[derive(Clone, Debug)]
pub struct CardLookup {
    pool: Arc<CardPool>,
    db: Option<CardDb>,
}

impl CardLookup {
    /// A lookup over the shipped pool and, optionally, a loaded user database.
    pub fn new(db: Option<CardDb>) -> CardLookup {
        CardLookup { pool: ygo_cards::pool(), db }
    }

    /// A lookup over a given pool (tests) and an optional database.
    pub fn with_pool(pool: Arc<CardPool>, db: Option<CardDb>) -> CardLookup {
        CardLookup { pool, db }
    }

    /// The same database over another pool (a format's versions of the cards).
    pub fn with_pool_of(self, pool: Arc<CardPool>) -> CardLookup {
        CardLookup { pool, db: self.db }
    }

    /// Opens the user's database at `path` (if any) and builds the lookup.
    pub fn open(path: Option<&Path>) -> Result<CardLookup, CdbError> {
        let db = match path {
            Some(p) => Some(CardDb::open(p)?),
            None => None,
        };
        Ok(CardLookup::new(db))
    }

    /// The user's database, if one was given.
    pub fn db(&self) -> Option<&CardDb> {
        self.db.as_ref()
    }

    /// The shipped pool.
    pub fn pool(&self) -> &Arc<CardPool> {
        &self.pool
    }

    /// Everything known about a passcode, or `None` when neither source has it.
    pub fn get(&self, id: u32) -> Option<CardInfo> {
        let def = self.pool.get(id);
        if let Some(c) = self.db.as_ref().and_then(|db| db.get(id)) {
            return Some(CardInfo {
                id,
                alias: c.raw.alias,
                name: c.raw.name.clone(),
                text: c.raw.text.clone(),
                ot: c.raw.ot,
                type_bits: c.raw.type_,
                data: c.data.as_ref().ok().cloned(),
                in_pool: def.is_some(),
                implemented: def.is_some_and(|d| d.implemented),
                source: Source::Database,
            });
        }
        if let Some(d) = def {
            return Some(CardInfo {
                id,
                alias: d.data.alias,
                name: d.data.name.clone(),
                text: d.data.text.clone(),
                ot: d.data.ot,
                type_bits: d.data.type_bits,
                data: Some(d.data.clone()),
                in_pool: true,
                implemented: d.implemented,
                source: Source::Shipped,
            });
        }
        crate::known::catalog().get(&id).map(|c| CardInfo {
            id,
            alias: c.alias,
            name: c.name.clone(),
            text: String::new(),
            ot: c.ot,
            type_bits: c.type_,
            data: CardData::from_raw(c).ok(),
            in_pool: false,
            implemented: false,
            source: Source::Catalog,
        })
    }

    /// The passcode a deck should hold for `id`: the card an alternate artwork, a
    /// reprint, a "(GOAT)" entry or a pre-errata ID stands for (the shipped map, then the
    /// user's database: an `alias` with the same name or a passcode within 20), else `id`
    /// itself (also for unknown codes). A card only treated as another's name (Harpie
    /// Lady 1) stays itself.
    pub fn official_code(&self, id: u32) -> u32 {
        if let Some(&official) = crate::known::aliases().get(&id) {
            return official;
        }
        let Some(c) = self.db.as_ref().and_then(|db| db.get(id)) else { return id };
        let alias = c.raw.alias;
        let same_name = || self.get(alias).is_some_and(|a| a.name == c.raw.name);
        if alias != 0 && (is_alternate_art(id, alias) || same_name()) {
            alias
        } else {
            id
        }
    }

    /// The card's name, if any source knows it.
    pub fn name(&self, id: u32) -> Option<String> {
        self.get(id).map(|c| c.name).filter(|n| !n.is_empty())
    }

    /// Every card of the shipped pool, in pool order (names from the database if given).
    pub fn shipped(&self) -> Vec<CardInfo> {
        self.pool.iter().filter_map(|d| self.get(d.data.id)).collect()
    }

    /// Every card of the database if one is given, else the shipped pool, by passcode.
    pub fn all(&self) -> Vec<CardInfo> {
        match &self.db {
            Some(db) => {
                let mut ids: Vec<u32> = db.iter().map(|c| c.raw.id).collect();
                ids.extend(self.pool.iter().map(|d| d.data.id));
                ids.sort_unstable();
                ids.dedup();
                ids.into_iter().filter_map(|id| self.get(id)).collect()
            }
            None => {
                let mut v = self.shipped();
                v.sort_by_key(|c| c.id);
                v
            }
        }
    }

    /// Every card a name may be looked up among: [`CardLookup::all`] plus the shipped
    /// catalog, by passcode.
    fn known(&self) -> Vec<CardInfo> {
        let mut v = self.all();
        v.extend(
            crate::known::catalog()
                .keys()
                .filter(|id| self.pool.get(**id).is_none() && self.db.as_ref().is_none_or(|db| db.get(**id).is_none()))
                .filter_map(|&id| self.get(id)),
        );
        v.sort_by_key(|c| c.id);
        v
    }

    /// Text for messages saying where cards were looked up.
    fn sources_note(&self) -> String {
        match &self.db {
            Some(db) => format!(" nor in {}", db.path.display()),
            None => " (give --cards-db PATH or YGO_CARDS_DB for other cards)".to_string(),
        }
    }

    /// Finds a card by passcode, exact name (case-insensitive), or a unique name fragment.
    pub fn find(&self, query: &str) -> Result<CardInfo, FindError> {
        let q = query.trim();
        if !q.is_empty() && q.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(code) = q.parse::<u32>() {
                return self.get(code).ok_or_else(|| FindError::UnknownCode(code, self.sources_note()));
            }
        }
        if let Some(c) = self.db.as_ref().and_then(|db| db.find_name(q)) {
            if let Some(info) = self.get(c.raw.id) {
                return Ok(info);
            }
        }
        if let Some(i) = self.pool.find(q) {
            if let Some(info) = self.get(self.pool.def(i).data.id) {
                return Ok(info);
            }
        }
        let known = self.known();
        if let Some(c) = known.iter().find(|c| c.name.eq_ignore_ascii_case(q)) {
            return Ok(c.clone());
        }
        let key = q.to_lowercase();
        let hits: Vec<CardInfo> = if key.is_empty() { Vec::new() } else { known.iter().filter(|c| c.name.to_lowercase().contains(&key)).cloned().collect() };
        match hits.len() {
            0 => {
                let near = crate::text::nearest(q, known.iter().map(|c| c.name.as_str())).map(str::to_string);
                Err(FindError::UnknownName(q.to_string(), self.sources_note(), near))
            }
            1 => Ok(hits.into_iter().next().expect("one hit")),
            n => Err(FindError::Ambiguous {
                query: q.to_string(),
                count: n,
                examples: hits.iter().take(5).map(|c| format!("{} ({})", c.name, c.id)).collect::<Vec<_>>().join(", "),
            }),
        }
    }
}

/// The `ot` scope bits as text, e.g. `OCG/TCG`, `OCG`, `Illegal` (see `FORMATS.md`).
pub fn ot_label(ot: u32) -> String {
    const NAMES: [(u32, &str); 11] = [
        (0x1, "OCG"),
        (0x2, "TCG"),
        (0x4, "Anime"),
        (0x8, "Illegal"),
        (0x10, "Video Game"),
        (0x20, "Custom"),
        (0x40, "Speed"),
        (0x100, "Pre-release"),
        (0x200, "Rush"),
        (0x400, "Legend"),
        (0x80, "0x80"),
    ];
    let parts: Vec<&str> = NAMES.iter().filter(|(b, _)| ot & b != 0).map(|(_, n)| *n).collect();
    if parts.is_empty() {
        format!("{ot:#x}")
    } else {
        parts.join("/")
    }
}

impl CardInfo {
    /// The card as a JSON object: `id`, `name`, `kind`, `implemented`, `in_pool`, `alias`,
    /// `ot`, `type`, `level`, `atk`, `def`, `attribute`, `race`, `source` (and `text`
    /// when `with_text`). Unknown stats (`?`, Link DEF) are `null`.
    pub fn to_json(&self, with_text: bool) -> serde_json::Value {
        let d = self.data.as_ref();
        let mut v = serde_json::json!({
            "id": self.id,
            "name": self.name,
            "kind": self.kind(),
            "implemented": self.implemented,
            "in_pool": self.in_pool,
            "alias": self.alias,
            "ot": self.ot,
            "type": self.type_bits,
            "level": d.filter(|d| d.is_monster()).map(|d| d.level),
            "atk": d.and_then(|d| d.atk),
            "def": d.and_then(|d| d.def),
            "attribute": d.and_then(|d| d.attribute).map(|a| a.name()),
            "race": d.and_then(|d| d.race).map(|r| r.name()),
            "source": self.source,
        });
        if with_text {
            v["text"] = serde_json::Value::String(self.text.clone());
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternate_art_rule() {
        assert!(is_alternate_art(46986415, 46986414));
        assert!(is_alternate_art(46986414 - 19, 46986414));
        assert!(!is_alternate_art(46986414 - 20, 46986414));
        assert!(!is_alternate_art(5, 0));
    }

    #[test]
    fn shipped_cards_are_found_by_code_and_name() {
        let l = CardLookup::new(None);
        let dm = l.find("Dark Magician").unwrap();
        assert_eq!(dm.id, 46986414);
        assert_eq!(dm.source, Source::Shipped);
        assert_eq!(l.find("46986414").unwrap().name, "Dark Magician");
        assert_eq!(dm.kind(), "Normal Monster");
        let e = l.find("1").unwrap_err().to_string();
        assert!(e.contains("unknown passcode 1"), "{e}");
        assert!(l.find("zzzz no such card").is_err());
        // The nearest name is suggested (issue 16: "Magic Jamer").
        let e = l.find("Magic Jamer").unwrap_err().to_string();
        assert!(e.starts_with("no card named \"Magic Jamer\" (did you mean \"Magic Jammer\"?)"), "{e}");
        // Cards of the shipped catalog are found by name, not implemented.
        let serpent = l.find("Recycle").unwrap();
        assert_eq!((serpent.id, serpent.source, serpent.implemented), (96316857, Source::Catalog, false));
        // Alternate artworks, GOAT and pre-errata IDs stand for their card without a database.
        assert_eq!(l.official_code(74677425), 74677422);
        assert_eq!(l.official_code(504700000), 126218);
        assert_eq!(l.official_code(511000818), 8131171);
        assert_eq!(l.official_code(46986414), 46986414);
        assert!(matches!(l.find("Dragon"), Err(FindError::Ambiguous { .. })));
        let j = dm.to_json(false);
        assert_eq!(j["id"], 46986414);
        assert_eq!(j["kind"], "Normal Monster");
        assert_eq!(j["implemented"], true);
        assert_eq!(j["atk"], 2500);
        assert!(j.get("text").is_none());
        assert_eq!(ot_label(3), "OCG/TCG");
        assert_eq!(ot_label(0), "0x0");
    }
}
