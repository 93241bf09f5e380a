//! `ygo league`: a round robin of the built-in AIs on fixed benchmark deck pairs, rated by
//! a Bradley-Terry fit on the Elo scale with 95% intervals (issue 35). The schedule, the
//! seeds and the duels are those of `python -m ygo.league` (`ygo_match::league`), so both
//! print the same table for the same arguments (time-budgeted `mcts:Nms` aside).

use std::io::IsTerminal;
use std::time::Instant;

use anyhow::bail;
use clap::Args;
use rayon::prelude::*;
use serde_json::json;
use ygo_core::{Duel, DuelSetup, Player};
use ygo_match::league::{bradley_terry, schedule, LeagueGame, Played, Rating};

use crate::rules::{announce, RulesArgs};

/// The agents of the default league, the first the anchor.
pub const AGENTS: &[&str] = &["random", "rules", "greedy", "mcts:50", "mcts:200"];
/// The default deck pairs: the Goat benchmark pairs.
pub const PAIRS: &[(&str, &str)] = &[("goat-control", "chaos-control"), ("chaos-turbo", "warrior-toolbox")];

#[derive(Args, Debug, Clone)]
pub struct LeagueArgs {
    /// Comma-separated AIs, the first the anchor (rated 0): random, rules, greedy, mcts,
    /// mcts:N (N iterations a decision), mcts:Nms, policy, mcts+policy:N (the shipped Goat
    /// network), policy:FILE, mcts+policy:N:FILE.
    #[arg(long, default_value_t = AGENTS.join(","), value_parser = crate::args::Utf8Text)]
    pub agents: String,
    /// Deck pairs, 'a,b;c,d' (built-in names, .ydk paths or ydke:// links).
    #[arg(long, default_value_t = PAIRS.iter().map(|(a, b)| format!("{a},{b}")).collect::<Vec<_>>().join(";"), value_parser = crate::args::Utf8Text)]
    pub pairs: String,
    /// Duels per agent pair, 1 to 100,000 (a multiple of 4 x the number of deck pairs
    /// balances deck orders and seats).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub games: u64,
    /// Seed of the schedule (each duel's seed derives from it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Duels played at once, 1 to 256 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Print one JSON object (agents, pairs, format, ratings, games) instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// One duel's outcome: the winner's seat (`None`: a draw), turns and decisions.
struct Outcome {
    winner: Option<Player>,
    reason: Option<String>,
    turns: u32,
    decisions: u64,
}

/// Plays one scheduled duel as `ygo.play` does: the same setup (`Game::start` in
/// `crates/py`), the AIs seeded by the same `ygo_ai::play_by_name`.
fn play_one(decks: [&ygo_data::NamedDeck; 2], ais: [&str; 2], seed: u64, rules: &crate::rules::Rules) -> anyhow::Result<Outcome> {
    let mut setup = DuelSetup::new(decks[0].list.clone(), decks[1].list.clone(), seed);
    setup.edition = rules.edition;
    let mut duel =
        Duel::from_setup(rules.pool.clone(), &setup).map_err(|e| anyhow::anyhow!("{}", e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; ")))?;
    duel.clear_events();
    let decisions = ygo_ai::play_by_name(&mut duel, ais, seed).map_err(anyhow::Error::msg)?;
    let o = duel.outcome();
    Ok(Outcome { winner: o.and_then(|o| o.winner), reason: o.map(|o| format!("{:?}", o.reason)), turns: duel.turn(), decisions })
}

/// Runs `ygo league`; the exit code.
pub fn run(args: LeagueArgs, lookup: &ygo_data::CardLookup) -> anyhow::Result<i32> {
    let agents: Vec<String> = args.agents.split(',').map(str::trim).filter(|a| !a.is_empty()).map(String::from).collect();
    if agents.len() < 2 {
        bail!("--agents: give at least two AIs, comma-separated (got {:?})", args.agents);
    }
    for a in &agents {
        if let Err(e) = ygo_ai::try_by_name(a, 0) {
            bail!("--agents: {e}");
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(dup) = agents.iter().find(|a| !seen.insert(a.as_str())) {
        bail!("--agents: {dup:?} is named twice");
    }
    let mut pairs: Vec<(String, String)> = Vec::new();
    for p in args.pairs.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        match p.split(',').map(str::trim).collect::<Vec<_>>().as_slice() {
            [a, b] if !a.is_empty() && !b.is_empty() => pairs.push((a.to_string(), b.to_string())),
            _ => bail!("--pairs: {p:?} is not a pair of decks 'a,b' (pairs are separated by ';')"),
        }
    }
    if pairs.is_empty() {
        bail!("--pairs: give at least one pair of decks 'a,b'");
    }
    let names: Vec<&str> = pairs.iter().flat_map(|(a, b)| [a.as_str(), b.as_str()]).collect();
    let (rules, line) = args.rules.resolve_for(&names)?;
    announce(line.as_deref(), args.json);
    let lookup = rules.lookup(lookup);
    let mut decks = Vec::new();
    for (a, b) in &pairs {
        let mut two = Vec::new();
        for d in [a, b] {
            let deck = crate::decks::load_deck_with(d, &lookup)?;
            rules.check_deck(d, &deck)?;
            two.push(deck);
        }
        decks.push(two);
    }
    let todo = schedule(agents.len(), pairs.len(), args.games, args.seed);
    let bar = (!args.json && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(todo.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} duels  eta {eta}").unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let threads = args.threads.map_or_else(rayon::current_num_threads, |t| t as usize);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let t0 = Instant::now();
    let played: Vec<anyhow::Result<Outcome>> = pool.install(|| {
        todo.par_iter()
            .map(|g| {
                let two = &decks[g.pair];
                let order = if g.a_plays_second_deck { [&two[1], &two[0]] } else { [&two[0], &two[1]] };
                let r = play_one(order, [&agents[g.a], &agents[g.b]], g.seed, &rules);
                if let Some(b) = &bar {
                    b.inc(1);
                }
                r
            })
            .collect()
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let seconds = t0.elapsed().as_secs_f64();
    let mut outcomes = Vec::with_capacity(played.len());
    for r in played {
        outcomes.push(r?);
    }
    let results: Vec<Played> = todo.iter().zip(&outcomes).map(|(g, o)| Played { a: g.a, b: g.b, a_won: o.winner.map(|w| w == Player::A) }).collect();
    let ratings = bradley_terry(agents.len(), &results);
    let format = rules.format.map_or_else(|| format!("edition {}", rules.edition.name()), |f| f.name.to_string());
    if args.json {
        let deck_of = |g: &LeagueGame, seat_a: bool| {
            let (a, b) = &pairs[g.pair];
            if seat_a == !g.a_plays_second_deck {
                a.clone()
            } else {
                b.clone()
            }
        };
        let games: Vec<serde_json::Value> = todo
            .iter()
            .zip(&outcomes)
            .map(|(g, o)| {
                json!({
                    "a": agents[g.a], "b": agents[g.b], "deck_a": deck_of(g, true), "deck_b": deck_of(g, false), "seed": g.seed,
                    "winner": o.winner.map(|p| p.name()), "reason": o.reason, "turns": o.turns, "decisions": o.decisions,
                })
            })
            .collect();
        let ratings: serde_json::Map<String, serde_json::Value> = agents
            .iter()
            .zip(&ratings)
            .map(|(a, r)| (a.clone(), json!({"elo": r.elo, "low": r.low, "high": r.high, "games": r.games, "score": r.score})))
            .collect();
        let v = json!({
            "agents": agents, "pairs": pairs.iter().map(|(a, b)| [a, b]).collect::<Vec<_>>(), "format": format,
            "games_per_pair": args.games, "seconds": seconds, "ratings": ratings, "games": games,
        });
        println!("{v}");
    } else {
        print!("{}", table(&agents, &pairs, &format, args.games, todo.len(), seconds, &ratings));
    }
    Ok(0)
}

/// The ratings as a text table, best first (the layout of `python -m ygo.league`).
pub fn table(agents: &[String], pairs: &[(String, String)], format: &str, per_pair: u64, duels: usize, seconds: f64, ratings: &[Rating]) -> String {
    let mut rows: Vec<(&String, &Rating)> = agents.iter().zip(ratings).collect();
    rows.sort_by(|x, y| y.1.elo.total_cmp(&x.1.elo));
    let pairs = pairs.iter().map(|(a, b)| format!("{a} vs {b}")).collect::<Vec<_>>().join(", ");
    let mut out = format!(
        "ygo league: {} agents, {duels} duels ({per_pair} per agent pair) on {pairs} (format {format}), both deck orders, seats alternating; {seconds:.0} s\n",
        agents.len()
    );
    out.push_str(&format!("Bradley-Terry ratings, Elo scale, {} = 0, 95% intervals\n\n", agents[0]));
    // The agent column is as wide as the longest name (`mcts+policy:200`, a file's path).
    let w = agents.iter().map(|a| a.chars().count()).max().unwrap_or(0).max(12);
    out.push_str(&format!("{:<5} {:<w$} {:>6}  {:<16} {:>6} {:>6}\n", "rank", "agent", "Elo", "95% interval", "score", "games"));
    for (k, (a, r)) in rows.iter().enumerate() {
        let interval = if *a == &agents[0] { "(anchor)".to_string() } else { format!("[{:+.0}, {:+.0}]", r.low, r.high) };
        out.push_str(&format!("{:<5} {:<w$} {:>+6.0}  {:<16} {:>5.1}% {:>6}\n", k + 1, a, r.elo, interval, 100.0 * r.score, r.games));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_agent_name_keeps_the_columns_in_line() {
        let agents: Vec<String> = ["random", "mcts+policy:200", "greedy"].iter().map(|s| s.to_string()).collect();
        let r = |elo: f64| Rating { elo, low: elo - 100.0, high: elo + 100.0, score: 0.5, games: 16 };
        let ratings = [r(0.0), r(480.0), r(490.0)];
        let pairs = [("goat-control".to_string(), "chaos-control".to_string())];
        let text = table(&agents, &pairs, "goat", 16, 24, 1.0, &ratings);
        let lines: Vec<&str> = text.lines().skip(3).collect();
        assert_eq!(lines.len(), 4, "{text}");
        // Every row's interval starts where the header's does.
        let at = lines[0].find("95% interval").unwrap();
        for line in &lines[1..] {
            assert!(matches!(line.as_bytes().get(at), Some(b'[' | b'(')), "{text}");
        }
        assert!(lines.iter().any(|l| l.contains("mcts+policy:200 ")), "{text}");
    }
}
