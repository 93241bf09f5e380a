//! `ygo replay FILE`: step through a saved duel (forward, back, jump to a turn), or
//! `--verify` it: re-simulate and check that every event matches.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use ygo_core::replay::{ReplayFile, Verdict, REPLAY_FORMAT};
use ygo_core::{Duel, Player};

/// `ygo replay` arguments.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// Replay files saved by `ygo duel` or `ygo sim --save-replays` (one to step through;
    /// any number to verify).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Re-simulate the duel and confirm every event matches the recorded ones.
    #[arg(long)]
    pub verify: bool,
}

/// The fields read before the rest of a replay file: its format and who wrote it.
#[derive(serde::Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    engine_version: Option<serde_json::Value>,
}

/// Reads a replay file: its `format` is checked first, so a file of another version is
/// refused with a message naming it, not a JSON error.
pub fn load(path: &Path) -> anyhow::Result<ReplayFile> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", path.display()))?;
    let header: Header = serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{}: not a ygo replay file (not JSON: {e})", path.display()))?;
    let format = match &header.format {
        None => None,
        Some(v) => Some(v.as_u64().ok_or_else(|| {
            anyhow::anyhow!("{}: not a ygo replay file (`format` is {}, not a version number)", path.display(), ygo_data::text::quote(&v.to_string()))
        })?),
    };
    let engine = header.engine_version.as_ref().and_then(|v| v.as_str()).map(|e| ygo_data::text::excerpt(e, 40));
    ReplayFile::check_format(format, engine.as_deref()).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{}: a damaged replay file (format {REPLAY_FORMAT}): {e}", path.display()))
}

/// An event in words, with the card names of `d` (the re-simulated duel).
fn event_words(d: &Duel, e: &ygo_core::Event) -> String {
    let text = d.event_text(e);
    if !text.is_empty() {
        return text;
    }
    match e {
        ygo_core::Event::Moved { card, from, to, .. } => {
            format!("{} moves from {}.{} to {}.{}", d.name(*card), from.player.name(), from.zone.scenario_name(), to.player.name(), to.zone.scenario_name())
        }
        _ => "an event without a log line".to_string(),
    }
}

/// Verifies one file; the report line and whether it passed.
pub fn verify(path: &Path, file: &ReplayFile) -> (String, bool) {
    let rules = match crate::rules::Rules::of_file(file) {
        Ok(r) => r,
        Err(e) => return (format!("{}: FAILED: {e}\n", path.display()), false),
    };
    let pool = rules.pool.clone();
    let notes = file.version_notes(&rules.data_version());
    let mut out = String::new();
    for n in &notes {
        out.push_str(&format!("{}: note: {n}\n", path.display()));
    }
    let ok = match file.verify(pool.clone()) {
        Verdict::Identical { actions, events } => {
            out.push_str(&format!("{}: ok: {actions} actions, {events} events identical\n", path.display()));
            true
        }
        Verdict::Diverged { event, action, recorded, replayed } => {
            let words = |e: &Option<ygo_core::Event>| -> String {
                match (e, file.replay.play_to(pool.clone(), action)) {
                    (None, _) => "no more events".to_string(),
                    (Some(e), Ok(d)) => format!("\"{}\"", event_words(&d, e)),
                    (Some(_), Err(err)) => format!("an event that cannot be shown ({err})"),
                }
            };
            let (was, now) = (words(&recorded), words(&replayed));
            // Events the words do not tell apart (a zone index, a reason) are shown whole.
            let detail = if was == now {
                let json = |e: &Option<ygo_core::Event>| serde_json::to_string(e).unwrap_or_else(|e| format!("unprintable ({e})"));
                format!("; in full, the file records {} and playing it again gives {}", json(&recorded), json(&replayed))
            } else {
                String::new()
            };
            out.push_str(&format!(
                "{}: DIVERGED at event {event} (after action {action}): the file records {was}, playing it again gives {now}{detail}{}\n",
                path.display(),
                if notes.is_empty() { "" } else { " (see the version note above)" }
            ));
            false
        }
        Verdict::Failed(e) => {
            out.push_str(&format!("{}: FAILED: {e}{}\n", path.display(), if notes.is_empty() { "" } else { " (see the version note above)" }));
            false
        }
    };
    (out, ok)
}

/// The duel after the first `k` actions, and the text of the `k`-th action.
fn state_at(file: &ReplayFile, k: usize) -> anyhow::Result<(Duel, Option<String>)> {
    let pool = crate::rules::Rules::of_file(file)?.pool;
    if k == 0 {
        return Ok((file.replay.play_to(pool, 0)?, None));
    }
    let mut d = file.replay.play_to(pool, k - 1)?;
    let (p, a) = file.replay.actions[k - 1];
    let text = format!("{} {}", p.name(), d.action_text(&a));
    d.apply(p, a).map_err(|e| anyhow::anyhow!("action {k}: {e}"))?;
    Ok((d, Some(text)))
}

/// Both sides as their own players see them (a replay shows everything).
fn screen(d: &Duel, k: usize, total: usize, last: Option<&str>) -> String {
    let mut out = format!("-- action {k}/{total}{} --\n", last.map(|t| format!(": {t}")).unwrap_or_default());
    let va = d.view(Player::A);
    let mut table = crate::duel::render(d, &ygo_core::View { actions: Vec::new(), ..va });
    let hand_b: Vec<String> = d.view(Player::B).sides[1].hand.iter().map(|k| k.name.clone()).collect();
    table.push_str(&format!("  (B's hand: {})\n", if hand_b.is_empty() { "-".into() } else { hand_b.join(", ") }));
    out.push_str(&table);
    if let Some(o) = d.outcome() {
        out.push_str(&format!("the duel is over: {}\n", crate::outcome::outcome_text(&o)));
    }
    out
}

/// Steps through a replay with line commands: Enter or `n` next, `b` back, `t N` jump to
/// the start of turn N, `e` the end, `q` quit.
pub fn step(file: &ReplayFile, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<i32> {
    let total = file.replay.actions.len();
    // The rules the file names (`play_format`: goat plays Expert Rule with the 2005 cards),
    // and its card data compared with the data of those rules.
    let rules = crate::rules::Rules::of_file(file)?;
    writeln!(
        out,
        "replay: {} (A) vs {} (B), {}, engine {}, card data {}",
        file.decks[0],
        file.decks[1],
        rules.label(),
        file.engine_version,
        file.card_data_version
    )?;
    for n in file.version_notes(&rules.data_version()) {
        writeln!(out, "note: {n}")?;
    }
    writeln!(out, "commands: Enter/n next, b back, t N turn N, e end, q quit")?;
    let mut k = 0usize;
    loop {
        let (d, last) = state_at(file, k)?;
        write!(out, "{}", screen(&d, k, total, last.as_deref()))?;
        write!(out, "replay> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(0);
        }
        let cmd = line.trim();
        k = match cmd {
            "" | "n" => (k + 1).min(total),
            "b" => k.saturating_sub(1),
            "e" => total,
            "q" => return Ok(0),
            _ => match cmd.strip_prefix("t ").and_then(|n| n.trim().parse::<u32>().ok()) {
                Some(turn) => turn_start(file, turn)?,
                None => {
                    writeln!(out, "unknown command {cmd:?}")?;
                    k
                }
            },
        };
    }
}

/// The first action index at which the duel is in turn `turn` (or the end).
fn turn_start(file: &ReplayFile, turn: u32) -> anyhow::Result<usize> {
    let mut d = file.replay.play_to(crate::rules::Rules::of_file(file)?.pool, 0)?;
    for (i, (p, a)) in file.replay.actions.iter().enumerate() {
        if d.turn() >= turn {
            return Ok(i);
        }
        d.apply(*p, *a).map_err(|e| anyhow::anyhow!("action {}: {e}", i + 1))?;
    }
    Ok(file.replay.actions.len())
}

/// `ygo replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<i32> {
    if args.verify {
        let mut failed = 0;
        for path in &args.files {
            let (text, ok) = match load(path) {
                Ok(file) => verify(path, &file),
                Err(e) => (format!("{e:#}\n"), false),
            };
            print!("{text}");
            failed += usize::from(!ok);
        }
        if args.files.len() > 1 {
            println!("{} passed, {failed} failed", args.files.len() - failed);
        }
        return Ok(if failed == 0 { 0 } else { 1 });
    }
    if args.files.len() != 1 {
        anyhow::bail!("give one replay file to step through (several only with --verify)");
    }
    let file = load(&args.files[0])?;
    let stdin = std::io::stdin();
    step(&file, &mut stdin.lock(), &mut std::io::stdout())
}
