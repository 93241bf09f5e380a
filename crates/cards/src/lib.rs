//! The cards ygo ships: their data (`data/cards.tsv`, facts from `cards.cdb` plus the
//! project's own short texts) and their behaviour (the modules below), merged into one
//! [`CardPool`].

use std::sync::{Arc, OnceLock};

use ygo_core::card::{CardData, RawCard};
use ygo_core::effect::Behavior;
use ygo_core::pool::{CardDef, CardPool};

pub mod bench_classic;
pub mod classic;
pub mod counters_and_tokens;
pub mod decks;
pub mod dragons_roar;
pub mod edison;
pub mod extra_deck;
pub mod goat;
pub mod mechanics;
pub mod rule_examples;
mod version;
pub mod zombie_madness;
pub use version::{data_version, data_version_with};

/// The shipped card data file, embedded in the binary.
pub const CARDS_TSV: &str = include_str!("../data/cards.tsv");

/// Parses `cards.tsv` (tab-separated `cards.cdb` columns, name, our text).
pub fn parse_tsv(text: &str) -> Result<Vec<RawCard>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 12 {
            return Err(format!("cards.tsv line {}: expected 12 fields, found {}", n + 1, f.len()));
        }
        let num = |i: usize| -> Result<i64, String> {
            f[i].parse::<i64>().map_err(|_| format!("cards.tsv line {}: field {} is not a number: {:?}", n + 1, i + 1, f[i]))
        };
        out.push(RawCard {
            id: num(0)? as u32,
            ot: num(1)? as u32,
            alias: num(2)? as u32,
            setcode: num(3)? as u64,
            type_: num(4)? as u32,
            atk: num(5)? as i32,
            def: num(6)? as i32,
            level: num(7)? as u32,
            race: num(8)? as u64,
            attribute: num(9)? as u32,
            name: f[10].to_string(),
            text: f[11].to_string(),
        });
    }
    Ok(out)
}

/// Which version of each card a pool plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Versions {
    /// Today's texts (and rulings).
    #[default]
    Current,
    /// The texts of April 2005, as the Goat format plays them.
    Goat2005,
    /// The texts of March 2010, as the Edison format plays them (a card plays today's
    /// behaviour until its 2010 version is declared: `docs/rulings/edison.md`).
    Edison2010,
}

impl Versions {
    /// A short name (`current`, `goat-2005`, `edison-2010`).
    pub fn name(self) -> &'static str {
        match self {
            Versions::Current => "current",
            Versions::Goat2005 => "goat-2005",
            Versions::Edison2010 => "edison-2010",
        }
    }

    /// Whether duels with these versions play the TCG game rules of 2005 to 2010 (GOAT-3 to
    /// GOAT-7): the Goat format's, which the Edison format kept (`docs/rulings/edison.md`).
    pub fn plays_old_tcg_rules(self) -> bool {
        matches!(self, Versions::Goat2005 | Versions::Edison2010)
    }
}

/// The behaviour of a shipped card in a version, if the card needs any beyond its stats.
fn behavior_of(data: &CardData, v: Versions) -> Option<Behavior> {
    let id = data.id;
    let older = match v {
        Versions::Goat2005 => goat::behavior_2005(id),
        Versions::Edison2010 => VERSIONS_2010.iter().find_map(|(_, behavior)| behavior(id)),
        Versions::Current => None,
    };
    older.or_else(|| current_behavior(id))
}

/// The card modules, in one list: each declares today's behaviour of its cards by passcode
/// (a passcode is declared by one module only: `tests::each_card_is_declared_once`).
const MODULES: &[(&str, fn(u32) -> Option<Behavior>)] = &[
    ("classic", classic::behavior),
    ("dragons_roar", dragons_roar::behavior),
    ("zombie_madness", zombie_madness::behavior),
    ("rule_examples", rule_examples::behavior),
    ("bench_classic", bench_classic::behavior),
    ("extra_deck", extra_deck::behavior),
    ("counters_and_tokens", counters_and_tokens::behavior),
    ("goat::spells_a", goat::spells_a::behavior),
    ("goat::spells_b", goat::spells_b::behavior),
    ("goat::traps", goat::traps::behavior),
    ("goat::monsters_a", goat::monsters_a::behavior),
    ("goat::monsters_b", goat::monsters_b::behavior),
    ("goat::monsters_c", goat::monsters_c::behavior),
    ("goat::unions", goat::unions::behavior),
    ("goat::part2_traps", goat::part2_traps::behavior),
    ("goat::part2_quick", goat::part2_quick::behavior),
    ("goat::part2_named", goat::part2_named::behavior),
    ("goat::part2_spells", goat::part2_spells::behavior),
    ("goat::part2_rest", goat::part2_rest::behavior),
    ("goat::part3_a", goat::part3_a::behavior),
    ("goat::part3_b", goat::part3_b::behavior),
    ("goat::part2_d", goat::part2_d::behavior),
    ("goat::part2_e", goat::part2_e::behavior),
    ("goat::part3_c", goat::part3_c::behavior),
    ("goat::part3_d", goat::part3_d::behavior),
    ("goat::part3_e", goat::part3_e::behavior),
    ("goat::part3_f", goat::part3_f::behavior),
    ("goat::part2_f", goat::part2_f::behavior),
    ("goat::part2_g", goat::part2_g::behavior),
    ("goat::part2_h", goat::part2_h::behavior),
    ("goat::part2_k", goat::part2_k::behavior),
    ("goat::part2_n", goat::part2_n::behavior),
    ("goat::part2_l", goat::part2_l::behavior),
    ("goat::part2_i", goat::part2_i::behavior),
    ("goat::part2_j", goat::part2_j::behavior),
    ("goat::part2_o", goat::part2_o::behavior),
    ("goat::part2_p", goat::part2_p::behavior),
    ("goat::part2_q", goat::part2_q::behavior),
    ("edison::extra", edison::extra::behavior),
    ("edison::part1_a", edison::part1_a::behavior),
    ("edison::part1_b", edison::part1_b::behavior),
    ("edison::part1_c", edison::part1_c::behavior),
    ("edison::part1_d", edison::part1_d::behavior),
    ("edison::part1_e", edison::part1_e::behavior),
    ("edison::part1_f", edison::part1_f::behavior),
    ("edison::part1_h", edison::part1_h::behavior),
    ("edison::part1_i", edison::part1_i::behavior),
    ("edison::part1_k", edison::part1_k::behavior),
    ("edison::part1_g", edison::part1_g::behavior),
    ("edison::part1_l", edison::part1_l::behavior),
    ("edison::part1_j", edison::part1_j::behavior),
    ("edison::part1_m", edison::part1_m::behavior),
    ("edison::part1_n", edison::part1_n::behavior),
    ("edison::part1_o", edison::part1_o::behavior),
    ("edison::part1_q", edison::part1_q::behavior),
    ("edison::part1_r", edison::part1_r::behavior),
];

/// The modules of 2005 versions: the Goat-pool behaviour of cards whose text changed later
/// (a passcode at most once here too).
const VERSIONS_2005: &[(&str, fn(u32) -> Option<Behavior>)] = &[
    ("goat::versions", goat::versions::behavior),
    ("goat::spells_a", goat::spells_a::behavior_2005),
    ("goat::spells_b", goat::spells_b::behavior_2005),
    ("goat::traps", goat::traps::behavior_2005),
    ("goat::monsters_a", goat::monsters_a::behavior_2005),
    ("goat::monsters_b", goat::monsters_b::behavior_2005),
    ("goat::monsters_c", goat::monsters_c::behavior_2005),
    ("goat::unions", goat::unions::behavior_2005),
    ("goat::part2_traps", goat::part2_traps::behavior_2005),
    ("goat::part2_named", goat::part2_named::behavior_2005),
    ("goat::part2_spells", goat::part2_spells::behavior_2005),
    ("goat::part2_rest", goat::part2_rest::behavior_2005),
    ("goat::part3_a", goat::part3_a::behavior_2005),
    ("goat::part3_b", goat::part3_b::behavior_2005),
    ("goat::part2_g", goat::part2_g::behavior_2005),
    ("goat::part2_j", goat::part2_j::behavior_2005),
    ("goat::part2_o", goat::part2_o::behavior_2005),
    ("goat::part2_p", goat::part2_p::behavior_2005),
    ("goat::part2_q", goat::part2_q::behavior_2005),
];

/// The modules of 2010 versions: the Edison-pool behaviour of cards whose text changed later
/// (a passcode at most once here too).
const VERSIONS_2010: &[(&str, fn(u32) -> Option<Behavior>)] = &[
    ("edison::part1_d", edison::part1_d::behavior_2010),
    ("edison::part1_f", edison::part1_f::behavior_2010),
    ("edison::part1_i", edison::part1_i::behavior_2010),
    ("edison::part1_l", edison::part1_l::behavior_2010),
    ("edison::part1_j", edison::part1_j::behavior_2010),
    ("edison::part1_k", edison::part1_k::behavior_2010),
    ("edison::part1_o", edison::part1_o::behavior_2010),
    ("edison::part1_q", edison::part1_q::behavior_2010),
];

/// The card index (`crates/cards/CARDS.md`): every card with a declared behaviour, by name,
/// with the file of today's behaviour and of its 2005 version (a test keeps it current).
pub fn card_index() -> String {
    let file = |module: &str| format!("src/{}.rs", module.replace("::", "/"));
    let mut rows: Vec<(String, u32, String, String)> = Vec::new();
    for raw in parse_tsv(CARDS_TSV).expect("embedded cards.tsv is valid (checked by tests)") {
        let found = |registry: &[(&str, fn(u32) -> Option<Behavior>)]| registry.iter().find(|(_, b)| b(raw.id).is_some()).map(|(m, _)| file(m));
        let (today, old) = (found(MODULES), found(VERSIONS_2005));
        if today.is_some() || old.is_some() {
            rows.push((raw.name.clone(), raw.id, today.unwrap_or_default(), old.unwrap_or_default()));
        }
    }
    rows.sort();
    let mut out = String::from(
        "# Card index\n\nEvery card whose behaviour `ygo-cards` declares, by name: the file of today's behaviour and, for a\ncard whose 2005 text differs, of its Goat version (paths under `crates/cards/`). Generated: after\nadding a card, run `YGO_WRITE_CARD_INDEX=1 cargo test --release -p ygo-cards card_index`.\n\n| Card | Passcode | Today | 2005 version |\n|---|---|---|---|\n",
    );
    for (name, id, today, old) in rows {
        out.push_str(&format!("| {name} | {id} | {today} | {old} |\n"));
    }
    out
}

/// Today's behaviour of a card, by passcode.
pub(crate) fn current_behavior(id: u32) -> Option<Behavior> {
    MODULES.iter().find_map(|(_, behavior)| behavior(id))
}

/// A card's rules text: the shipped text, or (`-`) the texts of its declared effects.
fn card_text(shipped: &str, behavior: &Behavior) -> String {
    if shipped != "-" {
        return shipped.to_string();
    }
    let parts: Vec<&str> = behavior.effects.iter().map(|e| e.text.as_str()).filter(|t| !t.is_empty()).collect();
    if parts.is_empty() {
        "Not implemented yet.".to_string()
    } else {
        parts.join(" ")
    }
}

fn build_pool(v: Versions) -> CardPool {
    let mut pool = CardPool::new();
    let raws = parse_tsv(CARDS_TSV).expect("embedded cards.tsv is valid (checked by tests)");
    for raw in &raws {
        let mut data = CardData::from_raw(raw).expect("embedded cards.tsv decodes (checked by tests)");
        let (behavior, implemented) = match behavior_of(&data, v) {
            Some(b) => (b, true),
            None => (Behavior::default(), data.has(ygo_core::card::type_bits::NORMAL)),
        };
        data.text = card_text(&raw.text, &behavior);
        pool.insert(CardDef { data, behavior, implemented });
    }
    pool.set_goat_rules(v.plays_old_tcg_rules());
    pool
}

/// The shipped card pool with today's versions of the cards (built once; read-only).
pub fn pool() -> Arc<CardPool> {
    pool_with(Versions::Current)
}

/// The shipped card pool playing the given versions of the cards (each built once).
pub fn pool_with(v: Versions) -> Arc<CardPool> {
    static CURRENT: OnceLock<Arc<CardPool>> = OnceLock::new();
    static GOAT: OnceLock<Arc<CardPool>> = OnceLock::new();
    static EDISON: OnceLock<Arc<CardPool>> = OnceLock::new();
    let cell = match v {
        Versions::Current => &CURRENT,
        Versions::Goat2005 => &GOAT,
        Versions::Edison2010 => &EDISON,
    };
    cell.get_or_init(|| Arc::new(build_pool(v))).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_data_parses_and_decodes() {
        let raws = parse_tsv(CARDS_TSV).unwrap();
        assert!(raws.len() > 100);
        for r in &raws {
            CardData::from_raw(r).unwrap();
            assert!(!r.text.is_empty(), "card {} has no text", r.id);
        }
        assert!(pool().find("Dark Magician").is_some());
        assert!(pool().find("46986414").is_some());
    }

    #[test]
    fn card_index_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/CARDS.md");
        let index = card_index();
        if std::env::var_os("YGO_WRITE_CARD_INDEX").is_some() {
            std::fs::write(path, &index).unwrap();
        }
        let shipped = std::fs::read_to_string(path).unwrap_or_default();
        assert!(shipped == index, "crates/cards/CARDS.md is out of date: run `YGO_WRITE_CARD_INDEX=1 cargo test --release -p ygo-cards card_index`");
        assert!(index.contains("| Sangan | 26202165 | src/bench_classic.rs |"));
    }

    #[test]
    fn each_card_is_declared_once() {
        // Per version: today's behaviour in one module, and a 2005 or 2010 version at most once.
        for raw in parse_tsv(CARDS_TSV).unwrap() {
            for registry in [MODULES, VERSIONS_2005, VERSIONS_2010] {
                let declared: Vec<&str> = registry.iter().filter(|(_, b)| b(raw.id).is_some()).map(|(name, _)| *name).collect();
                assert!(declared.len() <= 1, "{} ({}) is declared in {declared:?}", raw.name, raw.id);
            }
        }
    }
}
