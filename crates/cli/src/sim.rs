//! Self-play: many AI-vs-AI duels on every core, with results, confidence intervals and
//! speed. Side 1 is the first deck with the first AI; seats alternate (side 1 goes first
//! in even games).

use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use ygo_ai::{Observation, RandomPlayer};
use ygo_core::{Duel, DuelSetup, Edition, Player};

use crate::decks::NamedDeck;

/// Results of a batch of duels. `wins[0]` is side 1's (the first deck), whichever seat it
/// had.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SimReport {
    pub games: u64,
    pub wins: [u64; 2],
    pub draws: u64,
    pub avg_turns: f64,
    pub avg_decisions: f64,
    /// Decisions that had more than one legal action, per duel.
    pub avg_real_decisions: f64,
    pub duels_per_sec: f64,
    pub errors: u64,
    /// Per side (deck + AI): wins, win rate and its 95% confidence interval.
    pub sides: [SideReport; 2],
    /// Per seat: games won by the player who went first (`[0]`) and second (`[1]`).
    pub seat_wins: [u64; 2],
    /// Win rate of the player who went first, with its 95% confidence interval.
    pub first_seat_rate: Rate,
}

/// One side's results.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SideReport {
    pub deck: String,
    pub ai: String,
    pub wins: u64,
    pub rate: Rate,
    /// Wins when going first, out of `games_first`; wins when going second.
    pub wins_first: u64,
    pub games_first: u64,
    pub wins_second: u64,
    pub games_second: u64,
}

/// A proportion with its Wilson 95% confidence interval.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Rate {
    pub rate: f64,
    pub ci95: [f64; 2],
}

impl Rate {
    /// `k` successes out of `n` (Wilson score interval, z = 1.96).
    pub fn wilson(k: u64, n: u64) -> Rate {
        if n == 0 {
            return Rate { rate: 0.0, ci95: [0.0, 1.0] };
        }
        let (k, n, z) = (k as f64, n as f64, 1.96f64);
        let p = k / n;
        let den = 1.0 + z * z / n;
        let mid = (p + z * z / (2.0 * n)) / den;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / den;
        Rate { rate: p, ci95: [(mid - half).max(0.0), (mid + half).min(1.0)] }
    }
}

/// Outcome of one duel.
pub struct GameResult {
    /// Winner as a side (0 = first deck), `None` for a draw.
    pub winner_side: Option<usize>,
    /// Did side 0 go first?
    pub side0_first: bool,
    pub turns: u32,
    pub decisions: u64,
    pub real_decisions: u64,
}

fn setup(decks: &[NamedDeck; 2], edition: Edition, seed: u64, swap: bool) -> Result<Duel, String> {
    let (a, b) = if swap { (&decks[1], &decks[0]) } else { (&decks[0], &decks[1]) };
    let mut setup = DuelSetup::new(a.list.clone(), b.list.clone(), seed);
    setup.edition = edition;
    Duel::from_setup(ygo_cards::pool(), &setup).map_err(|e| format!("{e:?}"))
}

fn result(d: &Duel, swap: bool, real: u64) -> Result<GameResult, String> {
    let o = d.outcome().ok_or("no outcome")?;
    let side = |p: Player| if (p == Player::A) != swap { 0 } else { 1 };
    Ok(GameResult { winner_side: o.winner.map(side), side0_first: !swap, turns: d.turn(), decisions: d.decisions(), real_decisions: real })
}

/// Plays one uniform-random duel (the fast path); side 0 sits as player A on even games.
pub fn play_random(decks: &[NamedDeck; 2], edition: Edition, seed: u64, game: u64) -> Result<GameResult, String> {
    let swap = game % 2 == 1;
    let mut d = setup(decks, edition, seed, swap)?;
    let mut rng = RandomPlayer::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut real = 0;
    let mut legal = Vec::new();
    while d.deciding_player().is_some() {
        legal.clear();
        legal.extend(d.legal_actions());
        if legal.len() > 1 {
            real += 1;
        }
        let act = rng.pick(&legal);
        d.apply_unchecked(act);
    }
    result(&d, swap, real)
}

/// Plays one duel between two named AIs (`ais[0]` plays side 0).
pub fn play_ai(decks: &[NamedDeck; 2], ais: &[String; 2], edition: Edition, seed: u64, game: u64) -> Result<GameResult, String> {
    let swap = game % 2 == 1;
    let mut d = setup(decks, edition, seed, swap)?;
    let mk = |i: usize| ygo_ai::by_name(&ais[i], seed.wrapping_mul(31).wrapping_add(i as u64)).ok_or_else(|| format!("unknown AI {:?}", ais[i]));
    // Seat A is side 0 unless swapped.
    let mut players = if swap { [mk(1)?, mk(0)?] } else { [mk(0)?, mk(1)?] };
    let mut real = 0;
    while let Some(obs) = Observation::new(&d) {
        let a = if obs.actions().len() == 1 {
            obs.actions()[0]
        } else {
            real += 1;
            players[obs.seat().idx()].decide_observed(&obs)
        };
        drop(obs);
        d.apply_unchecked(a);
    }
    result(&d, swap, real)
}

/// Plays game `game` as `run` would (same seeds and seats) and saves its replay as
/// `dir/game-NNNN.json`.
pub fn save_replay(decks: &[NamedDeck; 2], ais: &[String; 2], edition: Edition, seed: u64, game: u64, dir: &std::path::Path) -> anyhow::Result<()> {
    let swap = game % 2 == 1;
    let s = seed.wrapping_mul(1_000_003).wrapping_add(game);
    let (a, b) = if swap { (&decks[1], &decks[0]) } else { (&decks[0], &decks[1]) };
    let mut setup = DuelSetup::new(a.list.clone(), b.list.clone(), s);
    setup.edition = edition;
    let mut d = Duel::from_setup(ygo_cards::pool(), &setup).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let mk = |i: usize| ygo_ai::by_name(&ais[i], s.wrapping_mul(31).wrapping_add(i as u64)).ok_or_else(|| anyhow::anyhow!("unknown AI {:?}", ais[i]));
    let mut players = if swap { [mk(1)?, mk(0)?] } else { [mk(0)?, mk(1)?] };
    let mut actions = Vec::new();
    while let Some(obs) = Observation::new(&d) {
        let p = obs.seat();
        let a = if obs.actions().len() == 1 { obs.actions()[0] } else { players[p.idx()].decide_observed(&obs) };
        drop(obs);
        d.apply_unchecked(a);
        actions.push((p, a));
    }
    let names = [a.name.clone(), b.name.clone()];
    let file = ygo_core::replay::ReplayFile::record(&d, ygo_core::replay::Replay { setup, actions }, ygo_cards::data_version(), names);
    std::fs::create_dir_all(dir)?;
    crate::duel::save_replay(&dir.join(format!("game-{game:04}.json")), &file)
}

/// Checks AI names before a run.
pub fn check_ais(ais: &[String; 2]) -> anyhow::Result<()> {
    for a in ais {
        if ygo_ai::by_name(a, 0).is_none() {
            anyhow::bail!("unknown AI {a:?} ({}, or mcts:N / mcts:Nms for a budget)", ygo_ai::AI_NAMES.join(", "));
        }
    }
    Ok(())
}

/// Plays `games` duels with seeds derived from `seed`, in parallel on every core unless
/// `one_core`.
pub fn run(decks: &[NamedDeck; 2], ais: &[String; 2], edition: Edition, games: u64, seed: u64, progress: bool, one_core: bool) -> SimReport {
    let bar = progress.then(|| {
        let b = indicatif::ProgressBar::new(games);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let fast = ais.iter().all(|a| a == "random");
    let play = |g: u64| {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(g);
        let r = if fast { play_random(decks, edition, s, g) } else { play_ai(decks, ais, edition, s, g) };
        if let Some(b) = &bar {
            b.inc(1);
        }
        r
    };
    let start = Instant::now();
    let results: Vec<Result<GameResult, String>> = if one_core { (0..games).map(play).collect() } else { (0..games).into_par_iter().map(play).collect() };
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let mut r = summarize(decks, ais, &results);
    r.duels_per_sec = games as f64 / secs;
    r
}

fn summarize(decks: &[NamedDeck; 2], ais: &[String; 2], results: &[Result<GameResult, String>]) -> SimReport {
    let mut r = SimReport { games: results.len() as u64, ..Default::default() };
    let (mut turns, mut decisions, mut real) = (0u64, 0u64, 0u64);
    for (i, s) in r.sides.iter_mut().enumerate() {
        s.deck = decks[i].name.clone();
        s.ai = ais[i].clone();
    }
    for res in results {
        let Ok(res) = res else {
            r.errors += 1;
            continue;
        };
        let first_side = if res.side0_first { 0 } else { 1 };
        r.sides[first_side].games_first += 1;
        r.sides[1 - first_side].games_second += 1;
        match res.winner_side {
            Some(s) => {
                r.wins[s] += 1;
                if s == first_side {
                    r.seat_wins[0] += 1;
                    r.sides[s].wins_first += 1;
                } else {
                    r.seat_wins[1] += 1;
                    r.sides[s].wins_second += 1;
                }
            }
            None => r.draws += 1,
        }
        turns += res.turns as u64;
        decisions += res.decisions;
        real += res.real_decisions;
    }
    let played = r.games - r.errors;
    for (i, s) in r.sides.iter_mut().enumerate() {
        s.wins = r.wins[i];
        s.rate = Rate::wilson(r.wins[i], played);
    }
    r.first_seat_rate = Rate::wilson(r.seat_wins[0], played);
    let n = r.games.max(1) as f64;
    r.avg_turns = turns as f64 / n;
    r.avg_decisions = decisions as f64 / n;
    r.avg_real_decisions = real as f64 / n;
    r
}

/// The text report of `ygo sim`.
pub fn report_text(r: &SimReport, edition: &str, seed: u64) -> String {
    let pct = |x: &Rate| format!("{:.1}% (95% CI {:.1}-{:.1}%)", 100.0 * x.rate, 100.0 * x.ci95[0], 100.0 * x.ci95[1]);
    let mut out = String::new();
    out.push_str(&format!("{} games, edition {edition}, seed {seed}; seats alternate\n", r.games));
    for (i, s) in r.sides.iter().enumerate() {
        out.push_str(&format!(
            "side {}: {} ({}): {} wins, {}; first {}/{}, second {}/{}\n",
            i + 1,
            s.deck,
            s.ai,
            s.wins,
            pct(&s.rate),
            s.wins_first,
            s.games_first,
            s.wins_second,
            s.games_second
        ));
    }
    out.push_str(&format!("draws {}  errors {}\n", r.draws, r.errors));
    out.push_str(&format!("going first wins {}\n", pct(&r.first_seat_rate)));
    out.push_str(&format!("mean turns {:.1}  mean decisions {:.1} ({:.1} with a real choice)\n", r.avg_turns, r.avg_decisions, r.avg_real_decisions));
    out.push_str(&format!("{:.1} duels/s\n", r.duels_per_sec));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval() {
        let r = Rate::wilson(80, 100);
        assert!((r.rate - 0.8).abs() < 1e-12);
        assert!((r.ci95[0] - 0.711).abs() < 0.002 && (r.ci95[1] - 0.866).abs() < 0.002, "{r:?}");
        assert_eq!(Rate::wilson(0, 0).ci95, [0.0, 1.0]);
    }

    #[test]
    fn sides_keep_their_wins_whichever_seat() {
        let decks = [crate::decks::load_deck("vanilla-yugi").unwrap(), crate::decks::load_deck("vanilla-kaiba").unwrap()];
        let ais = ["greedy".to_string(), "random".to_string()];
        let r = run(&decks, &ais, Edition::default(), 6, 3, false, false);
        assert_eq!(r.errors, 0);
        assert_eq!(r.wins[0] + r.wins[1] + r.draws, 6);
        assert_eq!(r.sides[0].games_first, 3);
        assert_eq!(r.sides[0].wins, r.sides[0].wins_first + r.sides[0].wins_second);
        assert!(r.wins[0] >= 5, "greedy (side 1) won {} of 6", r.wins[0]);
    }
}
