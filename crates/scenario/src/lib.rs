//! The scenario runner: TOML rulings (`SCENARIOS.md`) set up a position, play scripted
//! decisions and check the outcome. `ygo scenario run` and `ygo scenario coverage` are
//! thin wrappers over [`run_paths`] and [`coverage`].
//!
//! Edge cases decided here are written down in `docs/SCENARIOS-notes.md`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use ygo_core::{Duel, SetupError};

pub mod expect;
pub mod parse;
pub mod runner;

use parse::{ErrorExp, Scenario};
use runner::StepError;

/// The project's own list of rule clause IDs (generated from `RULES.md`).
pub const RULE_IDS: &str = include_str!("../../../docs/rule-ids.txt");

/// How a file went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Passed,
    /// The scenario ran and something differs from `[expect]` (or a step did not go
    /// through).
    Failed,
    /// The file could not be read, is not valid TOML, breaks the format, or its position
    /// is impossible.
    Error,
}

/// The result of one file.
#[derive(Clone, Debug)]
pub struct FileResult {
    pub path: PathBuf,
    pub name: Option<String>,
    pub rules: Vec<String>,
    pub status: Status,
    /// `Failed`: the first difference. `Error`: `path:line: problem`. `Passed`: empty.
    pub message: String,
    /// Every difference / every problem, then where the runner stopped and the legal
    /// actions of whoever had to decide.
    pub details: Vec<String>,
}

impl FileResult {
    pub fn passed(&self) -> bool {
        self.status == Status::Passed
    }
}

/// Totals of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    /// Failed or unreadable files.
    pub failed: usize,
}

/// Runs one scenario file. Never panics: every problem is a `FileResult`.
pub fn run_file(path: &Path) -> FileResult {
    match std::fs::read_to_string(path) {
        Ok(src) => run_str(path, &src),
        Err(e) => FileResult {
            path: path.to_path_buf(),
            name: None,
            rules: Vec::new(),
            status: Status::Error,
            message: format!("{}: cannot read: {e}", path.display()),
            details: Vec::new(),
        },
    }
}

/// Runs scenario text as if read from `path` (used by tests and tools).
pub fn run_str(path: &Path, src: &str) -> FileResult {
    let outcome = std::panic::catch_unwind(|| run_inner(path, src));
    outcome.unwrap_or_else(|panic| {
        let what =
            panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_else(|| "unknown panic".into());
        FileResult {
            path: path.to_path_buf(),
            name: None,
            rules: Vec::new(),
            status: Status::Error,
            message: format!("{}: the engine panicked: {what}", path.display()),
            details: Vec::new(),
        }
    })
}

fn error_result(path: &Path, errors: Vec<(Option<usize>, String)>, name: Option<String>, rules: Vec<String>) -> FileResult {
    let at = |line: Option<usize>| match line {
        Some(l) => format!("{}:{l}", path.display()),
        None => path.display().to_string(),
    };
    let lines: Vec<String> = errors.iter().map(|(l, m)| format!("{}: {m}", at(*l))).collect();
    FileResult {
        path: path.to_path_buf(),
        name,
        rules,
        status: Status::Error,
        message: lines.first().cloned().unwrap_or_default(),
        details: if lines.len() > 1 { lines } else { Vec::new() },
    }
}

fn setup_error_line(s: &Scenario, e: &SetupError) -> Option<usize> {
    match e {
        SetupError::Position { player, .. } | SetupError::UnknownCard { player, .. } => s.side_lines[player.idx()].or(s.state_line),
        _ => s.state_line,
    }
}

/// The legal actions of whoever must decide, for failure details.
pub fn decision_text(duel: &Duel) -> String {
    match duel.deciding_player() {
        None => match duel.outcome() {
            Some(o) => format!("the duel is over: {} ({:?})", o.winner.map_or("a draw".to_string(), |w| format!("{} won", w.name())), o.reason),
            None => "nobody decides".into(),
        },
        Some(p) => {
            let kind = runner::prompt_kind(duel);
            let acts: Vec<String> = duel.legal_actions_with_text().into_iter().map(|(_, t)| t).collect();
            format!("{} must decide ({kind}; turn {}, {}'s {}): {}", p.name(), duel.turn(), duel.turn_player().name(), duel.phase().name(), acts.join(" | "))
        }
    }
}

fn step_text(s: &Scenario, i: usize) -> String {
    match s.steps.get(i) {
        Some(st) => format!("step {} (line {}: {} = {:?})", i + 1, st.line, st.player.name(), st.command),
        None => format!("step {}", i + 1),
    }
}

fn run_inner(path: &Path, src: &str) -> FileResult {
    let pool = ygo_cards::pool();
    let s = match parse::parse(src, &pool) {
        Ok(s) => s,
        Err(errs) => {
            let rules = parse::read_rules(src).map(|r| r.1).unwrap_or_default();
            return error_result(path, errs.into_iter().map(|e| (e.line, e.msg)).collect(), None, rules);
        }
    };
    let pool = s.format.map_or(pool, |f| f.pool());
    let mut duel = match Duel::from_position(pool, &s.setup) {
        Ok(d) => d,
        Err(errs) => {
            let list = errs.iter().map(|e| (setup_error_line(&s, e), format!("impossible position: {e}"))).collect();
            return error_result(path, list, s.name.clone(), s.rules.clone());
        }
    };
    let played = runner::play(&mut duel, &s.steps);
    let mut diffs: Vec<String> = Vec::new();
    let last = s.steps.len().checked_sub(1);
    match (&s.expect.error, &played.stopped) {
        (None, Some((i, e))) => match e {
            StepError::Rejected(r) => diffs.push(format!("{} was rejected at {}: {}", step_text(&s, *i), r.at(), r.message)),
            StepError::Fail(m) => diffs.push(format!("{} failed: {m}", step_text(&s, *i))),
        },
        (Some(_), None) => match last {
            Some(l) => diffs.push(format!("error: expected {} to be rejected, but it was accepted", step_text(&s, l))),
            None => diffs.push("error: expected the last step to be rejected, but there is no [[do]] step".into()),
        },
        (Some(exp), Some((i, e))) => match e {
            _ if Some(*i) != last => diffs.push(format!("{} was rejected before the last step: {}", step_text(&s, *i), e.message())),
            StepError::Fail(m) => diffs.push(format!("{} failed (not a rejection): {m}", step_text(&s, *i))),
            StepError::Rejected(r) => diffs.extend(expected_rejection(&s, *i, exp, r)),
        },
        (None, None) => {}
    }
    if played.bound {
        diffs.push("the runner answered too many forced decisions (the duel never reached a real choice)".into());
    }
    diffs.extend(expect::check(&duel, &s.expect));
    if diffs.is_empty() {
        return FileResult { path: path.to_path_buf(), name: s.name, rules: s.rules, status: Status::Passed, message: String::new(), details: Vec::new() };
    }
    let mut details: Vec<String> = diffs.iter().map(|d| d.to_string()).collect();
    let at = match &played.stopped {
        Some((i, _)) => format!("stopped at {} of {}", step_text(&s, *i), s.steps.len()),
        None => format!("after all {} step(s)", played.steps_done),
    };
    details.push(format!("{at}; {}", decision_text(&duel)));
    if !played.forced.is_empty() {
        let tail = played.forced.len().saturating_sub(12);
        let mut groups: Vec<(usize, Vec<String>)> = Vec::new();
        for (k, p, a) in &played.forced[tail..] {
            let item = format!("{} {a}", p.name());
            match groups.last_mut() {
                Some((g, v)) if g == k => v.push(item),
                _ => groups.push((*k, vec![item])),
            }
        }
        let parts: Vec<String> = groups
            .into_iter()
            .map(|(k, v)| {
                let when = if k < s.steps.len() { format!("before step {}", k + 1) } else { "after the last step".into() };
                format!("{when}: {}", v.join(", "))
            })
            .collect();
        details.push(format!("answered by the runner (single legal action): {}", parts.join("; ")));
    }
    let log = duel.log_lines();
    let tail = log.len().saturating_sub(8);
    if !log.is_empty() {
        details.push(format!("log (last {} lines): {}", log.len() - tail, log[tail..].join(" / ")));
    }
    FileResult { path: path.to_path_buf(), name: s.name, rules: s.rules, status: Status::Failed, message: diffs[0].clone(), details }
}

/// Why a rejection of the last step is not the one `error` expects, if it is not: the
/// rejection must come at the step's own decision (its player deciding something the
/// command can answer), unless `error = "..."` names exactly the rejection that happened;
/// a rejection at another decision shows nothing about the step's ruling.
fn expected_rejection(s: &Scenario, i: usize, exp: &ErrorExp, r: &runner::Rejection) -> Option<String> {
    let step = &s.steps[i];
    let named = match exp {
        ErrorExp::Containing(t) if !r.message.contains(t.as_str()) => {
            return Some(format!("error: expected {} to be rejected with {t:?}, got {:?} at {}", step_text(s, i), r.message, r.at()))
        }
        ErrorExp::Containing(_) => true,
        ErrorExp::Any => false,
    };
    match r.decider {
        Some(d) if d != step.player && !named => Some(format!(
            "error: {} was rejected at {}, not at a decision of {}'s: that shows nothing about what {} may do (let {} decide first, e.g. spell out {} = \"pass\", or expect error = \"but {} must decide\")",
            step_text(s, i),
            r.at(),
            step.player.name(),
            step.player.name(),
            step.player.name(),
            d.name(),
            d.name()
        )),
        Some(_) if !r.fits => Some(format!(
            "error: {} was rejected at {}, a decision that command cannot answer: the decision the file meant was already answered (the runner answers a decision with a single legal action by itself); give that decision a real choice",
            step_text(s, i),
            r.at()
        )),
        _ => None,
    }
}

/// The folder of scenarios to run when none is named: `tests/scenarios` in `cwd` or the
/// nearest folder above it.
/// The path is relative (`tests/scenarios`, `../../tests/scenarios`), as a user would type it.
pub fn default_dir(cwd: &Path) -> Option<PathBuf> {
    let up = cwd.ancestors().position(|d| d.join("tests").join("scenarios").is_dir())?;
    let mut rel = PathBuf::new();
    for _ in 0..up {
        rel.push("..");
    }
    Some(rel.join("tests").join("scenarios"))
}

/// The paths a command runs: the given ones, each of which must exist and which together
/// must hold a scenario file, or [`default_dir`] when none is given.
pub fn resolve_paths(paths: &[PathBuf], cwd: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let paths = if paths.is_empty() {
        match default_dir(cwd) {
            Some(d) => vec![if cwd == Path::new(".") || std::env::current_dir().is_ok_and(|c| c == cwd) { d } else { cwd.join(d) }],
            None => anyhow::bail!("no tests/scenarios folder in {} or any folder above it; name the scenario files or folders to run", cwd.display()),
        }
    } else {
        paths.to_vec()
    };
    for p in &paths {
        anyhow::ensure!(p.exists(), "{}: no such file or folder", p.display());
    }
    anyhow::ensure!(
        !collect_files(&paths).is_empty(),
        "no scenario files (*.toml) in {}",
        paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
    );
    Ok(paths)
}

/// Scenario files under `paths`: files as given, folders recursively (`*.toml`, sorted).
/// A path that does not exist is returned as is (running it reports the problem).
pub fn collect_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            out.push(dir.to_path_buf());
            return;
        };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "toml") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found);
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    out.retain(|p| seen.insert(p.clone()));
    out
}

/// Writes one file's result in the `ygo scenario run` format.
pub fn print_result(r: &FileResult, out: &mut dyn Write) -> std::io::Result<()> {
    match r.status {
        Status::Passed => match &r.name {
            Some(n) => writeln!(out, "ok   {}  ({n})", r.path.display())?,
            None => writeln!(out, "ok   {}", r.path.display())?,
        },
        Status::Failed => {
            let rules = if r.rules.is_empty() { String::new() } else { format!(" [rules: {}]", r.rules.join(", ")) };
            writeln!(out, "FAIL {}: {}{rules}", r.path.display(), r.message)?;
        }
        Status::Error => writeln!(out, "FAIL {}", r.message)?,
    }
    for d in &r.details {
        writeln!(out, "     {d}")?;
    }
    Ok(())
}

/// Runs every scenario file under `paths` and prints one line per file (details under a
/// failure) and `N passed, N failed`.
pub fn run_paths(paths: &[PathBuf], out: &mut dyn Write) -> anyhow::Result<Summary> {
    let mut sum = Summary::default();
    let files = collect_files(paths);
    for f in &files {
        let r = run_file(f);
        if r.passed() {
            sum.passed += 1;
        } else {
            sum.failed += 1;
        }
        print_result(&r, out)?;
    }
    if files.is_empty() {
        writeln!(out, "no scenario files found")?;
    }
    writeln!(out, "{} passed, {} failed", sum.passed, sum.failed)?;
    Ok(sum)
}

/// Clause IDs of a `RULES.md`: the `UPPER-N` word that opens a `- ` bullet, in order.
pub fn parse_rule_ids(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("- ") else { continue };
        let word = rest.split_whitespace().next().unwrap_or("");
        if is_rule_id(word) && !ids.iter().any(|i| i == word) {
            ids.push(word.to_string());
        }
    }
    ids
}

/// `UPPER-N`: capital letters, a dash, digits.
pub fn is_rule_id(word: &str) -> bool {
    let Some((head, num)) = word.rsplit_once('-') else { return false };
    !head.is_empty() && head.chars().all(|c| c.is_ascii_uppercase()) && !num.is_empty() && num.chars().all(|c| c.is_ascii_digit())
}

/// `ygo scenario coverage`: every rule ID with the scenario files naming it, then the IDs
/// no scenario names, then a count.
/// `RULE: ID` comments in the Rust sources under `dir`, by clause ID.
fn rust_test_rules(dir: &Path) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let Ok(text) = std::fs::read_to_string(&p) else { continue };
                for line in text.lines() {
                    let Some((_, rest)) = line.split_once("RULE:") else { continue };
                    for id in rest.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| is_rule_id(w)) {
                        let files = out.entry(id.to_string()).or_default();
                        let name = p.strip_prefix(dir.parent().unwrap_or(dir)).unwrap_or(&p).display().to_string();
                        if !files.contains(&name) {
                            files.push(name);
                        }
                    }
                }
            }
        }
    }
    out
}

pub fn coverage(spec: Option<&Path>, paths: &[PathBuf], out: &mut dyn Write) -> anyhow::Result<()> {
    let ids: Vec<String> = match spec {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", p.display()))?;
            let ids = parse_rule_ids(&text);
            anyhow::ensure!(!ids.is_empty(), "{}: no rule IDs found (lines like `- CHAIN-5 ...`)", p.display());
            ids
        }
        None => RULE_IDS.lines().map(str::trim).filter(|l| is_rule_id(l)).map(str::to_string).collect(),
    };
    let files = collect_files(paths);
    let mut by_id: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut unreadable = Vec::new();
    for f in &files {
        match std::fs::read_to_string(f).ok().and_then(|src| parse::read_rules(&src)) {
            Some((_, rules)) => {
                for r in rules {
                    by_id.entry(r).or_default().push(f.display().to_string());
                }
            }
            None => unreadable.push(f.display().to_string()),
        }
    }
    let width = ids.iter().map(String::len).max().unwrap_or(0);
    let mut uncovered = Vec::new();
    for id in &ids {
        match by_id.get(id) {
            Some(fs) => writeln!(out, "{id:width$}  {}", fs.join(", "))?,
            None => {
                writeln!(out, "{id:width$}  -")?;
                uncovered.push(id.as_str());
            }
        }
    }
    writeln!(out, "not covered ({}): {}", uncovered.len(), uncovered.join(" "))?;
    // Clauses no scenario can show (deck files, matches, the start of a duel) are checked by
    // Rust tests that name them in a `RULE: ID` comment.
    // The Rust sources are the `crates` folder of the repository holding the scenarios.
    let crates = paths.first().and_then(|p| std::path::absolute(p).ok()).and_then(|p| p.ancestors().map(|d| d.join("crates")).find(|d| d.is_dir()));
    let by_tests = crates.map(|c| rust_test_rules(&c)).unwrap_or_default();
    let in_tests: Vec<String> = uncovered.iter().filter_map(|id| by_tests.get(*id).map(|fs| format!("{id} ({})", fs.join(", ")))).collect();
    if !in_tests.is_empty() {
        writeln!(out, "of those, checked by Rust tests (RULE: comments): {}", in_tests.join("; "))?;
    }
    let unknown: Vec<&String> = by_id.keys().filter(|k| !ids.contains(k)).collect();
    if !unknown.is_empty() {
        let list: Vec<String> = unknown.iter().map(|k| format!("{k} ({})", by_id[*k].join(", "))).collect();
        writeln!(out, "named by scenarios but not in RULES.md: {}", list.join("; "))?;
    }
    if !unreadable.is_empty() {
        writeln!(out, "unreadable scenario files: {}", unreadable.join(", "))?;
    }
    writeln!(out, "{} of {} rule IDs covered by {} scenario file(s)", ids.len() - uncovered.len(), ids.len(), files.len())?;
    Ok(())
}
