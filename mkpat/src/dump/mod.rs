//! Dumps of a compiled database: JSON in the layout of GNU Go's expected
//! files ([`json`]) and a human-readable form for pattern authors
//! ([`text`]); plus [`compile_inputs`], which runs a `mkpat` command line
//! (read, parse, compile) for both.

pub mod json;
pub mod text;

use crate::compile::dfa::hints::TransformationHints;
use crate::compile::{Compilation, CompileOptions, compile};
use crate::diag::Diagnostic;
use crate::options::MkpatOptions;
use crate::source::SourceSet;

/// Everything a compile run produced.
#[derive(Debug, Clone)]
pub struct CompileRun {
    /// The input texts.
    pub sources: SourceSet,
    /// The compiled database and the compiler's diagnostics.
    pub compilation: Compilation,
    /// The parser's diagnostics.
    pub parse_diagnostics: Vec<Diagnostic>,
}

impl CompileRun {
    /// Parser and compiler diagnostics together, sorted, duplicates removed.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = self
            .parse_diagnostics
            .iter()
            .chain(&self.compilation.diagnostics)
            .cloned()
            .collect();
        crate::diag::sort(&mut all);
        all.dedup_by(|a, b| {
            a.code == b.code
                && match (a.span, b.span) {
                    (Some(x), Some(y)) => x.same(&y),
                    (None, None) => true,
                    _ => false,
                }
        });
        all
    }
}

/// Reads the inputs (and the `.dtr` file in DFA mode), parses them as one
/// stream and compiles them. `neutralize` ignores `goal_elements` and
/// `callback_data` (every element kept).
pub fn compile_inputs(options: &MkpatOptions, neutralize: bool) -> Result<CompileRun, String> {
    if options.inputs.is_empty() {
        return Err("no input file (give -i FILE)".into());
    }
    let hints = match (&options.dtr, options.db_type) {
        (Some(path), crate::ir::DbType::Dfa) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("Cannot read file {path}: {e}"))?;
            TransformationHints::parse(&text)?
        }
        _ => TransformationHints::none(),
    };
    let mut compile_options = CompileOptions::from_mkpat(options);
    compile_options.neutralize_element_filters = neutralize;
    compile_with(&options.inputs, &compile_options, &hints)
}

/// Reads and parses `inputs` as one stream and compiles them with these
/// options and hints.
pub fn compile_with(
    inputs: &[String],
    compile_options: &CompileOptions,
    hints: &TransformationHints,
) -> Result<CompileRun, String> {
    if inputs.is_empty() {
        return Err("no input file (give -i FILE)".into());
    }
    let (sources, files, parse_diagnostics) =
        crate::parse::parse_files(inputs).map_err(|e| format!("Cannot open file: {e}"))?;
    let compilation = compile(&files, compile_options, hints);
    Ok(CompileRun {
        sources,
        compilation,
        parse_diagnostics,
    })
}
