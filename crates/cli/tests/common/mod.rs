//! Running the `ygo` binary from integration tests without racing it: stdin is written
//! from its own thread while the test waits for the child, and a child that exits before
//! reading all of it (a refused argument, `q` at the first prompt) is not an error: the
//! test asserts on its output and exit status instead.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub fn ygo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ygo"))
}

/// Runs `cmd` with `input` on stdin and waits for it to exit.
pub fn run_with_input(mut cmd: Command, input: &str) -> Output {
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("ygo runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.as_bytes().to_vec();
    let writer = std::thread::spawn(move || match stdin.write_all(&input) {
        // The child may exit without reading everything; its output says why.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    });
    let out = child.wait_with_output().expect("ygo exits");
    writer.join().expect("stdin writer").expect("writing stdin");
    out
}

/// Exit code, stdout and stderr of a finished run.
pub fn parts(out: &Output) -> (i32, String, String) {
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Runs `ygo ARGS` with empty stdin.
pub fn run(args: &[&str]) -> (i32, String, String) {
    parts(&run_with_input(
        {
            let mut c = ygo();
            c.args(args);
            c
        },
        "",
    ))
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("ygo-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `../shared/data` (the project's reference data: `YGO_SHARED_DATA`, else beside the
/// checkout), if present; tests that need it print a note and pass without it.
pub fn shared_data() -> Option<std::path::PathBuf> {
    let p = std::env::var_os("YGO_SHARED_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"));
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("note: {} is absent; skipping", p.display());
        None
    }
}
