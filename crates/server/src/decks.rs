//! A deck as a browser sends it (a built-in name, a `.ydk` file's text, a `ydke://` URL)
//! made into the registered deck of a seat. Only built-in names and `ydke://` links reach
//! `ygo_data::read_named_deck`: a path on the server's disk is never read.

use ygo_data::{read_named_deck, NamedDeck};
use ygo_match::RegisteredDeck;

use crate::protocol::DeckSource;

/// Longest `.ydk` text accepted, in bytes.
pub const YDK_MAX: usize = 32 * 1024;

/// Reads a deck. Whether its cards are implemented and its sizes legal depends on the
/// room's format: `formats::check_deck` says.
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
    Ok(RegisteredDeck { name: named.name, main: named.list.main, extra: named.list.extra, side: named.side })
}

pub fn builtin_names() -> Vec<String> {
    ygo_cards::decks::all().map(|d| d.name.to_string()).collect()
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
    }
}
