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
    /// A named format: goat, edison, tcg, ocg. It sets the edition and the versions of the
    /// cards, and every deck must be legal in it (its list and deck rules; else exit code 2).
    /// Default: goat when every deck given is a Goat deck (a built-in Goat deck, a .ydk whose
    /// header comment says "goat", or a .ydk or ydke:// link naming "(GOAT)" 5047xxxxx or
    /// pre-errata 511xxxxxx passcodes), edison when every deck's header says "edison"; such a
    /// deck file makes the first output line say which rules play and why. An explicit
    /// --format or --edition always wins.
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
    /// The rules in words, for the line that announces them.
    pub fn words(&self) -> String {
        match self.format {
            Some(f) => format!("format {} ({})", f.name, f.description),
            None => {
                let e = match self.edition {
                    Edition::Expert => "the Expert Rule".to_string(),
                    Edition::Mr2020 => "Master Rule 2020".to_string(),
                    other => format!("Master Rule {}", other.name().trim_start_matches("mr")),
                };
                format!("edition {} ({e}, today's card texts, no list)", self.edition.name())
            }
        }
    }
    /// Refuses a deck the format does not allow (GOAT-1 or DECK-1..3, its list, its region):
    /// the error names the deck argument and every broken rule. Without a format, any deck.
    pub fn check_deck(&self, arg: &str, deck: &ygo_data::NamedDeck) -> anyhow::Result<()> {
        let Some(f) = self.format else { return Ok(()) };
        let d = ygo_data::Deck { main: deck.list.main.clone(), extra: deck.list.extra.clone(), side: deck.side.clone() };
        f.refuse_illegal(arg, &d).map_err(anyhow::Error::msg)
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

/// Prints the line of [`RulesArgs::resolve_for`], if any: on stdout, or on stderr when
/// stdout carries one JSON object (or a full-screen table).
pub fn announce(line: Option<&str>, to_stderr: bool) {
    match line {
        Some(l) if to_stderr => eprintln!("{l}"),
        Some(l) => println!("{l}"),
        None => {}
    }
}

impl RulesArgs {
    /// The flags with a default taken from the decks: given neither `--format` nor
    /// `--edition`, decks that are all built-in decks of one format (the Goat lists) play
    /// that format.
    pub fn or_decks_format<S: AsRef<str>>(&self, decks: &[S]) -> RulesArgs {
        self.choose(decks).0
    }

    /// The flags with the decks' default (as [`RulesArgs::or_decks_format`]), and, when a
    /// deck file or link plainly belongs to a classic format ([`ygo_data::format::format_mark`]:
    /// Goat or Edison), why the rules are what they are.
    fn choose<S: AsRef<str>>(&self, decks: &[S]) -> (RulesArgs, Option<String>) {
        let marks: Vec<Option<(&str, String)>> = decks.iter().map(|d| ygo_data::format::format_mark(d.as_ref())).collect();
        let first = marks.iter().flatten().map(|(f, _)| *f).next();
        let all_one = !decks.is_empty() && marks.iter().all(|m| m.as_ref().is_some_and(|(f, _)| Some(*f) == first));
        // Built-in decks are named by the reports that follow; files and links are told here.
        let files: Vec<String> = decks
            .iter()
            .zip(&marks)
            .filter(|(d, _)| ygo_cards::decks::builtin(d.as_ref()).is_none() || std::path::Path::new(d.as_ref()).exists())
            .filter_map(|(d, m)| m.as_ref().map(|(_, m)| format!("{} {m}", d.as_ref())))
            .collect();
        let said = (!files.is_empty()).then(|| files.join("; "));
        if self.format.is_some() || self.edition.is_some() {
            return (self.clone(), said.map(|s| format!("as --format/--edition say ({s})")));
        }
        if let (true, Some(f)) = (all_one, first) {
            return (RulesArgs { format: Some(f.to_string()), edition: None }, said.map(|s| format!("{s}; --format or --edition plays other rules")));
        }
        let title = |f: &str| if f == "edison" { "an Edison deck" } else { "a Goat deck" };
        let f = first.unwrap_or("goat");
        let others: Vec<&str> = decks.iter().zip(&marks).filter(|(_, m)| !m.as_ref().is_some_and(|(g, _)| *g == f)).map(|(d, _)| d.as_ref()).collect();
        (self.clone(), said.map(|s| format!("{s}, but {} is not {}; --format {f} plays that format", others.join(", "), title(f))))
    }

    /// Resolves the flags for these decks ([`RulesArgs::or_decks_format`]) and, when a Goat
    /// deck file is among them, the line that says which rules play and why (printed first).
    pub fn resolve_for<S: AsRef<str>>(&self, decks: &[S]) -> anyhow::Result<(Rules, Option<String>)> {
        let (args, why) = self.choose(decks);
        let rules = args.resolve()?;
        let line = why.map(|w| format!("rules: {}: {w}", rules.words()));
        Ok((rules, line))
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

    #[test]
    fn a_goat_deck_file_plays_goat_and_says_so() {
        let dir = std::env::temp_dir().join(format!("ygo-rules-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("goat.ydk");
        std::fs::write(&path, "#main\n26202165\n504700000\n#extra\n!side\n").unwrap();
        let goat = path.to_string_lossy().into_owned();
        let none = RulesArgs::default();
        let (rules, line) = none.resolve_for(&[&goat, &goat]).unwrap();
        assert_eq!(rules.format.map(|f| f.name), Some("goat"));
        let line = line.unwrap();
        assert!(line.starts_with("rules: format goat (Goat format: the April 2005"), "{line}");
        assert!(line.contains("goat.ydk names Goat-only or pre-errata passcodes (504700000)"), "{line}");
        // With a deck that is not a Goat deck: today's rules, and the line says why.
        let (rules, line) = none.resolve_for(&[goat.as_str(), "vanilla-yugi"]).unwrap();
        assert_eq!(rules.format, None);
        let line = line.unwrap();
        assert!(line.starts_with("rules: edition mr2020 (Master Rule 2020, today's card texts, no list)"), "{line}");
        assert!(line.contains("but vanilla-yugi is not a Goat deck; --format goat"), "{line}");
        // An explicit flag wins.
        let tcg = RulesArgs { format: Some("tcg".into()), edition: None };
        let (rules, line) = tcg.resolve_for(&[&goat, &goat]).unwrap();
        assert_eq!(rules.format.map(|f| f.name), Some("tcg"));
        assert!(line.unwrap().contains("as --format/--edition say"));
        // Built-in decks: no line (the reports name the format).
        assert!(none.resolve_for(&["goat-control", "zombie"]).unwrap().1.is_none());
    }
}
