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
    /// A double elimination of every player ([`pair_double`]): a player leaves after a
    /// second match loss; a grand final, and a second one if the losers-bracket player
    /// wins the first (a bracket reset).
    DoubleElimination,
}

/// Where a round belongs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Swiss,
    Elimination,
    /// A double elimination's winners bracket (players without a loss).
    Winners,
    /// A double elimination's losers bracket (players with one loss).
    Losers,
    /// A double elimination's grand final (or its second match, after a bracket reset).
    GrandFinal,
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
            Structure::SingleElimination | Structure::DoubleElimination => 0,
            _ => rounds,
        }
    }

    /// The rounds in all, with `players` in the bracket (or registered, before it).
    pub fn total_rounds(self, swiss_rounds: u32, players: usize) -> u32 {
        match self {
            Structure::Swiss => swiss_rounds,
            Structure::SingleElimination => rounds_for(players),
            Structure::SwissTopCut { top } => swiss_rounds + rounds_for(players.min(top as usize)),
            Structure::DoubleElimination => double_rounds(players),
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

/// Who lost a finished pairing (a bye: nobody; a drawn match: `b`, see [`winner_of`]).
fn loser_of(p: &Pairing) -> Option<usize> {
    let b = p.b?;
    Some(if winner_of(p) == p.a { b } else { p.a })
}

/// The stage of each of a double elimination's pairings (`pairings`: its rounds in order,
/// every round before the last finished), in the same order: a pairing of two players
/// without a loss (or a bye of one) is in the winners bracket; of players with one loss,
/// the losers bracket; the match of the last player without a loss against the last with
/// one is the grand final, and a match between its two players after it (both with one
/// loss then: the bracket reset) is a grand final too.
pub fn double_stages(pairings: &[Pairing]) -> Vec<Stage> {
    let mut losses: HashMap<usize, u32> = HashMap::new();
    let mut grand: Option<(usize, usize)> = None;
    let mut out = vec![Stage::Winners; pairings.len()];
    let mut rounds: Vec<u32> = pairings.iter().map(|p| p.round).collect();
    rounds.dedup();
    for r in rounds {
        let idx: Vec<usize> = (0..pairings.len()).filter(|&i| pairings[i].round == r).collect();
        for &i in &idx {
            let p = &pairings[i];
            let la = losses.get(&p.a).copied().unwrap_or(0);
            out[i] = match p.b {
                None if la == 0 => Stage::Winners,
                None => Stage::Losers,
                Some(b) => {
                    let lb = losses.get(&b).copied().unwrap_or(0);
                    let reset = grand.is_some_and(|(x, y)| (x, y) == (p.a.min(b), p.a.max(b)));
                    if la != lb || reset {
                        grand = Some((p.a.min(b), p.a.max(b)));
                        Stage::GrandFinal
                    } else if la == 0 {
                        Stage::Winners
                    } else {
                        Stage::Losers
                    }
                }
            };
        }
        for &i in &idx {
            if let Some(l) = loser_of(&pairings[i]) {
                *losses.entry(l).or_insert(0) += 1;
            }
        }
    }
    out
}

/// The next round of a double elimination. `first` is its first round (made by
/// [`pair_first`]: the seeds, byes to the highest); `before` every round since, finished.
/// Players who have not dropped and have fewer than 2 losses go on:
/// - the last without a loss and the last with one play the grand final (the higher seed
///   as `a`, as everywhere: a drawn match goes to it); if the losers-bracket player wins,
///   the two play it again (the bracket reset);
/// - otherwise the winners bracket (no loss) pairs its players in bracket order (the
///   winners of tables 2k-1 and 2k meet), and the losers bracket (one loss) pairs the
///   players who lost in the last round (newcomers) against those already in it
///   (survivors), in reverse order to put off rematches, when both are as many; else the
///   survivors among themselves and the newcomers among themselves (an odd one of each
///   meet; an odd one alone has a bye).
///
/// Every match gives one loss and a player leaves at the second, so a double
/// elimination of N players has 2N-2 matches, 2N-1 with the reset. Tables: the winners
/// bracket's first. No pairing: the bracket has its champion.
pub fn pair_double(first: &[Pairing], before: &[Pairing], active: &dyn Fn(usize) -> bool, round: u32) -> Vec<Pairing> {
    let seeds = seeds_of(first);
    let size = (first.len() * 2).max(2).next_power_of_two();
    let slots = bracket_slots(size);
    let seed = |e: usize| seeds.get(&e).copied().unwrap_or(usize::MAX);
    let slot = |e: usize| slots.iter().position(|&s| s == seed(e)).unwrap_or(usize::MAX);
    let mut lost: HashMap<usize, Vec<u32>> = HashMap::new();
    for p in before {
        if let Some(l) = loser_of(p) {
            lost.entry(l).or_default().push(p.round);
        }
    }
    let losses = |e: usize| lost.get(&e).map_or(0, Vec::len);
    let mut alive: Vec<usize> = seeds.keys().copied().filter(|&e| active(e) && losses(e) < 2).collect();
    alive.sort_by_key(|&e| slot(e));
    let zero: Vec<usize> = alive.iter().copied().filter(|&e| losses(e) == 0).collect();
    let one: Vec<usize> = alive.iter().copied().filter(|&e| losses(e) == 1).collect();
    let make = |x: usize, y: Option<usize>, table: u32| {
        let (a, b) = match y {
            Some(y) if seed(y) < seed(x) => (y, Some(x)),
            _ => (x, y),
        };
        Pairing { round, table, a, b, winner: if b.is_none() { Some(a) } else { None }, duel_wins: [0, 0], judgment: None }
    };
    if zero.len() + one.len() < 2 {
        return vec![];
    }
    if zero.len() <= 1 && one.len() <= 1 || zero.is_empty() && one.len() == 2 {
        // The grand final (or its reset; or, the last player without a loss gone, the
        // losers bracket's final).
        let two: Vec<usize> = zero.iter().chain(&one).copied().collect();
        return vec![make(two[0], Some(two[1]), 1)];
    }
    let last = before.iter().map(|p| p.round).max().unwrap_or(0);
    let mut out: Vec<Pairing> = vec![];
    let mut table = 0;
    let mut push = |x: usize, y: Option<usize>, out: &mut Vec<Pairing>| {
        table += 1;
        out.push(make(x, y, table));
    };
    for two in zero.chunks(2) {
        push(two[0], two.get(1).copied(), &mut out);
    }
    let (new, old): (Vec<usize>, Vec<usize>) = one.iter().copied().partition(|&e| lost.get(&e).is_some_and(|r| r.contains(&last)));
    if new.len() == old.len() {
        for (x, y) in old.iter().zip(new.iter().rev()) {
            push(*x, Some(*y), &mut out);
        }
    } else {
        let mut odd = vec![];
        for group in [&old, &new] {
            for two in group.chunks(2) {
                match two {
                    [x, y] => push(*x, Some(*y), &mut out),
                    [x] => odd.push(*x),
                    _ => {}
                }
            }
        }
        match odd[..] {
            [x, y] => push(x, Some(y), &mut out),
            [x] => push(x, None, &mut out),
            _ => {}
        }
    }
    out
}

/// The rounds of a double elimination of `players` when every match goes to its higher
/// seed (no bracket reset): the rounds the event announces before it is over.
pub fn double_rounds(players: usize) -> u32 {
    if players < 2 {
        return 0;
    }
    let seeds: Vec<usize> = (0..players).collect();
    let first = pair_first(&seeds, 1);
    let mut done = first.clone();
    let mut round = 1;
    loop {
        let next = pair_double(&first, &done, &|_| true, round + 1);
        if next.is_empty() {
            return round;
        }
        round += 1;
        done.extend(next.into_iter().map(|mut p| {
            p.winner = Some(p.a);
            p
        }));
    }
}

/// The standings of a double elimination (`done`: its finished pairings): by the last
/// round each player played (latest first), then by fewer losses (so the grand final's
/// winner, the champion, is first once it is over), then by the standings over every
/// match. Points and tie-breakers of each line count every finished match.
pub fn double_standings(players: &[(String, String)], done: &[Pairing]) -> Vec<Standing> {
    let all = standings_of(players, done);
    let mut last: HashMap<usize, u32> = HashMap::new();
    let mut losses: HashMap<usize, u32> = HashMap::new();
    for p in done {
        for e in [Some(p.a), p.b].into_iter().flatten() {
            let r = last.entry(e).or_insert(0);
            *r = (*r).max(p.round);
        }
        if let Some(l) = loser_of(p) {
            *losses.entry(l).or_insert(0) += 1;
        }
    }
    let mut table = all;
    table.sort_by_key(|s| (std::cmp::Reverse(last.get(&s.entry).copied().unwrap_or(0)), losses.get(&s.entry).copied().unwrap_or(0), s.rank));
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

    /// Runs a whole double elimination of `n` players, `pick` choosing each match's
    /// winner (true: `a`; a `None` winner is a draw, which goes to `a`). Returns every
    /// pairing and its stage.
    fn run_double(n: usize, pick: &mut dyn FnMut(&Pairing) -> Option<bool>) -> (Vec<Pairing>, Vec<Stage>) {
        let seeds: Vec<usize> = (0..n).map(|i| 10 + i).collect();
        let first = pair_first(&seeds, 1);
        let mut done: Vec<Pairing> = vec![];
        let mut round = first.clone();
        let mut r = 1;
        loop {
            for p in &mut round {
                if p.b.is_some() {
                    p.winner = match pick(p) {
                        Some(true) => Some(p.a),
                        Some(false) => p.b,
                        None => None,
                    };
                }
            }
            done.extend(round.iter().cloned());
            r += 1;
            assert!(r < 4 * n as u32 + 4, "the bracket ends");
            round = pair_double(&first, &done, &|_| true, r);
            if round.is_empty() {
                break;
            }
        }
        let stages = double_stages(&done);
        (done, stages)
    }

    fn check_double(n: usize, done: &[Pairing], stages: &[Stage]) {
        let matches = done.iter().filter(|p| p.b.is_some()).count();
        let mut losses: HashMap<usize, u32> = HashMap::new();
        for p in done {
            if let Some(l) = loser_of(p) {
                *losses.entry(l).or_insert(0) += 1;
            }
        }
        let reset = stages.iter().filter(|s| **s == Stage::GrandFinal).count() == 2;
        assert!(stages.iter().filter(|s| **s == Stage::GrandFinal).count() >= 1, "{done:?}");
        assert_eq!(matches, if reset { 2 * n - 1 } else { 2 * n - 2 }, "{done:?}");
        let champions: Vec<usize> = (10..10 + n).filter(|e| losses.get(e).copied().unwrap_or(0) < 2).collect();
        assert_eq!(champions.len(), 1, "one champion: {losses:?}");
        assert!((10..10 + n).filter(|e| !champions.contains(e)).all(|e| losses[&e] == 2), "{losses:?}");
        // Nobody plays after a second loss; a winners-bracket match is between players
        // without a loss, a losers-bracket one between players with one.
        let mut seen: HashMap<usize, u32> = HashMap::new();
        let mut r = 0;
        let mut pending: Vec<usize> = vec![];
        for (p, s) in done.iter().zip(stages) {
            if p.round != r {
                for l in pending.drain(..) {
                    *seen.entry(l).or_insert(0) += 1;
                }
                r = p.round;
            }
            let l = |e: usize| seen.get(&e).copied().unwrap_or(0);
            for e in [Some(p.a), p.b].into_iter().flatten() {
                assert!(l(e) < 2, "{e} played after a second loss");
                assert!(matches!((s, l(e)), (Stage::Winners, 0) | (Stage::Losers, 1) | (Stage::GrandFinal, _)), "{p:?} {s:?} {}", l(e));
            }
            pending.extend(loser_of(p));
        }
        // The last match is a grand final; the champion is first in the standings.
        assert_eq!(*stages.last().unwrap(), Stage::GrandFinal);
        let players: Vec<(String, String)> = (0..10 + n).map(|i| (format!("p{i}"), "d".into())).collect();
        let table = double_standings(&players, done);
        assert_eq!(table[0].entry, champions[0]);
    }

    #[test]
    fn a_double_elimination_of_8_seeds_the_winners_bracket_and_ends_with_a_grand_final() {
        // The higher seed wins every match: no reset; 14 matches.
        let (done, stages) = run_double(8, &mut |_| Some(true));
        check_double(8, &done, &stages);
        assert_eq!(done.iter().filter(|p| p.b.is_some()).count(), 14);
        let gf = done.last().unwrap();
        assert_eq!((gf.a, gf.b), (10, Some(11)), "seed 1 (winners bracket) v seed 2 (losers bracket)");
        assert_eq!(double_rounds(8), done.last().unwrap().round);
        // Round 2: the winners bracket's semi-finals, then the round-1 losers.
        let r2: Vec<(&Pairing, Stage)> = done.iter().zip(stages.iter().copied()).filter(|(p, _)| p.round == 2).collect();
        assert_eq!(r2.iter().map(|(_, s)| *s).collect::<Vec<_>>(), vec![Stage::Winners, Stage::Winners, Stage::Losers, Stage::Losers]);
    }

    #[test]
    fn the_losers_bracket_champion_who_wins_the_grand_final_forces_a_reset() {
        // Seed 1 wins everything but the first grand final.
        let mut gf = 0;
        let (done, stages) = run_double(8, &mut |p| {
            if p.a == 10 && p.b == Some(11) && gf == 0 {
                gf += 1;
                return Some(false);
            }
            Some(true)
        });
        check_double(8, &done, &stages);
        assert_eq!(done.iter().filter(|p| p.b.is_some()).count(), 15);
        let n = done.len();
        assert_eq!((stages[n - 2], stages[n - 1]), (Stage::GrandFinal, Stage::GrandFinal));
        // A draw in the reset goes to the higher seed.
        let mut gf = 0;
        let (done, stages) = run_double(8, &mut |p| {
            if p.a == 10 && p.b == Some(11) {
                gf += 1;
                return if gf == 1 { Some(false) } else { None };
            }
            Some(true)
        });
        check_double(8, &done, &stages);
        assert_eq!(winner_of(done.last().unwrap()), 10);
    }

    #[test]
    fn five_and_six_players_give_byes_to_the_highest_seeds() {
        for n in [5, 6] {
            let (done, stages) = run_double(n, &mut |_| Some(true));
            check_double(n, &done, &stages);
            let byes: Vec<usize> = done.iter().filter(|p| p.round == 1 && p.b.is_none()).map(|p| p.a).collect();
            assert_eq!(byes, (10..10 + 8 - n).collect::<Vec<_>>(), "byes to seeds 1..={}", 8 - n);
        }
    }

    proptest! {
        #[test]
        fn any_results_give_2n_minus_2_or_2n_minus_1_matches(n in 2usize..20, picks in proptest::collection::vec(0u8..3, 64)) {
            let mut k = 0;
            let (done, stages) = run_double(n, &mut |_| {
                k += 1;
                match picks[k % 64] {
                    0 => Some(true),
                    1 => Some(false),
                    _ => None,
                }
            });
            check_double(n, &done, &stages);
        }
    }
}
