//! The `ygo` command line as a library, so its commands can be tested in-process.

pub mod args;
pub mod bench;
pub mod cmd_cards;
pub mod cmd_deck;
pub mod cmd_league;
pub mod cmd_match;
pub mod cmd_replay;
pub mod cmd_scenario;
pub mod cmd_tournament;
pub mod coverage;
pub mod decks;
pub mod duel;
pub mod outcome;
pub mod rules;
pub mod sim;
pub mod tui;
pub mod words;

/// Writes `text` to stdout; a closed pipe (e.g. `| head`) is not an error.
pub fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
