//! Compiles pattern databases into the `patterns` crate:
//!
//! * every `*.db` of this directory (`patterns/` of the repository), as
//!   `patterns::NAME` (anchors of both colours, like GNU Go's shape
//!   databases);
//! * with `TESUJI_PATTERN_DIR=/path/to/gnugo/patterns` (a relative path
//!   is taken from the workspace root), the GNU Go databases found there,
//!   each with GNU Go's own `mkpat` options, as `patterns::gnugo::NAME`,
//!   and its 7 joseki SGF files converted and compiled as one corner
//!   database, `patterns::gnugo::joseki`.
//!
//! Problems surface as cargo errors with `file:line:col`; every input is
//! registered with `cargo:rerun-if-changed`.

use std::path::{Path, PathBuf};

use mkpat::codegen::build_script::{BuildScript, write_if_changed};
use mkpat::codegen::gnugo_build::{GNUGO_DATABASES, JOSEKI_SOURCES};

fn main() {
    let own = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    // The workspace root, where a relative TESUJI_PATTERN_DIR starts.
    let root = own.join("..");
    let mut script = BuildScript::from_env();
    println!("cargo:rerun-if-changed=build.rs");

    println!("cargo:rerun-if-changed={}", own.display());
    for name in own_databases(&own) {
        let file = format!("{name}.db");
        script.compile(&name, &["-b", &name, "-i", &file], &own);
    }

    mc_tables(&own);

    println!("cargo:rerun-if-env-changed=TESUJI_PATTERN_DIR");
    if let Some(dir) = std::env::var_os("TESUJI_PATTERN_DIR") {
        let dir = root.join(dir);
        for db in GNUGO_DATABASES {
            if db.inputs().all(|input| dir.join(input).is_file()) {
                script.compile(&format!("gnugo::{}", db.name), db.args, &dir);
            } else {
                println!(
                    "cargo:warning=TESUJI_PATTERN_DIR={}: {} is incomplete, skipped",
                    dir.display(),
                    db.name
                );
            }
        }
    }

    if let Some(dir) = std::env::var_os("TESUJI_PATTERN_DIR") {
        joseki_corner_database(&mut script, &root.join(dir));
    }

    if let Err(e) = script.write_index("patterns_index.rs") {
        println!("cargo::error=writing the pattern index: {e}");
    }
    if script.failed() {
        std::process::exit(1);
    }
}

/// Converts GNU Go's joseki SGF files (when all are in `dir`) to `.db`
/// text with the `joseki` crate, as GNU Go's build does, and compiles them
/// as one corner database (`-C`) into `patterns::gnugo::joseki`.
fn joseki_corner_database(script: &mut BuildScript, dir: &Path) {
    let out =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("joseki");
    if JOSEKI_SOURCES
        .iter()
        .any(|(name, _)| !dir.join(format!("{name}.sgf")).is_file())
    {
        println!(
            "cargo:warning=TESUJI_PATTERN_DIR={}: joseki SGF files incomplete, skipped",
            dir.display()
        );
        return;
    }
    if let Err(e) = std::fs::create_dir_all(&out) {
        println!("cargo::error=creating {}: {e}", out.display());
        return;
    }
    let mut args = vec!["-C".to_string(), "joseki".to_string()];
    for (name, prefix) in JOSEKI_SOURCES {
        let sgf = dir.join(format!("{name}.sgf"));
        println!("cargo:rerun-if-changed={}", sgf.display());
        let text = match std::fs::read(&sgf) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                println!("cargo::error={}: {e}", sgf.display());
                return;
            }
        };
        match joseki::sgf_to_db(prefix, &text) {
            Ok(conversion) => {
                let db = format!("{name}.db");
                if let Err(e) = write_if_changed(&out.join(&db), &conversion.text) {
                    println!("cargo::error=writing {db}: {e}");
                    return;
                }
                args.extend(["-i".to_string(), db]);
            }
            Err(e) => {
                println!("cargo::error={}: {e}", sgf.display());
                return;
            }
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    script.compile("gnugo::joseki", &args, &out);
}

/// Compiles `dir/mc_tesuji.db` (the mc language: 3×3 playout weights)
/// into `OUT_DIR/mc_tesuji.runs` (see `matcher::mc::McTable::to_runs`).
fn mc_tables(dir: &Path) {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let file = dir.join("mc_tesuji.db");
    let bytes = match std::fs::read(&file) {
        Ok(bytes) => bytes,
        Err(e) => {
            println!("cargo::error={}: {e}", file.display());
            return;
        }
    };
    match mkpat::mcpat::load_table("mc_tesuji.db", &bytes) {
        Ok(table) => {
            if let Err(e) = std::fs::write(out.join("mc_tesuji.runs"), table.to_runs()) {
                println!("cargo::error=writing mc_tesuji.runs: {e}");
            }
        }
        Err(errors) => {
            for line in errors.lines() {
                println!("cargo::error={line}");
            }
        }
    }
}

/// The stems of `dir/*.db` but `mc_*.db`, sorted (valid Rust module names only).
fn own_databases(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|path| path.extension().is_some_and(|ext| ext == "db"))
                .filter_map(|path| path.file_stem().and_then(|s| s.to_str()).map(str::to_owned))
                .filter(|name| !name.starts_with("mc_"))
                .filter(|name| {
                    name.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}
