//! Broken inputs give clear messages (file, line, problem) and the right exit code,
//! tested through the library functions behind `ygo deck ...` and `ygo cards ...`.

use std::path::PathBuf;

use ygo_data::cardinfo::CardLookup;
use ygo_data::check::{check_deck_report, CheckError, CheckRequest};
use ygo_data::ydk::{convert_deck, DeckFormat};
use ygo_data::CardDb;

/// A fresh scratch directory for this test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ygo-data-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Exit code `ygo deck check` gives for a request: 0 legal and playable, 1 illegal, 2
/// unreadable, 3 legal but not playable.
fn exit_code(req: &CheckRequest, lookup: &CardLookup) -> (i32, String) {
    match check_deck_report(req, lookup) {
        Ok((_, r)) => (r.exit_code(), r.to_json()),
        Err(e) => (2, e.to_string()),
    }
}

/// A legal 40-card deck of shipped Normal monsters as `.ydk` text.
fn legal_ydk() -> String {
    let codes: Vec<u32> = ygo_cards::pool()
        .iter()
        .filter(|d| d.data.ot == 3 && d.data.has(ygo_core::card::type_bits::NORMAL) && !d.data.is_extra_deck())
        .map(|d| d.data.id)
        .take(14)
        .collect();
    let mut s = String::from("#created by test\n#main\n");
    for c in codes.iter().flat_map(|&c| [c, c, c]).take(40) {
        s.push_str(&format!("{c}\n"));
    }
    s.push_str("#extra\n!side\n");
    s
}

#[test]
fn deck_check_exit_codes() {
    let dir = scratch("exit");
    let lookup = CardLookup::new(None);
    let good = dir.join("good.ydk");
    std::fs::write(&good, legal_ydk()).unwrap();
    let req = |deck: &str| CheckRequest { deck: deck.to_string(), ..Default::default() };
    assert_eq!(exit_code(&req(good.to_str().unwrap()), &lookup).0, 0);

    // Illegal: one card short, and an unknown passcode.
    let short = dir.join("short.ydk");
    let text = legal_ydk().replacen("#main\n", "#main\n999999999\n", 1);
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(3);
    lines.remove(3);
    std::fs::write(&short, lines.join("\n")).unwrap();
    let (code, out) = exit_code(&req(short.to_str().unwrap()), &lookup);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("\"rule\":\"UNKNOWN-CARD\"") && out.contains("999999999") && out.contains("DECK-1"), "{out}");

    // Unreadable: missing file, bad line, bad link, bad banlist.
    let missing = dir.join("missing.ydk");
    let (code, msg) = exit_code(&req(missing.to_str().unwrap()), &lookup);
    assert_eq!((code, msg.clone()), (2, format!("{}: cannot read deck: no such file", missing.display())));

    let bad = dir.join("bad.ydk");
    std::fs::write(&bad, "#main\n46986414\n4698x6414\n").unwrap();
    let (code, msg) = exit_code(&req(bad.to_str().unwrap()), &lookup);
    assert_eq!((code, msg), (2, format!("{}:3: not a passcode: \"4698x6414\"", bad.display())));

    let (code, msg) = exit_code(&req("ydke://AAAA!!"), &lookup);
    assert_eq!(code, 2);
    assert!(msg.starts_with("YDKE link: truncated"), "{msg}");
    let (code, msg) = exit_code(&req("ydke://%%%%!!!"), &lookup);
    assert_eq!(code, 2);
    assert!(msg.contains("Main Deck: invalid base64"), "{msg}");

    let banlist = dir.join("bad.conf");
    std::fs::write(&banlist, "!list\n46986414 9\n").unwrap();
    let r = CheckRequest { deck: good.to_str().unwrap().to_string(), banlist: Some(banlist.to_str().unwrap().to_string()), ..Default::default() };
    let err = check_deck_report(&r, &lookup).unwrap_err();
    assert!(matches!(err, CheckError::Banlist(_)));
    assert_eq!(err.to_string(), format!("{}:2: count 9 of passcode 46986414 is not 0, 1, 2 or 3", banlist.display()));
    let r = CheckRequest { banlist: Some("no-such-list".into()), ..r };
    let (code, msg) = exit_code(&r, &lookup);
    assert_eq!(code, 2);
    assert!(msg.contains("\"no-such-list\": no such file, and not a shipped list"), "{msg}");

    // A shipped banlist by name: Dark Magician three times is fine on the TCG list.
    let r = CheckRequest { deck: good.to_str().unwrap().to_string(), banlist: Some("tcg".into()), ..Default::default() };
    assert_eq!(exit_code(&r, &lookup).0, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn convert_both_ways_and_errors() {
    let dir = scratch("convert");
    let lookup = CardLookup::new(None);
    let p = dir.join("d.ydk");
    std::fs::write(&p, legal_ydk()).unwrap();
    let (loaded, url) = convert_deck(p.to_str().unwrap(), DeckFormat::Ydke, &lookup).unwrap();
    assert!(url.starts_with("ydke://") && url.ends_with('!'));
    let (back, ydk) = convert_deck(&url, DeckFormat::Ydk, &lookup).unwrap();
    assert_eq!(back.deck, loaded.deck);
    assert!(ydk.starts_with("#created by ygo\n#main\n") && ydk.contains("#extra\n!side\n"));
    let e = convert_deck("ydke://AAAAAAA=!!!", DeckFormat::Ydk, &lookup).unwrap_err().to_string();
    assert!(e.contains("5 bytes is not a whole number of 4-byte passcodes"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn corrupt_or_missing_cdb_is_a_clear_error() {
    let dir = scratch("cdb");
    let p = dir.join("cards.cdb");
    std::fs::write(&p, b"this is not an sqlite database, just some text padding it out to look like one....").unwrap();
    let e = CardDb::open(&p).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}: not a readable cards.cdb:", p.display())), "{e}");
    let missing = dir.join("none.cdb");
    let e = CardLookup::open(Some(&missing)).unwrap_err().to_string();
    assert_eq!(e, format!("{}: cannot open card database: no such file", missing.display()));
    // An SQLite file without the tables.
    let empty = dir.join("empty.cdb");
    rusqlite::Connection::open(&empty).unwrap().execute_batch("CREATE TABLE x(a);").unwrap();
    let e = CardDb::open(&empty).unwrap_err().to_string();
    assert!(e.contains("no such table: datas"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn user_cdb_gives_names_and_unknown_codes_are_reported() {
    let dir = scratch("names");
    let p = dir.join("fr.cdb");
    let conn = rusqlite::Connection::open(&p).unwrap();
    conn.execute_batch(
        "CREATE TABLE datas(id INTEGER PRIMARY KEY, ot, alias, setcode, type, atk, def, level, race, attribute, category);
         CREATE TABLE texts(id INTEGER PRIMARY KEY, name, desc);
         INSERT INTO datas VALUES(46986414,3,0,4258,17,2500,2100,7,2,32,0);
         INSERT INTO texts VALUES(46986414,'Magicien Sombre','texte');
         INSERT INTO datas VALUES(46986415,3,46986414,4258,17,2500,2100,7,2,32,0);
         INSERT INTO texts VALUES(46986415,'Magicien Sombre','texte');",
    )
    .unwrap();
    drop(conn);
    let lookup = CardLookup::open(Some(&p)).unwrap();
    let dm = lookup.find("magicien sombre").unwrap();
    assert_eq!(dm.id, 46986414);
    assert!(dm.implemented, "shipped Normal monster");
    assert_eq!(lookup.find("46986414").unwrap().name, "Magicien Sombre");
    // The alternate artwork loads as the official passcode.
    let deck = ygo_data::load_deck("ydke://r/TMAq70zAI=!!!", &lookup).unwrap();
    assert_eq!(deck.deck.main, vec![46986415 - 1, 46986414]);
    assert!(deck.warnings.iter().any(|w| w.contains("passcode 46986415 is read as Magicien Sombre (46986414)")), "{:?}", deck.warnings);
    let e = lookup.find("12345").unwrap_err().to_string();
    assert!(e.contains("unknown passcode 12345") && e.contains("fr.cdb"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
