//! The engine's criterion benchmarks (issue 19; `cargo bench -p ygo`, read with
//! `docs/PERFORMANCE.md`). Two deck pairs, each measured the way `ygo bench` plays them:
//!
//! - `bench`: the classic benchmark decks (`../shared/data/decks/Bench_*_Classic.ydk`, as
//!   `ygo bench` loads them; from a checkout without the shared data, the built-in
//!   `bench-yugi`/`bench-kaiba`, the same lists, with a note), today's cards, Master Rule 2020;
//! - `goat`: `goat-control` vs `chaos-turbo` under the Goat format (Expert Rule, the 2005 cards).
//!
//! Per pair: `duel` (32 full random duels, games 0-31 of `ygo bench`'s seed, throughput in
//! duels), `legal_actions` at three moments reached by random play from fixed seeds, each
//! the first from turn 3 on (an open Main Phase of the turn player with cards in hand, a
//! response window of the other player on a chain, a Select prompt), `apply` (one
//! random legal action on a clone of a mid-game duel; the clone is not timed), `clone` and
//! `determinized` of that mid-game duel. Each benchmark is short (a few seconds); the whole
//! run takes about a minute. The benchmarks allocate with mimalloc, as the `ygo` binary does.

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkGroup, Criterion, Throughput};
use ygo_ai::RandomPlayer;
use ygo_cli::bench::{benchmark_decks, goat_pair, mid_game};
use ygo_cli::decks::NamedDeck;
use ygo_cli::rules::Rules;
use ygo_cli::sim::{play_game, SimConfig};
use ygo_core::{Duel, DuelSetup, Phase, Prompt};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One deck pair and the rules it plays.
struct Pair {
    name: &'static str,
    decks: [NamedDeck; 2],
    rules: Rules,
}

/// The two pairs, loaded once.
fn pairs() -> &'static [Pair] {
    static PAIRS: OnceLock<Vec<Pair>> = OnceLock::new();
    PAIRS.get_or_init(load_pairs)
}

fn load_pairs() -> Vec<Pair> {
    let bench = benchmark_decks();
    let (goat, goat_rules) = goat_pair().expect("the Goat pair loads");
    vec![Pair { name: "bench", decks: bench, rules: Rules::default() }, Pair { name: "goat", decks: goat, rules: goat_rules }]
}

/// The duels a `duel` iteration plays.
const DUELS: u64 = 32;

fn duels(c: &mut Criterion) {
    let mut g = c.benchmark_group("duel");
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(6)).throughput(Throughput::Elements(DUELS));
    for p in pairs() {
        // `ygo bench`'s games: seed 2024, seats alternating, random play through
        // `Duel::legal_actions_into` (`sim::play_game`'s fast path).
        let cfg = SimConfig { rules: p.rules.clone(), ..SimConfig::new(p.decks.clone(), DUELS, 2024) };
        g.bench_function(p.name, |b| {
            b.iter(|| {
                for game in 0..DUELS {
                    black_box(play_game(&cfg, game, false).expect("the decks start a duel").result);
                }
            })
        });
    }
    g.finish();
}

/// A kind of decision to measure `legal_actions` at (from turn 3 on, when both players
/// have had a turn).
#[derive(Clone, Copy)]
enum Moment {
    /// The turn player's open Main Phase window, no chain, cards in hand.
    MainPhase,
    /// The other player's priority while a chain is open.
    Response,
    /// A Select prompt (targets, costs, tributes, cards to send).
    Select,
}

impl Moment {
    const ALL: [Moment; 3] = [Moment::MainPhase, Moment::Response, Moment::Select];

    fn name(self) -> &'static str {
        match self {
            Moment::MainPhase => "main_phase",
            Moment::Response => "response",
            Moment::Select => "select",
        }
    }

    fn matches(self, d: &Duel) -> bool {
        if d.turn() < 3 {
            return false;
        }
        match *d.prompt() {
            Prompt::Window { player } => match self {
                Moment::MainPhase => {
                    player == d.turn_player() && matches!(d.phase(), Phase::Main1 | Phase::Main2) && d.chain_len() == 0 && !d.player(player).hand.is_empty()
                }
                Moment::Response => player != d.turn_player() && d.chain_len() > 0,
                Moment::Select => false,
            },
            Prompt::Select { .. } => matches!(self, Moment::Select),
            _ => false,
        }
    }
}

/// A new duel of the pair (seed `seed`).
fn start(p: &Pair, seed: u64) -> Duel {
    let mut setup = DuelSetup::new(p.decks[0].list.clone(), p.decks[1].list.clone(), seed);
    setup.edition = p.rules.edition;
    Duel::from_setup(p.rules.pool.clone(), &setup).expect("the decks start a duel")
}

/// The first decision of kind `m` met in random play (duel seeds 1, 2, ..., policy seed
/// 1), or `None` if 50 duels never reach one.
fn first_moment(p: &Pair, m: Moment) -> Option<Duel> {
    let mut legal = Vec::new();
    for seed in 1..=50 {
        let mut d = start(p, seed);
        let mut rng = RandomPlayer::new(1);
        while d.deciding_player().is_some() {
            if m.matches(&d) {
                return Some(d);
            }
            d.legal_actions_into(&mut legal);
            d.apply_unchecked(rng.pick(&legal));
        }
    }
    None
}

fn legal_actions(c: &mut Criterion) {
    let mut g = c.benchmark_group("legal_actions");
    short(&mut g);
    for p in pairs() {
        for m in Moment::ALL {
            let id = format!("{}/{}", p.name, m.name());
            let Some(d) = first_moment(p, m) else {
                eprintln!("note: {id} skipped: no such decision in 50 random duels");
                continue;
            };
            let mut buf = Vec::new();
            d.legal_actions_into(&mut buf);
            eprintln!("{id}: turn {}, {:?}, {} legal actions", d.turn(), d.phase(), buf.len());
            g.bench_function(&id, |b| {
                b.iter(|| {
                    black_box(&d).legal_actions_into(&mut buf);
                    black_box(buf.len())
                })
            });
        }
    }
    g.finish();
}

/// The mid-game duel of `ygo bench` (400 random decisions, its event log cleared, as
/// search clones are), moved on to the next decision with more than one legal action.
fn mid(p: &Pair) -> Duel {
    let mut d = mid_game(&p.decks, &p.rules, 400).expect("the decks start a duel");
    let mut rng = RandomPlayer::new(1);
    while d.deciding_player().is_some() && d.legal_actions().len() < 2 {
        d.apply_unchecked(rng.pick(&d.legal_actions()));
    }
    d.clear_events();
    d
}

/// Small samples: each of these benchmarks takes about 3 seconds.
fn short(g: &mut BenchmarkGroup<'_, WallTime>) {
    g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(2));
}

fn apply(c: &mut Criterion) {
    let mut g = c.benchmark_group("apply");
    short(&mut g);
    for p in pairs() {
        let d = mid(p);
        let player = d.deciding_player().expect("a mid-game decision");
        let action = RandomPlayer::new(7).pick(&d.legal_actions());
        eprintln!("apply/{}: turn {}, {:?}, `{}`", p.name, d.turn(), d.phase(), d.action_text(&action));
        g.bench_function(p.name, |b| {
            b.iter_batched(
                || d.clone(),
                |mut d| {
                    black_box(d.apply(player, action).map(<[_]>::len).expect("a legal action"));
                    d
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

fn clone(c: &mut Criterion) {
    let mut g = c.benchmark_group("clone");
    short(&mut g);
    for p in pairs() {
        let d = mid(p);
        g.bench_function(p.name, |b| b.iter(|| black_box(&d).clone()));
    }
    g.finish();
}

fn determinized(c: &mut Criterion) {
    let mut g = c.benchmark_group("determinized");
    short(&mut g);
    for p in pairs() {
        let d = mid(p);
        let viewer = d.deciding_player().expect("a mid-game decision");
        let mut seed = 0u64;
        g.bench_function(p.name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(&d).determinized(viewer, seed)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, duels, legal_actions, apply, clone, determinized);
criterion_main!(benches);
