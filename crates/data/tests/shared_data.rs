//! Checks against `../shared/data` (the project's reference data). Each test prints a
//! note and passes when that folder is absent, so the project works without it.

use std::path::{Path, PathBuf};

use ygo_data::cardinfo::CardLookup;
use ygo_data::lflist::{goat_aliases, parse_lflist, read_lflist, Date};
use ygo_data::ydk::{parse_ydk, parse_ydke, read_deck, to_ydk, to_ydke};
use ygo_data::{check_deck, CardDb, CheckOptions, Region};

/// `../shared/data` (`YGO_SHARED_DATA`, else beside the checkout), if present.
fn shared() -> Option<PathBuf> {
    let p = std::env::var_os("YGO_SHARED_DATA").map(PathBuf::from).unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"));
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

/// The passcodes of a pool file or a deck file (first number of each line).
fn codes(path: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines().filter_map(|l| l.trim().split(|c: char| !c.is_ascii_digit()).next().and_then(|d| d.parse().ok())).collect()
}

#[test]
fn shipped_aliases_and_catalog_match_the_card_databases() {
    // The map tools/gen_goat_aliases.py writes, checked against its sources.
    let Some(dir) = shared() else { return };
    let Some(db) = cards_db() else { return };
    let Ok(goat) = CardDb::open(&dir.join("goat-entries.cdb")) else {
        eprintln!("note: goat-entries.cdb absent; skipping");
        return;
    };
    let map = ygo_data::known::aliases();
    let catalog = ygo_data::known::catalog();
    let pool = ygo_cards::pool();
    // Every "(GOAT)" entry stands for its alias.
    for c in goat.iter() {
        assert_eq!(map.get(&c.raw.id), Some(&c.raw.alias), "{} {}", c.raw.id, c.raw.name);
    }
    // Every card of the GOAT pool, every shipped card and every card of a shared deck is
    // known, and every alternate artwork or reprint of it in cards.cdb is in the map.
    let mut wanted: std::collections::BTreeSet<u32> = codes(&dir.join("pools/goat.txt")).into_iter().collect();
    wanted.extend(pool.iter().map(|d| d.data.id));
    for f in files(&dir.join("decks"), ".ydk") {
        wanted.extend(codes(&f).into_iter().map(|c| map.get(&c).copied().unwrap_or(c)));
    }
    for &code in &wanted {
        assert!(pool.get(code).is_some() || catalog.contains_key(&code), "{code} is neither shipped nor in the catalog");
    }
    for c in db.iter() {
        let (id, alias) = (c.raw.id, c.raw.alias);
        let Some(of) = db.get(alias) else { continue };
        if wanted.contains(&alias) && (of.raw.name == c.raw.name || ygo_data::cardinfo::is_alternate_art(id, alias)) {
            assert_eq!(map.get(&id), Some(&alias), "{id} ({}) stands for {alias}", c.raw.name);
        }
    }
    // Every mapped passcode is a card of cards.cdb; catalog facts are cards.cdb's.
    for (&id, &official) in map {
        assert!(db.get(official).is_some(), "{id} -> {official} not in cards.cdb");
    }
    for (id, c) in catalog {
        let mut theirs = db.get(*id).unwrap_or_else(|| panic!("{id} not in cards.cdb")).raw.clone();
        theirs.text = String::new();
        assert_eq!(&theirs, c, "catalog row {id}");
    }
}

#[test]
fn shared_deck_files_load_as_their_cards_without_a_database() {
    // Alternate artworks (Dragon's Roar names Red-Eyes B. Dragon 74677425) and GOAT decks
    // load without cards.cdb: Dragon's Roar plays, the GOAT decks name what is missing.
    let Some(dir) = shared() else { return };
    let roar = dir.join("decks/Structure_Deck_Dragons_Roar.ydk");
    let d = ygo_data::load_named_deck(roar.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"));
    assert!(d.list.main.contains(&74677422) && !d.list.main.contains(&74677425));
    let mut duel = ygo_core::Duel::from_setup(ygo_cards::pool(), &ygo_core::DuelSetup::new(d.list.clone(), d.list.clone(), 1)).unwrap();
    let mut rng = 0usize;
    while duel.deciding_player().is_some() {
        let acts = duel.legal_actions();
        rng = (rng * 31 + 7) % 1_000_003;
        duel.apply_unchecked(acts[rng % acts.len()]);
    }
    assert!(duel.outcome().is_some());
    let lookup = CardLookup::new(None);
    let goat = ygo_data::load_banlist("goat", None, None, None).unwrap();
    for f in files(&dir.join("decks/goat"), ".ydk") {
        let loaded = ygo_data::load_deck(f.to_str().unwrap(), &lookup).unwrap();
        let r = check_deck(&loaded.deck, &lookup, &CheckOptions { banlist: Some(&goat), region: None, ..Default::default() });
        assert!(r.legal, "{}: {}", f.display(), r.render(&loaded.deck));
        assert!(r.unimplemented.iter().all(|c| c.name.is_some()), "{}: every missing card is named: {:?}", f.display(), r.unimplemented);
    }
}
