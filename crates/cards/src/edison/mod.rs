//! The cards of the Edison format (`../shared/spec/pools/edison-1.txt`): the TCG of March to
//! September 2010. Each module declares today's behaviour of its cards (listed in the crate's
//! one registry, `MODULES`; a card whose March 2010 text differs also declares that version,
//! `behavior_2010`, in `VERSIONS_2010`); the rulings decided for them are in
//! `docs/rulings/edison-1.md`.

pub(crate) mod extra;
pub(crate) mod part1_a;
pub(crate) mod part1_b;
pub(crate) mod part1_c;
pub(crate) mod part1_d;
pub(crate) mod part1_e;
pub(crate) mod part1_f;
pub(crate) mod part1_g;
pub(crate) mod part1_h;
pub(crate) mod part1_i;
pub(crate) mod part1_j;
pub(crate) mod part1_k;
pub(crate) mod part1_l;
pub(crate) mod part1_m;
pub(crate) mod part1_n;
pub(crate) mod part1_o;
pub(crate) mod part1_q;
pub(crate) mod part1_r;
