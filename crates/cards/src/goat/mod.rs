//! The cards of the Goat format (`../shared/spec/pools/goat-1.txt`): the 2005 card pool
//! the community plays with the rules and texts of that time.
//!
//! - [`behavior`]: cards whose 2005 behaviour is also their current one (both pools).
//! - [`versions::behavior`]: the 2005 behaviour of cards whose text changed later (the
//!   Goat pool only; their current behaviour lives with the other cards or is not
//!   implemented).

mod monsters_a;
mod monsters_b;
mod monsters_c;
mod spells_a;
mod spells_b;
mod traps;
pub mod versions;

use ygo_core::effect::Behavior;

/// The 2005 behaviour of a card whose text changed later, by passcode (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    versions::behavior(id)
        .or_else(|| spells_a::behavior_2005(id))
        .or_else(|| spells_b::behavior_2005(id))
        .or_else(|| traps::behavior_2005(id))
        .or_else(|| monsters_a::behavior_2005(id))
        .or_else(|| monsters_b::behavior_2005(id))
        .or_else(|| monsters_c::behavior_2005(id))
}

/// The behaviour of a Goat card that plays the same in 2005 and now, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    spells_a::behavior(id)
        .or_else(|| spells_b::behavior(id))
        .or_else(|| traps::behavior(id))
        .or_else(|| monsters_a::behavior(id))
        .or_else(|| monsters_b::behavior(id))
        .or_else(|| monsters_c::behavior(id))
}
