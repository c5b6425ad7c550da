//! The human-readable dump of corner databases (`-C`): the variation tree
//! drawn as an indented tree, snapshotted for a joseki SGF of our own
//! (converted by the `joseki` crate, compiled like GNU Go's joseki
//! databases), and checked on GNU Go's seven joseki files, whose per-depth
//! summary is snapshotted (no pattern names or diagrams).

use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::{Compilation, CompileOptions, compile};
use mkpat::dump::text::{corner_summary, corner_tree, render_db};
use mkpat::ir::DbType;
use mkpat::source::SourceSet;

/// A small joseki tree of our own: two approaches to a 3-4 point (one with
/// a branch) and a 4-4 point line; `MA[mg]` marks the moves that become
/// patterns.
const OWN_JOSEKI: &str = "(;SZ[19]
(;B[qd]MA[mg]C[J]
(;W[oc]MA[mg];B[pc]MA[mg];W[od]MA[mg])
(;W[pc]MA[mg];B[pb]MA[mg]))
(;B[pd]MA[mg]C[U]
;W[qf]MA[mg];B[nc]MA[mg]))
";

fn compile_corner(texts: Vec<(String, String)>) -> Compilation {
    let mut sources = SourceSet::new();
    for (name, text) in texts {
        sources.add(name, text);
    }
    let (files, diagnostics) = mkpat::parse::parse_stream(&sources);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let options = CompileOptions {
        db_type: DbType::Corner,
        prefix: "joseki".into(),
        ..CompileOptions::default()
    };
    compile(&files, &options, &TransformationHints::none())
}

/// Checks the drawn tree against the variation array: one line per
/// variation, each pattern reached exactly once, indentation one step per
/// level.
fn check_tree_lines(c: &Compilation) {
    let corner = c.db.corner.as_ref().unwrap();
    let tree = corner_tree(&c.db, corner);
    let lines: Vec<&str> = tree
        .lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .collect();
    assert_eq!(lines.len(), corner.variations.len());
    for p in &c.db.patterns {
        let arrow = format!("-> {} (#{})", p.name, p.index);
        assert_eq!(
            lines.iter().filter(|l| l.contains(&arrow)).count(),
            1,
            "{}",
            p.name
        );
    }
    let top = lines.iter().filter(|l| l.starts_with("  #")).count();
    assert_eq!(top, corner.num_top_variations);
    for pair in lines.windows(2) {
        let depth = |l: &str| l.len() - l.trim_start().len();
        assert!(depth(pair[1]) <= depth(pair[0]) + 2, "{pair:?}");
    }
}

#[test]
fn own_joseki_tree_snapshot() {
    let conversion = joseki::sgf_to_db("JO", OWN_JOSEKI).unwrap();
    assert!(conversion.warnings.is_empty(), "{:?}", conversion.warnings);
    let c = compile_corner(vec![("own.db".into(), conversion.text)]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    assert!(c.db.patterns.len() >= 5);
    check_tree_lines(&c);
    // JO1 (the empty corner) has no stones: it hangs at the top level.
    let tree = corner_tree(&c.db, c.db.corner.as_ref().unwrap());
    assert!(tree.contains("-> JO1 (#0), never matched (no stones)"));
    insta::assert_snapshot!("own_joseki", render_db(&c.db));
}

#[test]
fn gnugo_joseki_tree_summary() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut texts = Vec::new();
    for (name, prefix) in mkpat::codegen::gnugo_build::JOSEKI_SOURCES {
        let sgf = std::fs::read_to_string(dir.join(format!("{name}.sgf"))).unwrap();
        let db = joseki::sgf_to_db(prefix, &sgf).unwrap().text;
        texts.push((format!("{name}.db"), db));
    }
    let c = compile_corner(texts);
    assert!(c.diagnostics.is_empty());
    check_tree_lines(&c);
    let summary = corner_summary(c.db.corner.as_ref().unwrap());
    insta::assert_snapshot!("gnugo_joseki_summary", summary);
}
