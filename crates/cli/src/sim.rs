//! Self-play: many AI-vs-AI duels, with results and speed.

use std::time::Instant;

use serde::Serialize;
use ygo_ai::RandomPlayer;
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
}

/// Outcome of one random duel.
pub struct GameResult {
    /// Winner as a side (0 = first deck), `None` for a draw.
    pub winner_side: Option<usize>,
    pub turns: u32,
    pub decisions: u64,
    pub real_decisions: u64,
}

/// Plays one uniform-random duel; side 0 sits as player A on even games.
pub fn play_random(decks: &[NamedDeck; 2], edition: Edition, seed: u64, game: u64) -> Result<GameResult, String> {
    let swap = game % 2 == 1;
    let (a, b) = if swap { (&decks[1], &decks[0]) } else { (&decks[0], &decks[1]) };
    let mut setup = DuelSetup::new(a.list.clone(), b.list.clone(), seed);
    setup.edition = edition;
    let mut d = Duel::from_setup(ygo_cards::pool(), &setup).map_err(|e| format!("{e:?}"))?;
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
    let o = d.outcome().ok_or("no outcome")?;
    let side = |p: Player| if (p == Player::A) != swap { 0 } else { 1 };
    Ok(GameResult { winner_side: o.winner.map(side), turns: d.turn(), decisions: d.decisions(), real_decisions: real })
}

/// Plays `games` duels with seeds derived from `seed`.
pub fn run(decks: &[NamedDeck; 2], edition: Edition, games: u64, seed: u64, progress: bool) -> SimReport {
    let bar = progress.then(|| {
        let b = indicatif::ProgressBar::new(games);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let start = Instant::now();
    let mut r = SimReport { games, ..Default::default() };
    let (mut turns, mut decisions, mut real) = (0u64, 0u64, 0u64);
    for g in 0..games {
        match play_random(decks, edition, seed.wrapping_mul(1_000_003).wrapping_add(g), g) {
            Ok(res) => {
                match res.winner_side {
                    Some(s) => r.wins[s] += 1,
                    None => r.draws += 1,
                }
                turns += res.turns as u64;
                decisions += res.decisions;
                real += res.real_decisions;
            }
            Err(_) => r.errors += 1,
        }
        if let Some(b) = &bar {
            b.inc(1);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let n = games.max(1) as f64;
    r.avg_turns = turns as f64 / n;
    r.avg_decisions = decisions as f64 / n;
    r.avg_real_decisions = real as f64 / n;
    r.duels_per_sec = games as f64 / secs;
    r
}
