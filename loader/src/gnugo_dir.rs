//! The shape databases of a run (`tesuji explain`, `tesuji propose`,
//! `tesuji gtp`, tests), as an [`engine::Databases`]: either the databases
//! compiled into the `patterns` crate ([`embedded`]), or GNU Go's pattern
//! directory loaded at run time (`--patterns DIR`, [`load`]),
//! each compiled with GNU Go's own `mkpat` options (the manifest
//! `mkpat::codegen::gnugo_build`):
//!
//! * `patterns` — `patterns.db` + `patterns2.db` as one database (`-b`);
//! * `joseki_corner` — the 7 joseki SGF files converted by the `joseki`
//!   crate and compiled as one corner database (`-C`);
//! * `fuseki` — `fuseki.db` (`-b`);
//! * `endgame` — `endgame.db` (`-b`);
//! * and, apart, `conn.db` (`-c`), which dragon building needs, `eyes.db`'s
//!   graphs (eye values) and the three owl databases (the owl search).
//!
//! The shape databases are listed in GNU Go's order within a move
//! generation: pat_db, the joseki corner database, fusekipat_db, then the
//! endgame database (GNU Go matches it in a later pass, only when the best
//! move is small). Compiling at run time needs `mkpat`, which the engine
//! never depends on: it takes the databases ready-made.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use engine::compose::LayerDb;
use engine::dragons::ConnectionPatterns;
use engine::owl::OwlPatterns;
use engine::shapes::ShapeRules;
use matcher::constraint::CodeTable;
use mkpat::codegen::gnugo_build::{GNUGO_DATABASES, GnuGoDatabase, JOSEKI_SOURCES};
use mkpat::source::SourceSet;

pub use engine::front::databases::{Databases, PreparedDatabases, RawCandidate, ShapeDb};

use crate::compile::{compile_runtime, compile_runtime_sources};

/// The databases compiled into the binary: our own `patterns/*.db`, and
/// GNU Go's shape and connection databases when the binary was built with
/// `TESUJI_PATTERN_DIR`.
pub fn embedded() -> Databases {
    Databases::embedded(::patterns::DATABASES, ::patterns::CORNER_DATABASES)
}

/// GNU Go's pattern directory `dir` (e.g.
/// `../shared/corpus/gnugo-3.8/patterns`), compiled now with GNU Go's
/// options. Errors name the directory, the missing file or the
/// compilation error.
pub fn load(dir: &Path) -> Result<Databases, String> {
    if !dir.is_dir() {
        return Err(format!(
            "--patterns {}: not a directory (give GNU Go's patterns/ directory)",
            dir.display()
        ));
    }
    let mut shapes = Vec::new();
    for module in ["patterns", "joseki", "fuseki", "endgame"] {
        if module == "joseki" {
            shapes.push(load_joseki(dir)?);
            continue;
        }
        let manifest = GNUGO_DATABASES
            .iter()
            .find(|db| db.name == module)
            .ok_or_else(|| format!("no build manifest for {module}"))?;
        let (files, options) = split_manifest(dir, manifest)?;
        let runtime = compile_runtime(&files, &options)?;
        shapes.push(ShapeDb {
            name: module.to_string(),
            db: Cow::Owned(runtime.db),
            code: CodeTable::Interpreted(runtime.programs),
            corner: None,
            rules: ShapeRules::SHAPES,
        });
    }
    let conn = Some(Arc::new(load_connection_patterns(dir)?));
    let eye_graphs = Some(Arc::new(load_eye_graphs(dir)?));
    let owl = Some(Arc::new(load_owl_patterns(dir)?));
    let (influence, barriers) = load_influence_patterns(dir)?;
    let aa_attack = Some(load_combination_patterns(dir)?);
    Ok(Databases {
        shapes,
        conn,
        eye_graphs,
        owl,
        influence: Some(influence),
        barriers: Some(barriers),
        aa_attack,
    })
}

/// [`load`] for `Some(dir)`, [`embedded`] otherwise.
pub fn from_option(dir: Option<&Path>) -> Result<Databases, String> {
    dir.map_or_else(|| Ok(embedded()), load)
}

/// The input files (`-i`, resolved in `dir`, each required to exist) and
/// the remaining options of a manifest command line (hint files `-t` are
/// dropped: `ll` is reported for the unhinted patterns, as GNU Go's
/// expected files do).
fn split_manifest(
    dir: &Path,
    manifest: &GnuGoDatabase,
) -> Result<(Vec<PathBuf>, Vec<String>), String> {
    let mut files = Vec::new();
    for file in manifest.pattern_files() {
        let path = dir.join(file);
        if !path.is_file() {
            return Err(format!(
                "--patterns {}: {file} is missing (GNU Go's pattern directory holds \
                 patterns.db, patterns2.db, endgame.db, fuseki.db, conn.db and the \
                 joseki .sgf files)",
                dir.display()
            ));
        }
        files.push(path);
    }
    Ok((files, manifest.options().map(str::to_string).collect()))
}

/// The joseki corner database: GNU Go's 7 joseki SGF files converted and
/// compiled with `-C`.
fn load_joseki(dir: &Path) -> Result<ShapeDb, String> {
    let mut sources = SourceSet::new();
    for (name, prefix) in JOSEKI_SOURCES {
        let sgf = dir.join(format!("{name}.sgf"));
        let bytes = std::fs::read(&sgf)
            .map_err(|e| format!("--patterns {}: reading {name}.sgf: {e}", dir.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        let conversion =
            joseki::sgf_to_db(prefix, &text).map_err(|e| format!("{}: {e}", sgf.display()))?;
        sources.add(format!("{name}.db"), conversion.text);
    }
    let runtime = compile_runtime_sources(
        sources,
        &["-C".to_string(), "joseki".to_string()],
        "joseki corner database",
    )?;
    let corner = runtime
        .corner
        .ok_or("the joseki corner database has no variation tree")?;
    Ok(ShapeDb {
        name: "joseki_corner".into(),
        db: Cow::Owned(runtime.db),
        code: CodeTable::Interpreted(runtime.programs),
        corner: Some(Cow::Owned(corner)),
        rules: ShapeRules::JOSEKI_CORNER,
    })
}

/// GNU Go's connection database `conn.db` alone from the pattern directory
/// `dir`, compiled with GNU Go's options (what [`load`] puts in
/// [`Databases::conn`]).
pub fn load_connection_patterns(dir: &Path) -> Result<ConnectionPatterns, String> {
    let LayerDb { db, code } = load_layer_db(dir, "conn")?;
    Ok(ConnectionPatterns { db, code })
}

/// One of GNU Go's layer databases in `dir` by its manifest name,
/// compiled with GNU Go's options.
fn load_layer_db(dir: &Path, name: &str) -> Result<LayerDb, String> {
    let manifest = GNUGO_DATABASES
        .iter()
        .find(|db| db.name == name)
        .ok_or_else(|| format!("no build manifest for {name}"))?;
    let (files, mut options) = split_manifest(dir, manifest)?;
    // Matched with the grid matcher: no DFA (`-D`, which needs GNU Go's
    // transformation hints).
    options.retain(|o| o != "-D");
    let runtime = compile_runtime(&files, &options)?;
    Ok(LayerDb {
        db: Cow::Owned(runtime.db),
        code: CodeTable::Interpreted(runtime.programs),
    })
}

/// GNU Go's owl databases (`owl_attackpats.db`, `owl_defendpats.db`,
/// `owl_vital_apats.db`) from `dir`, compiled with GNU Go's options (what
/// [`load`] puts in [`Databases::owl`]).
pub fn load_owl_patterns(dir: &Path) -> Result<OwlPatterns, String> {
    Ok(OwlPatterns {
        attack: load_layer_db(dir, "owl_attackpats")?,
        defend: load_layer_db(dir, "owl_defendpats")?,
        vital: Some(load_layer_db(dir, "owl_vital_apats")?),
    })
}

/// GNU Go's `aa_attackpats.db` from `dir`, compiled with GNU Go's options
/// (what [`load`] puts in [`Databases::aa_attack`]).
pub fn load_combination_patterns(dir: &Path) -> Result<LayerDb, String> {
    load_layer_db(dir, "aa_attackpats")
}

/// GNU Go's `influence.db` and `barriers.db` from `dir`, compiled with
/// GNU Go's options (what [`load`] puts in [`Databases::influence`] and
/// [`Databases::barriers`]).
pub fn load_influence_patterns(dir: &Path) -> Result<(LayerDb, LayerDb), String> {
    Ok((
        load_layer_db(dir, "influence")?,
        load_layer_db(dir, "barriers")?,
    ))
}

/// GNU Go's `eyes.db` in `dir`, parsed into graphs; a file that does not
/// parse cleanly is an error naming its first problem.
pub fn load_eye_graphs(dir: &Path) -> Result<Vec<matcher::eyes::EyePattern>, String> {
    let path = dir.join("eyes.db");
    let bytes = std::fs::read(&path)
        .map_err(|e| format!("--patterns {}: reading eyes.db: {e}", dir.display()))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (sources, file) = mkpat::source::SourceSet::single("eyes.db", text);
    let (patterns, diagnostics) = mkpat::eyes::parse(&sources, file);
    match diagnostics.iter().find(|d| d.is_error()) {
        None => Ok(patterns),
        Some(first) => {
            let span = first.span.unwrap_or_default();
            Err(format!(
                "{}:{}:{}: {} [{}]",
                path.display(),
                span.line,
                span.col,
                first.message,
                first.code.as_str()
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_directory_or_file_is_a_clear_error() {
        let error = load(Path::new("/no/such/dir")).unwrap_err();
        assert!(error.contains("not a directory"), "{error}");
        let dir = std::env::temp_dir().join(format!("tesuji-pattern-set-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let error = load(&dir).unwrap_err();
        assert!(error.contains("patterns.db is missing"), "{error}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_influence_databases_compile_with_their_classes() {
        let Some(shared) = testkit::shared_dir() else {
            return;
        };
        let (influence, barriers) =
            load_influence_patterns(&testkit::gnugo_patterns_dir(&shared)).expect("they compile");
        let count = |db: &LayerDb, class: char| {
            db.db.patterns.iter().filter(|p| p.class.has(class)).count()
        };
        assert!(count(&influence, 'E') > 0 && count(&influence, 'I') > 0);
        assert!(count(&barriers, 'A') > 0 && count(&barriers, 'D') > 0);
    }

    #[test]
    fn manifest_lines_split_into_files_and_options() {
        let dir = std::env::temp_dir();
        let manifest = |args| GnuGoDatabase { name: "pat", args };
        let error =
            split_manifest(&dir, &manifest(&["-b", "pat", "-i", "no-such-file.db"])).unwrap_err();
        assert!(error.contains("no-such-file.db is missing"), "{error}");
        let (files, options) =
            split_manifest(&dir, &manifest(&["-D", "-t", "x.dtr", "-b", "pat"])).unwrap();
        assert!(files.is_empty());
        assert_eq!(options, ["-D", "-b", "pat"]);
    }
}
