//! `ygo deck ...`: convert decks between `.ydk` and YDKE, and check them (DECK-1..9).

use std::path::PathBuf;

use ygo_data::check::{check_deck_report, CheckRequest, Region};
use ygo_data::lflist::Date;
use ygo_data::ydk::{convert_deck, DeckFormat};

/// A deck's written form on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// A `.ydk` file (printed on stdout).
    Ydk,
    /// A `ydke://` link.
    Ydke,
}

/// An event region on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RegionArg {
    Ocg,
    Tcg,
}

/// Deck commands.
#[derive(Debug, clap::Subcommand)]
pub enum DeckCmd {
    /// Convert a deck (a .ydk path or a ydke:// link) to .ydk or YDKE; result on stdout.
    Convert {
        /// A .ydk file or a ydke:// link.
        #[arg(value_parser = crate::args::Utf8Text)]
        input: String,
        /// Output form.
        #[arg(long, value_enum)]
        to: FormatArg,
    },
    /// Check a deck against DECK-1..9; exit 0 legal, 1 illegal, 2 unreadable input.
    Check {
        /// A .ydk file, a ydke:// link or a built-in deck's name.
        #[arg(value_parser = crate::args::Utf8Text)]
        deck: String,
        /// A lflist.conf file, or a shipped list: tcg, ocg, goat, edison, or its exact !name.
        #[arg(long, value_parser = crate::args::Utf8Text)]
        banlist: Option<String>,
        /// The !name of the list to use inside the banlist file (default: the first).
        #[arg(long, value_parser = crate::args::Utf8Text)]
        list: Option<String>,
        /// Use the list of the banlist file in force on this date (YYYY-MM-DD).
        #[arg(long)]
        date: Option<String>,
        /// Event region: cards must be legal there (cards.cdb `ot`).
        #[arg(long, value_enum)]
        region: Option<RegionArg>,
        /// Check against a named format (goat, tcg, ocg): its banlist (a whitelist for goat),
        /// its deck sizes (goat: GOAT-1, Main 40 or more, any Fusion Deck, Side 0 or 15),
        /// its region, and playability with its versions of the cards. Not with --banlist.
        #[arg(long, value_parser = crate::args::Utf8Text)]
        format: Option<String>,
        /// Print {"legal": bool, "violations": [...]} instead of text.
        #[arg(long)]
        json: bool,
    },
}

use crate::emit;

/// Prints an input error and gives exit code 2.
fn unreadable(e: impl std::fmt::Display) -> i32 {
    eprintln!("error: {e}");
    2
}

/// Runs a deck command; returns the process exit code.
pub fn run(cmd: DeckCmd, cards_db: Option<PathBuf>) -> anyhow::Result<i32> {
    let lookup = match crate::decks::card_lookup(cards_db) {
        Ok(l) => l,
        Err(e) => return Ok(unreadable(e)),
    };
    match cmd {
        DeckCmd::Convert { input, to } => {
            let format = match to {
                FormatArg::Ydk => DeckFormat::Ydk,
                FormatArg::Ydke => DeckFormat::Ydke,
            };
            match convert_deck(&input, format, &lookup) {
                Ok((loaded, text)) => {
                    for w in &loaded.warnings {
                        eprintln!("warning: {w}");
                    }
                    if text.ends_with('\n') {
                        emit(&text)?;
                    } else {
                        emit(&format!("{text}\n"))?;
                    }
                    Ok(0)
                }
                Err(e) => Ok(unreadable(e)),
            }
        }
        DeckCmd::Check { deck, banlist, list, date, region, format, json } => {
            let (banlist, region, lookup, sizes) = match format.as_deref().map(ygo_data::Format::by_name) {
                None => (
                    banlist,
                    region.map(|r| match r {
                        RegionArg::Ocg => Region::Ocg,
                        RegionArg::Tcg => Region::Tcg,
                    }),
                    lookup,
                    ygo_data::check::DeckSizes::STANDARD,
                ),
                Some(Err(e)) => return Ok(unreadable(format!("--format: {e}"))),
                Some(Ok(_)) if banlist.is_some() => return Ok(unreadable("--format and --banlist: give one (a format has its banlist)")),
                Some(Ok(f)) => (Some(f.banlist.to_string()), Some(f.region), crate::rules::Rules::of_format(f).lookup(&lookup), f.sizes),
            };
            let date = match date.as_deref().map(|d| (d, Date::parse(d))) {
                None => None,
                Some((_, Some(d))) => Some(d),
                Some((d, None)) => return Ok(unreadable(format!("--date {d:?}: expected YYYY-MM-DD"))),
            };
            let req = CheckRequest { deck, banlist, list, date, region, sizes };
            match check_deck_report(&req, &lookup) {
                Ok((loaded, report)) => {
                    for w in &loaded.warnings {
                        eprintln!("warning: {w}");
                    }
                    if json {
                        emit(&format!("{}\n", report.to_json()))?;
                    } else {
                        emit(&report.render(&loaded.deck))?;
                    }
                    Ok(report.exit_code())
                }
                Err(e) => Ok(unreadable(e)),
            }
        }
    }
}
