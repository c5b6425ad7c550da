//! The `joseki` binary: output on stdout, diagnostics on stderr, exit codes.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_joseki"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn temp_sgf(name: &str, text: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("tesuji-joseki-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn converts_a_file() {
    let path = temp_sgf("ok.sgf", "(;SZ[19];B[pd]MA[mg])");
    let (code, stdout, stderr) = run(&["JZ", &path]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("Pattern JZ1\n\n-------+\n"), "{stdout}");
    assert!(stdout.contains("\n:/,sFJ\n"), "{stdout}");
}

#[test]
fn malformed_input_fails_with_position() {
    let path = temp_sgf("bad.sgf", "(;SZ[19];B[pd]\n;W[qc");
    let (code, stdout, stderr) = run(&["JZ", &path]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(stderr.contains("error: malformed SGF: 2:6:"), "{stderr}");
    assert!(stderr.contains("root → 1st child ×2"), "{stderr}");
}

#[test]
fn usage_and_missing_file() {
    assert_eq!(run(&["JZ"]).0, 1);
    let (code, _, stderr) = run(&["JZ", "/nonexistent/file.sgf"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("couldn't open"), "{stderr}");
}
