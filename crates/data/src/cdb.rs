//! Reading a YGOPro/EDOPro `cards.cdb` (SQLite, tables `datas` and `texts`).
//!
//! Every column is read as stored and decoded by [`CardData::from_raw`], the same
//! decoder the shipped card data uses.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};
use ygo_core::card::{CardData, DecodeError, RawCard};

/// Why a card database could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CdbError {
    /// The file does not exist or cannot be opened.
    #[error("{path}: cannot open card database: {problem}")]
    Open { path: PathBuf, problem: String },
    /// The file is not an SQLite database with the `datas`/`texts` tables.
    #[error("{path}: not a readable cards.cdb: {problem}")]
    NotACdb { path: PathBuf, problem: String },
    /// One row holds a value that does not fit its column.
    #[error("{path}: card {id}: column `{column}`: {problem}")]
    Column { path: PathBuf, id: i64, column: &'static str, problem: String },
}

/// One card of a database: the raw row (with `desc` as `text`) and its decoding.
#[derive(Clone, Debug)]
pub struct CdbCard {
    /// The columns exactly as stored (`text` holds the database's `desc`).
    pub raw: RawCard,
    /// The decoded card, or why the row is not a monster, spell or trap.
    pub data: Result<CardData, DecodeError>,
}

/// A user's card database, loaded into memory.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    /// Where it was read from (for messages).
    pub path: PathBuf,
    cards: BTreeMap<u32, CdbCard>,
}

/// Reinterprets an SQLite integer as a 32-bit unsigned column (negative 32-bit values
/// are the same bits written by signed writers).
fn as_u32(v: i64) -> Option<u32> {
    if (0..=u32::MAX as i64).contains(&v) {
        Some(v as u32)
    } else if (i32::MIN as i64..0).contains(&v) {
        Some(v as i32 as u32)
    } else {
        None
    }
}

/// Reinterprets an SQLite integer as a signed 32-bit column.
fn as_i32(v: i64) -> Option<i32> {
    i32::try_from(v).ok()
}

impl CardDb {
    /// Opens and loads every card of a `cards.cdb`, read-only.
    pub fn open(path: &Path) -> Result<CardDb, CdbError> {
        let p = path.to_path_buf();
        if !path.is_file() {
            let problem = if path.exists() { "not a regular file" } else { "no such file" };
            return Err(CdbError::Open { path: p, problem: problem.into() });
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| CdbError::Open { path: p.clone(), problem: e.to_string() })?;
        Self::load(&conn, p)
    }

    /// Loads every card from an open connection (`datas` left-joined with `texts`).
    pub fn load(conn: &Connection, path: PathBuf) -> Result<CardDb, CdbError> {
        let bad = |e: rusqlite::Error| CdbError::NotACdb { path: path.clone(), problem: e.to_string() };
        let mut stmt = conn
            .prepare(
                "SELECT d.id, d.ot, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, \
                 d.attribute, t.name, t.desc FROM datas d LEFT JOIN texts t ON t.id = d.id",
            )
            .map_err(bad)?;
        let mut rows = stmt.query([]).map_err(bad)?;
        let mut cards = BTreeMap::new();
        while let Some(row) = rows.next().map_err(bad)? {
            let mut ints = [0i64; 10];
            for (i, slot) in ints.iter_mut().enumerate() {
                *slot = match row.get_ref(i).map_err(bad)? {
                    ValueRef::Null => 0,
                    ValueRef::Integer(v) => v,
                    ValueRef::Real(f) if f.fract() == 0.0 && f.abs() < 9.3e18 => f as i64,
                    other => {
                        return Err(CdbError::Column {
                            path: path.clone(),
                            id: if i == 0 { -1 } else { ints_id(row) },
                            column: COLUMNS[i],
                            problem: format!("expected an integer, found {:?}", other.data_type()),
                        })
                    }
                };
            }
            let id_raw = ints[0];
            let col =
                |i: usize, problem: &str| CdbError::Column { path: path.clone(), id: id_raw, column: COLUMNS[i], problem: format!("{problem}: {}", ints[i]) };
            let u = |i: usize| as_u32(ints[i]).ok_or_else(|| col(i, "out of 32-bit range"));
            let s = |i: usize| as_i32(ints[i]).ok_or_else(|| col(i, "out of signed 32-bit range"));
            let id = u32::try_from(id_raw).map_err(|_| col(0, "not a passcode"))?;
            let text = |i: usize| -> String {
                match row.get_ref(i) {
                    Ok(ValueRef::Text(t)) => String::from_utf8_lossy(t).into_owned(),
                    _ => String::new(),
                }
            };
            let raw = RawCard {
                id,
                ot: u(1)?,
                alias: u(2)?,
                setcode: ints[3] as u64,
                type_: u(4)?,
                atk: s(5)?,
                def: s(6)?,
                level: u(7)?,
                race: ints[8] as u64,
                attribute: u(9)?,
                name: text(10),
                text: text(11),
            };
            let data = CardData::from_raw(&raw);
            cards.insert(id, CdbCard { raw, data });
        }
        Ok(CardDb { path, cards })
    }

    /// The card with this passcode, if the database has it.
    pub fn get(&self, id: u32) -> Option<&CdbCard> {
        self.cards.get(&id)
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True when the database holds no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Every card, by passcode.
    pub fn iter(&self) -> impl Iterator<Item = &CdbCard> {
        self.cards.values()
    }

    /// Finds a card by exact name (case-insensitive, first by passcode order).
    pub fn find_name(&self, name: &str) -> Option<&CdbCard> {
        let key = name.trim().to_lowercase();
        self.cards.values().find(|c| c.raw.name.to_lowercase() == key)
    }
}

/// Column names of the query, for messages.
const COLUMNS: [&str; 10] = ["id", "ot", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute"];

/// The `id` of a row for a message, or -1 when it is not an integer.
fn ints_id(row: &rusqlite::Row<'_>) -> i64 {
    match row.get_ref(0) {
        Ok(ValueRef::Integer(v)) => v,
        _ => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsigned_columns_accept_signed_bit_patterns() {
        assert_eq!(as_u32(-1), Some(u32::MAX));
        assert_eq!(as_u32(0x8000_0000), Some(0x8000_0000));
        assert_eq!(as_u32(1 << 40), None);
        assert_eq!(as_i32(-2), Some(-2));
        assert_eq!(as_i32(1 << 40), None);
    }

    #[test]
    fn loads_rows_from_memory_database() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE datas(id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, \
             type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, category INTEGER);
             CREATE TABLE texts(id INTEGER PRIMARY KEY, name TEXT, desc TEXT);
             INSERT INTO datas VALUES(1861629,3,0,257,67108897,2300,133,3,16777216,32,65537);
             INSERT INTO texts VALUES(1861629,'Decode Talker','x');
             INSERT INTO datas VALUES(7,3,0,-1,2,0,0,0,0,0,0);",
        )
        .unwrap();
        let db = CardDb::load(&conn, "mem".into()).unwrap();
        assert_eq!(db.len(), 2);
        let c = db.get(1861629).unwrap();
        assert_eq!(c.raw.name, "Decode Talker");
        assert_eq!(c.data.as_ref().unwrap().link_arrows, 133);
        let s = db.get(7).unwrap();
        assert_eq!(s.raw.setcode, u64::MAX);
        assert_eq!(s.raw.name, "");
        assert!(db.find_name("decode talker").is_some());
    }

    #[test]
    fn bad_column_value_names_card_and_column() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE datas(id, ot, alias, setcode, type, atk, def, level, race, attribute, category);
             CREATE TABLE texts(id, name, desc);
             INSERT INTO datas VALUES(5,3,0,0,'spell',0,0,0,0,0,0);",
        )
        .unwrap();
        let e = CardDb::load(&conn, "x.cdb".into()).unwrap_err().to_string();
        assert!(e.contains("x.cdb") && e.contains("card 5") && e.contains("type"), "{e}");
    }

    #[test]
    fn missing_tables_is_a_clear_error() {
        let conn = Connection::open_in_memory().unwrap();
        let e = CardDb::load(&conn, "empty.cdb".into()).unwrap_err().to_string();
        assert!(e.contains("empty.cdb") && e.contains("datas"), "{e}");
    }
}
