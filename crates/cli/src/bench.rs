//! `ygo bench`: random-play speed, clone and legal-action costs, memory per live duel.
//! The same decks, rules and mid-game positions feed the criterion benchmarks
//! (`crates/cli/benches/engine.rs`).

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

/// What `ygo bench --json` prints: the figures of the pair measured (the benchmark decks by
/// default) as top-level keys, and with the default run the Goat pair's under `goat`.
#[derive(Clone, Debug, Serialize)]
pub struct BenchOutput {
    #[serde(flatten)]
    pub main: BenchReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goat: Option<BenchReport>,
}

/// The Goat pair of the default run: `goat-control` vs `chaos-turbo` under the Goat
/// format (Expert Rule, the 2005 versions of the cards).
pub const GOAT_PAIR: [&str; 2] = ["goat-control", "chaos-turbo"];

/// The decks and rules of the Goat pair ([`GOAT_PAIR`]).
pub fn goat_pair() -> anyhow::Result<([NamedDeck; 2], crate::rules::Rules)> {
    let rules = crate::rules::Rules::of_format(ygo_data::Format::by_name("goat")?);
    Ok(([crate::decks::load_deck(GOAT_PAIR[0])?, crate::decks::load_deck(GOAT_PAIR[1])?], rules))
}

/// The report in words, headed by the decks and the rules they played (`label`).
pub fn report_text(r: &BenchReport, label: &str) -> String {
    let mut s = format!("decks: {} vs {} ({label}, {} games, one core, uniform random legal actions)\n", r.decks[0], r.decks[1], r.games);
    s += &format!("duels/s            {:>10.0}\n", r.duels_per_sec);
    s += &format!("decisions/s        {:>10.0}\n", r.decisions_per_sec);
    s += &format!("turns/duel         {:>10.1}\n", r.avg_turns);
    s += &format!("decisions/duel     {:>10.1} ({:.1} with more than one choice)\n", r.avg_decisions, r.avg_real_decisions);
    s += &format!("clone (mid-game)   {:>10.0} ns\n", r.clone_ns);
    s += &format!("legal_actions()    {:>10.0} ns ({:.1} ns per action)\n", r.legal_actions_ns, r.legal_actions_ns_per_action);
    s += &format!("memory per duel    {:>10} bytes\n", r.bytes_per_duel);
    s
}

/// A new duel of the two decks, or why they cannot start one (in words).
fn start(decks: &[NamedDeck; 2], rules: &crate::rules::Rules) -> anyhow::Result<Duel> {
    let mut setup = DuelSetup::new(decks[0].list.clone(), decks[1].list.clone(), 12345);
    setup.edition = rules.edition;
    Duel::from_setup(rules.pool.clone(), &setup)
        .map_err(|e| anyhow::anyhow!("{} vs {}: the decks cannot start a duel: {}", decks[0].name, decks[1].name, ygo_core::replay::setup_errors_text(&e)))
}

/// A mid-game duel: random play (policy seed 1) for `steps` decisions.
pub fn mid_game(decks: &[NamedDeck; 2], rules: &crate::rules::Rules, steps: usize) -> anyhow::Result<Duel> {
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

/// The benchmark decks: the built-in `bench-yugi` and `bench-kaiba`, the lists of
/// `../shared/data/decks/Bench_*_Classic.ydk` (a test keeps them equal), so the benchmark
/// plays the same duels from any directory.
pub fn benchmark_decks() -> [NamedDeck; 2] {
    let load = |n: &str| crate::decks::load_deck(n).expect("a built-in deck loads");
    [load("bench-yugi"), load("bench-kaiba")]
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
