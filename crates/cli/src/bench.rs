//! `ygo bench`: random-play speed, clone and legal-action costs, memory per live duel.

use std::hint::black_box;
use std::time::Instant;

use serde::Serialize;
use ygo_ai::RandomPlayer;
use ygo_core::{Duel, DuelSetup};

use crate::decks::NamedDeck;

/// Benchmark figures (one core).
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub decks: [String; 2],
    pub games: u64,
    pub duels_per_sec: f64,
    pub decisions_per_sec: f64,
    pub avg_turns: f64,
    pub avg_decisions: f64,
    /// Decisions with more than one legal action, per duel.
    pub avg_real_decisions: f64,
    pub clone_ns: f64,
    pub legal_actions_ns: f64,
    pub legal_actions_ns_per_action: f64,
    pub bytes_per_duel: usize,
}

/// A new duel of the two decks, or why they cannot start one (in words).
fn start(decks: &[NamedDeck; 2], rules: &crate::rules::Rules) -> anyhow::Result<Duel> {
    let mut setup = DuelSetup::new(decks[0].list.clone(), decks[1].list.clone(), 12345);
    setup.edition = rules.edition;
    Duel::from_setup(rules.pool.clone(), &setup)
        .map_err(|e| anyhow::anyhow!("{} vs {}: the decks cannot start a duel: {}", decks[0].name, decks[1].name, ygo_core::replay::setup_errors_text(&e)))
}

/// A mid-game duel: random play for `steps` decisions.
fn mid_game(decks: &[NamedDeck; 2], rules: &crate::rules::Rules, steps: usize) -> anyhow::Result<Duel> {
    let mut d = start(decks, rules)?;
    let mut rng = RandomPlayer::new(1);
    for _ in 0..steps {
        if d.deciding_player().is_none() {
            break;
        }
        let a = rng.pick(&d.legal_actions());
        d.apply_unchecked(a);
    }
    Ok(d)
}

/// The benchmark decks (`../shared/data/decks/Bench_*_Classic.ydk`), when they exist and
/// every card in them is implemented; otherwise the reason they cannot be used.
pub fn benchmark_decks() -> Result<[NamedDeck; 2], String> {
    let dir = ["../shared/data/decks", "../../shared/data/decks"]
        .iter()
        .map(std::path::Path::new)
        .find(|p| p.join("Bench_Yugi_Classic.ydk").exists())
        .ok_or("the benchmark decks (shared/data/decks/Bench_*_Classic.ydk) were not found")?;
    let load = |n: &str| crate::decks::load_deck(&dir.join(n).to_string_lossy()).map_err(|e| format!("{e:#}"));
    Ok([load("Bench_Yugi_Classic.ydk")?, load("Bench_Kaiba_Classic.ydk")?])
}

/// Runs the benchmark; `heap_bytes` measures the heap allocated by a closure (the
/// binary's counting allocator). Refuses decks that cannot start a duel.
pub fn run(decks: &[NamedDeck; 2], rules: &crate::rules::Rules, games: u64, heap_bytes: &dyn Fn(&mut dyn FnMut()) -> usize) -> anyhow::Result<BenchReport> {
    start(decks, rules)?;
    let cfg = crate::sim::SimConfig { rules: rules.clone(), ..crate::sim::SimConfig::new(decks.clone(), games, 2024) };
    let sim = crate::sim::run(&cfg, false, true)?;
    let mut d = mid_game(decks, rules, 400)?;
    d.clear_events();
    let n = 20_000u32;
    let t = Instant::now();
    for _ in 0..n {
        black_box(d.clone());
    }
    let clone_ns = t.elapsed().as_nanos() as f64 / n as f64;
    let t = Instant::now();
    let mut count = 0usize;
    for _ in 0..n {
        count += black_box(d.legal_actions()).len();
    }
    let legal_ns = t.elapsed().as_nanos() as f64 / n as f64;
    let per_action = legal_ns / (count as f64 / n as f64).max(1.0);
    let mut full = mid_game(decks, rules, 400)?;
    // The heap of a live duel: a clone allocates exactly what the duel owns.
    let bytes = heap_bytes(&mut || {
        full = black_box(full.clone());
    }) + std::mem::size_of::<Duel>();
    Ok(BenchReport {
        decks: [decks[0].name.clone(), decks[1].name.clone()],
        games,
        duels_per_sec: sim.duels_per_sec,
        decisions_per_sec: sim.duels_per_sec * sim.avg_decisions,
        avg_turns: sim.avg_turns,
        avg_decisions: sim.avg_decisions,
        avg_real_decisions: sim.avg_real_decisions,
        clone_ns,
        legal_actions_ns: legal_ns,
        legal_actions_ns_per_action: per_action,
        bytes_per_duel: bytes,
    })
}
