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
