//! Test support shared by every crate's tests and benchmarks: where the GNU Go
//! corpus (`../shared`) lives, and a loud, explicit skip when it is absent.
//!
//! The corpus is GPL data and is never copied into this repository. Tests find
//! it through `TESUJI_SHARED` (a directory holding `corpus/` and `expected/`),
//! falling back to `../shared` beside the checkout. With
//! `TESUJI_REQUIRE_CORPUS=1` (set by `.ci/run`) a missing corpus is a hard
//! failure instead of a skip.
//!
//! Also positions for tests ([`positions`]: random boards, regression games
//! loaded as `loadsgf` loads them) and a walker of GNU Go's suite files
//! ([`suite`]), and a runner of GTP regression suites in GNU Go's `.tst`
//! format against any GTP engine ([`gtp_suite`]).

pub mod gtp_suite;
pub mod positions;
pub mod suite;

use std::io::Read;
use std::path::{Path, PathBuf};

/// The workspace root (the directory holding the top-level `Cargo.toml`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("testkit lives one level below the workspace root")
        .to_path_buf()
}

fn shared_candidate() -> PathBuf {
    match std::env::var_os("TESUJI_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("../shared"),
    }
}

fn corpus_required() -> bool {
    matches!(
        std::env::var("TESUJI_REQUIRE_CORPUS").as_deref(),
        Ok("1") | Ok("true")
    )
}

/// The `shared/` directory, or `None` (after a loud message) when it is absent
/// and not required. Panics when `TESUJI_REQUIRE_CORPUS=1` and it is missing.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = shared_candidate();
    if dir.join("corpus").is_dir() && dir.join("expected").is_dir() {
        return Some(dir);
    }
    if corpus_required() {
        panic!(
            "TESUJI_REQUIRE_CORPUS is set but the GNU Go corpus is not at {} (set TESUJI_SHARED)",
            dir.display()
        );
    }
    eprintln!(
        "\n*** SKIPPED: GNU Go corpus not found at {} (set TESUJI_SHARED). \
         This test checked nothing. ***\n",
        dir.display()
    );
    None
}

/// Returns the shared directory or returns early from the calling test with a
/// loud skip message: `let shared = testkit::require_shared!();`
#[macro_export]
macro_rules! require_shared {
    () => {
        match $crate::shared_dir() {
            Some(dir) => dir,
            None => return,
        }
    };
}

/// `shared/corpus/gnugo-3.8/patterns`.
pub fn gnugo_patterns_dir(shared: &Path) -> PathBuf {
    shared.join("corpus/gnugo-3.8/patterns")
}

/// `shared/corpus/positions`.
pub fn positions_dir(shared: &Path) -> PathBuf {
    shared.join("corpus/positions")
}

/// `shared/expected`.
pub fn expected_dir(shared: &Path) -> PathBuf {
    shared.join("expected")
}

/// The `.db` files of `dir` written in the mkpat language (`eyes.db` and
/// `mc_*.db` use other languages), sorted by name: 15 in GNU Go's
/// `patterns/` directory (patterns2.db is read with patterns.db).
pub fn mkpat_format_databases(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading the directory {}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.ends_with(".db") && name != "eyes.db" && !name.starts_with("mc_")
        })
        .collect();
    paths.sort();
    paths
}

/// Reads a file, transparently gunzipping `*.gz`.
pub fn read_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    if path.extension().is_some_and(|ext| ext == "gz") {
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .unwrap_or_else(|e| panic!("gunzipping {}: {e}", path.display()));
        text
    } else {
        String::from_utf8(bytes).unwrap_or_else(|e| panic!("{} is not UTF-8: {e}", path.display()))
    }
}

/// The median of `values` (sorted in place; the mean of the two middle
/// values for an even count), for benchmarks that report per-call times.
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}
