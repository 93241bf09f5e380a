//! `ygo cards ...`: list the shipped cards and show one card, with names and texts from
//! a user's `cards.cdb` when `--cards-db` is given.

use std::path::PathBuf;

use ygo_data::cardinfo::{cards_db_path, ot_label, CardInfo, CardLookup, FindError};

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
    /// Show one card by name or passcode; exit 1 when there is no such card.
    Show {
        /// A passcode, an exact name, or a unique part of a name.
        card: String,
        /// Print a JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Writes `text` to stdout; a closed pipe (e.g. `| head`) is not an error.
fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// The text form of one card for `cards show`.
fn describe(c: &CardInfo) -> String {
    let mut out = format!("{}\n", c.summary());
    out.push_str(&format!("passcode: {}\n", c.id));
    if c.alias != 0 {
        let how = if c.is_alternate_art() {
            "alternate artwork of"
        } else {
            "treated as"
        };
        out.push_str(&format!("alias: {how} {}\n", c.alias));
    }
    out.push_str(&format!("kind: {}\n", c.kind()));
    out.push_str(&format!("scope: {}\n", ot_label(c.ot)));
    let status = match (c.in_pool, c.implemented) {
        (true, true) => "shipped, implemented",
        (true, false) => "shipped, not implemented",
        (false, _) => "not shipped (from the card database only)",
    };
    out.push_str(&format!("status: {status}\n"));
    if !c.text.is_empty() {
        out.push_str(&format!("text: {}\n", c.text));
    }
    out
}

/// Runs a cards command; returns the process exit code.
pub fn run(cmd: CardsCmd, cards_db: Option<PathBuf>) -> anyhow::Result<i32> {
    let lookup = match CardLookup::open(cards_db_path(cards_db).as_deref()) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(2);
        }
    };
    match cmd {
        CardsCmd::List {
            implemented,
            all,
            json,
        } => {
            if all && lookup.db().is_none() {
                eprintln!(
                    "error: --all lists a card database: give --cards-db PATH (or YGO_CARDS_DB)"
                );
                return Ok(2);
            }
            let mut cards = if all { lookup.all() } else { lookup.shipped() };
            cards.sort_by(|a, b| {
                a.name
                    .to_lowercase()
                    .cmp(&b.name.to_lowercase())
                    .then(a.id.cmp(&b.id))
            });
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
                    text.push_str(&format!(
                        "{:>9}  {}  [{}]{}\n",
                        c.id,
                        c.name,
                        c.kind(),
                        mark
                    ));
                }
                emit(&text)?;
                eprintln!("{} cards", cards.len());
            }
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
            Err(
                e @ (FindError::UnknownCode(..)
                | FindError::UnknownName(..)
                | FindError::Ambiguous { .. }),
            ) => {
                eprintln!("error: {e}");
                Ok(1)
            }
        },
    }
}
