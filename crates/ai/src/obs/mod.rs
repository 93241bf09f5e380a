//! The observation for learning (`docs/OBSERVATION.md`): fixed-shape integer arrays built
//! from `view(player)`, the public history and the legal actions only. The Python module
//! (`ygo-py`) re-exports these modules, so its arrays and a Rust player's (the policy
//! network, [`crate::policy`]) are one and the same.
//!
//! - [`encode`]: the card, global, chain, event and action tables.
//! - [`history`]: the public history as the viewer may know it.
//! - [`ids`]: action kinds, zone and position codes, stable action ids.

use ygo_core::{Duel, Loc, Player};

pub mod encode;
pub mod history;
pub mod ids;

pub use encode::{encode, CardTable, Obs, ObsMut, Overflow, OBSERVATION_VERSION};

/// The passcode at `loc` if `viewer` may see it there.
pub fn visible_code(duel: &Duel, viewer: Player, loc: Loc) -> Option<u32> {
    duel.card_at(loc).filter(|&id| duel.visible_to(id, viewer)).map(|id| duel.card(id).code)
}

/// The observation arrays of `viewer` (with `action_rows` rows in the action table; the
/// legal actions only when `viewer` decides).
pub fn observe(duel: &Duel, viewer: Player, action_rows: usize) -> (Obs, Result<(), Overflow>) {
    let view = duel.view_table(viewer);
    let actions = if view.deciding == Some(viewer) { duel.legal_actions() } else { Vec::new() };
    let mut obs = Obs::new(action_rows);
    let public = history::public(duel, viewer);
    let r = encode(&view, &public, &actions, &|l| visible_code(duel, viewer, l), CardTable::shipped(), obs.as_mut());
    (obs, r)
}

/// A duel `viewer` cannot tell from `duel`: the identities of the opponent's cards hidden
/// from `viewer` (hand, Deck, face-down cards, ...) dealt again from `seed`, every card
/// instance staying where it is and the history (the event log) kept. Unlike
/// [`Duel::determinized`] (which drops the log, and redeals the viewer's own Deck too),
/// this is for tests that an observation built from the view and the public history hides
/// what it must.
pub fn dealt_again(duel: &Duel, viewer: Player, seed: u64) -> Duel {
    use rand::{RngExt, SeedableRng};
    let mut d = duel.clone();
    let opp = viewer.opp();
    let ids: Vec<_> = d.card_ids().filter(|&id| d.card(id).owner() == opp && !d.visible_to(id, viewer)).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for i in (1..ids.len()).rev() {
        let j = rng.random_range(0..=i);
        d.swap_hidden_identities(viewer, ids[i], ids[j]);
    }
    d
}

/// TEST ONLY: a new duel of two built-in decks, in a named format (`goat`) or Master Rule
/// 2020 with today's cards.
#[cfg(test)]
pub(crate) fn test_duel(a: &str, b: &str, format: Option<&str>, seed: u64) -> Duel {
    let (da, db) = (ygo_data::load_named_deck(a).unwrap(), ygo_data::load_named_deck(b).unwrap());
    let mut setup = ygo_core::DuelSetup::new(da.list.clone(), db.list.clone(), seed);
    let pool = match format {
        Some(f) => {
            let f = ygo_data::Format::by_name(f).unwrap();
            setup.edition = f.edition;
            f.pool()
        }
        None => ygo_cards::pool(),
    };
    Duel::from_setup(pool, &setup).unwrap()
}
