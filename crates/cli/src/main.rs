//! `ygo`: the Yu-Gi-Oh! OCG rules engine on the command line.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use ygo_cli::args::Utf8Text;
use ygo_cli::decks::{card_lookup, load_deck_with, NamedDeck};
use ygo_cli::rules::{announce, Rules};
use ygo_cli::sim::MAX_GAMES;
use ygo_core::Player;
use ygo_data::CardLookup;

/// The binary's allocator: mimalloc (a duel allocates and frees small blocks at a high rate:
/// effect activations, prompts, the event log growing; mimalloc's thread-local free lists do
/// this in fewer instructions than glibc's malloc; docs/PERFORMANCE.md), counting the bytes
/// allocated on each thread so `ygo bench` can report memory per live duel. The count is
/// thread-local: no atomic read-modify-write per allocation.
struct Counting;

thread_local! {
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: the count is skipped (never a panic) once the thread's locals are gone.
        let _ = ALLOCATED.try_with(|n| n.set(n.get() + layout.size()));
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATED.try_with(|n| n.set(n.get() + layout.size()));
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Counted as a new block of `new_size` (as the default `realloc`, an allocation and
        // a copy, would count it), but grown in place where mimalloc can.
        let _ = ALLOCATED.try_with(|n| n.set(n.get() + new_size));
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn heap_bytes(f: &mut dyn FnMut()) -> usize {
    let before = ALLOCATED.with(Cell::get);
    f();
    ALLOCATED.with(Cell::get) - before
}

#[derive(Parser)]
#[command(name = "ygo", version, about = "The Yu-Gi-Oh! Official Card Game rules engine: duel, run rulings, check decks, simulate.")]
struct Cli {
    /// A YGOPro/EDOPro cards.cdb for card names and texts (also YGO_CARDS_DB).
    #[arg(long, global = true, env = "YGO_CARDS_DB")]
    cards_db: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Duel in the terminal: a full-screen table (or, with --plain or when stdout is not
    /// a terminal, line mode: type an action's number or its text).
    Duel {
        /// Your deck (built-in name or .ydk path).
        #[arg(long, default_value = "vanilla-yugi", value_parser = Utf8Text)]
        deck: String,
        /// The opponent's deck.
        #[arg(long, default_value = "vanilla-kaiba", value_parser = Utf8Text)]
        opponent_deck: String,
        /// Opponent: an AI (mcts: 200 iterations a decision; mcts:N iterations, mcts:Nms;
        /// greedy, random; policy and mcts+policy:N, the shipped Goat network, or policy:FILE,
        /// mcts+policy:N:FILE: docs/POLICY.md) or human (hot-seat).
        #[arg(long, default_value = "mcts")]
        vs: String,
        #[command(flatten)]
        rules: ygo_cli::rules::RulesArgs,
        /// The duel's seed (0 or more); without it a fresh seed is drawn and printed, so
        /// the same duel can be played again.
        #[arg(long, allow_hyphen_values = true, value_parser = ygo_cli::duel::parse_seed)]
        seed: Option<u64>,
        /// Starting LP: 8000, 4000 or 2000.
        #[arg(long, default_value_t = 8000)]
        lp: i32,
        /// Sit as player B (the AI goes first).
        #[arg(long)]
        second: bool,
        /// Line mode (also used when stdout is not a terminal).
        #[arg(long)]
        plain: bool,
        /// Save the replay to this file when the duel ends (or is quit); if that fails, another
        /// name is asked for. Without it, the full-screen mode offers a file name at the end.
        #[arg(long)]
        save_replay: Option<PathBuf>,
        /// Start from the position of a scenario file (its [state] tables: hands, fields,
        /// Decks, turn and phase; its steps are not played) instead of two decks: practise a
        /// position. Such a duel has no replay file.
        #[arg(long, conflicts_with = "save_replay")]
        position: Option<PathBuf>,
    },
    /// Step through a saved duel, or re-simulate it with --verify.
    Replay(ygo_cli::cmd_replay::ReplayArgs),
    /// Play many AI-vs-AI duels on every core and report win rates with 95% confidence
    /// intervals (side 1 = first --deck with first --ai; seats alternate).
    Sim {
        /// Number of duels, 1 to 1,000,000,000 (results are streamed, not stored).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
        games: u64,
        /// Seed of the games, 0 to 18446744073709551615.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = ygo_cli::args::seed)]
        seed: u64,
        /// Decks of side 1 and side 2 (give --deck twice; once: both sides play it, a
        /// mirror); seats alternate per game.
        #[arg(long = "deck", num_args = 1, value_parser = Utf8Text)]
        decks: Vec<String>,
        /// AIs of side 1 and side 2: random, greedy, mcts (mcts:N iterations, mcts:Nms),
        /// policy, mcts+policy:N (the shipped Goat network), policy:FILE, mcts+policy:N:FILE
        /// (docs/POLICY.md).
        #[arg(long = "ai", num_args = 1, value_parser = Utf8Text)]
        ais: Vec<String>,
        /// Also save every game's replay in this directory (game-NNNN.json): the very
        /// games the report counts.
        #[arg(long)]
        save_replays: Option<PathBuf>,
        #[command(flatten)]
        rules: ygo_cli::rules::RulesArgs,
        /// Check the duel's invariants after every action (each card where its zone lists
        /// it, ...) and report every game in which one broke (the game stops there; exit
        /// status 1 if any did).
        #[arg(long)]
        check: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Run ruling files (SCENARIOS.md) or show which rules they cover.
    #[command(subcommand)]
    Scenario(ygo_cli::cmd_scenario::ScenarioCmd),
    /// Check decks against the rules and banlists; convert between .ydk and YDKE.
    #[command(subcommand)]
    Deck(ygo_cli::cmd_deck::DeckCmd),
    /// List and show the cards ygo ships (or those of --cards-db).
    #[command(subcommand)]
    Cards(ygo_cli::cmd_cards::CardsCmd),
    /// Play one best-of-3 match between two decks with AI players (MATCH-*: siding,
    /// the match clock, extra turns, sudden death).
    Match(ygo_cli::cmd_match::MatchArgs),
    /// Run a Swiss tournament of registered decks with AI players and print the standings.
    Tournament(ygo_cli::cmd_tournament::TournamentArgs),
    /// Rate the built-in AIs: a round robin on fixed deck pairs (by default the Goat
    /// benchmark pairs, both deck orders, seats alternating), Bradley-Terry ratings on the Elo
    /// scale with 95% intervals; the same duels as `python -m ygo.league`
    League(ygo_cli::cmd_league::LeagueArgs),
    /// Serve the browser client: rooms against an AI or a friend (by code), spectators,
    /// accounts, finished duels with replays, ratings. Prints `listening on http://ADDR`.
    Serve(ygo_server::cli::ServeArgs),
    /// Play many concurrent duels between random-action WebSocket clients against a
    /// running `ygo serve` (or, with --event-players, a whole Swiss event of them) and
    /// print one JSON line of figures.
    Loadtest(ygo_server::cli::LoadtestArgs),
    /// Measure random-play duels/s, clone and legal-action costs, memory per duel. Without
    /// --deck: the classic benchmark decks (built in: bench-yugi vs bench-kaiba), then
    /// goat-control vs chaos-turbo under the Goat format (`goat` in --json), then
    /// edison-gladiator-beasts vs edison-lightsworn-monarchs under the Edison format (`edison`);
    /// with --format goat (or edison) and no --deck, only that format's pair; with --pairs goat
    /// (or edison), every pair of the format's built-in decks (progress on stderr).
    Bench {
        /// Number of random-play duels per deck pair, 1 to 1,000,000,000.
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
        games: u64,
        /// The two decks (give --deck twice; default: the classic benchmark decks, then the Goat and Edison pairs).
        #[arg(long = "deck", num_args = 1, value_parser = Utf8Text)]
        decks: Vec<String>,
        #[command(flatten)]
        rules: ygo_cli::rules::RulesArgs,
        /// Print one JSON object (the Goat and Edison pairs of the default run under "goat" and "edison").
        #[arg(long)]
        json: bool,
        /// Measure every pair of a format's built-in decks instead (each pair once, in the
        /// order the deck list gives; the mean and the slowest pair at the end): `goat` or `edison`.
        #[arg(long, value_name = "FORMAT", conflicts_with_all = ["decks", "format", "edition"])]
        pairs: Option<String>,
    },
}

/// The two decks of `sim` and `bench`, each refused if the rules' format does not allow it.
fn two_decks(args: &[String], lookup: &CardLookup, rules: &Rules) -> anyhow::Result<[NamedDeck; 2]> {
    let names: Vec<&str> = match args.len() {
        0 => vec!["vanilla-yugi", "vanilla-kaiba"],
        1 => vec![args[0].as_str(), args[0].as_str()],
        2 => vec![args[0].as_str(), args[1].as_str()],
        n => anyhow::bail!("--deck: give it at most twice (got {n})"),
    };
    let decks = [load_deck_with(names[0], lookup)?, load_deck_with(names[1], lookup)?];
    for (name, d) in names.iter().zip(&decks) {
        rules.check_deck(name, d)?;
    }
    Ok(decks)
}

fn run(cli: Cli) -> anyhow::Result<i32> {
    match cli.cmd {
        Cmd::Scenario(c) => ygo_cli::cmd_scenario::run(c),
        Cmd::Deck(c) => ygo_cli::cmd_deck::run(c, cli.cards_db),
        Cmd::Cards(c) => ygo_cli::cmd_cards::run(c, cli.cards_db),
        Cmd::Match(a) => ygo_cli::cmd_match::run(a, &card_lookup(cli.cards_db)?),
        Cmd::Tournament(a) => ygo_cli::cmd_tournament::run(a, &card_lookup(cli.cards_db)?),
        Cmd::League(a) => ygo_cli::cmd_league::run(a, &card_lookup(cli.cards_db)?),
        Cmd::Duel { deck, opponent_deck, vs, rules, seed, lp, second, plain, save_replay, position } => {
            let cards_db = cli.cards_db;
            let (rules, line) = rules.resolve_for(&[&deck, &opponent_deck])?;
            let full_screen = !(plain || !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal());
            announce(line.as_deref(), full_screen);
            let lookup = rules.lookup(&card_lookup(cards_db.clone())?);
            let me = load_deck_with(&deck, &lookup)?;
            let them = load_deck_with(&opponent_deck, &lookup)?;
            rules.check_deck(&deck, &me)?;
            rules.check_deck(&opponent_deck, &them)?;
            let opponent = match vs.as_str() {
                "human" => ygo_cli::duel::Opponent::Human,
                ai => match ygo_ai::try_by_name(ai, 0) {
                    Ok(_) => ygo_cli::duel::Opponent::Ai(ai.to_string()),
                    Err(e) => anyhow::bail!("--vs: {e} (or human)"),
                },
            };
            let seat = if second { Player::B } else { Player::A };
            let decks = if second { [them, me] } else { [me, them] };
            let (seed, fresh_seed) = match seed {
                Some(s) => (s, false),
                None => (ygo_cli::duel::fresh_seed(), true),
            };
            let opts = ygo_cli::duel::DuelOptions { decks, rules, seed, fresh_seed, lp, opponent, seat, save_replay, cards_db, position };
            if !full_screen {
                let stdin = std::io::stdin();
                let mut input = stdin.lock();
                ygo_cli::duel::run_plain(opts, &mut input, &mut std::io::stdout())
            } else {
                ygo_cli::tui::run(opts)
            }
        }
        Cmd::Replay(a) => ygo_cli::cmd_replay::run(a),
        Cmd::Serve(a) => ygo_server::cli::serve(a),
        Cmd::Loadtest(a) => ygo_server::cli::loadtest(a),
        Cmd::Sim { games, seed, decks, ais, save_replays, rules, check, json } => {
            let (rules, line) = rules.resolve_for(&decks)?;
            announce(line.as_deref(), json);
            let mirror = if let [one] = decks.as_slice() { Some(format!("one --deck: both sides play {one} (a mirror match)")) } else { None };
            let decks = two_decks(&decks, &rules.lookup(&card_lookup(cli.cards_db)?), &rules)?;
            if let Some(m) = mirror {
                eprintln!("{m}");
            }
            let ais: [String; 2] = match ais.len() {
                0 => ["random".into(), "random".into()],
                1 => [ais[0].clone(), ais[0].clone()],
                2 => [ais[0].clone(), ais[1].clone()],
                n => anyhow::bail!("--ai: give it at most twice (got {n})"),
            };
            ygo_cli::sim::check_ais(&ais)?;
            let progress = !json && std::io::stderr().is_terminal();
            let label = rules.label();
            let cfg = ygo_cli::sim::SimConfig { decks, ais, rules, games, seed, save_replays, check };
            let r = ygo_cli::sim::run(&cfg, progress, false)?;
            if json {
                println!("{}", serde_json::to_string(&r)?);
            } else {
                print!("{}", ygo_cli::sim::report_text(&r, &label, seed));
            }
            let broken = r.invariants.as_ref().is_some_and(|i| i.breaks > 0);
            Ok(if r.errors > 0 || broken { 1 } else { 0 })
        }
        Cmd::Bench { games, pairs: Some(format), json, .. } => {
            let out = ygo_cli::bench::run_pairs(&format, games, &heap_bytes, &mut |line| eprintln!("{line}"))?;
            if json {
                println!("{}", serde_json::to_string(&out)?);
            } else {
                print!("{}", ygo_cli::bench::pairs_text(&out));
            }
            Ok(0)
        }
        Cmd::Bench { games, decks, rules, json, pairs: None } => {
            let (rules, line) = rules.resolve_for(&decks)?;
            announce(line.as_deref(), json);
            let default_run = decks.is_empty();
            // `--format goat` (or edison) without --deck: that format's pair alone (the
            // benchmark decks hold cards the 2005 and 2010 lists forbid).
            let format_only = if default_run { rules.format.map(|f| f.name).filter(|f| matches!(*f, "goat" | "edison")) } else { None };
            let decks = if let Some(format) = format_only {
                ygo_cli::bench::format_pair(format)?.0
            } else if default_run {
                let d = ygo_cli::bench::benchmark_decks();
                for deck in &d {
                    rules.check_deck(&deck.name, deck)?;
                }
                d
            } else {
                two_decks(&decks, &rules.lookup(&card_lookup(cli.cards_db)?), &rules)?
            };
            let main = ygo_cli::bench::run(&decks, &rules, games, &heap_bytes)?;
            // The default run also measures the Goat and Edison pairs, each under its format
            // whatever --format/--edition say (those apply to the first pair).
            let pair = |format: &str| -> anyhow::Result<Option<(ygo_cli::bench::BenchReport, String)>> {
                if !default_run || format_only.is_some() {
                    return Ok(None);
                }
                let (decks, rules) = ygo_cli::bench::format_pair(format)?;
                Ok(Some((ygo_cli::bench::run(&decks, &rules, games, &heap_bytes)?, rules.label())))
            };
            let goat = pair("goat")?;
            let edison = pair("edison")?;
            if json {
                let out = ygo_cli::bench::BenchOutput { main, goat: goat.map(|(r, _)| r), edison: edison.map(|(r, _)| r) };
                println!("{}", serde_json::to_string(&out)?);
            } else {
                print!("{}", ygo_cli::bench::report_text(&main, &rules.label()));
                for (r, label) in goat.iter().chain(&edison) {
                    print!("\n{}", ygo_cli::bench::report_text(r, label));
                }
            }
            Ok(0)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code as u8),
        Err(e) => {
            eprintln!("ygo: {e:#}");
            ExitCode::from(2)
        }
    }
}
