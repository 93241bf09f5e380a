//! Event structures beyond Swiss: single elimination, and Swiss rounds then a top cut
//! (a single elimination of the best N of the Swiss standings).
//!
//! A bracket is seeded once, when its first round is paired: seed 1 is the best player
//! (the Swiss standings' first for a top cut; a seeded random order for a plain single
//! elimination). The bracket has a power-of-two size; its slots are in the standard order
//! (1 v N, then the pair that meets 1's winner, ...: 1, 8, 4, 5, 2, 7, 3, 6 for eight), so
//! seeds 1 and 2 can meet only in the final, and the missing seeds are byes, which thus go
//! to the highest seeds. Round r's table k is the bracket's k-th match, so the next round's
//! table k is the winners of tables 2k-1 and 2k. Each pairing has the higher seed as its
//! player `a`: a match without a winner (a draw the MATCH rules left undecided) goes to
//! `a` ([`winner_of`]).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::swiss::{standings_of, Pairing, Standing};

/// How an event's rounds are played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Structure {
    /// Swiss rounds only (the event's `rounds`).
    #[default]
    Swiss,
    /// A single elimination of every player: ceil(log2 N) rounds.
    SingleElimination,
    /// The event's `rounds` Swiss rounds, then a single elimination of the `top` (2, 4 or
    /// 8) best of the Swiss standings.
    SwissTopCut { top: u32 },
}

/// Where a round belongs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Swiss,
    Elimination,
}

impl Structure {
    /// The structure checked: a top cut of 2, 4 or 8.
    pub fn check(self) -> Result<Structure, String> {
        match self {
            Structure::SwissTopCut { top } if ![2, 4, 8].contains(&top) => Err(format!("a top cut of {top}: 2, 4 or 8")),
            s => Ok(s),
        }
    }

    /// The Swiss rounds before any elimination, for an event created with `rounds`.
    pub fn swiss_rounds(self, rounds: u32) -> u32 {
        match self {
            Structure::SingleElimination => 0,
            _ => rounds,
        }
    }

    /// The rounds in all, with `players` in the bracket (or registered, before it).
    pub fn total_rounds(self, swiss_rounds: u32, players: usize) -> u32 {
        match self {
            Structure::Swiss => swiss_rounds,
            Structure::SingleElimination => rounds_for(players),
            Structure::SwissTopCut { top } => swiss_rounds + rounds_for(players.min(top as usize)),
        }
    }
}

/// The rounds of a single elimination of `players`: ceil(log2 N) (0 for fewer than 2).
pub fn rounds_for(players: usize) -> u32 {
    if players < 2 {
        0
    } else {
        players.next_power_of_two().trailing_zeros()
    }
}

/// The seeds (1-based) of a bracket of `size` (a power of two) in slot order: slots 2k
/// and 2k+1 meet in round 1 (1, 4, 2, 3 for four; 1, 8, 4, 5, 2, 7, 3, 6 for eight).
pub fn bracket_slots(size: usize) -> Vec<usize> {
    let mut slots = vec![1];
    while slots.len() < size {
        let n = slots.len() * 2;
        slots = slots.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    slots
}

/// The first round of a bracket: `seeds[0]` is seed 1, ... (entry indexes). Tables in
/// bracket order; a seed without an opponent (the bracket is not full) has a bye.
pub fn pair_first(seeds: &[usize], round: u32) -> Vec<Pairing> {
    let n = seeds.len();
    if n == 0 {
        return vec![];
    }
    let slots = bracket_slots(n.next_power_of_two().max(2));
    slots
        .chunks(2)
        .enumerate()
        .map(|(k, pair)| {
            let a = seeds[pair[0] - 1];
            let b = seeds.get(pair[1] - 1).copied();
            Pairing { round, table: k as u32 + 1, a, b, winner: if b.is_none() { Some(a) } else { None }, duel_wins: [0, 0], judgment: None }
        })
        .collect()
}

/// The seeds of a single elimination: the players `active` in a seeded random order.
pub fn random_seeds(active: &[usize], seed: u64) -> Vec<usize> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut order = active.to_vec();
    order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x005e_edb4_ace7));
    order
}

/// The seeds of a top cut: the first `top` of the Swiss standings among the players
/// `active` (those who dropped leave their place to the next).
pub fn top_cut(swiss: &[Standing], active: &dyn Fn(usize) -> bool, top: u32) -> Vec<usize> {
    swiss.iter().map(|s| s.entry).filter(|&e| active(e)).take(top as usize).collect()
}

/// The seeds of a bracket (entry -> seed, 1-based) read back from its first round (as
/// [`pair_first`] made it).
pub fn seeds_of(first: &[Pairing]) -> HashMap<usize, usize> {
    let size = (first.iter().map(|p| p.table as usize).max().unwrap_or(0) * 2).max(2);
    let slots = bracket_slots(size.next_power_of_two());
    let mut seeds = HashMap::new();
    for p in first {
        let k = p.table as usize - 1;
        if let Some(&s) = slots.get(2 * k) {
            seeds.insert(p.a, s);
        }
        if let (Some(b), Some(&s)) = (p.b, slots.get(2 * k + 1)) {
            seeds.insert(b, s);
        }
    }
    seeds
}

/// Who goes on from a finished elimination pairing: its winner, or (no winner: a draw the
/// MATCH rules left undecided) the higher seed, its player `a`.
pub fn winner_of(p: &Pairing) -> usize {
    p.winner.unwrap_or(p.a)
}

/// The next round of a bracket: table k pairs the winners of tables 2k-1 and 2k of
/// `previous` (the bracket's last round, finished), the higher seed as `a`. A winner who
/// is no longer `active` (dropped) leaves their opponent a bye; two such: no table.
/// `first` is the bracket's first round (for the seeds).
pub fn pair_next(first: &[Pairing], previous: &[Pairing], active: &dyn Fn(usize) -> bool, round: u32) -> Vec<Pairing> {
    let seeds = seeds_of(first);
    let seed = |e: usize| seeds.get(&e).copied().unwrap_or(usize::MAX);
    let winner = |table: u32| previous.iter().find(|p| p.table == table).map(winner_of).filter(|&w| active(w));
    let tables = previous.iter().map(|p| p.table).max().unwrap_or(0).div_ceil(2);
    let mut out = vec![];
    for k in 1..=tables {
        let mut two: Vec<usize> = [winner(2 * k - 1), winner(2 * k)].into_iter().flatten().collect();
        two.sort_by_key(|&e| seed(e));
        let Some(&a) = two.first() else { continue };
        let b = two.get(1).copied();
        out.push(Pairing { round, table: k, a, b, winner: if b.is_none() { Some(a) } else { None }, duel_wins: [0, 0], judgment: None });
    }
    out
}

/// The standings of an event whose rounds after `swiss_rounds` are a bracket (`done`: the
/// finished pairings of every round). With no bracket round yet: the Swiss standings.
/// Otherwise the bracket's order: its winner first (once the final is over), then by the
/// bracket round each player reached (latest first), then by the Swiss standings (over the
/// Swiss rounds; a plain single elimination: over every match). Points and tie-breakers
/// of each line count every finished match.
pub fn standings(players: &[(String, String)], done: &[Pairing], swiss_rounds: u32, final_round: u32) -> Vec<Standing> {
    let all = standings_of(players, done);
    let bracket: Vec<&Pairing> = done.iter().filter(|p| p.round > swiss_rounds).collect();
    if bracket.is_empty() {
        return all;
    }
    let swiss: Vec<Pairing> = done.iter().filter(|p| p.round <= swiss_rounds).cloned().collect();
    let order = if swiss_rounds > 0 { standings_of(players, &swiss) } else { all.clone() };
    let swiss_rank: HashMap<usize, usize> = order.iter().map(|s| (s.entry, s.rank)).collect();
    let mut reached: HashMap<usize, u32> = HashMap::new();
    let mut champion = None;
    for p in &bracket {
        for e in [Some(p.a), p.b].into_iter().flatten() {
            let r = reached.entry(e).or_insert(0);
            *r = (*r).max(p.round);
        }
        if p.round == final_round && p.b.is_some() {
            champion = Some(winner_of(p));
        }
    }
    let mut table = all;
    table.sort_by_key(|s| (champion != Some(s.entry), std::cmp::Reverse(reached.get(&s.entry).copied().unwrap_or(0)), swiss_rank[&s.entry]));
    for (k, s) in table.iter_mut().enumerate() {
        s.rank = k + 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn won(mut p: Vec<Pairing>, winner: &dyn Fn(&Pairing) -> usize) -> Vec<Pairing> {
        for x in &mut p {
            if x.b.is_some() {
                x.winner = Some(winner(x));
                x.duel_wins = if x.winner == Some(x.a) { [2, 0] } else { [0, 2] };
            }
        }
        p
    }

    #[test]
    fn bracket_slots_are_the_standard_order() {
        assert_eq!(bracket_slots(2), vec![1, 2]);
        assert_eq!(bracket_slots(4), vec![1, 4, 2, 3]);
        assert_eq!(bracket_slots(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    }

    #[test]
    fn rounds_follow_from_the_player_count() {
        assert_eq!((rounds_for(1), rounds_for(2), rounds_for(3), rounds_for(8), rounds_for(9)), (0, 1, 2, 3, 4));
        assert_eq!(Structure::SwissTopCut { top: 8 }.total_rounds(3, 6), 3 + 3);
        assert_eq!(Structure::SwissTopCut { top: 4 }.total_rounds(2, 6), 4);
        assert!(Structure::SwissTopCut { top: 3 }.check().is_err());
    }

    #[test]
    fn six_players_give_the_byes_to_seeds_one_and_two() {
        let seeds = [10, 11, 12, 13, 14, 15];
        let r1 = pair_first(&seeds, 1);
        let shape: Vec<(usize, Option<usize>)> = r1.iter().map(|p| (p.a, p.b)).collect();
        // Slots 1 8 | 4 5 | 2 7 | 3 6: seeds 1 and 2 have byes.
        assert_eq!(shape, vec![(10, None), (13, Some(14)), (11, None), (12, Some(15))]);
        assert_eq!(r1[0].winner, Some(10));
        // Upsets: seed 5 beats 4, seed 6 beats 3. Round 2: 1 v 5, 2 v 6.
        let r1 = won(r1, &|p| p.b.unwrap());
        let r2 = pair_next(&pair_first(&seeds, 1), &r1, &|_| true, 2);
        let shape: Vec<(usize, Option<usize>)> = r2.iter().map(|p| (p.a, p.b)).collect();
        assert_eq!(shape, vec![(10, Some(14)), (11, Some(15))]);
        // Seed 2 has `a` in the final against seed 5 (it beat seed 1).
        let r2 = won(r2, &|p| p.b.unwrap());
        let r3 = pair_next(&pair_first(&seeds, 1), &r2, &|_| true, 3);
        assert_eq!(r3.iter().map(|p| (p.a, p.b)).collect::<Vec<_>>(), vec![(14, Some(15))]);
    }

    #[test]
    fn a_drawn_match_goes_to_the_higher_seed_and_a_dropped_winner_gives_a_bye() {
        let seeds = [0, 1, 2, 3];
        let r1 = pair_first(&seeds, 1);
        assert_eq!(winner_of(&r1[0]), 0, "a draw (no winner) goes to seed 1");
        let r1 = won(r1, &|p| p.a);
        let r2 = pair_next(&r1, &r1, &|e| e != 0, 2);
        assert_eq!(r2.iter().map(|p| (p.a, p.b)).collect::<Vec<_>>(), vec![(1, None)]);
        assert_eq!(r2[0].winner, Some(1));
    }

    #[test]
    fn final_standings_follow_the_bracket_then_the_swiss() {
        let players: Vec<(String, String)> = (0..6).map(|i| (format!("p{i}"), "d".to_string())).collect();
        // Three Swiss rounds: 0 wins all three (9 points), 1 has 6, the others 3 each.
        let mut done = vec![];
        for (r, t, a, b) in [(1, 1, 0, 1), (1, 2, 2, 3), (1, 3, 4, 5), (2, 1, 0, 2), (2, 2, 1, 4), (2, 3, 3, 5), (3, 1, 0, 4), (3, 2, 1, 2), (3, 3, 5, 3)] {
            done.push(Pairing { round: r, table: t, a, b: Some(b), winner: Some(a), duel_wins: [2, 0], judgment: None });
        }
        let swiss = standings_of(&players, &done);
        let top: Vec<usize> = swiss.iter().take(4).map(|s| s.entry).collect();
        assert_eq!(&top[..2], &[0, 1]);
        // Upsets in both semi-finals; seed 3 wins the final. The finalist (6 points) has
        // fewer than seed 1, a semi-final loser (9): the bracket, not the points, orders them.
        let semis = won(pair_first(&top, 4), &|p| p.b.unwrap());
        let final_ = won(pair_next(&pair_first(&top, 4), &semis, &|_| true, 5), &|p| p.a);
        done.extend(semis.iter().cloned());
        done.extend(final_.iter().cloned());
        let order: Vec<usize> = standings(&players, &done, 3, 5).iter().map(|s| s.entry).collect();
        let champion = final_[0].a;
        let finalist = final_[0].b.unwrap();
        assert_eq!(order[0], champion);
        assert_eq!(order[1], finalist);
        // The semi-final losers by Swiss standing, then the rest by Swiss standing.
        let losers: Vec<usize> = semis.iter().map(|p| p.a).collect();
        let mut by_swiss = losers.clone();
        by_swiss.sort_by_key(|e| top.iter().position(|t| t == e));
        assert_eq!(&order[2..4], &by_swiss[..]);
        let rest: Vec<usize> = swiss.iter().skip(4).map(|s| s.entry).collect();
        assert_eq!(&order[4..], &rest[..]);
        assert!(standings(&players, &done, 3, 5).iter().enumerate().all(|(k, s)| s.rank == k + 1));
        let points: Vec<u32> = standings(&players, &done, 3, 5).iter().map(|s| s.points).collect();
        assert!(points[1] < points[2], "the finalist ranks above a semi-final loser with more points: {points:?}");
    }

    proptest! {
        #[test]
        fn every_player_still_in_appears_once_and_seeds_one_and_two_meet_only_in_the_final(
            n in 2usize..40,
            upsets in proptest::collection::vec(any::<bool>(), 64),
            dropped in proptest::collection::vec(any::<bool>(), 40),
        ) {
            let seeds: Vec<usize> = (0..n).map(|i| 100 + i).collect();
            let first = pair_first(&seeds, 1);
            let size = n.next_power_of_two();
            prop_assert_eq!(first.len(), size / 2);
            // Byes go to the highest seeds: the byes are exactly seeds 1..=size-n.
            let mut byes: Vec<usize> = first.iter().filter(|p| p.b.is_none()).map(|p| p.a - 100 + 1).collect();
            byes.sort();
            prop_assert_eq!(byes, (1..=size - n).collect::<Vec<_>>());
            let mut everyone: Vec<usize> = first.iter().flat_map(|p| [Some(p.a), p.b]).flatten().collect();
            everyone.sort();
            prop_assert_eq!(everyone, seeds.clone());
            let mut round = first.clone();
            let mut r = 1u32;
            let mut out: Vec<usize> = vec![];
            loop {
                let upset = |p: &Pairing| upsets[(p.table as usize + 8 * r as usize) % 64];
                round = won(round, &|p| if upset(p) { p.b.unwrap() } else { p.a });
                for p in &round {
                    if let Some(b) = p.b {
                        prop_assert!(p.a < b, "the higher seed is a");
                        out.push(if winner_of(p) == p.a { b } else { p.a });
                    }
                }
                if round.iter().all(|p| p.table == 1) {
                    break;
                }
                // Seeds 1 and 2 meet only in the final.
                prop_assert!(!round.iter().any(|p| p.a == 100 && p.b == Some(101)));
                // Players may drop after round 1.
                let active = |e: usize| !out.contains(&e) && !(r == 1 && dropped[e - 100]);
                let next = pair_next(&first, &round, &active, r + 1);
                let mut still: Vec<usize> = next.iter().flat_map(|p| [Some(p.a), p.b]).flatten().collect();
                still.sort();
                let mut expect: Vec<usize> = round.iter().map(winner_of).filter(|&w| active(w)).collect();
                expect.sort();
                prop_assert_eq!(&still, &expect, "every winner still in appears exactly once");
                prop_assert!(still.iter().all(|e| !out.contains(e)), "a loser is not paired again");
                if next.is_empty() {
                    break;
                }
                round = next;
                r += 1;
            }
            prop_assert!(r <= rounds_for(n));
        }
    }
}
