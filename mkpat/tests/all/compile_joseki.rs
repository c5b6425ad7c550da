//! The corner database (`-C`): GNU Go's 7 joseki SGFs, converted to `.db`
//! by the `joseki` crate, compiled as one `mkpat -C joseki` run. GNU Go's
//! mkpat reports `joseki 1622 patterns, 8673 variations` and no warnings
//! (expected/mkpat/README.md).

use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::{CompileOptions, compile};
use mkpat::ir::DbType;
use mkpat::source::SourceSet;

use mkpat::codegen::gnugo_build::JOSEKI_SOURCES;

#[test]
fn joseki_corner_database_has_gnugo_counts() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut sources = SourceSet::new();
    for (name, prefix) in JOSEKI_SOURCES {
        let sgf = std::fs::read_to_string(dir.join(format!("{name}.sgf"))).unwrap();
        let db = joseki::sgf_to_db(prefix, &sgf).unwrap().text;
        sources.add(format!("{name}.db"), db);
    }
    let (files, parse_diagnostics) = mkpat::parse::parse_stream(&sources);
    assert!(
        parse_diagnostics.is_empty(),
        "{:?}",
        &parse_diagnostics[..parse_diagnostics.len().min(5)]
    );
    let options = CompileOptions {
        db_type: DbType::Corner,
        prefix: "joseki".into(),
        ..CompileOptions::default()
    };
    let compiled = compile(&files, &options, &TransformationHints::none());
    assert!(
        compiled.diagnostics.is_empty(),
        "{:?}",
        &compiled.diagnostics[..compiled.diagnostics.len().min(5)]
    );
    let corner = compiled.db.corner.as_ref().unwrap();
    assert_eq!(compiled.db.patterns.len(), 1622);
    assert_eq!(corner.variations.len(), 8673);
    assert_eq!((corner.max_width, corner.max_height), (14, 14));
    assert_eq!(corner.num_top_variations, 16);
    // Every pattern hangs at exactly one variation; children lists are
    // contiguous and in range.
    let mut attached = vec![0; compiled.db.patterns.len()];
    for v in &corner.variations {
        if let Some(p) = v.pattern {
            attached[p] += 1;
        }
        if let Some(first) = v.first_child {
            assert!(first + v.num_children <= corner.variations.len());
        }
    }
    assert!(attached.iter().all(|&n| n == 1));
}
