//! The whole route from a GNU Go `mkpat` command line to Rust source, as
//! `build.rs` and `mkpat` (code-generation mode) use it: read and parse the
//! inputs, compile them with the command line's options, and generate the
//! module with a provenance header. Problems come back as `file:line:col`
//! messages.

use std::path::{Path, PathBuf};

use super::{CodegenError, Provenance, RuntimeDb, generate, runtime_db};
use crate::compile::dfa::hints::TransformationHints;
use crate::compile::{CompileOptions, compile_owned};
use crate::diag::{Diagnostic, Severity};
use crate::ir::CompiledDb;
use crate::options::{MkpatOptions, parse_mkpat_args};
use crate::parse::parse_files;
use crate::source::SourceSet;

/// A database compiled from a command line.
#[derive(Debug, Clone)]
pub struct Built {
    /// The options read from the command line.
    pub options: MkpatOptions,
    /// The compiled database.
    pub db: CompiledDb,
    /// Warnings (errors make the build fail), rendered `file:line:col: …`.
    pub warnings: Vec<String>,
    /// The inputs as `(name as given, contents)`, `.dtr` file included.
    pub inputs: Vec<(String, Vec<u8>)>,
    /// The options part of the command line, for the provenance header.
    pub option_text: String,
}

impl Built {
    /// The provenance of this build.
    pub fn provenance(&self) -> Provenance {
        Provenance {
            inputs: self.inputs.clone(),
            options: self.option_text.clone(),
        }
    }

    /// The generated Rust module; an error is rendered `file:line:col: …`.
    pub fn rust(&self) -> Result<String, String> {
        generate(&self.db, &self.provenance()).map_err(|e| self.render_error(&e))
    }

    /// The run-time form (tables plus interpretable code); an error is
    /// rendered `file:line:col: …`.
    pub fn runtime(&self) -> Result<RuntimeDb, String> {
        runtime_db(&self.db).map_err(|e| self.render_error(&CodegenError::Convert(e)))
    }

    fn render_error(&self, error: &CodegenError) -> String {
        match error {
            CodegenError::Convert(e) => {
                let file = self
                    .inputs
                    .get(e.span.file.0 as usize)
                    .map_or("?", |(name, _)| name.as_str());
                format!(
                    "{file}:{}:{}: error: pattern {}: {}",
                    e.span.line, e.span.col, e.pattern, e.message
                )
            }
            other => format!("error: {other}"),
        }
    }
}

/// Renders a diagnostic as `file:line:col: severity[code]: message`.
pub fn render(sources: &SourceSet, diagnostic: &Diagnostic) -> String {
    let severity = match diagnostic.severity() {
        Severity::Error => "error",
        _ => "warning",
    };
    match diagnostic.span {
        Some(span) => format!(
            "{}:{}:{}: {severity}[{}]: {}",
            sources.file(span.file).name,
            span.line,
            span.col,
            diagnostic.code.as_str(),
            diagnostic.message
        ),
        None => format!(
            "{severity}[{}]: {}",
            diagnostic.code.as_str(),
            diagnostic.message
        ),
    }
}

/// Compiles what a GNU Go `mkpat` command line (without the program name)
/// asks for. Input, output and `.dtr` paths are resolved against `base`;
/// names in messages and provenance are as written on the command line.
pub fn build<S: AsRef<str>>(args: &[S], base: &Path) -> Result<Built, Vec<String>> {
    let parsed = parse_mkpat_args(args).map_err(|e| vec![format!("mkpat: {e}")])?;
    let options = parsed.options;
    let mut warnings: Vec<String> = parsed
        .warnings
        .iter()
        .map(|w| format!("mkpat: {w}"))
        .collect();
    let resolve = |name: &str| -> PathBuf { base.join(name) };
    let paths: Vec<PathBuf> = options.inputs.iter().map(|name| resolve(name)).collect();
    if options.inputs.is_empty() {
        return Err(vec!["mkpat: no input files (-i FILE)".to_string()]);
    }
    let unreadable: Vec<String> = options
        .inputs
        .iter()
        .zip(&paths)
        .filter_map(|(name, path)| {
            std::fs::metadata(path)
                .err()
                .map(|e| format!("mkpat: {name}: {e}"))
        })
        .collect();
    if !unreadable.is_empty() {
        return Err(unreadable);
    }
    let (sources_as_read, files, mut diagnostics) =
        parse_files(&paths).map_err(|e| vec![format!("mkpat: reading inputs: {e}")])?;
    // The same texts under the names as given, for messages; file ids match.
    let mut sources = SourceSet::new();
    let mut inputs = Vec::new();
    for (id, name) in sources_as_read.ids().zip(&options.inputs) {
        let text = sources_as_read.file(id).text.clone();
        inputs.push((name.clone(), text.clone().into_bytes()));
        sources.add(name.clone(), text);
    }
    let hints = match &options.dtr {
        Some(name) => {
            let bytes = std::fs::read(resolve(name))
                .map_err(|e| vec![format!("mkpat: reading {name}: {e}")])?;
            let text = String::from_utf8_lossy(&bytes).into_owned();
            inputs.push((name.clone(), bytes));
            TransformationHints::parse(&text).map_err(|e| vec![format!("{name}: {e}")])?
        }
        None => TransformationHints::none(),
    };
    let compilation = compile_owned(files, &CompileOptions::from_mkpat(&options), &hints);
    diagnostics.extend(compilation.diagnostics);
    crate::diag::sort(&mut diagnostics);
    let errors: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| render(&sources, d))
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    warnings.extend(diagnostics.iter().map(|d| render(&sources, d)));
    Ok(Built {
        option_text: option_text(&options),
        options,
        db: compilation.db,
        warnings,
        inputs,
    })
}

/// The option letters of a command line, normalised (`-b -D -m -t F`).
fn option_text(options: &MkpatOptions) -> String {
    use crate::ir::{AnchorColor, DbType};
    let mut parts: Vec<String> = Vec::new();
    match options.db_type {
        DbType::General => {}
        DbType::Connection => parts.push("-c".into()),
        DbType::Corner => parts.push("-C".into()),
        DbType::Dfa => parts.push("-D".into()),
        DbType::Fullboard => parts.push("-f".into()),
    }
    match options.anchor {
        AnchorColor::O => {}
        AnchorColor::X => parts.push("-X".into()),
        AnchorColor::Both => parts.push("-b".into()),
    }
    if options.center_anchor {
        parts.push("-m".into());
    }
    if options.fixed_anchor {
        parts.push("-a".into());
    }
    if let Some(dtr) = &options.dtr {
        parts.push(format!("-t {dtr}"));
    }
    parts.join(" ")
}
