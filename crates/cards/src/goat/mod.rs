//! The cards of the Goat format (`../shared/spec/pools/goat-1.txt`): the 2005 card pool
//! the community plays with the rules and texts of that time.
//!
//! - [`behavior`]: cards whose 2005 behaviour is also their current one (both pools).
//! - [`versions::behavior`]: the 2005 behaviour of cards whose text changed later (the
//!   Goat pool only; their current behaviour lives with the other cards or is not
//!   implemented).

pub mod versions;

use ygo_core::effect::Behavior;

/// The behaviour of a Goat card that plays the same in 2005 and now, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    let _ = id;
    None
}
