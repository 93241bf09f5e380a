//! A deck as a browser sends it (a built-in name, a `.ydk` file's text, a `ydke://` URL)
//! made into the registered deck of a seat. Only built-in names and `ydke://` links reach
//! `ygo_data::read_named_deck`: a path on the server's disk is never read.

use ygo_core::{Duel, DuelSetup};
use ygo_data::{read_named_deck, unimplemented_cards, NamedDeck};
use ygo_match::RegisteredDeck;

use crate::protocol::DeckSource;

/// Longest `.ydk` text accepted, in bytes.
pub const YDK_MAX: usize = 32 * 1024;

/// Reads and checks a deck: every card implemented (the others named), sizes legal.
pub fn resolve(src: &DeckSource) -> Result<RegisteredDeck, String> {
    let named = match src {
        DeckSource::Builtin { name } => {
            if ygo_cards::decks::builtin(name).is_none() {
                return Err(format!("{name:?} is not a built-in deck (built-in decks: {})", builtin_names().join(", ")));
            }
            read_named_deck(name).map_err(|e| e.to_string())?
        }
        DeckSource::Ydke { url } => {
            if !url.trim().starts_with("ydke://") {
                return Err("a YDKE link starts with ydke://".into());
            }
            read_named_deck(url.trim()).map_err(|e| e.to_string())?
        }
        DeckSource::Ydk { text, file } => {
            if text.len() > YDK_MAX {
                return Err(format!("{file}: a .ydk file has at most {YDK_MAX} bytes"));
            }
            let mut loaded = ygo_data::ydk::parse_ydk(text, file).map_err(|e| e.to_string())?;
            loaded.deck.map_alternate_art(&ygo_data::CardLookup::new(None));
            let name: String = file.trim_end_matches(".ydk").chars().take(40).collect();
            NamedDeck {
                name: if name.trim().is_empty() { "deck".into() } else { name },
                list: ygo_core::DeckList { main: loaded.deck.main, extra: loaded.deck.extra },
                side: loaded.deck.side,
            }
        }
    };
    let missing = unimplemented_cards(&named);
    if !missing.is_empty() {
        return Err(format!("{}: {} card(s) not implemented: {}", named.name, missing.len(), missing.join(", ")));
    }
    let setup = DuelSetup::new(named.list.clone(), named.list.clone(), 0);
    if let Err(errors) = Duel::from_setup(ygo_cards::pool(), &setup) {
        let mine: Vec<String> = errors.iter().map(|e| e.to_string()).filter(|e| e.contains("player A")).collect();
        return Err(format!("{}: {}", named.name, mine.join("; ")));
    }
    Ok(RegisteredDeck { name: named.name, main: named.list.main, extra: named.list.extra, side: named.side })
}

pub fn builtin_names() -> Vec<String> {
    ygo_cards::decks::BUILTIN.iter().map(|d| d.name.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_ydk_and_refusals() {
        let d = resolve(&DeckSource::Builtin { name: "vanilla-yugi".into() }).unwrap();
        assert_eq!(d.main.len(), 40);
        assert!(resolve(&DeckSource::Builtin { name: "/etc/passwd".into() }).unwrap_err().contains("not a built-in deck"));
        assert!(resolve(&DeckSource::Ydke { url: "/etc/passwd".into() }).unwrap_err().contains("ydke://"));
        let text: String = std::iter::once("#main".to_string()).chain(d.main.iter().map(|c| c.to_string())).collect::<Vec<_>>().join("\n");
        let up = resolve(&DeckSource::Ydk { text, file: "mine.ydk".into() }).unwrap();
        assert_eq!((up.name.as_str(), up.main.len()), ("mine", 40));
        // A card the engine does not play is named.
        let bad = format!("#main\n{}\n12345678\n", d.main[..40].iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\n"));
        assert!(resolve(&DeckSource::Ydk { text: bad, file: "bad.ydk".into() }).unwrap_err().contains("12345678"));
        let short = "#main\n".to_string() + &d.main[..10].iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\n");
        assert!(resolve(&DeckSource::Ydk { text: short, file: "short.ydk".into() }).unwrap_err().contains("40 to 60"));
    }
}
