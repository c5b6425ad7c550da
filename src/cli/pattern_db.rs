//! Compiling `.db` files for raw matching: GNU Go `mkpat` options, every
//! element kept (`goal_elements` / `callback_data` neutralised, as in the
//! "plain" tables GNU Go's raw matches were produced with), and DFA
//! databases compiled as general ones (the same placements).

use std::path::{Path, PathBuf};

use engine::dragons::ConnectionPatterns;
use matcher::constraint::CodeTable;
use matcher::pattern::PatternDb;
use mkpat::codegen::gnugo_build::GNUGO_DATABASES;
use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::{CompileOptions, compile};
use mkpat::ir::DbType;
use mkpat::options::parse_mkpat_args;

/// Splits a shell-like option string (`"-c -b"`) into words.
pub fn split_options(options: &str) -> Vec<String> {
    options.split_whitespace().map(str::to_string).collect()
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
    compile_with_code(files, mkpat_options, keep_all_elements).map(|(db, _)| db)
}

/// Like [`compile_gnugo_build`], keeping the constraint and action code
/// (for the interpreter).
pub fn compile_gnugo_build_with_code(
    files: &[PathBuf],
    mkpat_options: &[String],
) -> Result<(PatternDb, CodeTable), String> {
    compile_with_code(files, mkpat_options, false)
}

/// GNU Go's connection database `conn.db` from the pattern directory `dir`,
/// compiled at run time with GNU Go's own mkpat options, for dragon
/// amalgamation.
pub fn load_connection_patterns(dir: &Path) -> Result<ConnectionPatterns, String> {
    let build = GNUGO_DATABASES
        .iter()
        .find(|db| db.name == "conn")
        .ok_or("GNU Go's build has no conn database")?;
    let files: Vec<PathBuf> = build.inputs().map(|input| dir.join(input)).collect();
    let mut options = Vec::new();
    let mut args = build.args.iter();
    while let Some(&arg) = args.next() {
        if arg == "-i" || arg == "-t" {
            args.next();
        } else {
            options.push(arg.to_string());
        }
    }
    let (db, code) = compile_gnugo_build_with_code(&files, &options)?;
    Ok(ConnectionPatterns { db, code })
}

fn compile_with_code(
    files: &[PathBuf],
    mkpat_options: &[String],
    keep_all_elements: bool,
) -> Result<(PatternDb, CodeTable), String> {
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
    let (sources, parsed_files, mut diagnostics) = mkpat::parse::parse_files(files)
        .map_err(|e| format!("reading {}: {e}", describe(files)))?;
    let compilation = compile(&parsed_files, &options, &TransformationHints::none());
    diagnostics.extend(compilation.diagnostics);
    let errors: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| mkpat::codegen::driver::render(&sources, d))
        .collect();
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    let runtime = mkpat::codegen::runtime_db(&compilation.db)
        .map_err(|e| format!("{}: pattern {}: {}", describe(files), e.pattern, e.message))?;
    let code = CodeTable::Interpreted(runtime.programs);
    Ok((runtime.db, code))
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
