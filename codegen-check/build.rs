//! Compiles into this test crate, under `#![deny(warnings)]`:
//! the code-generation fixtures of `tests/fixtures/codegen` (every mkpat
//! mode), our own `patterns/tesuji.db`, and — when the shared corpus is
//! present — all 14 GNU Go databases with GNU Go's own options. Also writes
//! `manifest.rs`: every compiled module with the command line and base
//! directory it came from, so tests can compile the same inputs at run time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mkpat::codegen::build_script::{BuildScript, write_if_changed};
use mkpat::codegen::gnugo_build::{GNUGO_DATABASES, JOSEKI_SOURCES};

/// The fixture databases and their command lines.
const FIXTURES: &[(&str, &[&str])] = &[
    ("general", &["gen", "-i", "general.db"]),
    (
        "general_both",
        &["-b", "genb", "-i", "general.db", "-i", "more.db"],
    ),
    ("general_x", &["-X", "genx", "-i", "general.db"]),
    ("connection", &["-c", "conn", "-i", "connection.db"]),
    ("corner", &["-C", "joseki", "-i", "corner.db"]),
    (
        "dfa",
        &["-D", "-m", "-b", "-t", "dfa.dtr", "dfapat", "-i", "dfa.db"],
    ),
    ("expressions", &["-b", "expr", "-i", "expressions.db"]),
];

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest_dir
        .parent()
        .expect("codegen-check lives in the workspace")
        .to_path_buf();
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=TESUJI_SHARED");
    println!("cargo:rerun-if-env-changed=TESUJI_REQUIRE_CORPUS");
    let mut script = BuildScript::from_env();
    let mut manifest: Vec<(String, Vec<String>, PathBuf)> = Vec::new();
    let mut compile = |script: &mut BuildScript, module: String, args: &[&str], base: &Path| {
        if script.compile(&module, args, base) {
            manifest.push((
                module,
                args.iter().map(|a| a.to_string()).collect(),
                base.to_path_buf(),
            ));
        }
    };

    let fixtures = root.join("tests/fixtures/codegen");
    for (name, args) in FIXTURES {
        compile(&mut script, format!("fixtures::{name}"), args, &fixtures);
    }
    compile(
        &mut script,
        "own::tesuji".into(),
        &["-b", "tesuji", "-i", "tesuji.db"],
        &root.join("patterns"),
    );

    let corpus = match testkit::shared_dir() {
        Some(shared) => Some(testkit::gnugo_patterns_dir(&shared)),
        None => {
            println!(
                "cargo:warning=*** GNU Go corpus not found (../shared or TESUJI_SHARED): the corpus-compiled \
                 configuration was NOT built and its tests check nothing ***"
            );
            None
        }
    };
    if let Some(dir) = &corpus {
        for db in GNUGO_DATABASES {
            compile(&mut script, format!("gnugo::{}", db.name), db.args, dir);
        }
        // The joseki corner database: GNU Go's SGF files converted by the
        // joseki crate, compiled with -C.
        let joseki_dir =
            PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("joseki");
        std::fs::create_dir_all(&joseki_dir).expect("creating OUT_DIR/joseki");
        let mut args = vec!["-C".to_string(), "joseki".to_string()];
        for (name, prefix) in JOSEKI_SOURCES {
            let sgf = dir.join(format!("{name}.sgf"));
            let text = String::from_utf8_lossy(&std::fs::read(&sgf).expect("reading a joseki SGF"))
                .into_owned();
            let conversion = joseki::sgf_to_db(prefix, &text)
                .unwrap_or_else(|e| panic!("{}: {e}", sgf.display()));
            write_if_changed(&joseki_dir.join(format!("{name}.db")), &conversion.text)
                .expect("writing a joseki .db");
            args.extend(["-i".to_string(), format!("{name}.db")]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        compile(&mut script, "gnugo::joseki".into(), &args, &joseki_dir);
    }

    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    if let Err(e) = script.write_index("index.rs") {
        println!("cargo::error=writing the index: {e}");
    }
    let mut text = String::from(
        "/// Every compiled module: `(module path, mkpat arguments, base directory)`.\n\
         pub const MANIFEST: &[(&str, &[&str], &str)] = &[\n",
    );
    for (module, args, base) in &manifest {
        let _ = writeln!(
            text,
            "    ({module:?}, &{args:?}, {:?}),",
            base.display().to_string()
        );
    }
    text.push_str("];\n");
    let _ = writeln!(
        text,
        "/// Whether the GNU Go corpus was compiled in.\npub const CORPUS_COMPILED: bool = {};",
        corpus.is_some()
    );
    if let Err(e) = write_if_changed(&out.join("manifest.rs"), &text) {
        println!("cargo::error=writing the manifest: {e}");
    }
    if script.failed() {
        std::process::exit(1);
    }
}
