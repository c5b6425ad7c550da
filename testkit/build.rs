//! Warns at build time when the GNU Go corpus is missing, so that skipped
//! corpus tests are visible in every `cargo test` run, not only in captured output.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=TESUJI_SHARED");
    println!("cargo:rerun-if-env-changed=TESUJI_REQUIRE_CORPUS");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let shared = std::env::var_os("TESUJI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("../../shared"));
    println!("cargo:rerun-if-changed={}", shared.display());
    if !shared.join("corpus").is_dir() {
        println!(
            "cargo:warning=GNU Go corpus not found at {} (set TESUJI_SHARED): corpus tests will be SKIPPED",
            shared.display()
        );
    }
}
