//! `ygo match`: one best-of-3 match between two decks played by AI players, under the
//! MATCH-* rules (ygo-match), on a real or a virtual clock.

use std::time::Duration;

use anyhow::bail;
use clap::Args;
use serde::Serialize;
use ygo_core::Player;
use ygo_match::{play_match, AiCompetitor, ChosenBy, Clock, Competitor, MatchConfig, MatchReport, RealClock, RegisteredDeck, VirtualClock};

use crate::decks::load_deck_with;
use ygo_data::CardLookup;

#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// The decks of side A and side B (built-in name, .ydk path or ydke:// link; give
    /// --deck twice). A .ydk `!side` section is the Side Deck.
    #[arg(long = "deck", num_args = 1, required = true, value_parser = crate::args::Utf8Text)]
    pub decks: Vec<String>,
    /// AI player: once for both sides, or twice (side A, side B). Known: random, greedy,
    /// mcts (mcts:N iterations, mcts:Nms per decision).
    #[arg(long = "ai", num_args = 1, value_parser = crate::args::Utf8Text)]
    pub ais: Vec<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The match rules and clock, shared by `ygo match` and `ygo tournament`.
#[derive(Args, Debug, Clone)]
pub struct RuleArgs {
    /// The match time limit in minutes (MATCH-5), intervals between duels included: more
    /// than 0, at most 100,000.
    #[arg(long, default_value_t = 40.0, value_parser = crate::args::minutes)]
    pub time_limit: f64,
    /// Run on a virtual clock: every decision with a real choice costs S seconds and each
    /// interval between duels 60 seconds, so time-outs happen deterministically. Without
    /// it matches run on the real clock. 0 to 86,400.
    #[arg(long, value_parser = crate::args::seconds)]
    pub seconds_per_decision: Option<f64>,
    /// Seed of the match (coin toss, deals, AI choices), 0 to 18446744073709551615.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::args::seed)]
    pub seed: u64,
    /// The format or edition (the sudden-death form follows the edition).
    #[command(flatten)]
    pub rules: crate::rules::RulesArgs,
}

impl RuleArgs {
    /// The match configuration, refusing a bad time limit or edition.
    pub fn config(&self) -> anyhow::Result<MatchConfig> {
        let edition = self.rules.resolve()?.edition;
        let m = self.time_limit;
        if crate::args::minutes(&m.to_string()).is_err() {
            bail!("--time-limit must be more than 0 and at most {} minutes (got {m})", crate::args::MAX_MINUTES);
        }
        Ok(MatchConfig { time_limit: Duration::from_secs_f64(m * 60.0), edition, seed: self.seed, ..MatchConfig::default() })
    }

    /// A fresh clock: virtual with `--seconds-per-decision`, else real.
    pub fn clock(&self) -> anyhow::Result<Box<dyn Clock>> {
        Ok(match self.seconds_per_decision {
            Some(s) if crate::args::seconds(&s.to_string()).is_ok() => Box::new(VirtualClock::per_decision(Duration::from_secs_f64(s))),
            Some(s) => bail!("--seconds-per-decision must be 0 to {} (got {s})", crate::args::MAX_SECONDS_PER_DECISION),
            None => Box::new(RealClock::new()),
        })
    }

    /// One line naming the rules.
    pub fn describe(&self) -> String {
        let rules = self.rules.resolve().map(|r| r.label()).unwrap_or_default();
        format!("{rules}, time limit {} min, seed {}", self.time_limit, self.seed)
    }
}

/// Reads a deck argument as a registered deck: Main, Extra and Side Deck as `load_deck`
/// reads them (refusing unimplemented cards; a .ydk `!side` section or a YDKE link's third
/// part is the Side Deck).
/// A deck the rules' format does not allow is refused, naming the deck and the rules broken.
pub fn registered_deck(arg: &str, lookup: &CardLookup, rules: &crate::rules::Rules) -> anyhow::Result<RegisteredDeck> {
    let named = load_deck_with(arg, lookup)?;
    rules.check_deck(arg, &named)?;
    Ok(RegisteredDeck { name: named.name, main: named.list.main, extra: named.list.extra, side: named.side })
}

/// One `--ai` for both sides or one per side.
pub fn two_ais(ais: &[String]) -> anyhow::Result<[String; 2]> {
    let ais = match ais.len() {
        0 => ["random".to_string(), "random".to_string()],
        1 => [ais[0].clone(), ais[0].clone()],
        2 => [ais[0].clone(), ais[1].clone()],
        n => bail!("--ai: give it at most twice (got {n})"),
    };
    for a in &ais {
        ygo_match::ai_player(a, 0)?;
    }
    Ok(ais)
}

#[derive(Serialize)]
struct DuelJson {
    first: &'static str,
    /// "random" for duel 1 (the winner of the coin toss chose), else the player who chose.
    chosen_by: &'static str,
    /// The player who chose, in every duel.
    chooser: &'static str,
    winner: &'static str,
    reason: &'static str,
    turns: u32,
}

#[derive(Serialize)]
struct MatchJson {
    duels: Vec<DuelJson>,
    winner: &'static str,
    judgment: Option<String>,
    extra_turns: u32,
    sudden_death: bool,
}

fn winner_name(w: Option<Player>) -> &'static str {
    w.map_or("draw", Player::name)
}

/// The JSON object of a match report.
pub fn report_json(r: &MatchReport) -> String {
    let duels = r
        .duels
        .iter()
        .map(|d| DuelJson {
            first: d.first.name(),
            chosen_by: match d.chosen_by {
                ChosenBy::CoinWinner(_) => "random",
                c => c.player().name(),
            },
            chooser: d.chosen_by.player().name(),
            winner: winner_name(d.result.winner),
            reason: d.result.end.text(),
            turns: d.result.turns,
        })
        .collect();
    let j = MatchJson {
        duels,
        winner: winner_name(r.winner),
        judgment: r.judgment.map(|j| j.number().to_string()),
        extra_turns: r.extra_turns(),
        sudden_death: r.sudden_death(),
    };
    serde_json::to_string(&j).expect("plain data serialises")
}

/// The text form of a match report.
pub fn report_text(r: &MatchReport, names: [&str; 2]) -> String {
    let mut out = String::new();
    for d in &r.duels {
        let chooser = d.chosen_by.player();
        let how = match d.chosen_by {
            ChosenBy::CoinWinner(_) => "won the coin toss",
            ChosenBy::Loser(_) => "lost the previous duel",
            ChosenBy::Again(_) => "chose again after a draw",
        };
        let verb = if d.first == chooser { "to go first" } else { "to go second" };
        let res = &d.result;
        let winner = match res.winner {
            Some(w) => format!("{} ({}) wins", w.name(), names[w.idx()]),
            None => "draw".to_string(),
        };
        let label = if d.extra_duel { "extra duel".to_string() } else { format!("duel {}", d.number) };
        out += &format!(
            "{label}: {} {how} and chose {verb}; {winner} {} in {} turns (LP {} - {})\n",
            chooser.name(),
            res.end.words(),
            res.turns,
            res.lp[0],
            res.lp[1]
        );
        if let Some(t) = res.time_called_turn {
            out += &format!("  time ran out in turn {t}; {} extra turn(s){}\n", res.extra_turns, if res.sudden_death { ", sudden death" } else { "" });
        }
    }
    for f in &r.refusals {
        out += &format!("siding refused for {} before duel {}: {}\n", f.player.name(), f.before_duel, f.error);
    }
    for w in &r.slow_play {
        out += &format!("slow-play warning: {} in duel {} turn {} ({} s)\n", w.player.name(), w.duel, w.turn, w.seconds);
    }
    let result = match r.winner {
        Some(w) => format!("{} ({}) wins the match", w.name(), names[w.idx()]),
        None => "the match is a draw".to_string(),
    };
    out += &format!("match: {result}, duels {}-{}", r.duel_wins[0], r.duel_wins[1]);
    if let Some(j) = r.judgment {
        out += &format!(", time judgment {}", j.number());
    }
    if r.match_win_effect {
        out += ", by a match-winning effect";
    }
    out += &format!(", {:.1} minutes\n", r.elapsed.as_secs_f64() / 60.0);
    out
}

/// Runs `ygo match`; exit code 0. `lookup` names the cards of decks (`--cards-db`).
pub fn run(mut args: MatchArgs, lookup: &CardLookup) -> anyhow::Result<i32> {
    let (rules, line) = args.rules.rules.resolve_for(&args.decks)?;
    crate::rules::announce(line.as_deref(), args.json);
    args.rules.rules = args.rules.rules.or_decks_format(&args.decks);
    let lookup = &rules.lookup(lookup);
    if args.decks.len() != 2 {
        bail!("--deck: give it twice, side A then side B (got {})", args.decks.len());
    }
    let decks = [registered_deck(&args.decks[0], lookup, &rules)?, registered_deck(&args.decks[1], lookup, &rules)?];
    let ais = two_ais(&args.ais)?;
    let config = args.rules.config()?;
    let mut clock = args.rules.clock()?;
    let mut a = AiCompetitor::by_name("A", &ais[0], config.seed ^ 0xa)?;
    let mut b = AiCompetitor::by_name("B", &ais[1], config.seed ^ 0xb)?;
    let players: [&mut dyn Competitor; 2] = [&mut a, &mut b];
    let report = play_match(&args.rules.rules.resolve()?.pool, &config, [&decks[0], &decks[1]], players, clock.as_mut())
        .map_err(|errs| anyhow::anyhow!("the decks cannot start a duel: {}", errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ")))?;
    if args.json {
        println!("{}", report_json(&report));
    } else {
        println!("match: A = {} ({}) vs B = {} ({}), {}", decks[0].name, ais[0], decks[1].name, ais[1], args.rules.describe());
        print!("{}", report_text(&report, [&decks[0].name, &decks[1].name]));
    }
    Ok(0)
}
