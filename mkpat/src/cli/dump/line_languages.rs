//! `mkpat dump --eyes FILE` and `mkpat dump --mc FILE...`: parse and
//! compile the two line-based languages (`eyes.db`, `mc_*.db`) and show the
//! compiled form as text or JSON. Diagnostics are written to standard error
//! in the layout of the `.db` front end's plain rendering
//! (`file:line:col: severity[CODE]: message`, the source line and a caret),
//! or as a JSON array with the same keys on standard output with
//! `--format json`; any error means no dump and exit status 1.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use matcher::eyes::EyePattern;
use matcher::mc::{McTable, NUM_GEOMETRIES, NUM_PROPERTIES, geometry_table};
use mkpat::mcpat::diagnostic::{LineDiagnostic, Severity};
use serde_json::{Value, json};

use crate::cli::{Format, Global};

/// What to dump.
pub enum Request<'a> {
    /// One `eyes.db`.
    Eyes(&'a Path),
    /// One or more `mc_*.db`, dumped in turn.
    Mc(&'a [PathBuf]),
}

/// Reads, parses, compiles and dumps; returns the exit status.
pub fn run(request: Request<'_>, json_output: bool, global: &Global) -> ExitCode {
    let paths: Vec<&Path> = match &request {
        Request::Eyes(path) => vec![*path],
        Request::Mc(paths) => paths.iter().map(PathBuf::as_path).collect(),
    };
    let mut diagnostics = Vec::new();
    let mut dumps = Vec::new();
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    for path in paths {
        // GNU Go's files are Latin-1 in places (comments): read them lossily.
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(error) => {
                eprintln!("mkpat: cannot read {}: {error}", path.display());
                return ExitCode::from(2);
            }
        };
        let name = path.display().to_string();
        let (dump, found) = match request {
            Request::Eyes(_) => {
                let (patterns, found) = mkpat::eyes::parse(&name, &text);
                let dump = if json_output {
                    eyes_json(&patterns)
                } else {
                    Value::String(mkpat::eyes::dump(&patterns))
                };
                (dump, found)
            }
            Request::Mc(_) => {
                let (db, found) = mkpat::mcpat::parse(&name, &text);
                let table = mkpat::mcpat::compile(&db);
                let dump = if json_output {
                    mc_json(&table)
                } else {
                    Value::String(mkpat::mcpat::dump(&table))
                };
                (dump, found)
            }
        };
        diagnostics.extend(found);
        dumps.push(dump);
        texts.insert(name, text);
    }
    diagnostics.sort();
    let errors = report(&diagnostics, &texts, global);
    if errors > 0 {
        return ExitCode::from(1);
    }
    let text = if json_output {
        let value = match request {
            Request::Eyes(_) => dumps.pop().unwrap_or(Value::Null),
            Request::Mc(_) => Value::Array(dumps),
        };
        serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
    } else {
        dumps
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("\n")
    };
    use std::io::Write;
    if let Err(error) = std::io::stdout().write_all(text.as_bytes()) {
        eprintln!("mkpat: stdout: {error}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// Prints the diagnostics in the global format (`texts`: file name →
/// text, for the source lines); returns the error count.
fn report(
    diagnostics: &[LineDiagnostic],
    texts: &BTreeMap<String, String>,
    global: &Global,
) -> usize {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    if global.format == Format::Json {
        let array: Vec<Value> = diagnostics
            .iter()
            .map(|d| {
                json!({
                    "severity": severity_name(d.severity),
                    "code": d.code,
                    "message": d.message,
                    "file": d.file,
                    "line": d.line,
                    "column": d.col,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&array).unwrap_or_default()
        );
    } else {
        for diagnostic in diagnostics {
            let line = texts
                .get(&diagnostic.file)
                .and_then(|text| text.split('\n').nth(diagnostic.line.saturating_sub(1)));
            eprint!("{}", plain(diagnostic, line));
        }
        if !diagnostics.is_empty() {
            let warnings = diagnostics.len() - errors;
            eprintln!(
                "mkpat: {}, {}",
                plural(errors, "error"),
                plural(warnings, "warning")
            );
        }
    }
    errors
}

fn severity_name(severity: Severity) -> &'static str {
    match severity {
        Severity::Warning => "warning",
        Severity::Error => "error",
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The header line, then (when the line is known) the source line and a
/// caret under the column, as the `.db` front end's plain rendering does.
fn plain(diagnostic: &LineDiagnostic, line: Option<&str>) -> String {
    let mut out = format!("{diagnostic}\n");
    if let Some(line) = line {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let prefix: String = line
            .chars()
            .take(diagnostic.col.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        out.push_str(&format!("  | {line}\n  | {prefix}^\n"));
    }
    out
}

/// Every field of the compiled eye patterns.
fn eyes_json(patterns: &[EyePattern]) -> Value {
    let patterns: Vec<Value> = patterns
        .iter()
        .map(|p| {
            let vertices: Vec<Value> = p
                .vertices
                .iter()
                .map(|v| {
                    json!({
                        "row": v.row,
                        "col": v.col,
                        "marginal": v.marginal,
                        "edge": v.edge,
                        "flags": v.flags,
                        "neighbour_count": v.neighbour_count,
                        "neighbours": v.neighbours,
                    })
                })
                .collect();
            json!({
                "number": p.number,
                "marginal_count": p.marginal_count,
                "neighbour_histogram": p.neighbour_histogram,
                "value": p.value,
                "vertices": vertices,
            })
        })
        .collect();
    json!({ "patterns": patterns })
}

/// The compiled weights of the geometry classes that are not uniformly 1:
/// per class, its representative neighbourhood and, per weight, the
/// property codes carrying it.
fn mc_json(table: &McTable) -> Value {
    let geometry = geometry_table();
    let mut classes = Vec::new();
    for class in 1..=NUM_GEOMETRIES as u16 {
        let mut by_weight: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
        for bits in 0..NUM_PROPERTIES {
            by_weight
                .entry(table.class_weight(class, bits as u8))
                .or_default()
                .push(bits);
        }
        if by_weight.len() == 1 && by_weight.contains_key(&1) {
            continue;
        }
        let weights: Vec<Value> = by_weight
            .into_iter()
            .map(|(weight, codes)| json!({ "weight": weight, "property_codes": codes }))
            .collect();
        classes.push(json!({
            "class": class,
            "representative": mkpat::mcpat::draw_code(geometry.representative(class).unwrap_or(0)),
            "weights": weights,
        }));
    }
    json!({
        "name": table.name,
        "geometry_classes": NUM_GEOMETRIES,
        "property_codes": NUM_PROPERTIES,
        "weighted_classes": classes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_rendering_puts_a_caret_under_the_column() {
        let diagnostic = LineDiagnostic {
            file: "mc_x.db".into(),
            line: 3,
            col: 3,
            severity: Severity::Error,
            code: "MC002",
            message: "bad".into(),
        };
        assert_eq!(
            plain(&diagnostic, Some("\t.Q\r")),
            "mc_x.db:3:3: error[MC002]: bad\n  | \t.Q\n  | \t ^\n"
        );
        assert_eq!(plain(&diagnostic, None), "mc_x.db:3:3: error[MC002]: bad\n");
    }
}
