//! Swiss tournaments: registered decks (MATCH-4), pairings by match points with byes,
//! standings with tie-breakers, every match played by [`play_match`].

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use ygo_core::pool::CardPool;
use ygo_core::Player;

use crate::clock::Clock;
use crate::deck::RegisteredDeck;
use crate::play::{play_match, MatchConfig};
use crate::player::{AiCompetitor, Competitor};

/// Match points: a win (or a bye) 3, a draw 1, a loss 0.
pub const WIN_POINTS: u32 = 3;
pub const DRAW_POINTS: u32 = 1;

/// One registered player: a name, an AI by name, and a deck that cannot change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub player: String,
    pub ai: String,
    pub deck: RegisteredDeck,
}

/// One pairing of a round. `b == None` is a bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub round: u32,
    pub table: u32,
    pub a: usize,
    pub b: Option<usize>,
    /// The match winner as an entry index; `None` is a drawn match. A bye wins.
    pub winner: Option<usize>,
    pub duel_wins: [u8; 2],
    pub judgment: Option<u8>,
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub rank: usize,
    pub entry: usize,
    pub player: String,
    pub deck: String,
    pub points: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub byes: u32,
    /// Opponents' match-win percentage (each at least 1/3), byes left out.
    pub omw: f64,
    /// Opponents' opponents' match-win percentage.
    pub oomw: f64,
    /// Duels won minus duels lost.
    pub duel_diff: i32,
}

/// The whole tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentReport {
    pub rounds: u32,
    pub pairings: Vec<Pairing>,
    pub standings: Vec<Standing>,
}

/// Why a tournament could not run.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error("a tournament needs at least 2 players (got {0})")]
    TooFewPlayers(usize),
    #[error("{0}")]
    UnknownAi(#[from] crate::player::UnknownAi),
    #[error("deck {deck}: {errors}")]
    Setup { deck: String, errors: String },
}

/// Runs `rounds` Swiss rounds. `clock` makes the clock of each match; `progress` is told
/// after every match (matches played, matches in all).
pub fn run_tournament(
    pool: &Arc<CardPool>,
    entries: &[Entry],
    rounds: u32,
    config: &MatchConfig,
    clock: &mut dyn FnMut() -> Box<dyn Clock>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<TournamentReport, TournamentError> {
    let n = entries.len();
    if n < 2 {
        return Err(TournamentError::TooFewPlayers(n));
    }
    for e in entries {
        crate::player::ai_player(&e.ai, 0)?;
    }
    let total = rounds as u64 * (n as u64).div_ceil(2);
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut pairings: Vec<Pairing> = vec![];
    for round in 1..=rounds {
        let (pairs, bye) = pair_players(&(0..n).collect::<Vec<_>>(), n, &pairings, &mut rng, round);
        for (t, &(a, b)) in pairs.iter().enumerate() {
            let seed = config.seed ^ ((round as u64) << 32) ^ t as u64;
            let mut p = play_pairing(pool, entries, config, a, b, seed, clock())?;
            p.round = round;
            p.table = t as u32 + 1;
            pairings.push(p);
            progress(pairings.len() as u64, total);
        }
        if let Some(i) = bye {
            let table = pairs.len() as u32 + 1;
            pairings.push(Pairing { round, table, a: i, b: None, winner: Some(i), duel_wins: [0, 0], judgment: None });
            progress(pairings.len() as u64, total);
        }
    }
    Ok(TournamentReport { rounds, standings: standings(entries, &pairings), pairings })
}

fn play_pairing(
    pool: &Arc<CardPool>,
    entries: &[Entry],
    config: &MatchConfig,
    a: usize,
    b: usize,
    seed: u64,
    mut clock: Box<dyn Clock>,
) -> Result<Pairing, TournamentError> {
    let mut pa = AiCompetitor::by_name(entries[a].player.clone(), &entries[a].ai, seed ^ 0xa)?;
    let mut pb = AiCompetitor::by_name(entries[b].player.clone(), &entries[b].ai, seed ^ 0xb)?;
    let cfg = MatchConfig { seed, ..config.clone() };
    let players: [&mut dyn Competitor; 2] = [&mut pa, &mut pb];
    let report = play_match(pool, &cfg, [&entries[a].deck, &entries[b].deck], players, clock.as_mut()).map_err(|errors| TournamentError::Setup {
        deck: format!("{} or {}", entries[a].deck.name, entries[b].deck.name),
        errors: errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "),
    })?;
    Ok(Pairing {
        round: 0,
        table: 0,
        a,
        b: Some(b),
        winner: report.winner.map(|w| if w == Player::A { a } else { b }),
        duel_wins: report.duel_wins,
        judgment: report.judgment.map(|j| j.number()),
    })
}

/// The pairs of a round among the players `active` (entry indexes; dropped players left
/// out) of `n` entries, and the bye if their count is odd: by match points, round 1 in a
/// seeded random order, no rematch where one can be avoided, the bye to the lowest-placed
/// player without one. `done` holds the pairings of the earlier rounds (finished ones count
/// for points; every one counts as played).
pub fn pair_players(active: &[usize], n: usize, done: &[Pairing], rng: &mut ChaCha8Rng, round: u32) -> (Vec<(usize, usize)>, Option<usize>) {
    let order = pairing_order(active, n, done, rng, round);
    let bye = pick_bye(&order, done);
    let rest: Vec<usize> = order.iter().copied().filter(|&i| Some(i) != bye).collect();
    let pairs = pair_up(&rest, done).unwrap_or_else(|| rest.chunks(2).map(|c| (c[0], c[1])).collect());
    (pairs, bye)
}

/// The pairings of round `round` (tables numbered from 1, the bye last and already won),
/// from a seed: [`pair_players`] for a server that runs its rounds one at a time.
pub fn pair_round(active: &[usize], n: usize, done: &[Pairing], seed: u64, round: u32) -> Vec<Pairing> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (round as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let (pairs, bye) = pair_players(active, n, done, &mut rng, round);
    let mut out: Vec<Pairing> = pairs
        .iter()
        .enumerate()
        .map(|(t, &(a, b))| Pairing { round, table: t as u32 + 1, a, b: Some(b), winner: None, duel_wins: [0, 0], judgment: None })
        .collect();
    if let Some(i) = bye {
        out.push(Pairing { round, table: out.len() as u32 + 1, a: i, b: None, winner: Some(i), duel_wins: [0, 0], judgment: None });
    }
    out
}

/// Players by match points (best first); round 1 in a seeded random order.
fn pairing_order(active: &[usize], n: usize, done: &[Pairing], rng: &mut ChaCha8Rng, round: u32) -> Vec<usize> {
    let mut order: Vec<usize> = active.to_vec();
    order.shuffle(rng);
    if round > 1 {
        let pts = points(n, done);
        order.sort_by_key(|&i| std::cmp::Reverse(pts[i]));
    }
    order
}

/// With an odd count, the lowest-placed player without a bye sits out and wins.
fn pick_bye(order: &[usize], done: &[Pairing]) -> Option<usize> {
    if order.len().is_multiple_of(2) {
        return None;
    }
    let had_bye = |i: usize| done.iter().any(|p| p.a == i && p.b.is_none());
    order.iter().rev().copied().find(|&i| !had_bye(i)).or(order.last().copied())
}

fn played(done: &[Pairing], a: usize, b: usize) -> bool {
    done.iter().any(|p| (p.a == a && p.b == Some(b)) || (p.a == b && p.b == Some(a)))
}

/// Pairs neighbours in `order`, avoiding rematches (backtracking); `None` if impossible.
fn pair_up(order: &[usize], done: &[Pairing]) -> Option<Vec<(usize, usize)>> {
    let Some((&first, rest)) = order.split_first() else { return Some(vec![]) };
    for (k, &other) in rest.iter().enumerate() {
        if played(done, first, other) {
            continue;
        }
        let remaining: Vec<usize> = rest.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, &x)| x).collect();
        if let Some(mut pairs) = pair_up(&remaining, done) {
            pairs.insert(0, (first, other));
            return Some(pairs);
        }
    }
    None
}

fn points(n: usize, done: &[Pairing]) -> Vec<u32> {
    let mut pts = vec![0; n];
    for p in done {
        match (p.winner, p.b) {
            (Some(w), _) => pts[w] += WIN_POINTS,
            (None, Some(b)) => {
                pts[p.a] += DRAW_POINTS;
                pts[b] += DRAW_POINTS;
            }
            (None, None) => {}
        }
    }
    pts
}

/// Standings: points, then OMW%, OOMW%, duel difference, then entry order.
pub fn standings(entries: &[Entry], done: &[Pairing]) -> Vec<Standing> {
    let players: Vec<(String, String)> = entries.iter().map(|e| (e.player.clone(), e.deck.name.clone())).collect();
    standings_of(&players, done)
}

/// [`standings`] of players given as (name, deck name), entry `i` being `players[i]`;
/// `done` holds finished pairings only.
pub fn standings_of(players: &[(String, String)], done: &[Pairing]) -> Vec<Standing> {
    let n = players.len();
    let pts = points(n, done);
    let rounds_of = |i: usize| done.iter().filter(|p| p.a == i || p.b == Some(i)).count() as f64;
    let mwp: Vec<f64> = (0..n).map(|i| (pts[i] as f64 / (WIN_POINTS as f64 * rounds_of(i).max(1.0))).max(1.0 / 3.0)).collect();
    let opponents = |i: usize| -> Vec<usize> {
        done.iter()
            .filter_map(|p| match p.b {
                Some(b) if p.a == i => Some(b),
                Some(b) if b == i => Some(p.a),
                _ => None,
            })
            .collect()
    };
    let avg = |xs: Vec<f64>| if xs.is_empty() { 0.0 } else { xs.iter().sum::<f64>() / xs.len() as f64 };
    let omw: Vec<f64> = (0..n).map(|i| avg(opponents(i).iter().map(|&o| mwp[o]).collect())).collect();
    let mut table: Vec<Standing> = (0..n)
        .map(|i| {
            let mut s = Standing {
                rank: 0,
                entry: i,
                player: players[i].0.clone(),
                deck: players[i].1.clone(),
                points: pts[i],
                wins: 0,
                losses: 0,
                draws: 0,
                byes: 0,
                omw: omw[i],
                oomw: avg(opponents(i).iter().map(|&o| omw[o]).collect()),
                duel_diff: 0,
            };
            for p in done.iter().filter(|p| p.a == i || p.b == Some(i)) {
                if p.b.is_none() {
                    s.byes += 1;
                    s.wins += 1;
                    continue;
                }
                let (mine, theirs) = if p.a == i { (p.duel_wins[0], p.duel_wins[1]) } else { (p.duel_wins[1], p.duel_wins[0]) };
                s.duel_diff += mine as i32 - theirs as i32;
                match p.winner {
                    Some(w) if w == i => s.wins += 1,
                    Some(_) => s.losses += 1,
                    None => s.draws += 1,
                }
            }
            s
        })
        .collect();
    table.sort_by(|x, y| {
        y.points.cmp(&x.points).then(y.omw.total_cmp(&x.omw)).then(y.oomw.total_cmp(&x.oomw)).then(y.duel_diff.cmp(&x.duel_diff)).then(x.entry.cmp(&y.entry))
    });
    for (k, s) in table.iter_mut().enumerate() {
        s.rank = k + 1;
    }
    table
}
