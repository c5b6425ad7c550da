//! Whole-file diagnostics as `mkpat check` and `mkpat lint` report them:
//! each file read in its language (GNU Go's file names decide, as
//! [`defaults_for_path`] says, unless one is forced), parsed, checked with
//! the options its name implies, then linted. The command line and the
//! language server (`mkpat lsp`) both call [`diagnose`], so an editor shows
//! exactly what the command prints.

use std::path::Path;

use crate::check::{CheckOptions, check_file};
use crate::diag::{Code, Diagnostic};
use crate::lint::LintOptions;
use crate::options::{FileLanguage, defaults_for_path};
use crate::parse::{StreamState, parse_file_in_stream};
use crate::source::SourceSet;

/// How a set of files is diagnosed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DiagnoseOptions {
    /// Connection mode (GNU Go's `-c`, patterns may have no `*`) for every
    /// pattern file, besides the files whose names imply it.
    pub connection: bool,
    /// Read the pattern files as one stream (GNU Go's repeated `-i`): the
    /// attribute map and pattern names carry over from file to file.
    pub stream: bool,
    /// The language of every file; `None` takes it from each file's name.
    pub language: Option<FileLanguage>,
    /// Add the style lints of [`crate::lint`] (`mkpat lint`).
    pub lints: bool,
}

impl DiagnoseOptions {
    /// The language a file of this path is read in.
    pub fn language_of(&self, path: &Path) -> FileLanguage {
        self.language
            .unwrap_or_else(|| defaults_for_path(path).language)
    }
}

/// Whether every replacement character of a line-language file stands on
/// a `#` comment line.
fn replacements_only_in_comments(text: &str) -> bool {
    text.lines()
        .filter(|line| line.contains('\u{fffd}'))
        .all(|line| line.trim_start().starts_with('#'))
}

/// Diagnoses every file of `sources` (each named by its path) and adds the
/// findings to `diags`, which holds what loading reported (invalid UTF-8);
/// the result is sorted ([`crate::diag::sort`]).
pub fn diagnose(sources: &SourceSet, options: &DiagnoseOptions, diags: &mut Vec<Diagnostic>) {
    let mut stream = StreamState::default();
    let mut parsed_files = Vec::new();
    for id in sources.ids() {
        let path = Path::new(&sources.file(id).name);
        match options.language_of(path) {
            FileLanguage::Eyes => diags.extend(crate::eyes::parse(sources, id).1),
            FileLanguage::Mc => diags.extend(crate::mcpat::parse(sources, id).1),
            FileLanguage::Patterns => {
                if !options.stream {
                    stream = StreamState::default();
                }
                // GNU Go's build compiles conn.db, influence.db and
                // barriers.db with -c: their names imply it.
                let check_options = CheckOptions {
                    connection_mode: options.connection
                        || defaults_for_path(path).check.connection_mode,
                };
                let parsed = parse_file_in_stream(sources, id, &mut stream);
                diags.extend(parsed.diagnostics);
                diags.extend(check_file(&parsed.file, &check_options));
                parsed_files.push((parsed.file, LintOptions::for_path(path)));
            }
        }
    }
    if options.lints {
        diags.extend(crate::lint::lint_files(sources, &parsed_files));
    }
    // eyes.db and mc_*.db are never rewritten, so bytes that are not UTF-8
    // in their comments (mc_mogo_classic.db credits an author in Latin-1)
    // change nothing: only invalid bytes outside comments are reported.
    diags.retain(|d| {
        d.code != Code::InvalidUtf8
            || d.span.is_none_or(|span| {
                let file = sources.file(span.file);
                options.language_of(Path::new(&file.name)) == FileLanguage::Patterns
                    || !replacements_only_in_comments(&file.text)
            })
    });
    crate::diag::sort(diags);
}
