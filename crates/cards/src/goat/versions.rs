//! The 2005 versions (Goat format) of cards whose text was changed later: the "(GOAT)"
//! entries of `goat-entries.cdb` and the pre-errata passcodes of the GOAT list, each a
//! declaration of its own (`../shared/spec/pools/goat-1-versions.txt`).

use ygo_core::effect::Behavior;

/// The 2005 behaviour of a card, by its official passcode, if it differs from today's.
pub fn behavior(id: u32) -> Option<Behavior> {
    let _ = id;
    None
}
