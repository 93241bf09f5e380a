//! Every scenario file under `tests/scenarios` (the project's rulings, `SCENARIOS.md`) as
//! a test case of its own, named after its path, so a failure names the file and
//! `cargo test -p ygo-scenario --test scenarios -- battle/` runs a folder.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let files = ygo_scenario::collect_files(std::slice::from_ref(&root));
    let mut trials: Vec<Trial> = files.into_iter().map(|f| trial(&root, f)).collect();
    // The suite itself: a broken checkout (no files found) must not pass as "0 tests".
    let count = trials.len();
    trials.push(Trial::test("suite: tests/scenarios holds the rulings", move || {
        if count < 1000 {
            return Err(format!("only {count} scenario files found under tests/scenarios").into());
        }
        Ok(())
    }));
    libtest_mimic::run(&args, trials).exit();
}

fn trial(root: &Path, file: PathBuf) -> Trial {
    let name = file.strip_prefix(root).unwrap_or(&file).display().to_string();
    Trial::test(name, move || {
        let r = ygo_scenario::run_file(&file);
        if r.passed() {
            return Ok(());
        }
        let mut out = Vec::new();
        ygo_scenario::print_result(&r, &mut out).map_err(|e| Failed::from(e.to_string()))?;
        Err(String::from_utf8_lossy(&out).into_owned().into())
    })
}
