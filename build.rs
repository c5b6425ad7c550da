//! Compiles pattern databases into the `tesuji` crate (`tesuji::patterns`):
//!
//! * every `patterns/*.db` of this repository, as `tesuji::patterns::NAME`
//!   (anchors of both colours, like GNU Go's shape databases);
//! * with `TESUJI_PATTERN_DIR=/path/to/gnugo/patterns`, the GNU Go
//!   databases found there, each with GNU Go's own `mkpat` options, as
//!   `tesuji::patterns::gnugo::NAME`.
//!
//! Problems surface as cargo errors with `file:line:col`; every input is
//! registered with `cargo:rerun-if-changed`.

use std::path::{Path, PathBuf};

use mkpat::codegen::build_script::BuildScript;
use mkpat::codegen::gnugo_build::GNUGO_DATABASES;

fn main() {
    let root = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let mut script = BuildScript::from_env();
    println!("cargo:rerun-if-changed=build.rs");

    let own = root.join("patterns");
    println!("cargo:rerun-if-changed={}", own.display());
    for name in own_databases(&own) {
        let file = format!("{name}.db");
        script.compile(&name, &["-b", &name, "-i", &file], &own);
    }

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

    if let Err(e) = script.write_index("patterns_index.rs") {
        println!("cargo::error=writing the pattern index: {e}");
    }
    if script.failed() {
        std::process::exit(1);
    }
}

/// The stems of `dir/*.db`, sorted (valid Rust module names only).
fn own_databases(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|path| path.extension().is_some_and(|ext| ext == "db"))
                .filter_map(|path| path.file_stem().and_then(|s| s.to_str()).map(str::to_owned))
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
