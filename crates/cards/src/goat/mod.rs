//! The cards of the Goat format (`../shared/spec/pools/goat-1.txt`): the 2005 card pool
//! the community plays with the rules and texts of that time.
//!
//! - each batch module's `behavior`: cards whose 2005 behaviour is also their current one
//!   (both pools; listed in the crate's one registry, `MODULES`).
//! - [`behavior_2005`] (`versions.rs` and each batch's `behavior_2005`): the 2005 behaviour of cards whose text changed later (the
//!   Goat pool only; their current behaviour lives with the other cards or is not
//!   implemented).

pub(crate) mod monsters_a;
pub(crate) mod monsters_b;
pub(crate) mod monsters_c;
pub(crate) mod part2_d;
pub(crate) mod part2_e;
pub(crate) mod part2_f;
pub(crate) mod part2_g;
pub(crate) mod part2_h;
pub(crate) mod part2_i;
pub(crate) mod part2_j;
pub(crate) mod part2_k;
pub(crate) mod part2_l;
pub(crate) mod part2_n;
pub(crate) mod part2_named;
pub(crate) mod part2_o;
pub(crate) mod part2_p;
pub(crate) mod part2_q;
pub(crate) mod part2_quick;
pub(crate) mod part2_rest;
pub(crate) mod part2_spells;
pub(crate) mod part2_traps;
pub(crate) mod part3_a;
pub(crate) mod part3_b;
pub(crate) mod part3_c;
pub(crate) mod part3_d;
pub(crate) mod part3_e;
pub(crate) mod part3_f;
pub(crate) mod spells_a;
pub(crate) mod spells_b;
pub(crate) mod traps;
pub(crate) mod unions;
pub mod versions;

use ygo_core::effect::Behavior;

/// The 2005 behaviour of a card whose text changed later, by passcode (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    crate::VERSIONS_2005.iter().find_map(|(_, behavior)| behavior(id))
}
