//! The built-in decks, shipped in the binary as `.ydk` text.

use ygo_core::DeckList;

/// A built-in deck: its name, a one-line description and its `.ydk` text.
pub struct BuiltinDeck {
    pub name: &'static str,
    pub description: &'static str,
    pub ydk: &'static str,
}

/// Every built-in deck, in the order `ygo` lists them.
pub const BUILTIN: &[BuiltinDeck] = &[
    BuiltinDeck {
        name: "vanilla-yugi",
        description: "Normal monsters only: Dark Magician, Gaia, the Magnet Warriors",
        ydk: include_str!("../decks/vanilla-yugi.ydk"),
    },
    BuiltinDeck {
        name: "vanilla-kaiba",
        description: "Normal monsters only: Blue-Eyes, Judge Man, Luster Dragon",
        ydk: include_str!("../decks/vanilla-kaiba.ydk"),
    },
    BuiltinDeck {
        name: "classic-chain",
        description: "Normal monsters with Dark Hole, Raigeki, Mystical Space Typhoon, Royal Decree, Magic Jammer, Seven Tools",
        ydk: include_str!("../decks/classic-chain.ydk"),
    },
];

/// Finds a built-in deck by name.
pub fn builtin(name: &str) -> Option<&'static BuiltinDeck> {
    BUILTIN.iter().find(|d| d.name.eq_ignore_ascii_case(name))
}

/// Reads the main and extra parts of a `.ydk` text (the full reader with line-numbered
/// errors lives in `ygo-data`; built-in decks are known to be well formed).
pub fn parse_builtin(ydk: &str) -> DeckList {
    let mut deck = DeckList::default();
    let mut extra = false;
    for line in ydk.lines() {
        let line = line.trim();
        if line.starts_with('!') {
            break;
        }
        if line.starts_with("#extra") {
            extra = true;
        } else if let Ok(code) = line.parse::<u32>() {
            if extra {
                deck.extra.push(code);
            } else {
                deck.main.push(code);
            }
        }
    }
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_decks_are_playable_with_the_shipped_pool() {
        let pool = crate::pool();
        for d in BUILTIN {
            let list = parse_builtin(d.ydk);
            assert!((40..=60).contains(&list.main.len()), "{}", d.name);
            for code in list.main.iter().chain(&list.extra) {
                let def = pool.get(*code).unwrap_or_else(|| panic!("{}: unknown card {code}", d.name));
                assert!(def.implemented, "{}: {} is not implemented", d.name, def.data.name);
            }
        }
    }
}
