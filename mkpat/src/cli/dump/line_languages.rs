//! `mkpat dump --eyes FILE` and `mkpat dump --mc FILE...`: parse and
//! compile the two line-based languages (`eyes.db`, `mc_*.db`) and show the
//! compiled form as text or JSON. Diagnostics are reported like those of
//! the `.db` front end (same renderers, same `--format`); any error means no
//! dump and exit status 1.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use matcher::eyes::EyePattern;
use matcher::mc::{McTable, NUM_GEOMETRIES, NUM_PROPERTIES, geometry_table};
use serde_json::{Value, json};

use crate::cli::Global;

/// What to dump.
pub enum Request<'a> {
    /// One `eyes.db`.
    Eyes(&'a Path),
    /// One or more `mc_*.db`, dumped in turn.
    Mc(&'a [PathBuf]),
}

/// Reads, parses, compiles and dumps; returns the exit status.
pub fn run(request: Request<'_>, json_output: bool, global: &Global) -> ExitCode {
    let paths: Vec<PathBuf> = match &request {
        Request::Eyes(path) => vec![path.to_path_buf()],
        Request::Mc(paths) => paths.to_vec(),
    };
    let (sources, mut diagnostics) = match super::super::load(&paths) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let mut dumps = Vec::new();
    for file in sources.ids() {
        let (dump, found) = match request {
            Request::Eyes(_) => {
                let (patterns, found) = mkpat::eyes::parse(&sources, file);
                let dump = if json_output {
                    eyes_json(&patterns)
                } else {
                    Value::String(mkpat::eyes::dump(&patterns))
                };
                (dump, found)
            }
            Request::Mc(_) => {
                let (db, found) = mkpat::mcpat::parse(&sources, file);
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
    }
    if global.report(&sources, &mut diagnostics) > 0 {
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
