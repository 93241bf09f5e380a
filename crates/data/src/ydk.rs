//! Decks: `.ydk` files (YGOPro/EDOPro) and YDKE links (`ydke://main!extra!side!`), read
//! and written, plus [`load_deck`], the one loader every command taking a deck uses.

use base64::alphabet;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine as _;
use serde::Serialize;

use crate::cardinfo::CardLookup;
use crate::text::{excerpt, quote, EXCERPT};

/// A deck as three lists of passcodes, copies repeated, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Deck {
    pub main: Vec<u32>,
    pub extra: Vec<u32>,
    pub side: Vec<u32>,
}

/// A deck read from a file or link, with where it came from and any tolerated oddities.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedDeck {
    pub deck: Deck,
    /// The path or `YDKE link`, for messages.
    pub source: String,
    /// Lines that were skipped (`file:line: ...`), and codes that were remapped.
    pub warnings: Vec<String>,
}

/// Why a deck could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DeckError {
    /// The file could not be read.
    #[error("{file}: cannot read deck: {problem}")]
    Read { file: String, problem: String },
    /// A line of a `.ydk` file is broken.
    #[error("{file}:{line}: {problem}")]
    Line { file: String, line: usize, problem: String },
    /// A YDKE link is broken.
    #[error("YDKE link: {problem}")]
    Ydke { problem: String },
}

/// Which part of a deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    Main,
    Extra,
    Side,
}

impl Section {
    /// The section's name as players say it.
    pub fn label(self) -> &'static str {
        match self {
            Section::Main => "Main Deck",
            Section::Extra => "Extra Deck",
            Section::Side => "Side Deck",
        }
    }
}

impl Deck {
    /// The cards of one section.
    pub fn section(&self, s: Section) -> &Vec<u32> {
        match s {
            Section::Main => &self.main,
            Section::Extra => &self.extra,
            Section::Side => &self.side,
        }
    }

    /// Mutable access to one section.
    pub fn section_mut(&mut self, s: Section) -> &mut Vec<u32> {
        match s {
            Section::Main => &mut self.main,
            Section::Extra => &mut self.extra,
            Section::Side => &mut self.side,
        }
    }

    /// Every card with its section, main then extra then side.
    pub fn cards(&self) -> impl Iterator<Item = (Section, u32)> + '_ {
        /// The cards of one section tagged with it.
        fn tag(s: Section, v: &[u32]) -> impl Iterator<Item = (Section, u32)> + '_ {
            v.iter().map(move |&c| (s, c))
        }
        tag(Section::Main, &self.main).chain(tag(Section::Extra, &self.extra)).chain(tag(Section::Side, &self.side))
    }

    /// Total number of cards in all three sections.
    pub fn len(&self) -> usize {
        self.main.len() + self.extra.len() + self.side.len()
    }

    /// True when the deck holds no card at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Replaces each passcode that stands for another card (an alternate artwork or
    /// reprint, a "(GOAT)" entry, a pre-errata ID: [`CardLookup::official_code`]) by that
    /// card's; returns one note per distinct replaced code.
    pub fn map_alternate_art(&mut self, lookup: &CardLookup) -> Vec<String> {
        let mut notes = Vec::new();
        for s in [Section::Main, Section::Extra, Section::Side] {
            for code in self.section_mut(s).iter_mut() {
                let official = lookup.official_code(*code);
                if official != *code {
                    let name = lookup.name(official).map_or_else(|| official.to_string(), |n| format!("{n} ({official})"));
                    let note = format!("passcode {} is read as {name}", *code);
                    if !notes.contains(&note) {
                        notes.push(note);
                    }
                    *code = official;
                }
            }
        }
        notes
    }
}

/// Parses the text of a `.ydk` file; `file` names it in messages.
///
/// `#main`/`#extra` switch sections, any `!` line switches to the side deck, other `#`
/// lines are comments. A line starting with a digit must be a passcode (optionally
/// followed by whitespace and a comment); any other line is skipped with a warning.
pub fn parse_ydk(text: &str, file: &str) -> Result<LoadedDeck, DeckError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let unreadable = |problem: &str| DeckError::Read { file: file.to_string(), problem: problem.to_string() };
    if text.trim().is_empty() {
        return Err(unreadable("the file is empty, not a .ydk deck"));
    }
    if looks_binary(text) {
        return Err(unreadable("binary data, not a .ydk deck (a text file of passcodes under #main, #extra and !side)"));
    }
    let mut deck = Deck::default();
    let mut warnings = Vec::new();
    let mut ignored = 0usize;
    let mut deck_lines = 0usize;
    let mut section = Section::Main;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let err = |problem: String| DeckError::Line { file: file.to_string(), line: line_no, problem };
        if let Some(rest) = line.strip_prefix('#') {
            match rest.trim().to_ascii_lowercase().as_str() {
                "main" => section = Section::Main,
                "extra" => section = Section::Extra,
                _ => continue,
            }
            deck_lines += 1;
            continue;
        }
        if line.starts_with('!') {
            section = Section::Side;
            deck_lines += 1;
            continue;
        }
        if line.as_bytes()[0].is_ascii_digit() {
            let end = line.find(|c: char| !c.is_ascii_digit()).unwrap_or(line.len());
            let (digits, rest) = line.split_at(end);
            if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
                return Err(err(format!("not a passcode: {}", quote(line))));
            }
            let code: u32 = digits.parse().map_err(|_| err(format!("passcode {} is out of range (at most {})", excerpt(digits, EXCERPT), u32::MAX)))?;
            if code == 0 {
                return Err(err("passcode 0 is not a card".to_string()));
            }
            deck.section_mut(section).push(code);
            deck_lines += 1;
            continue;
        }
        ignored += 1;
        if ignored <= MAX_IGNORED_SHOWN {
            warnings.push(format!("{file}:{line_no}: ignored line (not a passcode, '#' comment or '!side'): {}", quote(line)));
        }
    }
    if ignored > MAX_IGNORED_SHOWN {
        warnings.push(format!("{file}: {} more ignored line(s)", ignored - MAX_IGNORED_SHOWN));
    }
    if deck_lines == 0 {
        return Err(unreadable("no passcode and no #main, #extra or !side line: not a .ydk deck"));
    }
    Ok(LoadedDeck { deck, source: file.to_string(), warnings })
}

/// Ignored lines named one by one before the rest are only counted.
const MAX_IGNORED_SHOWN: usize = 5;

/// The largest file read as a deck: a `.ydk` is a few hundred bytes.
pub const MAX_DECK_FILE: u64 = 1 << 20;

/// True when `text` holds NUL bytes, or when more than a tenth of it is control
/// characters or bytes that were not UTF-8: a binary file, not a deck list.
fn looks_binary(text: &str) -> bool {
    if text.contains('\0') {
        return true;
    }
    let (mut odd, mut all) = (0usize, 0usize);
    for c in text.chars() {
        all += 1;
        if c == '\u{fffd}' || (c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0c')) {
            odd += 1;
        }
    }
    odd * 10 > all
}

/// Writes a deck as a `.ydk` file (`#created by`, `#main`, `#extra`, `!side`).
pub fn to_ydk(deck: &Deck) -> String {
    let mut out = String::from("#created by ygo\n");
    for (marker, cards) in [("#main", &deck.main), ("#extra", &deck.extra), ("!side", &deck.side)] {
        out.push_str(marker);
        out.push('\n');
        for c in cards {
            out.push_str(&c.to_string());
            out.push('\n');
        }
    }
    out
}

/// The base64 flavour of YDKE: standard alphabet; padding written, optional on read.
fn ydke_engine() -> GeneralPurpose {
    GeneralPurpose::new(&alphabet::STANDARD, GeneralPurposeConfig::new().with_encode_padding(true).with_decode_padding_mode(DecodePaddingMode::Indifferent))
}

/// Writes a deck as a YDKE link: `ydke://` + base64 of little-endian u32 arrays.
pub fn to_ydke(deck: &Deck) -> String {
    let eng = ydke_engine();
    let enc = |v: &[u32]| {
        let bytes: Vec<u8> = v.iter().flat_map(|c| c.to_le_bytes()).collect();
        eng.encode(bytes)
    };
    format!("ydke://{}!{}!{}!", enc(&deck.main), enc(&deck.extra), enc(&deck.side))
}

/// True when `input` is a YDKE link rather than a path.
pub fn is_ydke(input: &str) -> bool {
    input.trim_start().get(..7).is_some_and(|p| p.eq_ignore_ascii_case("ydke://"))
}

/// Parses a YDKE link `ydke://<main>!<extra>!<side>!`.
pub fn parse_ydke(url: &str) -> Result<Deck, DeckError> {
    let err = |problem: String| DeckError::Ydke { problem };
    let url = url.trim();
    if !is_ydke(url) {
        return Err(err("must start with ydke://".to_string()));
    }
    let body = &url[7..];
    let parts: Vec<&str> = body.split('!').collect();
    let terminated = parts.len() - 1;
    if terminated < 3 {
        return Err(err(format!("truncated: found {terminated} of the 3 '!'-terminated parts (ydke://main!extra!side!)")));
    }
    if parts[3..].iter().any(|p| !p.trim().is_empty()) {
        return Err(err("unexpected text after the side deck's closing '!'".to_string()));
    }
    let eng = ydke_engine();
    let mut deck = Deck::default();
    for (part, s) in parts.iter().zip([Section::Main, Section::Extra, Section::Side]) {
        let clean: String = part.chars().filter(|c| !c.is_whitespace()).collect();
        let bytes = eng.decode(clean.as_bytes()).map_err(|e| err(format!("{}: invalid base64: {e}", s.label())))?;
        if bytes.len() % 4 != 0 {
            return Err(err(format!("{}: {} bytes is not a whole number of 4-byte passcodes (truncated link?)", s.label(), bytes.len())));
        }
        for (i, ch) in bytes.chunks_exact(4).enumerate() {
            let code = u32::from_le_bytes([ch[0], ch[1], ch[2], ch[3]]);
            if code == 0 {
                return Err(err(format!("{}: card {} is passcode 0, not a card", s.label(), i + 1)));
            }
            deck.section_mut(s).push(code);
        }
    }
    Ok(deck)
}

/// Reads a deck from a `.ydk` path or a `ydke://` link, codes as written.
pub fn read_deck(input: &str) -> Result<LoadedDeck, DeckError> {
    if is_ydke(input) {
        let deck = parse_ydke(input)?;
        return Ok(LoadedDeck { deck, source: "YDKE link".to_string(), warnings: Vec::new() });
    }
    let read_error = |e: std::io::Error| DeckError::Read {
        file: input.to_string(),
        problem: match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            _ => e.to_string(),
        },
    };
    let size = std::fs::metadata(input).map_err(read_error)?.len();
    if size > MAX_DECK_FILE {
        return Err(DeckError::Read { file: input.to_string(), problem: format!("{size} bytes is far too large for a .ydk deck (at most {MAX_DECK_FILE})") });
    }
    let bytes = std::fs::read(input).map_err(read_error)?;
    let text = String::from_utf8_lossy(&bytes);
    parse_ydk(&text, input)
}

/// Loads a deck from a `.ydk` path or a `ydke://` link, replacing alternate-artwork
/// passcodes by their alias (noted in `warnings`). Every command taking a deck uses this.
pub fn load_deck(input: &str, lookup: &CardLookup) -> Result<LoadedDeck, DeckError> {
    let mut loaded = read_deck(input)?;
    let notes = loaded.deck.map_alternate_art(lookup);
    loaded.warnings.extend(notes);
    Ok(loaded)
}

/// A deck's written form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckFormat {
    /// A `.ydk` file.
    Ydk,
    /// A `ydke://` link.
    Ydke,
}

/// Writes a deck in the given form (`.ydk` text ends with a newline; a link does not).
pub fn write_deck(deck: &Deck, format: DeckFormat) -> String {
    match format {
        DeckFormat::Ydk => to_ydk(deck),
        DeckFormat::Ydke => to_ydke(deck),
    }
}

/// `ygo deck convert`: loads `input` (path or link) and writes it in `format`.
pub fn convert_deck(input: &str, format: DeckFormat, lookup: &CardLookup) -> Result<(LoadedDeck, String), DeckError> {
    let loaded = load_deck(input, lookup)?;
    let text = write_deck(&loaded.deck, format);
    Ok((loaded, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Deck {
        Deck { main: vec![89631139, 36996508], extra: vec![44508094], side: vec![5318639] }
    }

    #[test]
    fn ydke_readme_example_round_trips() {
        let url = to_ydke(&example());
        assert_eq!(url, "ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!");
        assert_eq!(parse_ydke(&url).unwrap(), example());
        // Padding is optional and surrounding blanks are ignored.
        assert_eq!(parse_ydke("  YDKE://o6lXBZyFNAI!viOnAg!7ydRAA!\n").unwrap(), example());
        assert_eq!(parse_ydke("ydke://!!!").unwrap(), Deck::default());
    }

    #[test]
    fn broken_ydke_links_are_clear_errors() {
        let cases = [
            ("ydke://o6lXBZyFNAI=!viOnAg==!", "truncated"),
            ("ydke://o6lXBZyFNAI=", "truncated"),
            ("ydke://o6l*XBZzOMAI=!!!", "Main Deck: invalid base64"),
            ("ydke://o6lXBZzO!!!", "Main Deck: 6 bytes is not a whole number"),
            ("ydke://!!AAAAAA==!", "Side Deck: card 1 is passcode 0"),
            ("ydke://!!!junk", "unexpected text"),
            ("http://x", "must start with ydke://"),
        ];
        for (url, want) in cases {
            let e = parse_ydke(url).unwrap_err().to_string();
            assert!(e.starts_with("YDKE link: ") && e.contains(want), "{url}: {e}");
        }
    }

    #[test]
    fn ydk_sections_comments_and_unknown_lines() {
        let text = "\u{feff}#created by someone\r\n#main\r\n89631139\r\n# Blue-Eyes comment\r\n89631139  --x\r\n\
                    36996508\r\n#extra\r\n44508094\r\nhello there\r\n!side\r\n5318639\r\n";
        let d = parse_ydk(text, "a.ydk").unwrap();
        assert_eq!(d.deck.main, vec![89631139, 89631139, 36996508]);
        assert_eq!(d.deck.extra, vec![44508094]);
        assert_eq!(d.deck.side, vec![5318639]);
        assert_eq!(d.warnings.len(), 1);
        assert!(d.warnings[0].starts_with("a.ydk:9: ignored line"), "{:?}", d.warnings);
        let back = parse_ydk(&to_ydk(&d.deck), "b").unwrap();
        assert_eq!(back.deck, d.deck);
        assert!(back.warnings.is_empty());
    }

    #[test]
    fn broken_ydk_lines_name_file_and_line() {
        let e = parse_ydk("#main\n123\n12ab\n", "d.ydk").unwrap_err().to_string();
        assert_eq!(e, "d.ydk:3: not a passcode: \"12ab\"");
        let e = parse_ydk("#main\n99999999999\n", "d.ydk").unwrap_err().to_string();
        assert!(e.starts_with("d.ydk:2: passcode 99999999999 is out of range"), "{e}");
        let e = parse_ydk("0\n", "d.ydk").unwrap_err().to_string();
        assert!(e.starts_with("d.ydk:1: passcode 0"), "{e}");
    }

    #[test]
    fn missing_file_is_a_read_error() {
        let e = read_deck("/no/such/dir/deck.ydk").unwrap_err().to_string();
        assert_eq!(e, "/no/such/dir/deck.ydk: cannot read deck: no such file");
    }

    #[test]
    fn deck_cards_iterates_all_sections() {
        let d = example();
        let v: Vec<_> = d.cards().collect();
        assert_eq!(v.len(), 4);
        assert_eq!(v[2], (Section::Extra, 44508094));
        assert_eq!(d.len(), 4);
    }
}
