//! `ygo tournament`: registered decks, Swiss rounds with byes, every match under the
//! MATCH-* rules, AI players, a progress bar and the final standings.

use anyhow::bail;
use clap::Args;
use serde_json::json;
use ygo_match::swiss::{run_tournament, Entry, TournamentReport};

use crate::cmd_match::{registered_deck, RuleArgs};

#[derive(Args, Debug, Clone)]
pub struct TournamentArgs {
    /// A deck to register (built-in name, .ydk path or ydke:// link); give it once per
    /// deck. Default: every built-in deck (under --format goat: the thirteen Goat decks). Decks are repeated to fill --players.
    #[arg(long = "deck", num_args = 1, value_parser = crate::args::Utf8Text)]
    pub decks: Vec<String>,
    /// Number of players, 2 to 1,000 (default: 8, or the number of decks if more).
    #[arg(long, value_parser = clap::value_parser!(u64).range(2..=MAX_PLAYERS))]
    pub players: Option<u64>,
    /// Swiss rounds, 1 to 100.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    /// AI player: once for everyone, or once per player in order (repeated to fill).
    /// Known: random, greedy, mcts (mcts:N iterations, mcts:Nms per decision).
    #[arg(long = "ai", num_args = 1, value_parser = crate::args::Utf8Text)]
    pub ais: Vec<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print one JSON object (pairings and standings).
    #[arg(long)]
    pub json: bool,
}

/// The most players a tournament may register (`--players`, or decks given).
pub const MAX_PLAYERS: u64 = 1000;

/// The registered players: decks cycled to `players`, each named `P<n>`.
/// Without --deck: every built-in deck, or under a format with its own built-in decks
/// (goat), those. Each deck must be legal in the rules' format.
pub fn entries(args: &TournamentArgs, lookup: &ygo_data::CardLookup, rules: &crate::rules::Rules) -> anyhow::Result<Vec<Entry>> {
    let own: Vec<String> = rules
        .format
        .map(|f| ygo_cards::decks::all().filter(|d| ygo_cards::decks::format_of(d.name) == Some(f.name)).map(|d| d.name.to_string()).collect())
        .unwrap_or_default();
    let decks: Vec<String> = if !args.decks.is_empty() {
        args.decks.clone()
    } else if !own.is_empty() {
        own
    } else {
        ygo_cards::decks::BUILTIN.iter().map(|d| d.name.to_string()).collect()
    };
    let n = args.players.map_or(decks.len().max(8) as u64, |p| p);
    if !(2..=MAX_PLAYERS).contains(&n) {
        bail!("--players: a tournament has 2 to {MAX_PLAYERS} players (got {n})");
    }
    let n = n as usize;
    if args.rounds == 0 {
        bail!("--rounds must be at least 1");
    }
    let registered = decks.iter().map(|d| registered_deck(d, lookup, rules)).collect::<anyhow::Result<Vec<_>>>()?;
    let ais: Vec<String> = if args.ais.is_empty() { vec!["random".into()] } else { args.ais.clone() };
    for a in &ais {
        ygo_match::ai_player(a, 0)?;
    }
    Ok((0..n).map(|i| Entry { player: format!("P{}", i + 1), ai: ais[i % ais.len()].clone(), deck: registered[i % registered.len()].clone() }).collect())
}

/// The final table and the pairings as text.
pub fn report_text(r: &TournamentReport, entries: &[Entry]) -> String {
    let mut out = String::new();
    for p in &r.pairings {
        let a = &entries[p.a];
        match p.b {
            None => out += &format!("round {} table {}: {} ({}) bye\n", p.round, p.table, a.player, a.deck.name),
            Some(b) => {
                let b = &entries[b];
                let result = match p.winner {
                    Some(w) => format!("{} wins", entries[w].player),
                    None => "draw".into(),
                };
                let judgment = p.judgment.map_or(String::new(), |j| format!(", time judgment {j}"));
                out += &format!(
                    "round {} table {}: {} ({}) {}-{} {} ({}): {result}{judgment}\n",
                    p.round, p.table, a.player, a.deck.name, p.duel_wins[0], p.duel_wins[1], b.player, b.deck.name
                );
            }
        }
    }
    out += &format!("\n{:>4}  {:<8} {:<16} {:>7} {:>4} {:>4} {:>6} {:>6} {:>6}\n", "rank", "player", "deck", "W-L-D", "byes", "pts", "OMW%", "OOMW%", "duels");
    for s in &r.standings {
        out += &format!(
            "{:>4}  {:<8} {:<16} {:>7} {:>4} {:>4} {:>6.1} {:>6.1} {:>+6}\n",
            s.rank,
            s.player,
            s.deck,
            format!("{}-{}-{}", s.wins, s.losses, s.draws),
            s.byes,
            s.points,
            s.omw * 100.0,
            s.oomw * 100.0,
            s.duel_diff
        );
    }
    out
}

/// Runs `ygo tournament`; exit code 0. `lookup` names the cards of decks (`--cards-db`).
pub fn run(mut args: TournamentArgs, lookup: &ygo_data::CardLookup) -> anyhow::Result<i32> {
    let (rules, line) = args.rules.rules.resolve_for(&args.decks)?;
    crate::rules::announce(line.as_deref(), args.json);
    args.rules.rules = args.rules.rules.or_decks_format(&args.decks);
    let lookup = &rules.lookup(lookup);
    let entries = entries(&args, lookup, &rules)?;
    let config = args.rules.config()?;
    args.rules.clock()?;
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} matches  eta {eta}").unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    if args.json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let rules = args.rules.clone();
    let mut clock = || rules.clock().expect("checked above");
    let mut progress = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let report = run_tournament(&args.rules.rules.resolve()?.pool, &entries, args.rounds, &config, &mut clock, &mut progress)?;
    bar.finish_and_clear();
    if args.json {
        let pairings: Vec<_> = report
            .pairings
            .iter()
            .map(|p| {
                json!({
                    "round": p.round, "table": p.table,
                    "a": entries[p.a].player, "b": p.b.map(|b| entries[b].player.clone()),
                    "winner": p.winner.map(|w| entries[w].player.clone()),
                    "duel_wins": p.duel_wins, "judgment": p.judgment,
                })
            })
            .collect();
        println!("{}", json!({ "rounds": report.rounds, "players": entries.len(), "pairings": pairings, "standings": report.standings }));
    } else {
        println!("tournament: {} players, {} Swiss rounds, {}", entries.len(), args.rounds, args.rules.describe());
        print!("{}", report_text(&report, &entries));
    }
    Ok(0)
}
