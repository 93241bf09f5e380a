//! The `ygo` command line as a library, so its commands can be tested in-process.

pub mod bench;
pub mod decks;
pub mod duel;
pub mod sim;
