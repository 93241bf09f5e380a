//! `ygo cards ...`: list the shipped cards and show one card, with names and texts from
//! a user's `cards.cdb` when `--cards-db` is given.

use std::path::PathBuf;

use ygo_data::cardinfo::{ot_label, CardInfo, FindError, Source};
use ygo_data::CardLookup;

/// Card commands.
#[derive(Debug, clap::Subcommand)]
pub enum CardsCmd {
    /// List the cards ygo ships (with --all and --cards-db: every card of the database).
    List {
        /// Only cards whose every effect the engine plays.
        #[arg(long)]
        implemented: bool,
        /// Every card of the --cards-db database, not only the shipped ones.
        #[arg(long)]
        all: bool,
        /// Print a JSON array of objects (id, name, kind, implemented, ...).
        #[arg(long)]
        json: bool,
        /// Only the cards of a named format's pool (goat, edison, tcg, ocg), with that format's
        /// versions of them (goat: the 2005 texts).
        #[arg(long, value_parser = crate::args::Utf8Text)]
        format: Option<String>,
    },
    /// Count the shipped cards: implemented, with effects, using the escape hatch (with
    /// --json also the vocabulary: variants per main enum, and those one card uses).
    Stats {
        /// Count a named format's cards (goat, edison, tcg, ocg) with its versions: N of M of its
        /// card pool implemented.
        #[arg(long, value_parser = crate::args::Utf8Text)]
        format: Option<String>,
        /// Print a JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Random self-play of every pair of built-in decks (with --format: the format's own
    /// decks): how often each declared effect resolved (chain links) or applied (continuous
    /// effects seen face-up at a turn start). An effect that never does is listed with its text.
    Coverage {
        /// The format or edition (--format goat: the Goat decks, their 2005 cards).
        #[command(flatten)]
        rules: crate::rules::RulesArgs,
        /// Duels per ordered pair of built-in decks, 1 to 1,000,000.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// Seed of the duels, 0 to 18446744073709551615.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::args::seed)]
        seed: u64,
        /// Play these decks instead of the built-in ones (a built-in name, a .ydk file or a
        /// ydke:// link; give it once per deck, every ordered pair plays). Each must be legal
        /// in the --format; a deck file whose header names a format sets it, as for `sim`.
        #[arg(long = "deck", value_parser = crate::args::Utf8Text)]
        decks: Vec<String>,
        /// Print a JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Show one card by name or passcode; exit 1 when there is no such card.
    Show {
        /// A passcode, an exact name, or a unique part of a name.
        #[arg(value_parser = crate::args::Utf8Text)]
        card: String,
        /// Print a JSON object.
        #[arg(long)]
        json: bool,
        /// The version of the card a named format plays (goat: its 2005 text).
        #[arg(long, value_parser = crate::args::Utf8Text)]
        format: Option<String>,
    },
}

use crate::emit;

/// The text form of one card for `cards show`.
fn describe(c: &CardInfo) -> String {
    let mut out = format!("{}\n", c.summary());
    out.push_str(&format!("passcode: {}\n", c.id));
    if c.alias != 0 {
        let how = if c.is_alternate_art() { "alternate artwork of" } else { "treated as" };
        out.push_str(&format!("alias: {how} {}\n", c.alias));
    }
    out.push_str(&format!("kind: {}\n", c.kind()));
    out.push_str(&format!("scope: {}\n", ot_label(c.ot)));
    let status = match (c.in_pool, c.implemented, c.source) {
        (true, true, _) => "shipped, implemented",
        (true, false, _) => "shipped, not implemented",
        (false, _, Source::Catalog) => "known to ygo (card facts only), not implemented",
        (false, _, _) => "not shipped (from the card database only)",
    };
    out.push_str(&format!("status: {status}\n"));
    if !c.text.is_empty() {
        out.push_str(&format!("text: {}\n", c.text));
    }
    out
}

/// Runs a cards command; returns the process exit code.
pub fn run(cmd: CardsCmd, cards_db: Option<PathBuf>) -> anyhow::Result<i32> {
    let lookup = match crate::decks::card_lookup(cards_db) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(2);
        }
    };
    // `--format`: the format's versions of the cards (and, for `list`, only its pool; for
    // `stats`, how much of its pool is implemented).
    let format_arg = match &cmd {
        CardsCmd::List { format, .. } | CardsCmd::Show { format, .. } | CardsCmd::Stats { format, .. } => format.clone(),
        CardsCmd::Coverage { .. } => None,
    };
    let format = match format_arg.as_deref().map(ygo_data::Format::by_name).transpose() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: --format: {e}");
            return Ok(2);
        }
    };
    let lookup = match format {
        Some(f) => lookup.with_pool_of(f.pool()),
        None => lookup,
    };
    match cmd {
        CardsCmd::List { implemented, all, json, .. } => {
            if all && lookup.db().is_none() {
                eprintln!("error: --all lists a card database: give --cards-db PATH (or YGO_CARDS_DB)");
                return Ok(2);
            }
            let mut cards = if all { lookup.all() } else { lookup.shipped() };
            if let Some(allowed) = format.and_then(|f| f.whitelist()) {
                let allowed: std::collections::BTreeSet<u32> = allowed.into_iter().collect();
                cards.retain(|c| allowed.contains(&c.id));
            }
            cards.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.id.cmp(&b.id)));
            cards.retain(|c| !implemented || c.implemented);
            if json {
                let v: Vec<serde_json::Value> = cards.iter().map(|c| c.to_json(false)).collect();
                emit(&format!("{}\n", serde_json::to_string(&v)?))?;
            } else {
                let mut text = String::new();
                for c in &cards {
                    let mark = if c.implemented {
                        ""
                    } else if c.in_pool {
                        "  (not implemented)"
                    } else {
                        "  (not shipped)"
                    };
                    text.push_str(&format!("{:>9}  {}  [{}]{}\n", c.id, c.name, c.kind(), mark));
                }
                emit(&text)?;
                eprintln!("{} cards", cards.len());
            }
            Ok(0)
        }
        CardsCmd::Coverage { games, seed, rules, decks, json } => coverage(games, seed, &rules, &decks, &lookup, json),
        CardsCmd::Stats { json, .. } => {
            let pool = lookup.pool().clone();
            let defs: Vec<_> = pool.iter().collect();
            let implemented = defs.iter().filter(|d| d.implemented).count();
            let with_effects = defs.iter().filter(|d| !d.behavior.effects.is_empty()).count();
            let custom: Vec<&str> = defs.iter().filter(|d| d.behavior.uses_custom()).map(|d| d.data.name.as_str()).collect();
            let mut v = serde_json::json!({
                "shipped": defs.len(), "implemented": implemented, "with_effects": with_effects,
                "custom": custom.len(), "custom_cards": custom,
            });
            let mut line = format!(
                "{} cards shipped, {implemented} implemented, {with_effects} with declared effects, {} using custom code{}\n",
                defs.len(),
                custom.len(),
                if custom.is_empty() { String::new() } else { format!(": {}", custom.join(", ")) }
            );
            // A format's card pool: how much of it plays.
            if let Some(f) = format {
                let cards: Vec<u32> = match f.whitelist() {
                    Some(w) => w,
                    None => defs.iter().map(|d| d.data.id).collect(),
                };
                let done: Vec<u32> = cards.iter().copied().filter(|&c| pool.get(c).is_some_and(|d| d.implemented)).collect();
                line.push_str(&format!("format {}: {} of {} cards of its pool implemented\n", f.name, done.len(), cards.len()));
                v["format"] = f.name.into();
                v["format_pool"] = cards.len().into();
                v["format_implemented"] = done.len().into();
            }
            let (vocabulary, single_use) = census();
            v["vocabulary"] = vocabulary;
            v["single_use"] = single_use;
            emit(&if json { format!("{v}\n") } else { line })?;
            Ok(0)
        }
        CardsCmd::Show { card, json, .. } => match lookup.find(&card) {
            Ok(c) => {
                if json {
                    emit(&format!("{}\n", serde_json::to_string(&c.to_json(true))?))?;
                } else {
                    emit(&describe(&c))?;
                }
                Ok(0)
            }
            Err(e @ (FindError::UnknownCode(..) | FindError::UnknownName(..) | FindError::Ambiguous { .. })) => {
                eprintln!("error: {e}");
                Ok(1)
            }
        },
    }
}

/// The vocabulary census (issue 27) over every shipped declaration, today's and the 2005
/// versions (a card's versions count as one card): the variants each main enum holds
/// (`total` and per enum), and by name the variants exactly one card uses.
fn census() -> (serde_json::Value, serde_json::Value) {
    use ygo_core::effect::census::{vocabulary, Usage};
    let current = ygo_cards::pool();
    let goat = ygo_cards::pool_with(ygo_cards::Versions::Goat2005);
    let mut usage = Usage::default();
    for d in current.iter() {
        let mut versions = vec![&d.behavior];
        if let Some(old) = goat.get(d.data.id).filter(|o| o.behavior != d.behavior) {
            versions.push(&old.behavior);
        }
        usage.record(&versions);
    }
    let vocab = vocabulary();
    let mut counts = serde_json::Map::new();
    let mut single = serde_json::Map::new();
    let (mut total, mut singles) = (0, 0);
    for (name, variants) in &vocab {
        counts.insert((*name).into(), variants.len().into());
        total += variants.len();
        let once = usage.single_use(name);
        singles += once.len();
        single.insert((*name).into(), once.into());
    }
    counts.insert("total".into(), total.into());
    single.insert("total".into(), singles.into());
    (counts.into(), single.into())
}

/// `ygo cards coverage`: counts effect resolutions over random self-play.
fn coverage(games: u64, seed: u64, rules: &crate::rules::RulesArgs, deck_args: &[String], lookup: &CardLookup, json: bool) -> anyhow::Result<i32> {
    let (rules, line) = rules.resolve_for(deck_args)?;
    if let (Some(line), false) = (line, json) {
        eprintln!("{line}");
    }
    let decks = if deck_args.is_empty() {
        crate::coverage::deck_set(&rules)
    } else {
        let lookup = rules.lookup(lookup);
        let mut decks = Vec::with_capacity(deck_args.len());
        for arg in deck_args {
            let d = crate::decks::load_deck_with(arg, &lookup)?;
            rules.check_deck(arg, &d)?;
            decks.push(d);
        }
        decks
    };
    if decks.is_empty() {
        anyhow::bail!("no decks to play: the format has no built-in decks (give them with --deck)");
    }
    let bar = indicatif::ProgressBar::new(games * (decks.len() * decks.len()) as u64);
    let c = crate::coverage::run(&decks, &rules, games, seed, |n, _| bar.set_position(n))?;
    bar.finish_and_clear();
    if json {
        emit(&format!("{}\n", serde_json::to_string(&c)?))?;
    } else {
        emit(&crate::coverage::report_text(&c, &rules.label()))?;
    }
    Ok(0)
}
