//! `ygo cards ...`: list the shipped cards and show one card, with names and texts from
//! a user's `cards.cdb` when `--cards-db` is given.

use std::path::PathBuf;

use ygo_data::cardinfo::{ot_label, CardInfo, FindError, Source};

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
    },
    /// Count the shipped cards: implemented, with effects, using the escape hatch.
    Stats {
        /// Count a named format's cards (goat, tcg, ocg) with its versions: N of M of its
        /// card pool implemented.
        #[arg(long, value_parser = crate::args::Utf8Text)]
        format: Option<String>,
        /// Print a JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Random self-play of every pair of built-in decks: how often each effect card's
    /// effects resolved (chain links) or applied (continuous effects seen face-up at a turn
    /// start). A card that never does is a finding.
    Coverage {
        /// Duels per ordered pair of built-in decks, 1 to 1,000,000.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// Seed of the duels, 0 to 18446744073709551615.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::args::seed)]
        seed: u64,
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
    match cmd {
        CardsCmd::List { implemented, all, json } => {
            if all && lookup.db().is_none() {
                eprintln!("error: --all lists a card database: give --cards-db PATH (or YGO_CARDS_DB)");
                return Ok(2);
            }
            let mut cards = if all { lookup.all() } else { lookup.shipped() };
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
        CardsCmd::Coverage { games, seed, json } => coverage(games, seed, json),
        CardsCmd::Stats { format, json } => {
            let format = match format.as_deref().map(ygo_data::Format::by_name).transpose() {
                Ok(f) => f,
                Err(e) => {
                    eprintln!("error: --format: {e}");
                    return Ok(2);
                }
            };
            let pool = format.map_or_else(ygo_cards::pool, |f| f.pool());
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
            emit(&if json { format!("{v}\n") } else { line })?;
            Ok(0)
        }
        CardsCmd::Show { card, json } => match lookup.find(&card) {
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

/// `ygo cards coverage`: counts effect resolutions over random self-play.
fn coverage(games: u64, seed: u64, json: bool) -> anyhow::Result<i32> {
    use std::collections::BTreeMap;
    use ygo_cards::decks::{parse_builtin, BUILTIN};
    use ygo_core::{Duel, DuelSetup, Event, Zone};
    let pool = ygo_cards::pool();
    let mut resolved: BTreeMap<u32, u64> = BTreeMap::new();
    let mut applied: BTreeMap<u32, u64> = BTreeMap::new();
    let mut in_decks: BTreeMap<u32, String> = BTreeMap::new();
    for d in BUILTIN {
        for code in parse_builtin(d.ydk).main {
            if let Some(def) = pool.get(code) {
                if !def.behavior.effects.is_empty() {
                    in_decks.insert(code, def.data.name.clone());
                }
            }
        }
    }
    let total = games * (BUILTIN.len() * BUILTIN.len()) as u64;
    let bar = indicatif::ProgressBar::new(total);
    let mut n = 0u64;
    for (i, a) in BUILTIN.iter().enumerate() {
        for (j, b) in BUILTIN.iter().enumerate() {
            for g in 0..games {
                n += 1;
                let s = DuelSetup::new(parse_builtin(a.ydk), parse_builtin(b.ydk), seed ^ (n * 0x9e37_79b9));
                let mut duel = Duel::from_setup(pool.clone(), &s).map_err(|e| anyhow::anyhow!("{} vs {}: {e:?}", a.name, b.name))?;
                let mut rng = ygo_ai::RandomPlayer::new(seed.wrapping_add(n) ^ ((i * 31 + j) as u64) ^ g);
                let mut seen = 0usize;
                while let Some(p) = duel.deciding_player() {
                    let acts = duel.legal_actions();
                    duel.apply_unchecked(rng.pick(&acts));
                    let _ = p;
                    for e in &duel.events()[seen..] {
                        match e {
                            Event::LinkResolved { card, .. } => *resolved.entry(duel.card(*card).code).or_default() += 1,
                            Event::TurnStarted { .. } => {
                                for c in duel.card_ids() {
                                    let st = duel.card(c);
                                    let def = pool.def(st.def);
                                    let continuous = def.behavior.effects.iter().any(|e| !e.modifiers.is_empty());
                                    if continuous && st.zone().on_field() && st.face_up() && (st.zone() == Zone::Monster || st.active) {
                                        *applied.entry(st.code).or_default() += 1;
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                    seen = duel.events().len();
                }
                bar.inc(1);
            }
        }
    }
    bar.finish_and_clear();
    let never: Vec<(&u32, &String)> = in_decks.iter().filter(|(c, _)| !resolved.contains_key(c) && !applied.contains_key(c)).collect();
    if json {
        let rows: Vec<serde_json::Value> = in_decks
            .iter()
            .map(|(c, name)| serde_json::json!({"id": c, "name": name, "resolved": resolved.get(c).copied().unwrap_or(0), "applied": applied.get(c).copied().unwrap_or(0)}))
            .collect();
        emit(&format!("{}\n", serde_json::json!({"duels": total, "cards": rows, "never": never.len()})))?;
    } else {
        let mut text = String::new();
        for (c, name) in &in_decks {
            text.push_str(&format!(
                "{:>9}  {:<45} resolved {:>6}  applied {:>6}\n",
                c,
                name,
                resolved.get(c).copied().unwrap_or(0),
                applied.get(c).copied().unwrap_or(0)
            ));
        }
        text.push_str(&format!("{total} duels; {} of {} effect cards in the built-in decks never resolved or applied\n", never.len(), in_decks.len()));
        for (c, name) in &never {
            text.push_str(&format!("  never: {name} ({c})\n"));
        }
        emit(&text)?;
    }
    Ok(0)
}
