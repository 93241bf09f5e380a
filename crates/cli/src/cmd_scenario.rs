//! `ygo scenario run` / `ygo scenario coverage`: rulings as TOML files (`SCENARIOS.md`).

use std::path::PathBuf;

use ygo_scenario as scenario;

#[derive(clap::Subcommand, Debug, Clone)]
pub enum ScenarioCmd {
    /// Run scenario files (folders: every `*.toml` inside, recursively).
    Run {
        /// Files or folders (default: the `tests/scenarios` folder of the current folder or
        /// the nearest folder above it).
        paths: Vec<PathBuf>,
    },
    /// List every rule ID of RULES.md with the scenario files naming it.
    Coverage {
        /// A RULES.md to read the IDs from (default: the project's own list).
        #[arg(long)]
        spec: Option<PathBuf>,
        /// Files or folders of scenarios (default: the `tests/scenarios` folder of the current
        /// folder or the nearest folder above it).
        paths: Vec<PathBuf>,
    },
}

/// Runs the subcommand; the exit code is non-zero when a file failed or could not be read.
pub fn run(cmd: ScenarioCmd) -> anyhow::Result<i32> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cmd {
        ScenarioCmd::Run { paths } => {
            let paths = scenario::resolve_paths(&paths, &std::env::current_dir()?)?;
            let sum = scenario::run_paths(&paths, &mut out)?;
            Ok(if sum.failed > 0 || sum.passed == 0 { 1 } else { 0 })
        }
        ScenarioCmd::Coverage { spec, paths } => {
            let paths = scenario::resolve_paths(&paths, &std::env::current_dir()?)?;
            scenario::coverage(spec.as_deref(), &paths, &mut out)?;
            Ok(0)
        }
    }
}
