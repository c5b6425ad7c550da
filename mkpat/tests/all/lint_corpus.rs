//! `mkpat check`, `lint` and `fmt` on GNU Go's own file names: every
//! database of GNU Go's `patterns/` directory checks clean by name, with no
//! flag (conn.db, influence.db and barriers.db are compiled with `-c`,
//! eyes.db and mc_*.db are other languages); the same text under another
//! name does not get those options; and the new lints' counts over the
//! whole directory, given together as `mkpat lint *.db` gives them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn mkpat(args: &[&str], dir: &Path) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_mkpat"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("running mkpat");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Every `.db` file of GNU Go's `patterns/` directory, by name.
fn corpus_databases(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("patterns directory")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".db"))
        .collect();
    names.sort();
    names
}

#[test]
fn every_corpus_database_checks_clean_by_name() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let names = corpus_databases(&dir);
    assert_eq!(names.len(), 19, "{names:?}");
    for name in &names {
        let (code, stdout, stderr) = mkpat(&["check", name], &dir);
        assert_eq!(code, 0, "{name}: {stderr}");
        assert!(stdout.is_empty() && stderr.is_empty(), "{name}: {stderr}");
    }
    // All together, as a shell glob gives them.
    let mut args = vec!["check"];
    args.extend(names.iter().map(String::as_str));
    let (code, _, stderr) = mkpat(&args, &dir);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn connection_databases_without_flags_and_other_names_without_them() {
    let shared = testkit::require_shared!();
    let corpus = testkit::gnugo_patterns_dir(&shared);
    let tmp = tempdir("names");
    // The corpus connection databases have patterns without '*': under
    // another name, without -c, they are errors.
    for name in ["conn.db", "influence.db", "barriers.db"] {
        let (code, _, stderr) = mkpat(&["check", corpus.join(name).to_str().unwrap()], &tmp);
        assert_eq!(code, 0, "{name}: {stderr}");
    }
    let (code, _, stderr) = mkpat(&["check", corpus.join("conn.db").to_str().unwrap()], &tmp);
    assert_eq!(code, 0, "{stderr}");
    let text = "Pattern NoMove\n\nOX\nXO\n\n:8,B\n";
    for (name, expect_error) in [
        ("conn.db", false),
        ("influence.db", false),
        ("barriers.db", false),
        ("patterns.db", true),
        ("mine.db", true),
    ] {
        let path = tmp.join(name);
        std::fs::write(&path, text).unwrap();
        let (code, _, stderr) = mkpat(&["--format", "plain", "check", name], &tmp);
        assert_eq!(stderr.contains("E0308"), expect_error, "{name}: {stderr}");
        assert_eq!(code, i32::from(expect_error), "{name}: {stderr}");
        let (code, _, stderr) = mkpat(&["--format", "plain", "lint", name], &tmp);
        assert_eq!(code, i32::from(expect_error), "lint {name}: {stderr}");
        // -c says it for any name.
        let (code, _, stderr) = mkpat(&["check", "-c", name], &tmp);
        assert_eq!(code, 0, "-c {name}: {stderr}");
    }
}

#[test]
fn fmt_leaves_the_other_languages_alone() {
    let tmp = tempdir("fmt");
    // Not pattern text: formatting it as patterns would fail.
    let eyes = "Pattern 1\n\n !\n\n:0111\n";
    let mc = "# weights\n...\n.*.\n...\n:1\n";
    std::fs::write(tmp.join("eyes.db"), eyes).unwrap();
    std::fs::write(tmp.join("mc_mine.db"), mc).unwrap();
    std::fs::write(tmp.join("p.db"), "Pattern A\n\n*X\n\n:8,-\n").unwrap();
    let (code, _, stderr) = mkpat(&["fmt", "eyes.db", "mc_mine.db", "p.db"], &tmp);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("eyes.db is not a pattern database"),
        "{stderr}"
    );
    assert!(
        stderr.contains("mc_mine.db is not a pattern database"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(tmp.join("eyes.db")).unwrap(), eyes);
    assert_eq!(std::fs::read_to_string(tmp.join("mc_mine.db")).unwrap(), mc);
    let (code, _, stderr) = mkpat(&["fmt", "--check", "p.db"], &tmp);
    assert_eq!(code, 0, "p.db was formatted: {stderr}");
}

#[test]
fn duplicates_across_files_given_together() {
    let tmp = tempdir("duplicates");
    let pattern = "Pattern Cut\n\nXO.\n.*X\n\n:8,-\n";
    let mirrored = "Pattern CutMirrored\n\n.OX\nX*.\n\n:8,-\n";
    std::fs::write(tmp.join("mine.db"), pattern).unwrap();
    std::fs::write(tmp.join("more.db"), mirrored).unwrap();
    let (code, _, stderr) = mkpat(&["--format", "plain", "lint", "mine.db", "more.db"], &tmp);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("more.db:1:9: lint[L0007]: pattern CutMirrored has the same diagram, move and constraint as pattern Cut (mine.db:1) under transformation 7"),
        "{stderr}"
    );
    // Each on its own: nothing to compare.
    let (_, _, stderr) = mkpat(&["--format", "plain", "lint", "more.db"], &tmp);
    assert!(!stderr.contains("L0007"), "{stderr}");
    // Files of different GNU Go databases are not compared.
    std::fs::write(tmp.join("attack.db"), pattern).unwrap();
    std::fs::write(tmp.join("defense.db"), mirrored).unwrap();
    let (_, _, stderr) = mkpat(
        &["--format", "plain", "lint", "attack.db", "defense.db"],
        &tmp,
    );
    assert!(!stderr.contains("L0007"), "{stderr}");
    // patterns.db and patterns2.db are one database.
    std::fs::write(tmp.join("patterns.db"), pattern).unwrap();
    std::fs::write(tmp.join("patterns2.db"), mirrored).unwrap();
    let (_, _, stderr) = mkpat(
        &["--format", "plain", "lint", "patterns.db", "patterns2.db"],
        &tmp,
    );
    assert!(stderr.contains("L0007"), "{stderr}");
}

/// Lint codes per file over GNU Go's directory, all files given together.
fn corpus_lint_counts(dir: &Path) -> BTreeMap<String, BTreeMap<String, usize>> {
    let names = corpus_databases(dir);
    let mut args = vec!["--format", "json", "lint"];
    args.extend(names.iter().map(String::as_str));
    let (code, stdout, stderr) = mkpat(&args, dir);
    assert_eq!(code, 0, "{stderr}");
    let diags: serde_json::Value = serde_json::from_str(&stdout).expect("JSON diagnostics");
    let mut counts: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for d in diags.as_array().expect("an array") {
        let code = d["code"].as_str().unwrap_or_default().to_string();
        let file = d["file"].as_str().unwrap_or_default().to_string();
        *counts.entry(code).or_default().entry(file).or_default() += 1;
    }
    counts
}

#[test]
fn new_lints_over_gnugo_databases() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let counts = corpus_lint_counts(&dir);
    // GNU Go's data has no constraint that can never hold, no class that
    // rejects every match and no impossible diagram: none may be reported.
    for code in ["L0008", "L0009", "L0011"] {
        assert!(!counts.contains_key(code), "{code}: {:?}", counts[code]);
    }
    let mut table = String::new();
    for (code, files) in &counts {
        let total: usize = files.values().sum();
        table.push_str(&format!("{code} {total}\n"));
        for (file, n) in files {
            table.push_str(&format!("    {file} {n}\n"));
        }
    }
    insta::assert_snapshot!("corpus_lint_counts", table);
}

/// A fresh directory under the target directory.
fn tempdir(tag: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("lint_corpus_{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}
