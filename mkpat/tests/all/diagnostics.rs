//! One fixture per diagnostic code: `tests/fixtures/diagnostics/CODE_slug.db`
//! and the expected plain rendering in `CODE_slug.stderr` (regenerate with
//! `MKPAT_BLESS=1`); `EY` fixtures are read as `eyes.db`, `MC` fixtures as
//! `mc_*.db`. Also: the `mkpat` binary's exit codes, and that it survives
//! hostile input.

use std::path::{Path, PathBuf};
use std::process::Command;

use mkpat::check::{CheckOptions, check_file};
use mkpat::diag::Code;
use mkpat::source::SourceSet;

/// Codes raised by the compiler (`mkpat::compile`), not by the front end;
/// their fixtures live with the compiler's tests.
const COMPILER_CODES: [Code; 4] = [
    Code::CornerEdges,
    Code::CornerElement,
    Code::NoOrigin,
    Code::DuplicateCornerPattern,
];

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/diagnostics")
}

/// Parses, checks (and for `L` fixtures lints) a fixture and renders every
/// diagnostic in the plain format.
fn render(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let bytes = std::fs::read(path).expect("fixture");
    let mut sources = SourceSet::new();
    let (id, replaced) = sources.add_bytes(name.clone(), bytes);
    let mut diags = Vec::new();
    if replaced {
        diags.push(mkpat::parse::invalid_utf8(&sources, id));
    }
    if name.starts_with("EY") {
        diags.extend(mkpat::eyes::parse(&sources, id).1);
    } else if name.starts_with("MC") {
        diags.extend(mkpat::mcpat::parse(&sources, id).1);
    } else {
        let (files, parse_diags) = mkpat::parse::parse_stream(&sources);
        diags.extend(parse_diags);
        for file in &files {
            diags.extend(check_file(file, &CheckOptions::default()));
            if name.starts_with("L0009") {
                // Its class only means something in conn.db.
                let options = mkpat::lint::LintOptions {
                    role: mkpat::options::DatabaseRole::Connection,
                    database: None,
                };
                diags.extend(mkpat::lint::lint_files(
                    &sources,
                    &[(file.clone(), options)],
                ));
            } else if name.starts_with('L') {
                diags.extend(mkpat::lint::lint_file(&sources, file));
            }
        }
    }
    mkpat::diag::sort(&mut diags);
    diags
        .iter()
        .map(|d| mkpat::render::plain(&sources, d))
        .collect()
}

fn fixtures() -> Vec<PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir(fixture_dir())
        .expect("fixture directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "db"))
        .collect();
    paths.sort();
    paths
}

#[test]
fn every_fixture_renders_as_expected() {
    let bless = std::env::var_os("MKPAT_BLESS").is_some();
    let mut failures = Vec::new();
    for path in fixtures() {
        let actual = render(&path);
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let code = stem.split('_').next().unwrap_or_default();
        assert!(
            actual.contains(&format!("[{code}]")),
            "{stem}: the fixture does not produce its own code:\n{actual}"
        );
        let expected_path = path.with_extension("stderr");
        if bless {
            std::fs::write(&expected_path, &actual).expect("writing .stderr");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "{stem}:\n--- expected\n{expected}--- actual\n{actual}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_front_end_code_has_a_fixture() {
    let names: Vec<String> = fixtures()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    assert!(names.len() >= 40, "only {} fixtures", names.len());
    for &code in Code::ALL {
        if COMPILER_CODES.contains(&code) {
            continue;
        }
        let expected = format!("{}_{}", code.as_str(), code.slug());
        assert!(
            names.contains(&expected),
            "no fixture {expected}.db for {code:?}"
        );
    }
    for name in &names {
        let (code, slug) = name.split_once('_').unwrap_or_default();
        assert!(
            Code::from_str_code(code).is_some_and(|c| slug == c.slug()),
            "fixture {name} does not name a code and its slug"
        );
    }
}

#[test]
fn codes_are_unique_and_well_formed() {
    let mut seen = std::collections::BTreeSet::new();
    for &code in Code::ALL {
        let text = code.as_str();
        assert!(seen.insert(text), "duplicate code {text}");
        assert_eq!(text.len(), 5);
        let digits = if code.is_line_language() {
            &text[2..]
        } else {
            assert!(matches!(&text[..1], "E" | "W" | "L"), "{text}");
            &text[1..]
        };
        assert!(digits.bytes().all(|b| b.is_ascii_digit()), "{text}");
    }
}

fn mkpat(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_mkpat"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("running mkpat");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A file named `name` holding `bytes`, in a directory of its own that is
/// removed when the returned guard is dropped.
struct TempFile {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

fn temp_file(name: &str, bytes: &[u8]) -> TempFile {
    let dir = tempfile::Builder::new()
        .prefix("mkpat-diag-test-")
        .tempdir()
        .expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("temp file");
    TempFile { _dir: dir, path }
}

#[test]
fn check_exit_status_is_0_when_clean_and_1_on_errors() {
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/own_patterns.db");
    let (status, _, stderr) = mkpat(&["check", own.to_str().unwrap()]);
    assert_eq!(status, 0, "{stderr}");
    let bad = fixture_dir().join("E0308_star-count.db");
    let (status, _, stderr) = mkpat(&["check", bad.to_str().unwrap()]);
    assert_eq!(status, 1);
    assert!(
        stderr.contains("E0308_star-count.db:4:2: error[E0308]"),
        "{stderr}"
    );
    let warn = fixture_dir().join("W0401_unknown-symmetry.db");
    let (status, _, _) = mkpat(&["check", warn.to_str().unwrap()]);
    assert_eq!(status, 0, "warnings alone do not fail");
    let (status, stdout, _) = mkpat(&["check", "--format", "json", bad.to_str().unwrap()]);
    assert_eq!(status, 1);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("json output");
    assert_eq!(json[0]["code"], "E0308");
    assert_eq!(json[0]["line"], 4);
}

/// Files are checked on their own unless `--stream` joins them the way
/// GNU Go's repeated -i does: then the attribute map and the pattern names
/// of the first file carry over into the second.
#[test]
fn check_reads_files_on_their_own_or_as_one_stream() {
    let first = temp_file(
        "stream_a.db",
        b"attribute_map value_only\n\nPattern A\n\n.X.\n.*O\n\n:8,-,value(5)\n",
    );
    let second = temp_file("stream_b.db", b"Pattern A\n\n.O.\n.*X\n\n:8,-,value(3)\n");
    let files = [first.to_str().unwrap(), second.to_str().unwrap()];
    let (status, _, stderr) = mkpat(&["check", files[0], files[1]]);
    assert_eq!(status, 1, "{stderr}");
    assert!(
        stderr.contains("stream_b.db:6:6: error[E0403]"),
        "no attribute map in the second file on its own: {stderr}"
    );
    assert!(!stderr.contains("W0202"), "{stderr}");
    let (status, _, stderr) = mkpat(&["check", "--stream", files[0], files[1]]);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stderr.contains("stream_b.db:1:9: warning[W0202]"),
        "the stream sees pattern A twice: {stderr}"
    );
}

/// `eyes.db` and `mc_*.db` are checked in their own languages (by name, as
/// GNU Go's build reads them, or by `--language`).
#[test]
fn check_reads_eyes_and_mc_files_in_their_languages() {
    let lines = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/line_languages");
    let small = std::fs::read(lines.join("eyes_small.db")).unwrap();
    let eyes = temp_file("eyes.db", &small);
    let (status, _, stderr) = mkpat(&["check", eyes.to_str().unwrap()]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stderr, "");
    let (status, _, stderr) = mkpat(&["check", "--language", "patterns", eyes.to_str().unwrap()]);
    assert_eq!(status, 1, "eye shapes are no .db patterns: {stderr}");
    let bad = lines.join("eyes_bad.db");
    let (status, _, stderr) = mkpat(&["check", "--language", "eyes", bad.to_str().unwrap()]);
    assert_eq!(status, 1);
    assert!(stderr.contains("eyes_bad.db:7:2: error[EY004]"), "{stderr}");
    let mc = temp_file("mc_small.db", b"ooo\no*o\nooo\n:5,near,nearby\n");
    let (status, stdout, _) = mkpat(&["check", "--format", "json", mc.to_str().unwrap()]);
    assert_eq!(status, 0, "warnings alone do not fail");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("json output");
    assert_eq!(json[0]["code"], "MC007");
    assert_eq!(json[0]["severity"], "warning");
    assert_eq!(
        (json[0]["line"].as_u64(), json[0]["column"].as_u64()),
        (Some(4), Some(9))
    );
}

#[test]
fn check_survives_hostile_input() {
    let mut garbage = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..20000 {
        x = x.wrapping_mul(1103515245).wrapping_add(12345);
        garbage.push((x >> 16) as u8);
    }
    let huge_line = format!("Pattern A\n\n{}*\n\n:8,-\n", ".".repeat(100_000));
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("garbage.db", garbage),
        ("empty.db", Vec::new()),
        ("huge.db", huge_line.into_bytes()),
        (
            "crlf.db",
            b"Pattern A\r\n\r\n.X.\r\n.*O\r\n\r\n:8,-\r\n".to_vec(),
        ),
        ("nonl.db", b"Pattern A\n\n.X.\n.*O\n\n:8,-".to_vec()),
        ("nul.db", b"Pattern \0\n\0\n:\0,\0(\n;(((\n>{\n".to_vec()),
    ];
    for (name, bytes) in cases {
        let path = temp_file(name, &bytes);
        for sub in ["check", "lint"] {
            let (status, _, stderr) = mkpat(&[sub, path.to_str().unwrap()]);
            assert!(
                status == 0 || status == 1,
                "{sub} {name}: status {status}\n{stderr}"
            );
            assert!(!stderr.contains("panicked"), "{sub} {name}: {stderr}");
        }
    }
    let crlf = temp_file("crlf2.db", b"Pattern A\r\n\r\n.X.\r\n.*O\r\n\r\n:8,-\r\n");
    assert_eq!(
        mkpat(&["check", crlf.to_str().unwrap()]).0,
        0,
        "CRLF is fine"
    );
}

#[test]
fn fmt_check_reports_unformatted_files_and_fmt_fixes_them() {
    let path = temp_file("messy.db", b"Pattern A\r\n.X.   \r\n.*O\r\n:8, -\r\n");
    let (status, stdout, _) = mkpat(&["fmt", "--check", path.to_str().unwrap()]);
    assert_eq!(status, 1);
    assert!(stdout.contains("messy.db"));
    let (status, _, stderr) = mkpat(&["fmt", path.to_str().unwrap()]);
    assert_eq!(status, 0, "{stderr}");
    let text = std::fs::read_to_string(&path).expect("formatted");
    assert_eq!(text, "Pattern A\n\n.X.\n.*O\n\n:8, -\n");
    assert_eq!(mkpat(&["fmt", "--check", path.to_str().unwrap()]).0, 0);
}
