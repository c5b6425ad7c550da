//! Compiling databases at run time into the matcher's types: a GNU Go
//! `mkpat` command line in, a [`RuntimeDb`] (pattern tables plus
//! interpretable constraint/action programs) out. The IR → matcher
//! conversion itself lives in [`crate::codegen::runtime`] so that generated
//! code and run-time loading share it; this module is the loading path used
//! by `tesuji match` and by tests.

pub use crate::codegen::runtime::{ConvertError, RuntimeDb, runtime_db};

use crate::diag::Diagnostic;
use crate::dump::compile_inputs;
use crate::options::parse_mkpat_args;

/// A database loaded at run time, with every diagnostic (warnings included).
#[derive(Debug, Clone)]
pub struct LoadedDb {
    /// The tables and programs.
    pub db: RuntimeDb,
    /// Parser and compiler diagnostics.
    pub diagnostics: Vec<Diagnostic>,
}

/// Compiles the databases named by a GNU Go `mkpat` command line (e.g.
/// `["-b", "pat", "-i", "patterns.db", "-i", "patterns2.db"]`; paths as
/// given) into matcher tables. `plain` ignores `goal_elements` and
/// `callback_data`. Fails on command-line errors, unreadable inputs, any
/// error diagnostic and code the interpreter cannot run.
pub fn load_database<S: AsRef<str>>(args: &[S], plain: bool) -> Result<LoadedDb, String> {
    let parsed = parse_mkpat_args(args)?;
    let mut options = parsed.options;
    if options.prefix.is_none() {
        options.prefix = Some("pat".into());
    }
    let run = compile_inputs(&options, plain)?;
    let diagnostics = run.diagnostics();
    if let Some(error) = diagnostics.iter().find(|d| d.is_error()) {
        let at = error
            .span
            .map(|span| {
                format!(
                    "{}:{}:{}: ",
                    run.sources.file(span.file).name,
                    span.line,
                    span.col
                )
            })
            .unwrap_or_default();
        return Err(format!("{at}{}: {}", error.code.as_str(), error.message));
    }
    let db = runtime_db(&run.compilation.db).map_err(|e| {
        format!(
            "{}:{}:{}: pattern {}: {}",
            run.sources.file(e.span.file).name,
            e.span.line,
            e.span.col,
            e.pattern,
            e.message
        )
    })?;
    Ok(LoadedDb { db, diagnostics })
}
