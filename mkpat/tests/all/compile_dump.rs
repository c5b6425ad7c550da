//! The compiler on small hand-written databases (one per mode), checked
//! against the worked examples of compilation.md / db-format.md and
//! snapshotted as human-readable dumps.

use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::{Compilation, CompileOptions, compile};
use mkpat::dump::text::render_db;
use mkpat::ir::{AnchorColor, DbType, Rel};
use mkpat::source::SourceSet;

fn compile_text(text: &str, options: &CompileOptions, hints: &str) -> Compilation {
    let mut sources = SourceSet::new();
    sources.add("fixture.db", text);
    let (files, diagnostics) = mkpat::parse::parse_stream(&sources);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    compile(&files, options, &TransformationHints::parse(hints).unwrap())
}

const GENERAL: &str = "attribute_map general

Pattern T1
# a side comment line
?X..   text after the row is ignored
O*Oo
xo.,

:8,OX,shape(3),value(10),some_helper

?X..
a*Bo
xoc,

;lib(a)>1 && oplay_attack(*,c,B)
;|| dead(B)
>antisuji(c);
";

#[test]
fn general_mode_worked_example_of_db_format_10() {
    let c = compile_text(GENERAL, &CompileOptions::default(), "");
    assert!(c.diagnostics.is_empty());
    let p = &c.db.patterns[0];
    assert_eq!(p.anchor, (1, 0));
    assert_eq!((p.mini, p.minj, p.maxi, p.maxj), (-1, 0, 1, 3));
    assert_eq!(p.move_offset.gnugo(), 721);
    assert_eq!(p.patlen(), 11);
    assert_eq!(p.class, 0x5);
    assert_eq!(p.autohelper_flag, 3);
    assert_eq!(format!("{:.6}", p.constraint_cost), "0.613600");
    assert_eq!(p.and_mask[0], 0x0f3f1b00);
    assert_eq!(p.val_mask[0], 0x08110000);
    assert_eq!(p.helper.as_deref(), Some("some_helper"));
    let attributes = p.attributes.as_ref().unwrap();
    assert_eq!(attributes.len(), 2);
    assert_eq!(attributes[0].kind.gnugo_name(), "SHAPE");
    assert_eq!(attributes[1].kind.gnugo_name(), "MIN_VALUE");
    insta::assert_snapshot!("general", render_db(&c.db));
}

const CONNECTION: &str = "goal_elements none
callback_data !

Pattern C1

?O.X
.!.O

:8,C

Pattern C2

O.
.*
XO

:|,B

ab
.*
XO

;dead(a) || alive(b)
";

#[test]
fn connection_mode_with_and_without_star() {
    let options = CompileOptions {
        db_type: DbType::Connection,
        anchor: AnchorColor::Both,
        ..CompileOptions::default()
    };
    let c = compile_text(CONNECTION, &options, "");
    assert!(c.diagnostics.is_empty());
    let (c1, c2) = (&c.db.patterns[0], &c.db.patterns[1]);
    // Star-less: the anchor's diagram position is stored as the move.
    assert_eq!(c1.anchor, (0, 1));
    assert_eq!(c1.move_offset, Rel::new(0, 1));
    // `!` is kept by callback_data, `.` next to the anchor is dropped.
    assert!(
        c1.elements
            .iter()
            .any(|e| e.kind == mkpat::ast::ElementKind::Bang)
    );
    assert!(c1.patlen() < c1.sorted_elements.len());
    assert_eq!(c2.trfno, 4);
    assert_eq!(c2.labels.len(), 2);
    // General mode rejects the star-less pattern.
    let general = compile_text(CONNECTION, &CompileOptions::default(), "");
    assert_eq!(general.db.patterns.len(), 1);
    assert_eq!(general.diagnostics[0].code.as_str(), "E0308");
    insta::assert_snapshot!("connection", render_db(&c.db));
}

const DFA: &str = "goal_elements Xx
callback_data X

Pattern D1

?X?
.*O
?O?

:8,s

Pattern D2

|XX*
|.O.
+---

:8,s
";

#[test]
fn dfa_mode_with_a_hint() {
    let options = CompileOptions {
        db_type: DbType::Dfa,
        anchor: AnchorColor::Both,
        center_anchor: true,
        ..CompileOptions::default()
    };
    let c = compile_text(DFA, &options, "D1 1\n");
    assert!(c.diagnostics.is_empty());
    let d1 = &c.db.patterns[0];
    assert_eq!(d1.transformation_hint, 1);
    // -m: the three stones are equally near the centre (distance 101);
    // the first in reading order, the X at (0,1), wins.
    assert_eq!(d1.anchor, (0, 1));
    // Elements and move are turned by the hint; extents are not.
    assert_eq!(d1.move_rel, Rel::new(1, 0));
    assert_eq!(d1.move_offset, Rel::new(1, 0).transformed(1));
    assert_eq!((d1.mini, d1.maxi), (0, 2));
    let dfa = c.db.dfa.as_ref().unwrap();
    assert!(dfa.states.len() > 3);
    insta::assert_snapshot!("dfa", render_db(&c.db));
}

const CORNER: &str = "attribute_map general

Pattern J1

------+
......|
......|
.O*...|
.XXO..|
......|
......|

:8,sFJ

Pattern J2

-----+
.....|
...X.|
..*..|
.....|
.O...|

:8,sFj,shape(3)

Pattern J3

----+
....|
..O.|
.*..|
....|

:/,sFU

Pattern J4

----+
....|
..O.|
.*..|
....|

:8,sFU
";

#[test]
fn corner_mode_worked_example_of_13_4() {
    let options = CompileOptions {
        db_type: DbType::Corner,
        ..CompileOptions::default()
    };
    let c = compile_text(CORNER, &options, "");
    // J4 has the same stones and move as J3: a duplicate, discarded.
    assert_eq!(c.db.patterns.len(), 3);
    assert_eq!(c.diagnostics.len(), 1);
    assert_eq!(c.diagnostics[0].code.as_str(), "W0701");
    let corner = c.db.corner.as_ref().unwrap();
    assert_eq!(corner.variations.len(), 9);
    assert_eq!(corner.num_top_variations, 2);
    assert_eq!((corner.max_width, corner.max_height), (6, 6));
    assert_eq!(corner.variations[8].pattern, Some(0));
    assert_eq!(corner.variations[4].pattern, Some(1));
    assert_eq!(corner.variations[3].pattern, Some(2));
    assert!(c.db.patterns[2].corner.unwrap().symmetric);
    insta::assert_snapshot!("corner", render_db(&c.db));
}

const HELPERS: &str = "attribute_map value_only

Pattern H1

O*

:8,s,last_helper

Pattern H2

O*

:8,s,NULL

Pattern H3

O*

:8,s,spaced_helper ,

Pattern H4

O*

:8,s,value(3)

Pattern H5

O*

:8,s
";

#[test]
fn helper_trailing_whitespace_records_what_gnugo_copies() {
    let c = compile_text(HELPERS, &CompileOptions::default(), "");
    let json = mkpat::dump::json::db_json(&c.db, &[], "mkpat");
    let fields: Vec<(serde_json::Value, serde_json::Value)> = json["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["helper"].clone(), p["helper_trailing_whitespace"].clone()))
        .collect();
    use serde_json::json;
    assert_eq!(
        fields,
        vec![
            // The last field keeps the line's newline; `helper` is stripped.
            (json!("last_helper"), json!("\n")),
            // `NULL` is no helper, but GNU Go copied the newline all the same.
            (json!(null), json!("\n")),
            // A helper before a `,` keeps only its blanks.
            (json!("spaced_helper"), json!(" ")),
            (json!(null), json!(null)),
            (json!(null), json!(null)),
        ]
    );
}
