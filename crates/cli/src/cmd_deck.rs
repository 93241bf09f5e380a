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
    /// Convert a deck (a .ydk path, a ydke:// link or a built-in deck's name) to .ydk or
    /// YDKE; result on stdout.
    Convert {
        /// A .ydk file, a ydke:// link or a built-in deck's name.
        #[arg(value_parser = crate::args::Utf8Text)]
        input: String,
        /// Output form.
        #[arg(long, value_enum)]
        to: FormatArg,
    },
    /// Print a deck (a built-in deck's name, a .ydk file or a ydke:// link) card by card:
    /// each section with its count, each card with its copies, name and passcode.
    Show {
        /// A built-in deck's name (`ygo deck show` without one lists them), a .ydk file or a
        /// ydke:// link.
        #[arg(value_parser = crate::args::Utf8Text)]
        deck: Option<String>,
    },
    /// Check a deck against DECK-1..9; exit 0 legal and playable, 1 illegal, 2 unreadable
    /// input, 3 legal but not playable by this engine.
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
        /// Check against a named format (goat, edison, tcg, ocg): its banlist (a whitelist for goat and edison),
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
            // A built-in deck by its name (a file of that name wins).
            let converted = if !std::path::Path::new(&input).exists() && ygo_cards::decks::builtin(&input).is_some() {
                ygo_data::source::read_named_deck_with(&input, &lookup).map_err(|e| e.to_string()).map(|d| {
                    let deck = ygo_data::ydk::Deck { main: d.list.main, extra: d.list.extra, side: d.side };
                    (Vec::new(), ygo_data::ydk::write_deck(&deck, format))
                })
            } else {
                convert_deck(&input, format, &lookup).map_err(|e| e.to_string()).map(|(loaded, text)| (loaded.warnings, text))
            };
            match converted {
                Ok((warnings, text)) => {
                    for w in &warnings {
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
        DeckCmd::Show { deck: None } => {
            let mut text = String::from("built-in decks (ygo deck show NAME prints one):\n");
            for d in ygo_cards::decks::all() {
                let format = ygo_cards::decks::format_of(d.name).map_or(String::new(), |f| format!("  ({f})"));
                text.push_str(&format!("  {}{format}\n", d.name));
            }
            emit(&text)?;
            Ok(0)
        }
        DeckCmd::Show { deck: Some(deck) } => match ygo_data::source::read_named_deck_with(&deck, &lookup) {
            Ok(d) => {
                let mut text = format!("{}\n", d.name);
                for (title, cards) in [("Main Deck", &d.list.main), ("Extra Deck", &d.list.extra), ("Side Deck", &d.side)] {
                    if cards.is_empty() && title != "Main Deck" {
                        continue;
                    }
                    text.push_str(&format!("{title} ({}):\n", cards.len()));
                    // Copies counted in the list's own order of first appearance.
                    let mut seen: Vec<(u32, usize)> = Vec::new();
                    for &c in cards.iter() {
                        match seen.iter_mut().find(|(x, _)| *x == c) {
                            Some((_, n)) => *n += 1,
                            None => seen.push((c, 1)),
                        }
                    }
                    for (c, n) in seen {
                        let name = lookup.name(c).unwrap_or_else(|| "(unknown card)".to_string());
                        text.push_str(&format!("  {n} x {name} ({c})\n"));
                    }
                }
                emit(&text)?;
                Ok(0)
            }
            Err(e) => Ok(unreadable(e)),
        },
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
                Some((d, None)) => {
                    // Well formed but not a day of the calendar (month 13, 30 February): say so.
                    let shaped = d.len() == 10 && d.chars().enumerate().all(|(i, c)| if i == 4 || i == 7 { c == '-' } else { c.is_ascii_digit() });
                    let why = if shaped { "no such day (YYYY-MM-DD: month 01-12, a day that month has)" } else { "expected YYYY-MM-DD" };
                    return Ok(unreadable(format!("--date {d:?}: {why}")));
                }
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
