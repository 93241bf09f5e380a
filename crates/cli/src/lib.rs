//! The `ygo` command line as a library, so its commands can be tested in-process.

pub mod bench;
pub mod cmd_cards;
pub mod cmd_deck;
pub mod cmd_replay;
pub mod cmd_match;
pub mod cmd_tournament;
pub mod decks;
pub mod duel;
pub mod sim;
pub mod tui;
pub mod cmd_scenario;
pub mod scenario;
