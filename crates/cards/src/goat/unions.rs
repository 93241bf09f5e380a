//! Goat pool, part 6: Union monsters of `../shared/spec/pools/goat-6.txt`, each written with
//! [`crate::mechanics::union`] (the 2005 Union rules in `behavior_2005`, `docs/rulings/unions.md`).

use ygo_core::card::Race;
use ygo_core::effect::{Behavior, Filter as F};

use crate::mechanics::{union, Union};
use crate::Versions;

const X_HEAD_CANNON: u32 = 62651957;
const Y_DRAGON_HEAD: u32 = 65622692;

fn y_dragon_head(v: Versions) -> Behavior {
    union(v, Union { host_text: "\"X-Head Cannon\"", host: F::Named(X_HEAD_CANNON), atk: 400, def: 400, any_destruction_2005: false })
}

fn z_metal_tank(v: Versions) -> Behavior {
    let host = F::Named(X_HEAD_CANNON) | F::Named(Y_DRAGON_HEAD);
    union(v, Union { host_text: "\"X-Head Cannon\" or \"Y-Dragon Head\"", host, atk: 600, def: 600, any_destruction_2005: false })
}

/// Today's behaviour (the Union rules of today's texts).
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Y-Dragon Head
        65622692 => y_dragon_head(Versions::Current),
        // Z-Metal Tank
        64500000 => z_metal_tank(Versions::Current),
        _ => return None,
    })
}

/// The 2005 behaviour (the Union rules of 2005).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Y-Dragon Head
        65622692 => y_dragon_head(Versions::Goat2005),
        // Z-Metal Tank
        64500000 => z_metal_tank(Versions::Goat2005),
        // Heavy Mech Support Platform (its 2005 text covers destruction of any kind; only the
        // 2005 version is declared)
        23265594 => {
            union(Versions::Goat2005, Union { host_text: "Machine monster", host: F::Race(Race::MACHINE), atk: 500, def: 500, any_destruction_2005: true })
        }
        _ => return None,
    })
}
