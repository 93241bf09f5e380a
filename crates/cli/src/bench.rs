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
/// default) as top-level keys, and with the default run the Goat pair's under `goat` and the
/// Edison pair's under `edison`.
#[derive(Clone, Debug, Serialize)]
pub struct BenchOutput {
    #[serde(flatten)]
    pub main: BenchReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goat: Option<BenchReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edison: Option<BenchReport>,
}

/// The Goat pair of the default run: `goat-control` vs `chaos-turbo` under the Goat
/// format (Expert Rule, the 2005 versions of the cards).
pub const GOAT_PAIR: [&str; 2] = ["goat-control", "chaos-turbo"];

/// The Edison pair of the default run: `edison-gladiator-beasts` vs
/// `edison-lightsworn-monarchs` under the Edison format (Master Rule 1, the 2010 versions
/// of the cards): the winning lists of the 5th and 6th Edison-era Shonen Jump Championships.
pub const EDISON_PAIR: [&str; 2] = ["edison-gladiator-beasts", "edison-lightsworn-monarchs"];

/// The decks and rules of a named format's pair of the default run: `goat`
/// ([`GOAT_PAIR`]) or `edison` ([`EDISON_PAIR`]).
pub fn format_pair(format: &str) -> anyhow::Result<([NamedDeck; 2], crate::rules::Rules)> {
    let names = match format {
        "goat" => GOAT_PAIR,
        "edison" => EDISON_PAIR,
        other => anyhow::bail!("the benchmark has no deck pair of the format {other} (it has goat and edison)"),
    };
    let rules = crate::rules::Rules::of_format(ygo_data::Format::by_name(format)?);
    Ok(([crate::decks::load_deck(names[0])?, crate::decks::load_deck(names[1])?], rules))
}

/// The decks and rules of the Goat pair ([`GOAT_PAIR`]).
pub fn goat_pair() -> anyhow::Result<([NamedDeck; 2], crate::rules::Rules)> {
    format_pair("goat")
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

/// What `ygo bench --pairs FORMAT` measures: every pair of the format's built-in decks.
#[derive(Clone, Debug, Serialize)]
pub struct PairsOutput {
    pub format: String,
    pub games: u64,
    pub pairs: Vec<BenchReport>,
    /// The mean of the pairs' duels/s.
    pub mean_duels_per_sec: f64,
    /// The pair with the fewest duels/s.
    pub slowest: BenchReport,
}

/// Benchmarks every pair of `format`'s built-in decks (each unordered pair once, in the
/// deck list's order), reporting each finished pair to `progress`.
pub fn run_pairs(format: &str, games: u64, heap_bytes: &dyn Fn(&mut dyn FnMut()) -> usize, progress: &mut dyn FnMut(String)) -> anyhow::Result<PairsOutput> {
    let data = ygo_data::Format::by_name(format)?;
    let rules = crate::rules::Rules::of_format(data);
    let names: Vec<&str> = ygo_cards::decks::all().filter(|d| ygo_cards::decks::format_of(d.name) == Some(data.name)).map(|d| d.name).collect();
    if names.len() < 2 {
        anyhow::bail!("--pairs {format}: the format has {} built-in deck(s); a pair needs two", names.len());
    }
    let decks: Vec<NamedDeck> = names.iter().map(|n| crate::decks::load_deck(n)).collect::<anyhow::Result<_>>()?;
    let total = decks.len() * (decks.len() - 1) / 2;
    let mut pairs = Vec::with_capacity(total);
    for (i, a) in decks.iter().enumerate() {
        for b in &decks[i + 1..] {
            let r = run(&[a.clone(), b.clone()], &rules, games, heap_bytes)?;
            progress(format!("bench: pair {} of {total}: {} vs {}: {:.0} duels/s", pairs.len() + 1, a.name, b.name, r.duels_per_sec));
            pairs.push(r);
        }
    }
    let mean = pairs.iter().map(|r| r.duels_per_sec).sum::<f64>() / pairs.len() as f64;
    let slowest = pairs.iter().min_by(|x, y| x.duels_per_sec.total_cmp(&y.duels_per_sec)).cloned().expect("at least one pair");
    Ok(PairsOutput { format: data.name.to_string(), games, pairs, mean_duels_per_sec: mean, slowest })
}

/// The pairs' report in words: one line per pair, then the mean and the slowest.
pub fn pairs_text(out: &PairsOutput) -> String {
    let mut s = format!(
        "every pair of the built-in {} decks ({} pairs, {} games each, one core, uniform random legal actions)\n",
        out.format,
        out.pairs.len(),
        out.games
    );
    for r in &out.pairs {
        s += &format!("{:>10.0} duels/s  {} vs {}\n", r.duels_per_sec, r.decks[0], r.decks[1]);
    }
    s += &format!("mean    {:>10.0} duels/s\n", out.mean_duels_per_sec);
    s += &format!("slowest {:>10.0} duels/s  {} vs {}\n", out.slowest.duels_per_sec, out.slowest.decks[0], out.slowest.decks[1]);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_need_two_built_in_decks_of_the_format() {
        let err = run_pairs(
            "tcg",
            1,
            &|f| {
                f();
                0
            },
            &mut |_| {},
        )
        .unwrap_err();
        assert!(err.to_string().contains("--pairs tcg: the format has 0 built-in deck(s)"), "{err}");
        assert!(run_pairs("no-such-format", 1, &|_| 0, &mut |_| {}).is_err());
    }

    #[test]
    fn pairs_text_names_the_mean_and_the_slowest_pair() {
        let r = |a: &str, b: &str, dps: f64| BenchReport {
            decks: [a.into(), b.into()],
            games: 3,
            duels_per_sec: dps,
            decisions_per_sec: 0.0,
            avg_turns: 0.0,
            avg_decisions: 0.0,
            avg_real_decisions: 0.0,
            clone_ns: 0.0,
            legal_actions_ns: 0.0,
            legal_actions_ns_per_action: 0.0,
            bytes_per_duel: 0,
        };
        let out = PairsOutput {
            format: "goat".into(),
            games: 3,
            pairs: vec![r("a", "b", 300.0), r("a", "c", 100.0)],
            mean_duels_per_sec: 200.0,
            slowest: r("a", "c", 100.0),
        };
        let text = pairs_text(&out);
        assert!(text.contains("(2 pairs, 3 games each"), "{text}");
        assert!(text.contains("mean           200 duels/s"), "{text}");
        assert!(text.contains("slowest        100 duels/s  a vs c"), "{text}");
    }
}
