//! The deck check of `RULES.md` DECK-1..DECK-9: sizes, copies by name, banlist counts and
//! whitelist membership, Extra Deck kinds, non-game cards and region. Every violation is
//! reported at once (DECK-9), each naming the card and the rule.

use std::collections::BTreeMap;

use serde::Serialize;
use ygo_core::card::{type_bits, Kind, MonsterFrame};

use crate::cardinfo::{CardInfo, CardLookup};
use crate::lflist::{load_banlist, Banlist, Date, LflistError};
use crate::source::{unplayable_text, UnimplementedCard};
use crate::ydk::{load_deck, Deck, DeckError, LoadedDeck, Section};

/// Rule name used for passcodes neither the shipped data nor the user's database knows.
pub const UNKNOWN_CARD: &str = "UNKNOWN-CARD";

/// Where an event is held (DECK-7), matched against the `ot` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Region {
    Ocg,
    Tcg,
}

impl Region {
    /// `OCG` or `TCG`.
    pub fn label(self) -> &'static str {
        match self {
            Region::Ocg => "OCG",
            Region::Tcg => "TCG",
        }
    }

    /// The `ot` bit of the region (0x1 OCG, 0x2 TCG).
    pub fn ot_bit(self) -> u32 {
        match self {
            Region::Ocg => 0x1,
            Region::Tcg => 0x2,
        }
    }

    /// Parses `ocg` or `tcg` (any case).
    pub fn parse(s: &str) -> Option<Region> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ocg" => Some(Region::Ocg),
            "tcg" => Some(Region::Tcg),
            _ => None,
        }
    }
}

/// One broken rule. `card`/`name` are `None` when the violation is about the whole deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub rule: String,
    pub card: Option<u32>,
    pub name: Option<String>,
    pub message: String,
}

/// The result of a deck check; serialises as `{"legal": .., "violations": [..],
/// "playable": .., "unimplemented": [{"name", "id"}]}`. *Legal* is about the deck rules
/// and the banlist (DECK-1..9); *playable* is whether this engine implements every card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    pub legal: bool,
    pub violations: Vec<Violation>,
    pub playable: bool,
    /// The cards of the deck the engine does not implement yet, each once.
    pub unimplemented: Vec<UnimplementedCard>,
}

impl CheckReport {
    /// The process exit code: 0 legal and playable, 1 illegal, 3 legal but not playable
    /// by this engine (a card it does not implement); 2 is kept for unreadable input.
    pub fn exit_code(&self) -> i32 {
        match (self.legal, self.playable) {
            (false, _) => 1,
            (true, true) => 0,
            (true, false) => 3,
        }
    }

    /// The JSON form `{"legal": bool, "violations": [{"rule", "card", "name", "message"}],
    /// "playable": bool, "unimplemented": [{"name", "id"}]}`.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{\"legal\":false,\"violations\":[],\"playable\":false,\"unimplemented\":[]}"))
    }

    /// Human-readable lines: `legal` or one line per violation, then whether this engine
    /// can play the deck (naming the cards it cannot).
    pub fn render(&self, deck: &Deck) -> String {
        let sizes = format!("main {}, extra {}, side {}", deck.main.len(), deck.extra.len(), deck.side.len());
        let mut out = if self.legal { format!("legal ({sizes})\n") } else { format!("illegal: {} violation(s) ({sizes})\n", self.violations.len()) };
        for v in &self.violations {
            out.push_str(&format!("{}: {}\n", v.rule, v.message));
        }
        if self.playable {
            out.push_str("playable by this engine\n");
        } else {
            out.push_str(&format!("{}\n", unplayable_text(&self.unimplemented)));
        }
        out
    }

    /// The rules broken, in report order (one entry per violation).
    pub fn rules(&self) -> Vec<&str> {
        self.violations.iter().map(|v| v.rule.as_str()).collect()
    }
}

/// What to check beyond DECK-1..4, 6 and 8.
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckOptions<'a> {
    /// The banlist (DECK-5), including `$whitelist` membership.
    pub banlist: Option<&'a Banlist>,
    /// The event region (DECK-7); `None` skips the region check.
    pub region: Option<Region>,
    /// The deck sizes (DECK-1..3 by default; a format may set its own, e.g. GOAT-1).
    pub sizes: DeckSizes,
}

/// How many cards a Side Deck may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SideSize {
    /// Any number up to this (DECK-3: 0 to 15).
    AtMost(usize),
    /// None, or exactly this many (GOAT-1: 0 or 15).
    NoneOrExactly(usize),
}

/// The sizes a deck must have: DECK-1..3 today, GOAT-1 in the Goat format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DeckSizes {
    /// Main Deck at least this many cards.
    pub main_min: usize,
    /// Main Deck at most this many (`None`: no maximum).
    pub main_max: Option<usize>,
    /// Extra (Fusion) Deck at most this many (`None`: any number).
    pub extra_max: Option<usize>,
    /// The Side Deck's size.
    pub side: SideSize,
    /// The rule the sizes come from, named in violations (`DECK` for DECK-1..3, `GOAT` for GOAT-1).
    pub rule: &'static str,
}

impl DeckSizes {
    /// DECK-1..3: Main Deck 40 to 60, Extra Deck and Side Deck at most 15.
    pub const STANDARD: DeckSizes = DeckSizes { main_min: 40, main_max: Some(60), extra_max: Some(15), side: SideSize::AtMost(15), rule: "DECK" };
    /// GOAT-1: Main Deck 40 or more with no maximum, any number of Fusion Monsters in the
    /// Fusion Deck, a Side Deck of exactly 0 or 15 cards.
    pub const GOAT: DeckSizes = DeckSizes { main_min: 40, main_max: None, extra_max: None, side: SideSize::NoneOrExactly(15), rule: "GOAT" };

    /// The rule to name for the size of section `n` (1 Main, 2 Extra, 3 Side).
    fn rule_name(&self, n: u8) -> String {
        if self.rule == "GOAT" {
            "GOAT-1".to_string()
        } else {
            format!("DECK-{n}")
        }
    }
}

impl Default for DeckSizes {
    fn default() -> DeckSizes {
        DeckSizes::STANDARD
    }
}

/// Copies of one card at most (DECK-4).
const COPIES_MAX: usize = 3;

/// A card as the check sees it: its text label and, when known, its data.
fn label(code: u32, info: Option<&CardInfo>) -> String {
    match info {
        Some(i) if !i.name.is_empty() => format!("\"{}\" ({code})", i.name),
        _ => format!("passcode {code}"),
    }
}

/// Allowed copies as a word.
fn status(limit: u8) -> &'static str {
    match limit {
        0 => "Forbidden",
        1 => "Limited",
        2 => "Semi-Limited",
        _ => "Unlimited",
    }
}

/// True when the card may be used in `region` (its `ot` has the region bit; a
/// format-specific entry without OCG/TCG bits inherits them from its alias).
fn region_ok(info: &CardInfo, region: Region, lookup: &CardLookup) -> bool {
    if info.ot & region.ot_bit() != 0 {
        return true;
    }
    info.ot & 0x3 == 0 && info.alias != 0 && lookup.get(info.alias).is_some_and(|a| a.ot & region.ot_bit() != 0)
}

/// Checks a deck against DECK-1..DECK-9, reporting every violation.
pub fn check_deck(deck: &Deck, lookup: &CardLookup, opts: &CheckOptions<'_>) -> CheckReport {
    let mut out: Vec<(u8, usize, Violation)> = Vec::new();
    let mut push = |rule: &str, order: usize, card: Option<(u32, Option<&CardInfo>)>, message: String| {
        let key = rule.strip_prefix("DECK-").and_then(|n| n.parse::<u8>().ok()).unwrap_or(0);
        out.push((key, order, Violation { rule: rule.to_string(), card: card.map(|c| c.0), name: card.and_then(|c| c.1).map(|i| i.name.clone()), message }));
    };

    // DECK-1..3 (or the format's sizes, GOAT-1): sizes.
    let (m, e, s) = (deck.main.len(), deck.extra.len(), deck.side.len());
    let z = &opts.sizes;
    if m < z.main_min {
        push(&z.rule_name(1), 0, None, format!("Main Deck has {m} cards; it needs at least {}", z.main_min));
    } else if let Some(max) = z.main_max.filter(|&max| m > max) {
        push(&z.rule_name(1), 0, None, format!("Main Deck has {m} cards; at most {max} are allowed"));
    }
    if let Some(max) = z.extra_max.filter(|&max| e > max) {
        push(&z.rule_name(2), 0, None, format!("Extra Deck has {e} cards; at most {max} are allowed"));
    }
    match z.side {
        SideSize::AtMost(max) if s > max => push(&z.rule_name(3), 0, None, format!("Side Deck has {s} cards; at most {max} are allowed")),
        SideSize::NoneOrExactly(n) if s != 0 && s != n => push(&z.rule_name(3), 0, None, format!("Side Deck has {s} cards; it must hold exactly 0 or {n}")),
        _ => {}
    }

    // Look every distinct passcode up once.
    let mut infos: BTreeMap<u32, Option<CardInfo>> = BTreeMap::new();
    let mut first_seen: BTreeMap<u32, usize> = BTreeMap::new();
    let mut per_code: BTreeMap<u32, usize> = BTreeMap::new();
    for (pos, (_, code)) in deck.cards().enumerate() {
        infos.entry(code).or_insert_with(|| lookup.get(code));
        first_seen.entry(code).or_insert(pos + 1);
        *per_code.entry(code).or_insert(0) += 1;
    }

    // Per card: unknown codes, non-game cards (DECK-6), region (DECK-7).
    for (&code, info) in &infos {
        let pos = first_seen[&code];
        let Some(info) = info else {
            let note = match lookup.db() {
                Some(db) => format!("nor in {}", db.path.display()),
                None => "give a cards.cdb with --cards-db to check other cards".to_string(),
            };
            push(UNKNOWN_CARD, pos, Some((code, None)), format!("unknown passcode {code}: not in the shipped card data ({note}); the deck cannot be verified"));
            continue;
        };
        let l = label(code, Some(info));
        match &info.data {
            None => push(
                "DECK-6",
                pos,
                Some((code, Some(info))),
                format!("{l} is not a monster, spell or trap card (type {:#x}) and can never be in a deck", info.type_bits),
            ),
            Some(d) if d.is_token() => push("DECK-6", pos, Some((code, Some(info))), format!("{l} is a Token and can never be in a deck")),
            Some(_) => {}
        }
        if let Some(r) = opts.region {
            if !region_ok(info, r, lookup) {
                let only = match info.ot & 0x3 {
                    0x1 => "OCG-only".to_string(),
                    0x2 => "TCG-only".to_string(),
                    _ => format!("not an OCG or TCG card (ot {:#x})", info.ot),
                };
                push("DECK-7", pos, Some((code, Some(info))), format!("{l} is {only}: not legal in {} events", r.label()));
            }
        }
    }

    // Placement (DECK-2, DECK-8), once per (section, card).
    let mut placed: BTreeMap<(Section, u32), usize> = BTreeMap::new();
    for (pos, (sec, code)) in deck.cards().enumerate() {
        if placed.insert((sec, code), pos + 1).is_some() {
            continue;
        }
        let Some(Some(info)) = infos.get(&code) else {
            continue;
        };
        let Some(d) = &info.data else { continue };
        if d.is_token() {
            continue;
        }
        let l = label(code, Some(info));
        let copies = match sec {
            Section::Main => &deck.main,
            Section::Extra => &deck.extra,
            Section::Side => &deck.side,
        }
        .iter()
        .filter(|&&c| c == code)
        .count();
        let kind = crate::cardinfo::kind_label(d.kind);
        match sec {
            Section::Main if d.is_extra_deck() => push(
                "DECK-8",
                pos + 1,
                Some((code, Some(info))),
                format!("{l} is a {kind} and belongs in the Extra Deck, not the Main Deck ({copies} in Main)"),
            ),
            Section::Extra if !d.is_extra_deck() => {
                let ritual = matches!(d.kind, Kind::Monster(MonsterFrame::Ritual)) || d.type_bits & type_bits::RITUAL != 0 && d.is_monster();
                let rule = if ritual { "DECK-8" } else { "DECK-2" };
                let why = if ritual { "Ritual monsters belong in the Main Deck" } else { "only Fusion, Synchro, Xyz and Link monsters go in the Extra Deck" };
                push(rule, pos + 1, Some((code, Some(info))), format!("{l} is a {kind} in the Extra Deck ({copies}): {why}"));
            }
            _ => {}
        }
    }

    // Copies by name (DECK-4) and banlist counts (DECK-5).
    let name_code = |code: u32| infos.get(&code).and_then(|i| i.as_ref()).map_or(code, |i| i.name_code());
    let mut groups: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &code in infos.keys() {
        groups.entry(name_code(code)).or_default().push(code);
    }
    let folded: Option<BTreeMap<u32, u8>> = opts.banlist.map(|b| {
        let mut f = BTreeMap::new();
        for (&c, &n) in &b.entries {
            for k in [c, lookup.official_code(c)] {
                let e = f.entry(k).or_insert(n);
                *e = (*e).min(n);
            }
        }
        f
    });
    for (&nc, codes) in &groups {
        let total: usize = codes.iter().map(|c| per_code[c]).sum();
        let pos = codes.iter().map(|c| first_seen[c]).min().unwrap_or(0);
        let rep = infos.get(&nc).and_then(|i| i.clone()).or_else(|| lookup.get(nc)).or_else(|| infos.get(&codes[0]).and_then(|i| i.clone()));
        let l = match &rep {
            Some(i) => format!("\"{}\"", i.name),
            None => format!("passcode {nc}"),
        };
        let names = if codes.len() > 1 || codes[0] != nc {
            format!(" (counting {})", codes.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", "))
        } else {
            String::new()
        };
        if total > COPIES_MAX {
            push(
                "DECK-4",
                pos,
                Some((nc, rep.as_ref())),
                format!("{total} cards named {l}{names} across Main, Extra and Side; at most {COPIES_MAX} are allowed"),
            );
        }
        let (Some(list), Some(folded)) = (opts.banlist, &folded) else {
            continue;
        };
        // The name's own entry (and entries of its alternate artworks) limit the group.
        let mut group_limit = folded.get(&nc).copied();
        for &c in codes {
            if c != nc && crate::cardinfo::is_alternate_art(c, nc) {
                if let Some(&n) = folded.get(&c) {
                    group_limit = Some(group_limit.map_or(n, |g| g.min(n)));
                }
            }
        }
        if let Some(limit) = group_limit {
            if limit < 3 && total > limit as usize {
                push("DECK-5", pos, Some((nc, rep.as_ref())), format!("{l} is {} ({limit}) on \"{}\"; the deck has {total}{names}", status(limit), list.name));
            }
        }
        // Cards that only share the name by a rule alias keep their own entries.
        for &c in codes {
            if c == nc || crate::cardinfo::is_alternate_art(c, nc) {
                continue;
            }
            let info = infos.get(&c).and_then(|i| i.as_ref());
            if let Some(&limit) = folded.get(&c) {
                if limit < 3 && per_code[&c] > limit as usize {
                    push(
                        "DECK-5",
                        first_seen[&c],
                        Some((c, info)),
                        format!("{} is {} ({limit}) on \"{}\"; the deck has {}", label(c, info), status(limit), list.name, per_code[&c]),
                    );
                }
            }
        }
        // $whitelist: every card must be listed (under its own passcode or its name's).
        if list.whitelist {
            for &c in codes {
                if !folded.contains_key(&c) && !folded.contains_key(&nc) {
                    let info = infos.get(&c).and_then(|i| i.as_ref());
                    push("DECK-5", first_seen[&c], Some((c, info)), format!("{} is not on the whitelist \"{}\"", label(c, info), list.name));
                }
            }
        }
    }

    out.sort_by_key(|(rule, pos, _)| (*rule, *pos));
    let violations: Vec<Violation> = out.into_iter().map(|(_, _, v)| v).collect();
    let unimplemented = crate::source::unimplemented(deck.cards().map(|(_, c)| c), lookup);
    CheckReport { legal: violations.is_empty(), violations, playable: unimplemented.is_empty(), unimplemented }
}

/// Why a deck check could not run (exit code 2).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The deck could not be read.
    #[error(transparent)]
    Deck(#[from] DeckError),
    /// The banlist could not be read or chosen.
    #[error(transparent)]
    Banlist(#[from] LflistError),
}

/// What `ygo deck check` was asked.
#[derive(Clone, Debug, Default)]
pub struct CheckRequest {
    /// A `.ydk` path or a `ydke://` link.
    pub deck: String,
    /// A banlist file or shipped list name.
    pub banlist: Option<String>,
    /// A list name inside the banlist file.
    pub list: Option<String>,
    /// Pick the list in force on this date.
    pub date: Option<Date>,
    pub region: Option<Region>,
    /// The deck sizes (a format's, else DECK-1..3).
    pub sizes: DeckSizes,
}

/// Loads the deck and banlist of a request and checks the deck: the library side of
/// `ygo deck check` (exit code 0/1 from the report, 2 for a [`CheckError`]).
pub fn check_deck_report(req: &CheckRequest, lookup: &CardLookup) -> Result<(LoadedDeck, CheckReport), CheckError> {
    // A built-in deck's name (when no file of that name exists) reads its shipped text.
    let builtin = ygo_cards::decks::builtin(&req.deck).filter(|_| !std::path::Path::new(&req.deck).exists());
    let deck = match builtin {
        Some(b) => crate::ydk::parse_ydk(b.ydk, b.name)?,
        None => load_deck(&req.deck, lookup)?,
    };
    let banlist = match &req.banlist {
        Some(b) => Some(load_banlist(b, req.list.as_deref(), req.date, req.region)?),
        None => None,
    };
    let report = check_deck(&deck.deck, lookup, &CheckOptions { banlist: banlist.as_ref(), region: req.region, sizes: req.sizes });
    Ok((deck, report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cdb::CardDb;
    use crate::lflist::parse_lflist;
    use rusqlite::Connection;

    // Made-up passcodes (9000000xx) for kinds the shipped pool lacks.
    const FUSION: u32 = 900000010;
    const SYNCHRO: u32 = 900000011;
    const XYZ: u32 = 900000012;
    const LINK: u32 = 900000013;
    const FUSION2: u32 = 900000014;
    const FUSION3: u32 = 900000015;
    const RITUAL: u32 = 900000020;
    const RITUAL_SPELL: u32 = 900000021;
    const TOKEN: u32 = 900000030;
    const SKILL: u32 = 900000031;
    const FIELD: u32 = 900000040;
    const FIELD_ALT: u32 = 900000042;
    const FIELD_RULE_ALIAS: u32 = 900000140;
    const TCG_ONLY: u32 = 900000050;
    const SPELL: u32 = 900000060;
    /// Doron: a shipped OCG-only Normal monster.
    const DORON: u32 = 756652;

    fn lookup() -> CardLookup {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE datas(id INTEGER PRIMARY KEY, ot, alias, setcode, type, atk, def, level, race, attribute, category);
             CREATE TABLE texts(id INTEGER PRIMARY KEY, name, desc);",
        )
        .unwrap();
        let rows: [(u32, u32, u32, u32, &str); 15] = [
            (FUSION, 3, 0, 0x41, "Test Fusion"),
            (SYNCHRO, 3, 0, 0x2021, "Test Synchro"),
            (XYZ, 3, 0, 0x800021, "Test Xyz"),
            (LINK, 3, 0, 0x4000021, "Test Link"),
            (FUSION2, 3, 0, 0x41, "Test Fusion 2"),
            (FUSION3, 3, 0, 0x41, "Test Fusion 3"),
            (RITUAL, 3, 0, 0xa1, "Test Ritual"),
            (RITUAL_SPELL, 3, 0, 0x82, "Test Ritual Spell"),
            (TOKEN, 3, 0, 0x4011, "Test Token"),
            (SKILL, 2, 0, 0x8000000, "Test Skill"),
            (FIELD, 3, 0, 0x80002, "Test Ocean"),
            (FIELD_ALT, 3, FIELD, 0x80002, "Test Ocean"),
            (FIELD_RULE_ALIAS, 3, FIELD, 0x80002, "Test Legendary Ocean"),
            (TCG_ONLY, 2, 0, 0x11, "Test TCG Monster"),
            (SPELL, 3, 0, 0x2, "Test Spell"),
        ];
        for (id, ot, alias, ty, name) in rows {
            conn.execute("INSERT INTO datas VALUES(?1, ?2, ?3, 0, ?4, 1000, 1000, 4, 1, 1, 0)", rusqlite::params![id, ot, alias, ty]).unwrap();
            conn.execute("INSERT INTO texts VALUES(?1, ?2, 'test card')", rusqlite::params![id, name]).unwrap();
        }
        CardLookup::new(Some(CardDb::load(&conn, "test.cdb".into()).unwrap()))
    }

    /// `n` shipped OCG/TCG Normal monsters, three copies each, in order.
    fn filler(n: usize) -> Vec<u32> {
        let pool = ygo_cards::pool();
        let codes: Vec<u32> = pool
            .iter()
            // Normal Main Deck monsters: legal anywhere, whatever else the pool ships.
            .filter(|d| d.data.ot == 3 && d.data.has(ygo_core::card::type_bits::NORMAL) && !d.data.is_extra_deck())
            .map(|d| d.data.id)
            .take(n.div_ceil(3))
            .collect();
        codes.iter().flat_map(|&c| [c, c, c]).take(n).collect()
    }

    fn deck(main: Vec<u32>, extra: Vec<u32>, side: Vec<u32>) -> Deck {
        Deck { main, extra, side }
    }

    fn run(d: &Deck, banlist: Option<&Banlist>, region: Option<Region>) -> CheckReport {
        check_deck(d, &lookup(), &CheckOptions { banlist, region, ..Default::default() })
    }

    fn rules(r: &CheckReport) -> Vec<String> {
        r.violations.iter().map(|v| v.rule.clone()).collect()
    }

    #[test]
    fn deck_1_main_size() {
        // RULE: DECK-1
        assert!(run(&deck(filler(40), vec![], vec![]), None, None).legal);
        assert!(run(&deck(filler(60), vec![], vec![]), None, None).legal);
        for n in [0, 39, 61] {
            let r = run(&deck(filler(n), vec![], vec![]), None, None);
            assert_eq!(rules(&r), ["DECK-1"], "{n} cards");
            assert_eq!(r.violations[0].card, None);
            assert!(r.violations[0].message.contains(&format!("{n} cards")));
        }
    }

    #[test]
    fn deck_2_extra_size_and_kinds() {
        // RULE: DECK-2
        let ok = [FUSION, SYNCHRO, XYZ, LINK, FUSION2].iter().flat_map(|&c| [c, c, c]).collect::<Vec<_>>();
        assert_eq!(ok.len(), 15);
        assert!(run(&deck(filler(40), ok.clone(), vec![]), None, None).legal);
        let mut big = ok.clone();
        big.push(FUSION3);
        let r = run(&deck(filler(40), big, vec![]), None, None);
        assert_eq!(rules(&r), ["DECK-2"]);
        assert!(r.violations[0].message.contains("16 cards"));
        let r = run(&deck(filler(40), vec![SPELL, filler(45)[44]], vec![]), None, None);
        assert_eq!(rules(&r), ["DECK-2", "DECK-2"]);
        assert_eq!(r.violations[0].card, Some(SPELL));
        assert_eq!(r.violations[0].name.as_deref(), Some("Test Spell"));
    }

    #[test]
    fn deck_3_side_size() {
        // RULE: DECK-3
        let side = [FUSION, SYNCHRO, XYZ, LINK, SPELL].iter().flat_map(|&c| [c, c, c]).collect::<Vec<_>>();
        assert!(run(&deck(filler(40), vec![], side.clone()), None, None).legal);
        let mut big = side;
        big.push(RITUAL);
        let r = run(&deck(filler(40), vec![], big), None, None);
        assert_eq!(rules(&r), ["DECK-3"]);
    }

    #[test]
    fn goat_1_deck_sizes() {
        // RULE: GOAT-1 -- Main Deck 40 or more with no maximum; any number of Fusion
        // Monsters in the Fusion Deck; a Side Deck of exactly 0 or 15 cards.
        let goat = |d: &Deck| check_deck(d, &lookup(), &CheckOptions { sizes: DeckSizes::GOAT, ..Default::default() });
        let extra = [FUSION, FUSION2, FUSION3].iter().flat_map(|&c| [c, c, c]).collect::<Vec<_>>();
        let side = [SYNCHRO, XYZ, LINK, SPELL, RITUAL].iter().flat_map(|&c| [c, c, c]).collect::<Vec<_>>();
        assert!(goat(&deck(filler(40), extra.clone(), vec![])).legal);
        let r = goat(&deck(filler(75), extra.clone(), side.clone()));
        assert!(r.legal, "{:?}", r.violations);
        // Today's rules refuse the same 75-card Main Deck (DECK-1).
        assert_eq!(rules(&run(&deck(filler(75), vec![], vec![]), None, None)), ["DECK-1"]);
        let r = goat(&deck(filler(39), vec![], vec![]));
        assert_eq!(rules(&r), ["GOAT-1"]);
        assert!(r.violations[0].message.contains("at least 40"), "{}", r.violations[0].message);
        // 18 Extra Deck monsters: more than DECK-2's 15, any number under GOAT-1.
        let big_extra = [extra.clone(), side[..9].to_vec()].concat();
        let r = goat(&deck(filler(40), big_extra.clone(), vec![]));
        assert!(r.legal, "{r:?}");
        assert_eq!(rules(&run(&deck(filler(40), big_extra, vec![]), None, None)), ["DECK-2"]);
        // The Side Deck: 0 or exactly 15.
        for n in [1, 14, 16] {
            let mut s = side.clone();
            s.resize(n, SPELL);
            let r = goat(&deck(filler(40), vec![], s));
            assert!(rules(&r).iter().any(|x| x == "GOAT-1"), "side {n}: {r:?}");
            assert!(r.violations.iter().any(|v| v.message.contains("exactly 0 or 15")), "side {n}: {r:?}");
        }
        assert!(run(&deck(filler(40), vec![], side[..14].to_vec()), None, None).legal, "DECK-3 allows 14");
    }

    #[test]
    fn deck_4_copies_by_name_across_sections_and_aliases() {
        // RULE: DECK-4
        let mut main = filler(37);
        main.extend([SPELL, SPELL, SPELL]);
        assert!(run(&deck(main.clone(), vec![], vec![]), None, None).legal);
        let r = run(&deck(main.clone(), vec![], vec![SPELL]), None, None);
        assert_eq!(rules(&r), ["DECK-4"]);
        assert_eq!(r.violations[0].card, Some(SPELL));
        assert!(r.violations[0].message.starts_with("4 cards named \"Test Spell\""), "{}", r.violations[0].message);
        // An alternate artwork and a card treated as the same name both count.
        let mut main = filler(37);
        main.extend([FIELD, FIELD, FIELD_ALT]);
        let r = run(&deck(main.clone(), vec![], vec![FIELD_RULE_ALIAS]), None, None);
        assert_eq!(rules(&r), ["DECK-4"]);
        assert_eq!(r.violations[0].card, Some(FIELD));
        assert!(r.violations[0].message.contains("900000140"), "{}", r.violations[0].message);
        assert!(run(&deck(main, vec![], vec![]), None, None).legal);
    }

    #[test]
    fn deck_5_banlist_counts_and_whitelist() {
        // RULE: DECK-5
        let f = filler(40);
        let text = format!("!test list\n{SPELL} 0\n{FIELD} 1\n{RITUAL} 2\n");
        let list = parse_lflist(&text, "t.conf").unwrap().lists.remove(0);
        let mut main = f[..37].to_vec();
        main.extend([RITUAL, RITUAL, FIELD]);
        assert!(run(&deck(main.clone(), vec![], vec![]), Some(&list), None).legal);
        main.push(SPELL);
        main.push(FIELD_ALT);
        main.push(RITUAL);
        let r = run(&deck(main, vec![], vec![]), Some(&list), None);
        assert_eq!(rules(&r), ["DECK-5", "DECK-5", "DECK-5"]);
        let msgs: Vec<&str> = r.violations.iter().map(|v| v.message.as_str()).collect();
        assert!(msgs.iter().any(|m| m.contains("is Forbidden (0)")), "{msgs:?}");
        assert!(
            msgs.iter().any(|m| m.starts_with("\"Test Ocean\" is Limited (1) on \"test list\"; the deck has 2 (counting 900000040, 900000042)")),
            "{msgs:?}"
        );
        assert!(msgs.iter().any(|m| m.contains("Semi-Limited (2)")), "{msgs:?}");
        // Whitelist: everything not listed is illegal, alternate artworks of listed cards pass.
        let mut text = String::from("!white\n$whitelist\n");
        for c in &f {
            text.push_str(&format!("{c} 3\n"));
        }
        text.push_str(&format!("{FIELD} 3\n"));
        let white = parse_lflist(&text, "w.conf").unwrap().lists.remove(0);
        let mut main = f[..38].to_vec();
        main.extend([FIELD_ALT, FIELD]);
        assert!(run(&deck(main.clone(), vec![], vec![]), Some(&white), None).legal);
        let r = run(&deck(main, vec![], vec![SPELL]), Some(&white), None);
        assert_eq!(rules(&r), ["DECK-5"]);
        assert_eq!(r.violations[0].card, Some(SPELL));
        assert!(r.violations[0].message.contains("not on the whitelist \"white\""));
    }

    #[test]
    fn deck_6_tokens_and_non_game_cards() {
        // RULE: DECK-6
        let r = run(&deck(filler(40), vec![TOKEN], vec![SKILL]), None, None);
        assert_eq!(rules(&r), ["DECK-6", "DECK-6"]);
        assert!(r.violations.iter().any(|v| v.card == Some(TOKEN) && v.message.contains("Token")));
        assert!(r.violations.iter().any(|v| v.card == Some(SKILL) && v.message.contains("not a monster, spell or trap")));
        let mut main = filler(40);
        main[0] = TOKEN;
        assert_eq!(rules(&run(&deck(main, vec![], vec![]), None, None)), ["DECK-6"]);
    }

    #[test]
    fn deck_7_region() {
        // RULE: DECK-7
        let mut main = filler(39);
        main.push(DORON);
        assert!(run(&deck(main.clone(), vec![], vec![]), None, Some(Region::Ocg)).legal);
        assert!(run(&deck(main.clone(), vec![], vec![]), None, None).legal);
        let r = run(&deck(main.clone(), vec![], vec![]), None, Some(Region::Tcg));
        assert_eq!(rules(&r), ["DECK-7"]);
        assert_eq!(r.violations[0].card, Some(DORON));
        assert!(r.violations[0].message.contains("OCG-only: not legal in TCG events"));
        let r = run(&deck(filler(40), vec![], vec![TCG_ONLY]), None, Some(Region::Ocg));
        assert_eq!(rules(&r), ["DECK-7"]);
        assert!(run(&deck(filler(40), vec![], vec![TCG_ONLY]), None, Some(Region::Tcg)).legal);
    }

    #[test]
    fn deck_8_ritual_in_main_extra_kinds_in_extra() {
        // RULE: DECK-8
        let mut main = filler(38);
        main.extend([RITUAL, RITUAL_SPELL]);
        assert!(run(&deck(main.clone(), vec![FUSION, LINK], vec![RITUAL, FUSION]), None, None).legal);
        main.push(FUSION2);
        main.push(XYZ);
        let r = run(&deck(main, vec![RITUAL], vec![]), None, None);
        assert_eq!(rules(&r), ["DECK-8", "DECK-8", "DECK-8"]);
        assert!(r.violations.iter().any(|v| v.card == Some(RITUAL) && v.message.contains("Ritual monsters belong in the Main Deck")));
        assert!(r.violations.iter().any(|v| v.card == Some(XYZ) && v.message.contains("belongs in the Extra Deck")));
    }

    #[test]
    fn deck_9_every_violation_at_once_and_json_shape() {
        // RULE: DECK-9
        let mut main = filler(30);
        main.extend([FUSION, TOKEN, 123, SPELL, SPELL, SPELL, SPELL]);
        let extra = vec![SPELL];
        let text = format!("!ban\n{FIELD} 0\n");
        let list = parse_lflist(&text, "b.conf").unwrap().lists.remove(0);
        let r = run(&deck(main, extra, vec![FIELD, DORON]), Some(&list), Some(Region::Tcg));
        assert!(!r.legal);
        assert_eq!(r.exit_code(), 1);
        assert_eq!(rules(&r), [UNKNOWN_CARD, "DECK-1", "DECK-2", "DECK-4", "DECK-5", "DECK-6", "DECK-7", "DECK-8"], "{r:#?}");
        assert!(r.violations[0].message.contains("unknown passcode 123"));
        assert_eq!(r.violations[0].card, Some(123));
        assert_eq!(r.violations[0].name, None);
        let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        let obj = v.as_object().unwrap();
        assert_eq!(obj.keys().collect::<Vec<_>>(), ["legal", "playable", "unimplemented", "violations"]);
        assert_eq!(v["legal"], false);
        let deck_wide = &v["violations"][1];
        assert_eq!(deck_wide["rule"], "DECK-1");
        assert!(deck_wide["card"].is_null() && deck_wide["name"].is_null());
        for x in v["violations"].as_array().unwrap() {
            let mut keys: Vec<_> = x.as_object().unwrap().keys().cloned().collect();
            keys.sort();
            assert_eq!(keys, ["card", "message", "name", "rule"]);
        }
        assert_eq!(v["violations"][3]["card"], SPELL);
        assert_eq!(v["violations"][3]["name"], "Test Spell");
        let legal = run(&deck(filler(40), vec![], vec![]), None, None);
        assert_eq!(legal.to_json(), "{\"legal\":true,\"violations\":[],\"playable\":true,\"unimplemented\":[]}");
        assert_eq!(legal.exit_code(), 0);
    }

    #[test]
    fn unknown_codes_without_a_database_name_the_code() {
        let mut main = filler(39);
        main.push(999_999_999);
        let r = check_deck(&deck(main, vec![], vec![]), &CardLookup::new(None), &CheckOptions::default());
        assert_eq!(rules(&r), [UNKNOWN_CARD]);
        assert!(r.violations[0].message.contains("999999999") && r.violations[0].message.contains("--cards-db"));
    }

    #[test]
    fn legal_and_playable_are_separate() {
        // RULE: DECK-5 (a whitelist), with a card the engine does not implement yet.
        const SERPENT: u32 = 96316857; // Recycle: in the shipped catalog, not implemented
        let mut main = filler(39);
        main.push(SERPENT);
        let l = CardLookup::new(None);
        let r = check_deck(&deck(main.clone(), vec![], vec![]), &l, &CheckOptions::default());
        assert!(r.legal && !r.playable, "{r:?}");
        assert_eq!(r.exit_code(), 3, "legal but not playable has its own exit code");
        assert_eq!(r.unimplemented, [UnimplementedCard { name: Some("Recycle".into()), code: SERPENT }]);
        let text = r.render(&deck(main.clone(), vec![], vec![]));
        assert_eq!(text, "legal (main 40, extra 0, side 0)\nnot playable by this engine: 1 card(s) not implemented yet: Recycle (96316857)\n");
        let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        assert_eq!(v["unimplemented"], serde_json::json!([{"name": "Recycle", "id": SERPENT}]));
        // The GOAT list limits Reflect Bounder to 1 (DECK-5): legality and playability are
        // both reported.
        const BOUNDER: u32 = 2851070; // in the shipped catalog, not implemented
        let goat = crate::lflist::load_banlist("goat", None, None, None).unwrap();
        main[0] = BOUNDER;
        main[1] = BOUNDER;
        let r = check_deck(&deck(main, vec![], vec![]), &l, &CheckOptions { banlist: Some(&goat), region: None, ..Default::default() });
        assert!(!r.legal && !r.playable);
        assert_eq!(r.exit_code(), 1, "illegal outranks not playable");
        assert!(r.violations.iter().any(|v| v.rule == "DECK-5" && v.card == Some(BOUNDER) && v.message.contains("Limited (1)")), "{r:?}");
    }

    #[test]
    fn region_parses() {
        assert_eq!(Region::parse("TCG"), Some(Region::Tcg));
        assert_eq!(Region::parse("ocg"), Some(Region::Ocg));
        assert_eq!(Region::parse("world"), None);
    }
}
