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
//!
//! A double elimination ([`pair_double`]) lays its players on a fixed bracket too: a
//! winners bracket, a losers bracket whose players drop in from the winners bracket in a
//! crossed order ([`drop_in`]), and a grand final. A dropped player's match still to be
//! paired is a bye for the opponent; nobody else moves.

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

/// One match of a double elimination's bracket: its stage and where its two players come
/// from. The bracket of `size` (a power of two, 2^k) is fixed once seeded:
/// - the winners bracket W1..Wk: W1 is the first round ([`pair_first`]), Wr's node t
///   takes the winners of W(r-1)'s nodes 2t and 2t+1;
/// - the losers bracket L1..L(2k-2): L1 pairs the losers of W1's nodes 2t and 2t+1; an
///   even level L(2j) pairs the winner of L(2j-1)'s node t with the loser of W(j+1)'s node
///   t^1 (crossed: see [`drop_in`]); an odd level L(2j+1) the winners of L(2j)'s nodes 2t
///   and 2t+1;
/// - the grand final: the winners bracket's winner against the losers bracket's (the
///   loser of W1 when there is no losers bracket, for two players); then the bracket reset
///   (the same two again) if the losers-bracket player wins it.
#[derive(Clone, Copy, Debug)]
struct Node {
    stage: Stage,
    from: [Src; 2],
}

#[derive(Clone, Copy, Debug)]
enum Src {
    /// W1's node t: its players are the first round's table t+1.
    First(usize),
    Winner(usize),
    Loser(usize),
    /// The bracket reset: the grand final's players, if the losers-bracket one won it.
    Reset(usize),
}

/// The node of the winners round that feeds node `t` of a losers level where `count`
/// players drop in from the winners bracket: the neighbour's (t^1). L(2j-1)'s node t holds
/// only players who lost in the winners bracket inside its own block of 2^(j+1) seeds
/// (the block of W(j+1)'s node t), so the player dropping in from the neighbouring block
/// has met none of them: a player's first losers match after a winners loss is never a
/// rematch, and each odd level's node stays inside one block (the losers final, where a
/// single node is left, is the exception). The players of one block still meet each other
/// in the odd levels: in a bracket of 8 or more, a rematch there (the loser of W2 against
/// a player it beat in W1, in L3) cannot be avoided by any order.
fn drop_in(t: usize, count: usize) -> usize {
    if count >= 2 {
        t ^ 1
    } else {
        t
    }
}

/// The nodes of a double elimination of `size` (a power of two, at least 2) in an order
/// where every node comes after those it takes its players from.
fn double_nodes(size: usize) -> Vec<Node> {
    let k = size.trailing_zeros() as usize;
    let mut nodes = vec![];
    let mut winners: Vec<Vec<usize>> = vec![];
    for r in 1..=k {
        let count = size >> r;
        let ids: Vec<usize> = (0..count)
            .map(|t| {
                let from = if r == 1 { [Src::First(t), Src::First(t)] } else { [Src::Winner(winners[r - 2][2 * t]), Src::Winner(winners[r - 2][2 * t + 1])] };
                nodes.push(Node { stage: Stage::Winners, from });
                nodes.len() - 1
            })
            .collect();
        winners.push(ids);
    }
    let mut losers: Vec<usize> = vec![];
    for m in 1..=2 * k.saturating_sub(1) {
        let count = if m % 2 == 1 { size >> (m.div_ceil(2) + 1) } else { size >> (m / 2 + 1) };
        losers = (0..count)
            .map(|t| {
                let from = match m {
                    1 => [Src::Loser(winners[0][2 * t]), Src::Loser(winners[0][2 * t + 1])],
                    m if m % 2 == 0 => [Src::Winner(losers[t]), Src::Loser(winners[m / 2][drop_in(t, count)])],
                    _ => [Src::Winner(losers[2 * t]), Src::Winner(losers[2 * t + 1])],
                };
                nodes.push(Node { stage: Stage::Losers, from });
                nodes.len() - 1
            })
            .collect();
    }
    let champion_w = Src::Winner(winners[k - 1][0]);
    let champion_l = losers.first().map_or(Src::Loser(winners[0][0]), |&l| Src::Winner(l));
    nodes.push(Node { stage: Stage::GrandFinal, from: [champion_w, champion_l] });
    let gf = nodes.len() - 1;
    nodes.push(Node { stage: Stage::GrandFinal, from: [Src::Reset(gf), Src::Reset(gf)] });
    nodes
}

/// A double elimination laid on its fixed bracket ([`double_nodes`]): the node of each
/// pairing played (`played`: node, pairing), and the pairings of `round` (`next`: node,
/// pairing).
struct DoubleLayout {
    nodes: Vec<Node>,
    played: Vec<(usize, Pairing)>,
    next: Vec<(usize, Pairing)>,
}

/// Reads a double elimination's pairings (`before`: every round from the first, finished)
/// onto its bracket and pairs round `round`. A node is played in the round after the
/// later of the two it takes its players from; a node whose players have all left (a
/// dropped player leaves both brackets) is empty, settled without a round, so what
/// depends on it may be played at once. A node of `round` with one player still `active`
/// (the other dropped, or a bye) is a bye: that player goes on exactly as a winner.
fn double_layout(first: &[Pairing], before: &[Pairing], active: &dyn Fn(usize) -> bool, round: u32) -> DoubleLayout {
    let size = (first.len() * 2).max(2).next_power_of_two();
    let nodes = double_nodes(size);
    let seeds = seeds_of(first);
    let seed = |e: usize| seeds.get(&e).copied().unwrap_or(usize::MAX);
    let start = first.iter().map(|p| p.round).min().unwrap_or(1);
    // Each node settled: the round it was settled in, and its pairing (None: empty).
    let mut settled: Vec<Option<(u32, Option<Pairing>)>> = vec![None; nodes.len()];
    let mut expected: Vec<[Option<usize>; 2]> = vec![[None, None]; nodes.len()];
    let mut played = vec![];
    let mut next = vec![];
    let mut table = 0;
    for (i, node) in nodes.iter().enumerate() {
        if let Src::First(t) = node.from[0] {
            // Its result from `before` (`first` may be the pairings as made).
            let at = |p: &&Pairing| p.round == start && p.table as usize == t + 1;
            let p = before.iter().find(at).or_else(|| first.iter().find(at)).cloned();
            if let Some(p) = &p {
                expected[i] = [Some(p.a), p.b];
                played.push((i, p.clone()));
            }
            settled[i] = Some((start, p));
            continue;
        }
        let feeder = |s: Src| match s {
            Src::Winner(j) | Src::Loser(j) | Src::Reset(j) => j,
            Src::First(_) => unreachable!("only W1 reads the first round"),
        };
        let (Some((r0, p0)), Some((r1, p1))) = (&settled[feeder(node.from[0])], &settled[feeder(node.from[1])]) else {
            continue;
        };
        let outcome = |s: Src, p: &Option<Pairing>| -> Option<usize> {
            let p = p.as_ref()?;
            match s {
                Src::Winner(_) => Some(winner_of(p)),
                Src::Loser(_) => loser_of(p),
                _ => None,
            }
        };
        let occupants = match node.from[0] {
            Src::Reset(gf) => match &settled[gf] {
                Some((_, Some(p))) if p.b.is_some() && Some(winner_of(p)) == expected[gf][1] => [Some(p.a), p.b],
                _ => [None, None],
            },
            _ => [outcome(node.from[0], p0), outcome(node.from[1], p1)],
        };
        expected[i] = occupants;
        let feeders_done = (*r0).max(*r1);
        let ready = feeders_done + 1;
        if ready > round {
            continue;
        }
        let has = |p: &Pairing, e: usize| p.a == e || p.b == Some(e);
        if ready < round {
            let found = before.iter().find(|p| p.round == ready && occupants.iter().flatten().any(|&e| has(p, e))).cloned();
            match found {
                Some(p) => {
                    played.push((i, p.clone()));
                    settled[i] = Some((ready, Some(p)));
                }
                None => settled[i] = Some((feeders_done, None)),
            }
            continue;
        }
        if occupants.iter().all(Option::is_none) {
            settled[i] = Some((feeders_done, None));
            continue;
        }
        table += 1;
        let mut two: Vec<usize> = occupants.iter().flatten().copied().filter(|&e| active(e)).collect();
        two.sort_by_key(|&e| seed(e));
        match two[..] {
            [] => settled[i] = Some((feeders_done, None)),
            [a] => next.push((i, Pairing { round, table, a, b: None, winner: Some(a), duel_wins: [0, 0], judgment: None })),
            [a, b, ..] => next.push((i, Pairing { round, table, a, b: Some(b), winner: None, duel_wins: [0, 0], judgment: None })),
        }
    }
    DoubleLayout { nodes, played, next }
}

/// The stage of each of a double elimination's pairings (`pairings`: its rounds in order,
/// every round before the last finished), in the same order: the stage of its node on
/// the bracket ([`double_nodes`]): the winners bracket, the losers bracket, or the grand
/// final (and the bracket reset).
pub fn double_stages(pairings: &[Pairing]) -> Vec<Stage> {
    let start = pairings.iter().map(|p| p.round).min().unwrap_or(1);
    let end = pairings.iter().map(|p| p.round).max().unwrap_or(1);
    let first: Vec<Pairing> = pairings.iter().filter(|p| p.round == start).cloned().collect();
    let layout = double_layout(&first, pairings, &|_| true, end + 1);
    pairings
        .iter()
        .map(|p| layout.played.iter().find(|(_, q)| (q.round, q.table) == (p.round, p.table)).map_or(Stage::Winners, |&(i, _)| layout.nodes[i].stage))
        .collect()
}

/// The next round of a double elimination. `first` is its first round (made by
/// [`pair_first`]: the seeds, byes to the highest); `before` every round since, finished.
/// The bracket is fixed once seeded ([`double_nodes`]): each round plays every node whose
/// two players are known (the winners bracket's next round beside the losers bracket's),
/// so results and drops never move a player to another place. A player who has dropped
/// leaves both brackets: their match still to be paired is a bye for the opponent, who
/// goes on exactly as a winner (a pairing with one player); both players gone, no table.
/// The grand final pits the two brackets' winners (the higher seed as `a`, as everywhere:
/// a drawn match goes to it); if the losers-bracket player wins it, the two play it again
/// (the bracket reset).
///
/// Every match gives one loss and a player leaves at the second, so a double elimination
/// of N players without drops has 2N-2 matches, 2N-1 with the reset. Tables: the winners
/// bracket's first, in bracket order. No pairing: the bracket has its champion.
pub fn pair_double(first: &[Pairing], before: &[Pairing], active: &dyn Fn(usize) -> bool, round: u32) -> Vec<Pairing> {
    double_layout(first, before, active, round).next.into_iter().map(|(_, p)| p).collect()
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
        run_double_with(n, &mut |p, _| pick(p), &|_, _| true)
    }

    /// [`run_double`] with drops: `active(e, r)` says whether `e` is still in when round
    /// `r` is paired; `pick` sees the pairings before too.
    fn run_double_with(
        n: usize,
        pick: &mut dyn FnMut(&Pairing, &[Pairing]) -> Option<bool>,
        active: &dyn Fn(usize, u32) -> bool,
    ) -> (Vec<Pairing>, Vec<Stage>) {
        let seeds: Vec<usize> = (0..n).map(|i| 10 + i).collect();
        let first = pair_first(&seeds, 1);
        let mut done: Vec<Pairing> = vec![];
        let mut round = first.clone();
        let mut r = 1;
        loop {
            for p in &mut round {
                if p.b.is_some() {
                    p.winner = match pick(p, &done) {
                        Some(true) => Some(p.a),
                        Some(false) => p.b,
                        None => None,
                    };
                }
            }
            done.extend(round.iter().cloned());
            r += 1;
            assert!(r < 4 * n as u32 + 4, "the bracket ends");
            round = pair_double(&first, &done, &|e| active(e, r), r);
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

    /// The two-player matches of a double elimination by their node on the bracket, the
    /// players `keep` keeps of each (a match left with two of them), in entry order.
    fn matches_by_node(done: &[Pairing], keep: &dyn Fn(&Pairing, usize) -> bool) -> HashMap<usize, Vec<usize>> {
        let first: Vec<Pairing> = done.iter().filter(|p| p.round == 1).cloned().collect();
        let end = done.iter().map(|p| p.round).max().unwrap_or(1);
        let layout = double_layout(&first, done, &|_| true, end + 1);
        assert_eq!(layout.played.len(), done.len(), "every pairing is on the bracket: {done:?}");
        layout
            .played
            .iter()
            .filter_map(|(i, p)| {
                let mut two: Vec<usize> = [Some(p.a), p.b].into_iter().flatten().filter(|&e| keep(p, e)).collect();
                two.sort();
                (two.len() == 2).then_some((*i, two))
            })
            .collect()
    }

    /// The number of `e`'s pairing in round `round` among its pairings (from 1).
    fn nth(done: &[Pairing], e: usize, round: u32) -> usize {
        done.iter().filter(|q| q.round < round && (q.a == e || q.b == Some(e))).count() + 1
    }

    proptest! {
        /// Drops: a dropped player's match still to be paired is a bye for the opponent,
        /// and nobody else's pairings move. The same results with the dropped players
        /// losing every match from their drop on (and nobody dropping) give the same
        /// bracket: each of its matches between two players still in is the drop run's
        /// match on the same node.
        #[test]
        fn a_drop_forfeits_and_moves_no_other_pairing(
            n in 2usize..20,
            picks in proptest::collection::vec(0u8..3, 64),
            drops in proptest::collection::vec(proptest::option::weighted(0.3, 1u32..8), 20),
        ) {
            let decide = |k: u8| match k {
                0 => Some(true),
                1 => Some(false),
                _ => None,
            };
            let key = |p: &Pairing, before: &[Pairing]| picks[(p.a * 13 + p.b.unwrap() * 5 + nth(before, p.a, p.round) * 3) % 64];
            let drop = |e: usize| drops[e - 10];
            let (done, _) = run_double_with(n, &mut |p, before| decide(key(p, before)), &|e, r| drop(e).is_none_or(|d| r <= d));
            let end = done.iter().map(|p| p.round).max().unwrap();
            // Gone when the round after the last was paired (which found no match left).
            let left = |e: usize| drop(e).is_some_and(|d| d <= end);
            let mut losses: HashMap<usize, u32> = HashMap::new();
            for p in &done {
                for e in [Some(p.a), p.b].into_iter().flatten() {
                    prop_assert!(drop(e).is_none_or(|d| p.round <= d), "{e} dropped after round {:?} but plays {p:?}", drop(e));
                }
                if let Some(l) = loser_of(p) {
                    *losses.entry(l).or_insert(0) += 1;
                }
            }
            prop_assert!(losses.values().all(|&l| l <= 2), "{losses:?}");
            // Every player leaves with two losses or by a drop, but the champion.
            let staying: Vec<usize> = (10..10 + n).filter(|&e| !left(e) && losses.get(&e).copied().unwrap_or(0) < 2).collect();
            prop_assert!(staying.len() <= 1, "{staying:?} {losses:?} {done:?}");
            if (10..10 + n).all(|e| !left(e)) {
                prop_assert_eq!(staying.len(), 1);
            }
            // The same results, the dropped players losing from their drop on.
            let mut count: HashMap<usize, usize> = HashMap::new();
            for p in &done {
                for e in [Some(p.a), p.b].into_iter().flatten() {
                    *count.entry(e).or_insert(0) += 1;
                }
            }
            let kept = |e: usize| if drop(e).is_some() { count.get(&e).copied().unwrap_or(0) } else { usize::MAX };
            let (full, stages) = run_double_with(
                n,
                &mut |p, before| {
                    let gone = |e: usize| nth(before, e, p.round) > kept(e);
                    match (gone(p.a), gone(p.b.unwrap())) {
                        (true, true) | (false, true) => Some(true),
                        (true, false) => Some(false),
                        _ => decide(key(p, before)),
                    }
                },
                &|_, _| true,
            );
            check_double(n, &full, &stages);
            let with_drops = matches_by_node(&done, &|_, _| true);
            let without = matches_by_node(&full, &|p, e| nth(&full, e, p.round) <= kept(e));
            prop_assert_eq!(with_drops, without);
        }

        /// A player who loses in the winners bracket meets, in their first losers-bracket
        /// match, nobody they met in the winners bracket (the losers final aside).
        #[test]
        fn a_player_dropping_into_the_losers_bracket_meets_a_new_opponent(
            k in 1u32..6,
            picks in proptest::collection::vec(0u8..3, 64),
        ) {
            let n = 1usize << k;
            let mut i = 0;
            let (done, stages) = run_double(n, &mut |_| {
                i += 1;
                match picks[i % 64] {
                    0 => Some(true),
                    1 => Some(false),
                    _ => None,
                }
            });
            check_double(n, &done, &stages);
            let losers_final = done.iter().zip(&stages).filter(|(_, s)| **s == Stage::Losers).map(|(p, _)| p.round).max();
            let met: Vec<(usize, usize)> =
                done.iter().zip(&stages).filter(|(p, s)| **s == Stage::Winners && p.b.is_some()).map(|(p, _)| (p.a, p.b.unwrap())).collect();
            for (p, s) in done.iter().zip(&stages) {
                let Some(b) = p.b else { continue };
                if *s != Stage::Losers || Some(p.round) == losers_final {
                    continue;
                }
                // A player whose previous match was in the winners bracket drops in here.
                let dropping_in = [p.a, b].into_iter().any(|e| {
                    let last = done.iter().zip(&stages).rfind(|(q, _)| q.round < p.round && (q.a == e || q.b == Some(e)));
                    last.is_some_and(|(_, s)| *s == Stage::Winners)
                });
                if dropping_in {
                    prop_assert!(!met.contains(&(p.a, b)) && !met.contains(&(b, p.a)), "a rematch in the losers bracket: {p:?} in {done:?}");
                }
            }
        }
    }
}
