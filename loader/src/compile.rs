//! Compiling `.db` files for raw matching: GNU Go `mkpat` options, every
//! element kept (`goal_elements` / `callback_data` neutralised, as in the
//! "plain" tables GNU Go's raw matches were produced with), and DFA
//! databases compiled as general ones (the same placements).

use std::path::{Path, PathBuf};

use matcher::pattern::PatternDb;
use mkpat::codegen::runtime::RuntimeDb;
use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::{CompileOptions, compile};
use mkpat::ir::DbType;
use mkpat::options::parse_mkpat_args;
use mkpat::source::SourceSet;

/// Splits a shell-like option string (`"-c -b"`) into words.
pub fn split_options(options: &str) -> Vec<String> {
    options.split_whitespace().map(str::to_string).collect()
}

/// Checks a `--mkpat` option string when the command line is read (a
/// clap value parser): the string itself, or why GNU Go's `mkpat` would
/// refuse it (an unknown option named), so nothing runs with options that
/// would be ignored.
pub fn checked_mkpat_options(options: &str) -> Result<String, String> {
    mkpat::options::parse_mkpat_args(&split_options(options))?;
    Ok(options.to_string())
}

/// The mkpat options for compiling `files`: those given (`--mkpat`), or,
/// when none are given and every file is read by one database of GNU Go's
/// build (`conn.db`, `patterns.db` + `patterns2.db`, …, by file name),
/// the options GNU Go compiles that database with (`-c` for `conn.db`,
/// `-b` for `patterns.db`), so `--db conn.db` works without `--mkpat`.
pub fn mkpat_options_for(files: &[PathBuf], given: &str) -> Vec<String> {
    if !given.trim().is_empty() {
        return split_options(given);
    }
    let file_name = |f: &PathBuf| {
        f.file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned()
    };
    let databases: Vec<_> = files
        .iter()
        .map(|f| mkpat::codegen::gnugo_build::database_reading(&file_name(f)))
        .collect();
    let Some(Some(database)) = databases.first().copied() else {
        return Vec::new();
    };
    if databases
        .iter()
        .any(|db| db.is_none_or(|db| db.name != database.name))
    {
        return Vec::new();
    }
    // Options only: the input files come from `--db`, and the table
    // prefix is irrelevant here.
    database
        .options()
        .filter(|word| word.starts_with('-'))
        .map(str::to_string)
        .collect()
}

/// Compiles `files` (one stream, like mkpat's repeated `-i`) with the mkpat
/// options `mkpat_options` (anchor mode, `-c`, `-m`, ...; input/output
/// options are not allowed here) into a database for the matcher.
///
/// Errors are rendered `file:line:col: error[...]: message`.
pub fn compile_for_matching(
    files: &[PathBuf],
    mkpat_options: &[String],
) -> Result<PatternDb, String> {
    compile_with(files, mkpat_options, true)
}

/// Like [`compile_for_matching`] but honouring `goal_elements` /
/// `callback_data`, so elements are dropped as in GNU Go's own build (the
/// grid masks still test the dropped 3×3 elements; the placements are the
/// same for general and connection databases).
pub fn compile_gnugo_build(
    files: &[PathBuf],
    mkpat_options: &[String],
) -> Result<PatternDb, String> {
    compile_with(files, mkpat_options, false)
}

fn compile_with(
    files: &[PathBuf],
    mkpat_options: &[String],
    keep_all_elements: bool,
) -> Result<PatternDb, String> {
    let mut args = mkpat_options.to_vec();
    if !args.iter().any(|a| !a.starts_with('-')) {
        args.push("tesuji_match".into()); // mkpat wants a prefix
    }
    let parsed = parse_mkpat_args(&args).map_err(|e| format!("--mkpat: {e}"))?;
    if !parsed.options.inputs.is_empty() || parsed.options.output.is_some() {
        return Err("--mkpat: give databases with --db, not -i/-o".into());
    }
    let mut options = CompileOptions::from_mkpat(&parsed.options);
    options.neutralize_element_filters = keep_all_elements;
    options.build_automaton = false;
    match options.db_type {
        DbType::General | DbType::Connection => {}
        DbType::Dfa | DbType::Fullboard => options.db_type = DbType::General,
        other => {
            return Err(format!(
                "--mkpat: database type {other:?} has no grid matcher"
            ));
        }
    }
    let (sources, parsed_files, diagnostics) = mkpat::parse::parse_files(files)
        .map_err(|e| format!("reading {}: {e}", describe(files)))?;
    Ok(compile_parsed(
        &sources,
        &parsed_files,
        diagnostics,
        &options,
        &describe(files),
    )?
    .db)
}

/// Compiles `files` (one stream) exactly as GNU Go's build does with the
/// mkpat options `mkpat_options` (no `-i`/`-o`): elements dropped as GNU Go
/// drops them, any database type (the corner tree of `-C` included), no
/// automaton. The whole run-time database comes back: tables, constraint
/// programs, corner tree.
pub fn compile_runtime(files: &[PathBuf], mkpat_options: &[String]) -> Result<RuntimeDb, String> {
    let mut sources = SourceSet::new();
    for path in files {
        let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        sources.add_bytes(path.display().to_string(), bytes);
    }
    compile_runtime_sources(sources, mkpat_options, &describe(files))
}

/// [`compile_runtime`] over sources already in memory (e.g. converted
/// joseki files); `what` names them in errors.
pub fn compile_runtime_sources(
    sources: SourceSet,
    mkpat_options: &[String],
    what: &str,
) -> Result<RuntimeDb, String> {
    let parsed =
        parse_mkpat_args(mkpat_options).map_err(|e| format!("{what}: mkpat options: {e}"))?;
    let mut options = CompileOptions::from_mkpat(&parsed.options);
    options.build_automaton = false;
    let (parsed_files, diagnostics) = mkpat::parse::parse_stream(&sources);
    compile_parsed(&sources, &parsed_files, diagnostics, &options, what)
}

/// Compiles parsed files; errors (the parser's and the compiler's) are
/// rendered `file:line:col: error[...]: message`.
fn compile_parsed(
    sources: &SourceSet,
    parsed_files: &[mkpat::ast::File],
    mut diagnostics: Vec<mkpat::diag::Diagnostic>,
    options: &CompileOptions,
    what: &str,
) -> Result<RuntimeDb, String> {
    let compilation = compile(parsed_files, options, &TransformationHints::none());
    diagnostics.extend(compilation.diagnostics);
    let errors: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| mkpat::codegen::driver::render(sources, d))
        .collect();
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    mkpat::codegen::runtime_db(&compilation.db)
        .map_err(|e| format!("{what}: pattern {}: {}", e.pattern, e.message))
}

fn describe(files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|f| f.display().to_string())
        .collect::<Vec<_>>()
        .join("+")
}

/// The name a database is reported under: the first file's stem.
pub fn db_name(files: &[PathBuf]) -> String {
    files
        .first()
        .and_then(|f| Path::new(f).file_stem())
        .map_or_else(|| "db".into(), |s| s.to_string_lossy().into_owned())
}
