//! Snapshot tests of conversions of small hand-written joseki SGF fixtures
//! (labels, constraints, comment conventions, the `/` symmetry test, reader
//! quirks), plus error reporting for malformed input.

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn report(conversion: &joseki::Conversion) -> String {
    let mut out = conversion.text.clone();
    for warning in &conversion.warnings {
        out.push_str(&format!("{warning}\n"));
    }
    out
}

#[test]
fn labels_and_constraints() {
    let conversion = joseki::sgf_to_db("JX", &fixture("labels_and_constraints.sgf")).unwrap();
    insta::assert_snapshot!(report(&conversion));
}

#[test]
fn diagonal_symmetry() {
    let conversion = joseki::sgf_to_db("JY", &fixture("symmetric.sgf")).unwrap();
    let symmetric: Vec<bool> = conversion
        .patterns
        .iter()
        .map(|p| p.diagonal_symmetric)
        .collect();
    // Empty board, diagonal move; diagonal move; two off-diagonal moves;
    // symmetric labels; asymmetric labels.
    assert_eq!(symmetric, vec![true, true, false, false, true, false]);
    insta::assert_snapshot!(report(&conversion));
}

#[test]
fn reader_quirks() {
    let conversion = joseki::sgf_to_db("JQ", &fixture("quirks.sgf")).unwrap();
    insta::assert_snapshot!(report(&conversion));
}

#[test]
fn missing_board_size_is_an_error() {
    let err = joseki::sgf_to_db("J", "(;GM[1];B[pd]MA[mg])").unwrap_err();
    assert_eq!(err, joseki::ConvertError::NoBoardSize);
}

#[test]
fn malformed_sgf_reports_the_node_path() {
    let err = joseki::sgf_to_db("J", "(;SZ[19](;B[pd])(;B[qc];W[pc]X1[aa]))").unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

#[test]
fn suicide_is_an_error_after_writing_the_pattern() {
    let sgf = "(;SZ[19];B[rb];W[sb];B[rc];W[sd];B[sc];W[rd];B[ra]\n;W[sa]MA[of])";
    match joseki::sgf_to_db("JE", sgf).unwrap_err() {
        joseki::ConvertError::IllegalMove {
            pattern,
            output,
            node,
            ..
        } => {
            assert_eq!(pattern.as_deref(), Some("JE1"));
            assert!(output.contains("Pattern JE1\n"));
            assert_eq!(node.line, 2);
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn bad_label_is_reported() {
    let err = joseki::sgf_to_db("J", "(;SZ[19];B[pd]MA[mg]LB[pc-A])").unwrap_err();
    assert!(
        matches!(err, joseki::ConvertError::BadNode { .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("root → 1st child"), "{err}");
}
