//! `--format NAME` / `--edition E`: which rules and which versions of the cards a command
//! plays. A format sets its edition and its card versions (`goat`: Expert Rule and the 2005
//! texts); an edition alone plays today's cards.

use std::sync::Arc;

use ygo_core::pool::CardPool;
use ygo_core::Edition;
use ygo_data::{CardLookup, Format};

/// The `--format` and `--edition` flags of a command that plays duels.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RulesArgs {
    /// A named format: goat, tcg, ocg (it sets the edition and the versions of the cards;
    /// default: the format of the built-in decks given, when they share one, e.g. goat-control).
    #[arg(long)]
    pub format: Option<String>,
    /// Rule edition: expert, mr1, mr2, mr3, mr4, mr2020 (default mr2020; not with --format).
    #[arg(long)]
    pub edition: Option<String>,
}

/// What a command plays with.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The rule edition (ERA-1).
    pub edition: Edition,
    /// The named format, if one was given.
    pub format: Option<&'static Format>,
    /// The card pool, with the format's versions of the cards.
    pub pool: Arc<CardPool>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { edition: Edition::default(), format: None, pool: ygo_cards::pool() }
    }
}

impl Rules {
    /// The rules of a named format.
    pub fn of_format(f: &'static Format) -> Rules {
        Rules { edition: f.edition, format: Some(f), pool: f.pool() }
    }
    /// Today's cards under an edition.
    pub fn of_edition(edition: Edition) -> Rules {
        Rules { edition, ..Rules::default() }
    }
    /// The rules a saved replay names (its format, else today's cards).
    pub fn of_saved(format: Option<&str>, edition: Edition) -> anyhow::Result<Rules> {
        match format {
            Some(name) => Ok(Rules::of_format(Format::by_name(name)?)),
            None => Ok(Rules::of_edition(edition)),
        }
    }
    /// `format NAME` or `edition E`, for reports.
    pub fn label(&self) -> String {
        match self.format {
            Some(f) => format!("format {}", f.name),
            None => format!("edition {}", self.edition.name()),
        }
    }
    /// The version of the card data this pool plays (recorded in replays).
    pub fn data_version(&self) -> String {
        ygo_cards::data_version_with(self.format.map_or(ygo_cards::Versions::Current, |f| f.versions))
    }
    /// The format's name, for replay files.
    pub fn format_name(&self) -> Option<String> {
        self.format.map(|f| f.name.to_string())
    }
    /// A replay file of a duel played under these rules.
    pub fn record(&self, duel: &ygo_core::Duel, replay: ygo_core::replay::Replay, decks: [String; 2]) -> ygo_core::replay::ReplayFile {
        let mut f = ygo_core::replay::ReplayFile::record(duel, replay, self.data_version(), decks);
        f.play_format = self.format_name();
        f
    }
    /// The rules a replay file was played under.
    pub fn of_file(file: &ygo_core::replay::ReplayFile) -> anyhow::Result<Rules> {
        Rules::of_saved(file.play_format.as_deref(), file.replay.setup.edition)
    }
    /// A card lookup over this pool (and the user's `--cards-db`, if any).
    pub fn lookup(&self, base: &CardLookup) -> CardLookup {
        CardLookup::with_pool(self.pool.clone(), base.db().cloned())
    }
}

impl RulesArgs {
    /// The flags with a default taken from the decks: given neither `--format` nor
    /// `--edition`, decks that are all built-in decks of one format (the Goat lists) play
    /// that format.
    pub fn or_decks_format<S: AsRef<str>>(&self, decks: &[S]) -> RulesArgs {
        if self.format.is_some() || self.edition.is_some() || decks.is_empty() {
            return self.clone();
        }
        let formats: Vec<Option<&str>> = decks.iter().map(|d| ygo_cards::decks::format_of(d.as_ref())).collect();
        match formats[0] {
            Some(f) if formats.iter().all(|g| *g == Some(f)) => RulesArgs { format: Some(f.to_string()), edition: None },
            _ => self.clone(),
        }
    }
    /// Checks the flags: a known format or edition, not both.
    pub fn resolve(&self) -> anyhow::Result<Rules> {
        match (&self.format, &self.edition) {
            (Some(_), Some(_)) => anyhow::bail!("--format and --edition: give one (a format sets its edition)"),
            (Some(f), None) => Ok(Rules::of_format(Format::by_name(f).map_err(|e| anyhow::anyhow!("--format: {e}"))?)),
            (None, Some(e)) => Ok(Rules::of_edition(
                Edition::parse(e)
                    .ok_or_else(|| anyhow::anyhow!("--edition {}: unknown edition (expert, mr1, mr2, mr3, mr4, mr2020)", ygo_data::text::quote(e)))?,
            )),
            (None, None) => Ok(Rules::default()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_goat_decks_default_to_the_goat_format() {
        let none = RulesArgs::default();
        assert_eq!(none.or_decks_format(&["goat-control", "chaos-turbo"]).format.as_deref(), Some("goat"));
        assert_eq!(none.or_decks_format(&["goat-control", "vanilla-yugi"]).format, None);
        assert_eq!(none.or_decks_format(&["vanilla-yugi"]).format, None);
        assert_eq!(none.or_decks_format::<&str>(&[]).format, None);
        let given = RulesArgs { format: None, edition: Some("mr3".into()) };
        assert_eq!(given.or_decks_format(&["goat-control"]).format, None, "an explicit edition wins");
        let tcg = RulesArgs { format: Some("tcg".into()), edition: None };
        assert_eq!(tcg.or_decks_format(&["goat-control"]).format.as_deref(), Some("tcg"));
        assert_eq!(none.or_decks_format(&["goat-control"]).resolve().unwrap().edition, Edition::Expert);
    }
}
