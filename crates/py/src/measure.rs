//! Measurements behind the fixed table sizes: the largest legal-action count and the
//! largest visible-card count met in random duels of every pair of built-in decks.

use rayon::prelude::*;
use ygo_ai::RandomPlayer;
use ygo_cards::decks::BUILTIN;
use ygo_core::{Duel, DuelSetup, Player};

use crate::game::load_deck;

/// What the random duels met.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Extremes {
    pub duels: u64,
    pub decisions: u64,
    pub max_actions: usize,
    /// The deck pair and decision where `max_actions` was met.
    pub max_actions_at: String,
    pub max_visible_cards: usize,
}

fn visible_cards(d: &Duel, viewer: Player) -> usize {
    let v = d.view(viewer);
    v.sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mine = i == viewer.idx();
            let slots = s.monsters.iter().chain(&s.spells).chain(&s.pendulum).chain(std::iter::once(&s.field)).flatten().count();
            slots + if mine { s.hand.len() } else { s.hand_count } + s.gy.len() + s.banished.len() + s.extra.len()
        })
        .sum()
}

fn play(a: &str, b: &str, seed: u64) -> Result<Extremes, String> {
    let (da, db) = (load_deck(a)?, load_deck(b)?);
    let mut d = Duel::from_setup(ygo_cards::pool(), &DuelSetup::new(da.list, db.list, seed)).map_err(|e| format!("{a} vs {b}: {e:?}"))?;
    let mut rng = RandomPlayer::new(seed ^ 0xa11);
    let mut x = Extremes { duels: 1, ..Extremes::default() };
    while let Some(p) = d.deciding_player() {
        let legal = d.legal_actions();
        if legal.len() > x.max_actions {
            x.max_actions = legal.len();
            x.max_actions_at = format!("{a} vs {b}, seed {seed}, decision {}", x.decisions);
        }
        if legal.len() > 1 {
            x.max_visible_cards = x.max_visible_cards.max(visible_cards(&d, p));
        }
        x.decisions += 1;
        d.apply_unchecked(rng.pick(&legal));
    }
    Ok(x)
}

/// `games` random duels of every ordered pair of built-in decks, on every core.
pub fn extremes(games: u64, seed: u64) -> Result<Extremes, String> {
    let pairs: Vec<(&str, &str, u64)> = BUILTIN
        .iter()
        .flat_map(|a| BUILTIN.iter().map(move |b| (a.name, b.name)))
        .flat_map(|(a, b)| (0..games).map(move |g| (a, b, seed.wrapping_add(g))))
        .collect();
    let all: Vec<Extremes> = pairs.par_iter().map(|&(a, b, s)| play(a, b, s)).collect::<Result<_, _>>()?;
    let mut total = Extremes::default();
    for x in all {
        total.duels += x.duels;
        total.decisions += x.decisions;
        total.max_visible_cards = total.max_visible_cards.max(x.max_visible_cards);
        if x.max_actions > total.max_actions {
            total.max_actions = x.max_actions;
            total.max_actions_at = x.max_actions_at;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_duels_stay_inside_the_tables() {
        let x = extremes(1, 5).unwrap();
        assert_eq!(x.duels, (BUILTIN.len() * BUILTIN.len()) as u64);
        assert!(x.max_actions > 1 && x.max_actions < crate::encode::ACTION_ROWS, "{x:?}");
        assert!(x.max_visible_cards > 5 && x.max_visible_cards <= crate::encode::CARD_ROWS, "{x:?}");
    }
}
