//! `lflist.conf` banlists (YGOPro/EDOPro): several `!name` lists per file, `$whitelist`,
//! `<passcode> <count> [--comment]` entries with counts 0..=3, `#` comments and
//! `--StartDate`/`--EndDate` lines. The project ships the current OCG and TCG lists and
//! the GOAT and Edison whitelists (in `crates/data/banlists/`).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use crate::check::Region;
use crate::text::{excerpt, quote, EXCERPT};

/// A calendar date (only ordering matters; no calendar validation beyond ranges).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// Parses `YYYY-MM-DD`, `YYYY.M.D`, `YYYY.M` or `YYYY` (`-`, `.` or `/` separators;
    /// missing month/day mean 1).
    pub fn parse(s: &str) -> Option<Date> {
        let parts: Vec<&str> = s.trim().split(['-', '.', '/']).collect();
        if parts.is_empty() || parts.len() > 3 || parts.iter().any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit())) {
            return None;
        }
        let year: u16 = parts[0].parse().ok().filter(|y| (1900..=9999).contains(y))?;
        let month: u8 = parts.get(1).map_or(Some(1), |m| m.parse().ok())?;
        let day: u8 = parts.get(2).map_or(Some(1), |d| d.parse().ok())?;
        let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        if !(1..=12).contains(&month) || !(1..=days).contains(&day) {
            return None;
        }
        Some(Date { year, month, day })
    }
}

impl fmt::Display for Date {
    /// Writes `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// One `!name` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banlist {
    /// The name after `!`.
    pub name: String,
    /// True after a `$whitelist` line: every card not listed is illegal.
    pub whitelist: bool,
    /// From a `--StartDate` line.
    pub start_date: Option<Date>,
    /// From an `--EndDate` line.
    pub end_date: Option<Date>,
    /// Line of the `!name` header (1-based).
    pub line: usize,
    /// Allowed copies per passcode (a later entry for the same code wins).
    pub entries: BTreeMap<u32, u8>,
}

impl Banlist {
    /// Allowed copies of `code` if the list names it.
    pub fn limit(&self, code: u32) -> Option<u8> {
        self.entries.get(&code).copied()
    }

    /// The date the list takes effect: `--StartDate`, else a date at the start of its name
    /// (`2026.05 TCG`, `2010-04-24 Edison`).
    pub fn date(&self) -> Option<Date> {
        self.start_date.or_else(|| self.name.split_whitespace().next().and_then(Date::parse))
    }

    /// The region the name says (`TCG`/`OCG` as a word), if any.
    pub fn region(&self) -> Option<Region> {
        let words: Vec<String> = self.name.split(|c: char| !c.is_ascii_alphanumeric()).map(|w| w.to_ascii_uppercase()).collect();
        if words.iter().any(|w| w == "TCG") {
            Some(Region::Tcg)
        } else if words.iter().any(|w| w == "OCG") {
            Some(Region::Ocg)
        } else {
            None
        }
    }

    /// Adds, for each entry whose code `map` sends to an official passcode, an entry for
    /// that passcode (the smaller count if both are listed). The original entries stay.
    pub fn with_aliases(&self, map: &BTreeMap<u32, u32>) -> Banlist {
        let mut out = self.clone();
        for (&code, &count) in &self.entries {
            if let Some(&official) = map.get(&code) {
                let e = out.entries.entry(official).or_insert(count);
                *e = (*e).min(count);
            }
        }
        out
    }

    /// Counts of entries per allowed number (index 0..=3).
    pub fn histogram(&self) -> [usize; 4] {
        let mut h = [0; 4];
        for &c in self.entries.values() {
            h[(c as usize).min(3)] += 1;
        }
        h
    }
}

/// A parsed `lflist.conf`: its lists in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BanlistFile {
    /// Path or shipped name, for messages.
    pub source: String,
    pub lists: Vec<Banlist>,
}

/// Why a banlist could not be read or chosen.
#[derive(Debug, thiserror::Error)]
pub enum LflistError {
    /// The file could not be read.
    #[error("{file}: cannot read banlist: {problem}")]
    Read { file: String, problem: String },
    /// A line is broken.
    #[error("{file}:{line}: {problem}")]
    Line { file: String, line: usize, problem: String },
    /// The file holds no `!name` list.
    #[error("{file}: no '!name' list in the file")]
    NoList { file: String },
    /// No list of that name.
    #[error("{file}: no list named {} (lists: {available})", quote(.name))]
    UnknownList { file: String, name: String, available: String },
    /// No list in force on that date.
    #[error("{file}: no list in force on {date}{region}")]
    NoListForDate { file: String, date: Date, region: String },
    /// Neither a file nor a shipped list.
    #[error("--banlist {}: no such file, and not a shipped list (shipped: {shipped})", quote(.arg))]
    NotFound { arg: String, shipped: String },
}

/// Parses the text of an `lflist.conf`; `file` names it in messages.
pub fn parse_lflist(text: &str, file: &str) -> Result<BanlistFile, LflistError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lists: Vec<Banlist> = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        let err = |problem: String| LflistError::Line { file: file.to_string(), line: line_no, problem };
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('!') {
            lists.push(Banlist { name: name.trim().to_string(), whitelist: false, start_date: None, end_date: None, line: line_no, entries: BTreeMap::new() });
            continue;
        }
        if let Some(comment) = line.strip_prefix("--") {
            let mut words = comment.split_whitespace();
            let key = words.next().unwrap_or("").to_ascii_lowercase();
            if key == "startdate" || key == "enddate" {
                let value = words.next().unwrap_or("");
                let date = Date::parse(value).ok_or_else(|| err(format!("bad date {} (expected YYYY-MM-DD)", quote(value))))?;
                let list = lists.last_mut().ok_or_else(|| err(format!("--{key} before any '!name' list")))?;
                if key == "startdate" {
                    list.start_date = Some(date);
                } else {
                    list.end_date = Some(date);
                }
            }
            continue;
        }
        if let Some(directive) = line.strip_prefix('$') {
            if directive.trim().eq_ignore_ascii_case("whitelist") {
                let list = lists.last_mut().ok_or_else(|| err("$whitelist before any '!name' list".to_string()))?;
                list.whitelist = true;
            }
            continue;
        }
        let mut words = line.split_whitespace();
        let code_text = words.next().unwrap_or("");
        if !code_text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(format!("expected '<passcode> <count>', a '!name', '$whitelist' or a '#' comment, found {}", quote(line))));
        }
        let code: u32 = code_text.parse().map_err(|_| err(format!("passcode {} is out of range", excerpt(code_text, EXCERPT))))?;
        let count_text = words.next().ok_or_else(|| err(format!("passcode {code} has no count")))?;
        let count: i64 = count_text.parse().map_err(|_| err(format!("count {} of passcode {code} is not a number", quote(count_text))))?;
        if !(0..=3).contains(&count) {
            return Err(err(format!("count {count} of passcode {code} is not 0, 1, 2 or 3")));
        }
        let list = lists.last_mut().ok_or_else(|| err(format!("entry for {code} before any '!name' list")))?;
        list.entries.insert(code, count as u8);
    }
    if lists.is_empty() {
        return Err(LflistError::NoList { file: file.to_string() });
    }
    Ok(BanlistFile { source: file.to_string(), lists })
}

/// Reads and parses an `lflist.conf` file.
pub fn read_lflist(path: &Path) -> Result<BanlistFile, LflistError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| LflistError::Read {
        file: file.clone(),
        problem: if e.kind() == std::io::ErrorKind::NotFound { "no such file".to_string() } else { e.to_string() },
    })?;
    parse_lflist(&String::from_utf8_lossy(&bytes), &file)
}

impl BanlistFile {
    /// The list with exactly this name, else the only one matching case-insensitively.
    pub fn by_name(&self, name: &str) -> Option<&Banlist> {
        let n = name.trim();
        self.lists.iter().find(|l| l.name == n).or_else(|| {
            let mut hits = self.lists.iter().filter(|l| l.name.eq_ignore_ascii_case(n));
            match (hits.next(), hits.next()) {
                (Some(l), None) => Some(l),
                _ => None,
            }
        })
    }

    /// The list in force on `date`: among lists whose `--StartDate..--EndDate` holds the
    /// date, or (without dates) whose name date is on or before it, the latest one.
    /// With a region, lists named for that region are preferred, then unlabelled ones.
    pub fn by_date(&self, date: Date, region: Option<Region>) -> Option<&Banlist> {
        let in_force = |l: &&Banlist| match (l.date(), l.end_date) {
            (Some(start), Some(end)) => start <= date && date <= end,
            (Some(start), None) => start <= date,
            (None, Some(end)) => date <= end,
            (None, None) => false,
        };
        let pick = |want: Option<Option<Region>>| {
            self.lists.iter().filter(in_force).filter(|l| want.is_none_or(|r| l.region() == r)).fold(None::<&Banlist>, |best, l| match best {
                Some(b) if b.date() >= l.date() => Some(b),
                _ => Some(l),
            })
        };
        match region {
            Some(r) => pick(Some(Some(r))).or_else(|| pick(Some(None))),
            None => pick(None),
        }
    }

    /// Names of the lists, for messages.
    pub fn names(&self) -> String {
        let names: Vec<String> = self.lists.iter().map(|l| quote(&l.name)).collect();
        let shown = names.iter().take(12).cloned().collect::<Vec<_>>().join(", ");
        if names.len() > 12 {
            format!("{shown}, … ({} in all)", names.len())
        } else {
            shown
        }
    }

    /// Chooses one list: by name, else by date (and region), else the first.
    pub fn select(&self, name: Option<&str>, date: Option<Date>, region: Option<Region>) -> Result<&Banlist, LflistError> {
        if let Some(n) = name {
            return self.by_name(n).ok_or_else(|| LflistError::UnknownList { file: self.source.clone(), name: n.to_string(), available: self.names() });
        }
        if let Some(d) = date {
            return self.by_date(d, region).ok_or_else(|| LflistError::NoListForDate {
                file: self.source.clone(),
                date: d,
                region: region.map_or(String::new(), |r| format!(" for {}", r.label())),
            });
        }
        self.lists.first().ok_or_else(|| LflistError::NoList { file: self.source.clone() })
    }
}

/// A banlist file embedded in the binary.
#[derive(Clone, Copy, Debug)]
pub struct ShippedList {
    /// Short name (`tcg`, `ocg`, `goat`, `edison`).
    pub key: &'static str,
    /// File name under `crates/data/banlists/`.
    pub file: &'static str,
    /// File contents.
    pub text: &'static str,
}

/// The banlists ygo ships.
pub const SHIPPED: [ShippedList; 4] = [
    ShippedList { key: "tcg", file: "tcg_2026.05.lflist.conf", text: include_str!("../banlists/tcg_2026.05.lflist.conf") },
    ShippedList { key: "ocg", file: "ocg_2026.07.lflist.conf", text: include_str!("../banlists/ocg_2026.07.lflist.conf") },
    ShippedList { key: "goat", file: "goat_2005.04_whitelist.lflist.conf", text: include_str!("../banlists/goat_2005.04_whitelist.lflist.conf") },
    ShippedList { key: "edison", file: "edison_2010.03_whitelist.lflist.conf", text: include_str!("../banlists/edison_2010.03_whitelist.lflist.conf") },
];

/// The shipped alias map (every passcode that stands for another card, the EDOPro-only
/// IDs of the GOAT list among them), as banlists apply it: see [`crate::known::aliases`].
pub fn goat_aliases() -> &'static BTreeMap<u32, u32> {
    crate::known::aliases()
}

/// Text listing the shipped lists, for messages.
pub fn shipped_names() -> String {
    SHIPPED
        .iter()
        .map(|s| {
            let names = parse_lflist(s.text, s.file).map(|f| f.names()).unwrap_or_default();
            format!("{} = {}", s.key, names)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Parses a shipped list file.
pub fn shipped_file(s: &ShippedList) -> Result<BanlistFile, LflistError> {
    parse_lflist(s.text, &format!("shipped:{}", s.file))
}

/// Resolves `--banlist ARG` and picks one list.
///
/// `ARG` is a file path, or a shipped list's key (`tcg`, `ocg`, `goat`, `edison`) or exact
/// `!name` (e.g. `2026.05 TCG`). `list` (a name) or `date` (with `region`) choose among
/// several lists of a file; else the first list is used. The shipped GOAT alias map is
/// applied, so EDOPro-only IDs also count for their official passcodes.
pub fn load_banlist(arg: &str, list: Option<&str>, date: Option<Date>, region: Option<Region>) -> Result<Banlist, LflistError> {
    let path = Path::new(arg);
    let file = if path.exists() {
        read_lflist(path)?
    } else if let Some(s) = SHIPPED.iter().find(|s| s.key.eq_ignore_ascii_case(arg.trim()) || s.file == arg.trim()) {
        shipped_file(s)?
    } else {
        let mut found = None;
        for s in &SHIPPED {
            let f = shipped_file(s)?;
            if let Some(l) = f.by_name(arg) {
                found = Some(l.clone());
                break;
            }
        }
        return match found {
            Some(l) => Ok(l.with_aliases(goat_aliases())),
            None => Err(LflistError::NotFound { arg: arg.to_string(), shipped: shipped_names() }),
        };
    };
    Ok(file.select(list, date, region)?.with_aliases(goat_aliases()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "#[A][B]\r\n!2024.1 TCG\r\n#forbidden\r\n53129443 0 --Dark Hole\r\n\
        55144522 1\r\n!2025.4\r\n--StartDate 2025-04-01\r\n--EndDate 2025-06-30\r\n$whitelist\r\n\
        53129443 3 --x\t\tMORE TEXT\r\n53129443 2\r\n";

    #[test]
    fn parses_lists_whitelist_dates_and_comments() {
        let f = parse_lflist(SAMPLE, "s.conf").unwrap();
        assert_eq!(f.lists.len(), 2);
        let a = &f.lists[0];
        assert_eq!((a.name.as_str(), a.whitelist, a.line), ("2024.1 TCG", false, 2));
        assert_eq!(a.limit(53129443), Some(0));
        assert_eq!(a.limit(55144522), Some(1));
        assert_eq!(a.region(), Some(Region::Tcg));
        assert_eq!(a.date(), Date::parse("2024-01-01"));
        let b = &f.lists[1];
        assert!(b.whitelist);
        assert_eq!(b.limit(53129443), Some(2), "later entry wins");
        assert_eq!(b.start_date, Date::parse("2025-04-01"));
        assert_eq!(b.end_date, Date::parse("2025-06-30"));
        assert_eq!(b.region(), None);
    }

    #[test]
    fn selects_by_name_and_date() {
        let f = parse_lflist(SAMPLE, "s.conf").unwrap();
        assert_eq!(f.select(Some("2025.4"), None, None).unwrap().name, "2025.4");
        assert_eq!(f.select(Some("2024.1 tcg"), None, None).unwrap().name, "2024.1 TCG");
        assert_eq!(f.select(None, None, None).unwrap().name, "2024.1 TCG");
        let d = |s| Date::parse(s);
        assert_eq!(f.by_date(d("2025-05-01").unwrap(), None).unwrap().name, "2025.4");
        assert_eq!(f.by_date(d("2025-08-01").unwrap(), None).unwrap().name, "2024.1 TCG");
        assert_eq!(f.by_date(d("2025-05-01").unwrap(), Some(Region::Tcg)).unwrap().name, "2024.1 TCG");
        assert!(f.by_date(d("2023-05-01").unwrap(), None).is_none());
        let e = f.select(Some("nope"), None, None).unwrap_err().to_string();
        assert!(e.contains("s.conf") && e.contains("\"nope\"") && e.contains("2025.4"), "{e}");
        let e = f.select(None, d("2000"), Some(Region::Ocg)).unwrap_err().to_string();
        assert_eq!(e, "s.conf: no list in force on 2000-01-01 for OCG");
    }

    #[test]
    fn broken_lines_name_file_and_line() {
        let cases = [
            ("!a\n123 5\n", 2, "count 5 of passcode 123 is not 0, 1, 2 or 3"),
            ("!a\n123\n", 2, "passcode 123 has no count"),
            ("!a\n123 x\n", 2, "count \"x\" of passcode 123 is not a number"),
            ("123 1\n", 1, "entry for 123 before any '!name' list"),
            ("!a\nDark Hole 1\n", 2, "expected '<passcode> <count>'"),
            ("!a\n--StartDate soon\n", 2, "bad date \"soon\""),
            ("!a\n99999999999 1\n", 2, "out of range"),
        ];
        for (text, line, want) in cases {
            let e = parse_lflist(text, "l.conf").unwrap_err().to_string();
            assert!(e.starts_with(&format!("l.conf:{line}: ")) && e.contains(want), "{text:?}: {e}");
        }
        assert_eq!(parse_lflist("#nothing\n", "e.conf").unwrap_err().to_string(), "e.conf: no '!name' list in the file");
        let e = read_lflist(Path::new("/no/such.conf")).unwrap_err().to_string();
        assert_eq!(e, "/no/such.conf: cannot read banlist: no such file");
    }

    #[test]
    fn shipped_lists_parse_and_resolve() {
        for s in &SHIPPED {
            let f = shipped_file(s).unwrap();
            assert!(!f.lists.is_empty());
        }
        assert_eq!(load_banlist("tcg", None, None, None).unwrap().name, "2026.05 TCG");
        assert_eq!(load_banlist("OCG", None, None, None).unwrap().name, "2026.07 OCG");
        let goat = load_banlist("goat", None, None, None).unwrap();
        assert!(goat.whitelist);
        assert_eq!(goat.name, "2005.4 GOAT");
        // Chaos Emperor Dragon is listed by an EDOPro-only ID; the map adds the official one.
        assert_eq!(goat.limit(511000819), Some(0));
        assert_eq!(goat.limit(82301904), Some(0));
        assert_eq!(goat.limit(126218), Some(3), "Skull Dice via its (GOAT) entry");
        let ed = load_banlist("edison", None, None, None).unwrap();
        assert!(ed.whitelist);
        assert_eq!(ed.start_date, Date::parse("1970-01-01"));
        assert_eq!(load_banlist("2026.05 TCG", None, None, None).unwrap().name, "2026.05 TCG");
        let e = load_banlist("nosuchlist", None, None, None).unwrap_err().to_string();
        assert!(e.contains("\"nosuchlist\"") && e.contains("tcg = \"2026.05 TCG\""), "{e}");
    }

    #[test]
    fn goat_alias_map_is_complete() {
        let map = goat_aliases();
        assert!(map.len() >= 200, "{}", map.len());
        let goat = shipped_file(&SHIPPED[2]).unwrap();
        for &code in goat.lists[0].entries.keys() {
            if code >= 500_000_000 {
                assert!(map.contains_key(&code), "GOAT list ID {code} has no official passcode");
            }
        }
    }

    #[test]
    fn dates_parse() {
        assert_eq!(Date::parse("2010-04-24").unwrap().to_string(), "2010-04-24");
        assert_eq!(Date::parse("2014.1.1").unwrap().to_string(), "2014-01-01");
        assert_eq!(Date::parse("2005.4").unwrap().to_string(), "2005-04-01");
        assert!(Date::parse("2005.13").is_none());
        assert!(Date::parse("abc").is_none());
        assert!(Date::parse("").is_none());
    }
}
