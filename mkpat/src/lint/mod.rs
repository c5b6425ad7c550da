//! Lints (`mkpat lint`): things GNU Go accepts that make a database harder
//! to read or easier to break (style: L0001–L0004, here), and patterns that
//! waste matching time or cannot work as written: declared against real
//! symmetry (`symmetry`, L0005/L0006), duplicates (`duplicates`, L0007),
//! constraints, classes and diagrams that never match or never act
//! (`never_match`, L0008–L0011).

pub mod canon;
pub mod duplicates;
pub mod never_match;
pub mod shape;
pub mod symmetry;

use std::collections::BTreeSet;

use crate::ast::{ColonLine, File, Item, Pattern, ValueArgument};
use crate::check::labels;
use crate::diag::{Code, Diagnostic};
use crate::options::DatabaseRole;
use crate::source::SourceSet;

/// What the lints need to know about a file beyond its text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LintOptions {
    /// The database's role in GNU Go's engine, which gives its classes
    /// their meaning (see [`crate::options::defaults_for_path`]).
    pub role: DatabaseRole,
    /// The GNU Go database the file belongs to (`patterns` for both
    /// `patterns.db` and `patterns2.db`), `None` for other files: duplicates
    /// are looked for among files of one database (all other files count
    /// as one).
    pub database: Option<&'static str>,
}

impl LintOptions {
    /// The options GNU Go's build implies for a file of this path.
    pub fn for_path(path: &std::path::Path) -> LintOptions {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        LintOptions {
            role: crate::options::defaults_for_name(&name).role,
            database: crate::codegen::gnugo_build::database_reading(&name).map(|db| db.name),
        }
    }
}

/// All lints of one file, its role taken from its name (GNU Go's database
/// names; other names get only the role-independent lints).
pub fn lint_file(sources: &SourceSet, file: &File) -> Vec<Diagnostic> {
    let options = LintOptions::for_path(std::path::Path::new(&sources.file(file.file).name));
    lint_files(sources, &[(file.clone(), options)])
}

/// All lints of files given together: each file's own, and duplicates
/// within and across files of one database (a pattern is reported against
/// the first earlier one it duplicates).
pub fn lint_files(sources: &SourceSet, files: &[(File, LintOptions)]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for (file, options) in files {
        lint_one_file(sources, file, options, &mut diags);
    }
    let databases: BTreeSet<Option<&str>> = files.iter().map(|(_, o)| o.database).collect();
    for database in databases {
        let group: Vec<&File> = files
            .iter()
            .filter(|(_, o)| o.database == database)
            .map(|(file, _)| file)
            .collect();
        duplicates::lint(sources, &group, &mut diags);
    }
    diags
}

/// The lints of one file, duplicates aside.
fn lint_one_file(
    sources: &SourceSet,
    file: &File,
    options: &LintOptions,
    diags: &mut Vec<Diagnostic>,
) {
    trailing_whitespace(sources, file, diags);
    for item in &file.items {
        if let Item::Pattern(pattern) = item {
            lint_pattern(pattern, diags);
            symmetry::lint(pattern, diags);
            never_match::lint(pattern, options.role, diags);
        }
    }
}

fn trailing_whitespace(sources: &SourceSet, file: &File, diags: &mut Vec<Diagnostic>) {
    let text = &sources.file(file.file).text;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_end_matches([' ', '\t']);
        if trimmed.len() < body.len() {
            diags.push(
                Diagnostic::new(
                    Code::TrailingWhitespace,
                    sources.span(file.file, offset + trimmed.len(), offset + body.len()),
                    "trailing blanks",
                )
                .with_help("`mkpat fmt` removes them"),
            );
        }
        offset += line.len();
    }
}

fn lint_pattern(pattern: &Pattern, diags: &mut Vec<Diagnostic>) {
    let mut used = BTreeSet::new();
    if let ColonLine::Modern(colon) = &pattern.colon {
        for field in &colon.values {
            if let Some(key) = field.key
                && field.written.node != key.name()
            {
                diags.push(
                    Diagnostic::new(
                        Code::AbbreviatedValueName,
                        field.written.span,
                        format!(
                            "`{}` is an abbreviation of `{}`",
                            field.written.node,
                            key.name()
                        ),
                    )
                    .with_help(format!(
                        "write `{}`: GNU Go resolves abbreviations by the first matching field, which depends on the attribute map",
                        key.name()
                    )),
                );
            }
            if let ValueArgument::Label(label) = &field.argument {
                used.insert(label.node);
            }
        }
    }
    pattern.for_each_call(&mut |call, _| {
        shape::add_call_labels(call, &mut used);
    });
    let Some(constraint) = &pattern.constraint_diagram else {
        return;
    };
    for (label, (i, j)) in labels(constraint) {
        let span = constraint.rows[i].cell_span(j);
        if !used.contains(&label) {
            diags.push(
                Diagnostic::new(
                    Code::UnusedLabel,
                    span,
                    format!("label '{label}' is not used by any constraint, action or attribute"),
                )
                .with_help("remove the label (write the diagram character) or use it"),
            );
        }
        let Some(main) = pattern
            .diagram
            .rows
            .get(i)
            .and_then(|r| r.cells.as_bytes().get(j))
        else {
            continue;
        };
        let mismatch = match main {
            b'X' | b'Y' => label.is_ascii_lowercase(),
            b'O' | b'Q' | b'.' | b'*' | b',' | b'!' => label.is_ascii_uppercase(),
            _ => false,
        };
        if mismatch {
            diags.push(
                Diagnostic::new(
                    Code::LabelCase,
                    span,
                    format!(
                        "label '{label}' stands on '{}'; the convention is upper case on X stones, lower case elsewhere",
                        *main as char
                    ),
                )
                .with_help("the case of a label has no meaning to GNU Go; it only helps readers"),
            );
        }
    }
}
