//! A league of AI players: a round robin on fixed deck pairs, rated by a Bradley-Terry fit
//! on the Elo scale with 95% intervals (issue 35). `ygo league` and `python -m ygo.league`
//! share this schedule and seeding, so the same arguments play the same duels in both.
//!
//! Every pair of agents plays `games` duels, cycling through the deck pairs, then both deck
//! orders (each agent pilots each deck), then both seats (seat A goes first): with `games`
//! a multiple of 4 x the number of deck pairs, every agent pair meets in every combination
//! equally often. The fit is Newton's method on the log-likelihood with the first agent
//! anchored at 0; one virtual draw per agent pair keeps it finite when one side won every
//! game; the intervals come from the likelihood's curvature. The linear algebra is a few
//! agents wide, so a small Gaussian elimination here replaces a matrix crate.

use serde::Serialize;

/// Points per natural-log unit of odds on the Elo scale (400 points: 10 to 1 odds).
pub const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// One scheduled duel: agents and decks by index (seat A's first) and the duel's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LeagueGame {
    /// Seat A's agent (goes first).
    pub a: usize,
    /// Seat B's agent.
    pub b: usize,
    /// The deck pair (index into the pairs given) and which of its decks seat A plays.
    pub pair: usize,
    /// Seat A plays the pair's second deck.
    pub a_plays_second_deck: bool,
    /// The duel's seed.
    pub seed: u64,
}

/// Every duel of the round robin of `agents` agents on `pairs` deck pairs, `games` per
/// agent pair, in a fixed order.
pub fn schedule(agents: usize, pairs: usize, games: u64, seed: u64) -> Vec<LeagueGame> {
    let mut out = Vec::new();
    let pairs = pairs.max(1) as u64;
    for i in 0..agents {
        for j in i + 1..agents {
            for g in 0..games {
                let pair = g % pairs;
                let order = (g / pairs) % 2 == 1; // agent i pilots the pair's second deck
                let seat = (g / (2 * pairs)) % 2 == 1; // agent i sits in B (second)
                let (a, b) = if seat { (j, i) } else { (i, j) };
                // Seat A plays agent i's deck unless agent i sits in B.
                let a_plays_second_deck = order != seat;
                let s = (u128::from(seed) * 1_000_003 + ((i * agents + j) as u128) * 10_007 + u128::from(g)) % (1u128 << 63);
                out.push(LeagueGame { a, b, pair: pair as usize, a_plays_second_deck, seed: s as u64 });
            }
        }
    }
    out
}

/// One agent's rating: Elo-scale strength against the anchor (the first agent, 0) with its
/// 95% interval, its score (wins plus half the draws, over its games) and games played.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
    pub score: f64,
    pub games: u64,
}

/// A finished duel for the fit: seat A's and B's agents and the winner (`Some(true)`: A,
/// `Some(false)`: B, `None`: a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub a: usize,
    pub b: usize,
    pub a_won: Option<bool>,
}

/// Bradley-Terry ratings of `agents` agents from `results` (one virtual draw per agent pair
/// that met). Agents that met nobody keep 0 with an infinite interval.
pub fn bradley_terry(agents: usize, results: &[Played]) -> Vec<Rating> {
    const PRIOR_DRAWS: f64 = 1.0;
    let n = agents;
    let mut w = vec![vec![0.0f64; n]; n]; // w[i][j]: points of i against j
    let mut games = vec![vec![0.0f64; n]; n];
    for r in results {
        let (i, j) = (r.a, r.b);
        if i >= n || j >= n || i == j {
            continue;
        }
        let score = match r.a_won {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None => 0.5,
        };
        w[i][j] += score;
        w[j][i] += 1.0 - score;
        games[i][j] += 1.0;
        games[j][i] += 1.0;
    }
    let played: Vec<Vec<bool>> = games.iter().map(|row| row.iter().map(|&g| g > 0.0).collect()).collect();
    for i in 0..n {
        for j in 0..n {
            if played[i][j] {
                w[i][j] += 0.5 * PRIOR_DRAWS;
                games[i][j] += PRIOR_DRAWS;
            }
        }
    }
    let mut theta = vec![0.0f64; n];
    let p_of = |theta: &[f64], i: usize, j: usize| 1.0 / (1.0 + (-(theta[i] - theta[j])).exp());
    // The free parameters: every agent but the anchor that played someone.
    let free: Vec<usize> = (1..n).filter(|&i| played[i].iter().any(|&x| x)).collect();
    let hessian = |theta: &[f64]| -> Vec<Vec<f64>> {
        // Minus the Hessian of the log-likelihood, on the free parameters.
        free.iter()
            .map(|&i| {
                free.iter()
                    .map(|&j| {
                        if i == j {
                            (0..n).map(|k| games[i][k] * p_of(theta, i, k) * (1.0 - p_of(theta, i, k))).sum()
                        } else {
                            -games[i][j] * p_of(theta, i, j) * (1.0 - p_of(theta, i, j))
                        }
                    })
                    .collect()
            })
            .collect()
    };
    for _ in 0..100 {
        let grad: Vec<f64> = free.iter().map(|&i| (0..n).map(|k| w[i][k] - games[i][k] * p_of(&theta, i, k)).sum()).collect();
        let Some(step) = solve(hessian(&theta), grad) else { break };
        let mut largest = 0.0f64;
        for (k, &i) in free.iter().enumerate() {
            theta[i] += step[k];
            largest = largest.max(step[k].abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    let inverse_diag = inverse_diagonal(hessian(&theta));
    (0..n)
        .map(|k| {
            let met = played[k].iter().filter(|&&x| x).count() as f64;
            let real = games[k].iter().sum::<f64>() - PRIOR_DRAWS * met;
            let points = w[k].iter().sum::<f64>() - 0.5 * PRIOR_DRAWS * met;
            let var = match free.iter().position(|&i| i == k) {
                Some(f) => inverse_diag.as_ref().map_or(f64::INFINITY, |d| d[f]),
                None if k == 0 => 0.0,
                None => f64::INFINITY,
            };
            let half = 1.96 * var.sqrt() * ELO;
            let elo = theta[k] * ELO;
            Rating { elo, low: elo - half, high: elo + half, score: if real > 0.0 { points / real } else { f64::NAN }, games: real.round() as u64 }
        })
        .collect()
}

/// Solves `m x = v` by Gaussian elimination with partial pivoting (None if singular).
fn solve(mut m: Vec<Vec<f64>>, mut v: Vec<f64>) -> Option<Vec<f64>> {
    let n = v.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-300 {
            return None;
        }
        m.swap(col, pivot);
        v.swap(col, pivot);
        let pivot_row = m[col].clone();
        for row in col + 1..n {
            let f = m[row][col] / pivot_row[col];
            for (x, p) in m[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            v[row] -= f * v[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| m[row][k] * x[k]).sum();
        x[row] = (v[row] - s) / m[row][row];
    }
    Some(x)
}

/// The diagonal of `m`'s inverse (None if singular).
fn inverse_diagonal(m: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let n = m.len();
    (0..n)
        .map(|k| {
            let e: Vec<f64> = (0..n).map(|i| if i == k { 1.0 } else { 0.0 }).collect();
            solve(m.clone(), e).map(|x| x[k])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wins(a: usize, b: usize, a_wins: u32, b_wins: u32) -> Vec<Played> {
        let mut v = Vec::new();
        v.extend((0..a_wins).map(|_| Played { a, b, a_won: Some(true) }));
        v.extend((0..b_wins).map(|_| Played { a, b, a_won: Some(false) }));
        v
    }

    #[test]
    fn two_agents_match_the_closed_form() {
        // With one virtual draw, theta = ln((W + 0.5) / (L + 0.5)); the variance is
        // 1 / (n p (1 - p)) over the n + 1 games.
        let r = bradley_terry(2, &wins(1, 0, 6, 2));
        let expect = ((6.5f64) / 2.5).ln() * ELO;
        assert!((r[1].elo - expect).abs() < 1e-6, "{} vs {expect}", r[1].elo);
        assert_eq!(r[0].elo, 0.0);
        let p: f64 = 6.5 / 9.0;
        let half = 1.96 * (1.0 / (9.0 * p * (1.0 - p))).sqrt() * ELO;
        assert!((r[1].high - r[1].elo - half).abs() < 1e-6);
        assert_eq!((r[0].games, r[1].games), (8, 8));
        assert!((r[1].score - 0.75).abs() < 1e-12 && (r[0].score - 0.25).abs() < 1e-12);
    }

    #[test]
    fn a_sweep_stays_finite_and_ratings_order_by_strength() {
        // 0 < 1 < 2: each stronger agent wins 7 of 8 against the weaker.
        let mut res = wins(1, 0, 7, 1);
        res.extend(wins(2, 1, 7, 1));
        res.extend(wins(2, 0, 8, 0));
        let r = bradley_terry(3, &res);
        assert!(r.iter().all(|x| x.elo.is_finite() && x.low.is_finite() && x.high.is_finite()));
        assert!(r[0].elo < r[1].elo && r[1].elo < r[2].elo, "{r:?}");
        // Seats do not matter: the same duels with the seats swapped give the same fit.
        let swapped: Vec<Played> = res.iter().map(|x| Played { a: x.b, b: x.a, a_won: x.a_won.map(|w| !w) }).collect();
        let s = bradley_terry(3, &swapped);
        for k in 0..3 {
            assert!((r[k].elo - s[k].elo).abs() < 1e-9);
        }
    }

    #[test]
    fn draws_count_half_and_equal_agents_rate_equal() {
        let res: Vec<Played> = (0..6).map(|_| Played { a: 0, b: 1, a_won: None }).collect();
        let r = bradley_terry(2, &res);
        assert!(r[1].elo.abs() < 1e-9 && (r[1].score - 0.5).abs() < 1e-12);
    }

    #[test]
    fn the_schedule_balances_decks_and_seats() {
        let s = schedule(3, 2, 8, 7);
        assert_eq!(s.len(), 3 * 8);
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            let mine: Vec<&LeagueGame> = s.iter().filter(|g| (g.a, g.b) == (i, j) || (g.a, g.b) == (j, i)).collect();
            assert_eq!(mine.len(), 8);
            // Agent i sits in A half the time, and pilots each deck of each pair once per seat.
            assert_eq!(mine.iter().filter(|g| g.a == i).count(), 4);
            for pair in 0..2 {
                for second in [false, true] {
                    let pilots = |g: &&&LeagueGame| g.pair == pair && ((g.a == i) == (g.a_plays_second_deck == second));
                    assert_eq!(mine.iter().filter(pilots).count(), 2, "agents {i},{j} pair {pair} deck {second}");
                }
            }
        }
        let mut seeds: Vec<u64> = s.iter().map(|g| g.seed).collect();
        seeds.sort_unstable();
        seeds.dedup();
        assert_eq!(seeds.len(), s.len(), "every duel has its own seed");
        assert_eq!(schedule(3, 2, 8, 7), s, "the schedule is a function of its arguments");
    }
}
