//! Running the `tesuji` binary from integration tests: the command with
//! styling off, and a run that feeds text to standard input.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The `tesuji` binary of this build, with `NO_COLOR` set.
pub fn tesuji() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tesuji"));
    command.env("NO_COLOR", "1");
    command
}

/// Runs `tesuji ARGS` with `input` on standard input. A tesuji that
/// exits before reading all of it (a bad argument) closes the pipe: that
/// write error is not the test's, its status and output say what happened.
pub fn tesuji_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = tesuji()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tesuji runs");
    let written = child
        .stdin
        .take()
        .expect("piped standard input")
        .write_all(input);
    if let Err(error) = written {
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::BrokenPipe,
            "tesuji reads its input"
        );
    }
    child.wait_with_output().expect("tesuji finishes")
}
