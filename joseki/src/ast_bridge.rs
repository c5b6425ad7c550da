//! Joseki SGF → `.db` pattern AST: the converted text is parsed by mkpat's
//! own parser, so the AST is exactly what `mkpat` would read from the
//! `.db` file GNU Go's `joseki` writes.

use crate::convert::{Conversion, ConvertError, sgf_to_db};
use mkpat::ast::{File, Pattern};
use mkpat::diag::Diagnostic;
use mkpat::source::SourceSet;

/// A joseki SGF file as parsed patterns.
#[derive(Debug)]
pub struct JosekiAst {
    /// The converted `.db` text as a one-file source set (spans point into it).
    pub sources: SourceSet,
    /// The parsed file.
    pub file: File,
    /// What mkpat's parser reported.
    pub diagnostics: Vec<Diagnostic>,
    /// The conversion itself (text, per-pattern facts, warnings).
    pub conversion: Conversion,
}

impl JosekiAst {
    /// The patterns, in order.
    pub fn patterns(&self) -> impl Iterator<Item = &Pattern> {
        self.file.patterns()
    }
}

/// Converts joseki SGF text to `.db` text and parses it; `db_name` names
/// the virtual `.db` file in diagnostics.
pub fn sgf_to_ast(prefix: &str, sgf_text: &str, db_name: &str) -> Result<JosekiAst, ConvertError> {
    let conversion = sgf_to_db(prefix, sgf_text)?;
    let mut sources = SourceSet::new();
    let id = sources.add(db_name, conversion.text.clone());
    let parsed = mkpat::parse::parse_file(&sources, id);
    Ok(JosekiAst {
        sources,
        file: parsed.file,
        diagnostics: parsed.diagnostics,
        conversion,
    })
}
