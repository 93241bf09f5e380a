//! Checks against `../shared/data` (the project's reference data). Each test prints a
//! note and passes when that folder is absent, so the project works without it.

use std::path::{Path, PathBuf};

use ygo_data::cardinfo::CardLookup;
use ygo_data::lflist::{goat_aliases, parse_lflist, read_lflist, Date};
use ygo_data::ydk::{parse_ydk, parse_ydke, read_deck, to_ydk, to_ydke};
use ygo_data::{check_deck, CardDb, CheckOptions, Region};

/// `../shared/data` relative to this crate, if present.
fn shared() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("note: {} is absent; skipping", p.display());
        None
    }
}

/// The shared `cards.cdb`, if present.
fn cards_db() -> Option<CardDb> {
    let p = shared()?.join("cards.cdb");
    if !p.is_file() {
        eprintln!("note: {} is absent; skipping", p.display());
        return None;
    }
    Some(CardDb::open(&p).expect("shared cards.cdb opens"))
}

/// Every file under `dir` with the given suffix, sorted.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("readable dir") {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(suffix) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn shipped_stats_match_cards_cdb() {
    // RULE: CARD-1, CARD-2, CARD-3 (every shipped card's data, decoded, equals cards.cdb's)
    let Some(db) = cards_db() else { return };
    let rows = ygo_cards::parse_tsv(ygo_cards::CARDS_TSV).expect("cards.tsv parses");
    assert!(!rows.is_empty());
    let mut diffs = Vec::new();
    for row in &rows {
        let Some(c) = db.get(row.id) else {
            diffs.push(format!("{}: not in cards.cdb", row.id));
            continue;
        };
        let mut theirs = c.raw.clone();
        theirs.text = row.text.clone();
        if &theirs != row {
            diffs.push(format!("{}: shipped {:?}\n   cards.cdb {:?}", row.id, row, theirs));
        }
        let decoded = c.data.clone().map(|mut d| {
            d.text = row.text.clone();
            d
        });
        if decoded.as_ref().ok() != ygo_core::card::CardData::from_raw(row).as_ref().ok() {
            diffs.push(format!("{}: decodes differently", row.id));
        }
    }
    assert!(diffs.is_empty(), "{} differences:\n{}", diffs.len(), diffs.join("\n"));
    eprintln!("{} shipped cards match cards.cdb", rows.len());
}

#[test]
fn every_shared_deck_round_trips_and_is_legal() {
    let Some(dir) = shared() else { return };
    let decks = files(&dir.join("decks"), ".ydk");
    assert!(decks.len() >= 18, "{} decks", decks.len());
    let lookup = cards_db().map(|db| CardLookup::new(Some(db)));
    for path in &decks {
        let name = path.display().to_string();
        let loaded = read_deck(&name).unwrap_or_else(|e| panic!("{e}"));
        assert!(loaded.deck.main.len() >= 40, "{name}");
        let url = to_ydke(&loaded.deck);
        assert_eq!(parse_ydke(&url).unwrap(), loaded.deck, "{name}: YDKE round trip");
        let again = parse_ydk(&to_ydk(&parse_ydke(&url).unwrap()), "x").unwrap();
        assert_eq!(again.deck, loaded.deck, "{name}: .ydk -> YDKE -> .ydk");
        if let Some(l) = &lookup {
            let d = ygo_data::load_deck(&name, l).unwrap();
            let r = check_deck(&d.deck, l, &CheckOptions::default());
            assert!(r.legal, "{name}: {}", r.render(&d.deck));
        }
    }
}

#[test]
fn every_shared_banlist_parses() {
    let Some(dir) = shared() else { return };
    let lists = files(&dir.join("banlists"), ".conf");
    assert!(lists.len() >= 9, "{} banlists", lists.len());
    for p in &lists {
        let f = read_lflist(p).unwrap_or_else(|e| panic!("{e}"));
        for l in &f.lists {
            assert!(!l.entries.is_empty(), "{}: {} is empty", p.display(), l.name);
        }
    }
    let hist = read_lflist(&dir.join("banlists/ygopro_all_ocg_tcg_history.lflist.conf")).unwrap();
    assert_eq!(hist.lists.len(), 102);
    let d = Date::parse("2019-08-01").unwrap();
    assert_eq!(hist.by_date(d, Some(Region::Tcg)).unwrap().name, "2019.7 TCG");
    assert_eq!(hist.by_date(d, Some(Region::Ocg)).unwrap().name, "2019.7");
    assert_eq!(hist.select(Some("2012.9.1"), None, None).unwrap().name, "2012.9.1");
    // The shipped copies are the same lists as the shared files.
    for s in &ygo_data::lflist::SHIPPED {
        let shared = read_lflist(&dir.join("banlists").join(s.file)).unwrap();
        assert_eq!(parse_lflist(s.text, s.file).unwrap().lists, shared.lists, "{}", s.file);
    }
}

#[test]
fn goat_pool_is_allowed_by_the_goat_whitelist() {
    let Some(dir) = shared() else { return };
    let Ok(text) = std::fs::read_to_string(dir.join("pools/goat.txt")) else {
        eprintln!("note: pools/goat.txt absent; skipping");
        return;
    };
    let goat = ygo_data::load_banlist("goat", None, None, None).unwrap();
    let lookup = CardLookup::new(cards_db());
    let mut missing = Vec::new();
    for line in text.lines() {
        let code = line.split('#').next().unwrap_or("").trim();
        let Ok(code) = code.parse::<u32>() else {
            continue;
        };
        let ok = goat.limit(code).is_some() || goat.limit(lookup.official_code(code)).is_some();
        if !ok {
            missing.push(code);
        }
    }
    assert!(missing.is_empty(), "pool cards not on the GOAT list: {missing:?}");
    // Every mapped ID's official passcode is a real card.
    if let Some(db) = cards_db() {
        for (&id, &official) in goat_aliases() {
            assert!(db.get(official).is_some(), "{id} -> {official} not in cards.cdb");
        }
    }
}
