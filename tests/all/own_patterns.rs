//! Our own pattern database (`patterns/tesuji.db`): every pattern has a test
//! position built from its diagram, where it must match at its move with its
//! constraint satisfied, and a variant (changes only on `?` points or
//! outside the diagram, so the shape still matches) where the constraint
//! must reject it. Checked through both paths: the tables and functions
//! `build.rs` generated, and the database compiled at run time with its
//! constraints interpreted.

use std::collections::BTreeSet;
use std::path::Path;

use matcher::board::{Cell, Color, PackedBoard, Point};
use matcher::constraint::board_context::BoardContext;
use matcher::constraint::{CodeTable, Phase, Site};
use matcher::pattern::PatternDb;
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use mkpat::codegen::driver::build;
use mkpat::ir::CompiledPattern;

/// A test case: cells to change (diagram row, column, content) for the
/// positive position and for the negative one.
struct Case {
    name: &'static str,
    positive: &'static [(i32, i32, char)],
    negative: &'static [(i32, i32, char)],
}

const CASES: &[Case] = &[
    Case {
        name: "CAP1",
        positive: &[(2, 1, 'O')],
        negative: &[],
    },
    Case {
        name: "CAP2",
        positive: &[(1, 0, 'O')],
        negative: &[],
    },
    Case {
        name: "CAP3",
        positive: &[(0, 0, 'O')],
        negative: &[],
    },
    Case {
        name: "CAP4",
        positive: &[(2, 2, 'O')],
        negative: &[],
    },
    Case {
        name: "CAP5",
        positive: &[(0, 2, 'O')],
        negative: &[],
    },
    Case {
        name: "CAP6",
        positive: &[(2, 0, 'O')],
        negative: &[],
    },
    Case {
        name: "CAP7",
        positive: &[],
        negative: &[(0, 0, 'O'), (2, 0, 'O')],
    },
    Case {
        name: "CAP8",
        positive: &[(0, 2, 'O')],
        negative: &[],
    },
    Case {
        name: "CAP9",
        positive: &[(0, 2, 'O')],
        negative: &[],
    },
    Case {
        name: "ATA1",
        positive: &[],
        negative: &[(0, 2, 'X'), (2, 2, 'X')],
    },
    Case {
        name: "ATA2",
        positive: &[(1, 0, 'O')],
        negative: &[(1, 0, 'O'), (0, 2, 'X')],
    },
    Case {
        name: "ATA3",
        positive: &[(1, 0, 'O')],
        negative: &[(1, 0, 'O'), (2, 0, 'X'), (2, 2, 'X')],
    },
    Case {
        name: "ATA4",
        positive: &[],
        negative: &[(0, 3, 'X'), (2, 3, 'X')],
    },
    Case {
        name: "ATA5",
        positive: &[],
        negative: &[(0, 3, 'X')],
    },
    Case {
        name: "ATA6",
        positive: &[],
        negative: &[(2, 0, 'X'), (2, 2, 'X')],
    },
    Case {
        name: "ATA7",
        positive: &[],
        negative: &[(0, 1, 'X'), (1, 2, 'X')],
    },
    Case {
        name: "ATA8",
        positive: &[],
        negative: &[(0, 0, 'X'), (0, 2, 'X')],
    },
    Case {
        name: "ESC1",
        positive: &[],
        negative: &[(0, 2, 'X')],
    },
    Case {
        name: "ESC2",
        positive: &[],
        negative: &[(0, 2, 'X')],
    },
    Case {
        name: "ESC3",
        positive: &[],
        negative: &[(0, 3, 'X'), (2, 2, 'X')],
    },
    Case {
        name: "ESC4",
        positive: &[],
        negative: &[(0, 3, 'X')],
    },
    Case {
        name: "ESC5",
        positive: &[],
        negative: &[(0, 1, 'X')],
    },
    Case {
        name: "ESC6",
        positive: &[(0, 2, 'O')],
        negative: &[],
    },
    Case {
        name: "ESC7",
        positive: &[],
        negative: &[(0, 0, 'X')],
    },
    Case {
        name: "CON1",
        positive: &[],
        negative: &[(0, 3, 'O')],
    },
    Case {
        name: "CON2",
        positive: &[],
        negative: &[(0, 0, 'O'), (0, 2, 'O'), (-1, 1, 'O')],
    },
    Case {
        name: "CON3",
        positive: &[],
        negative: &[
            (0, 0, 'O'),
            (2, 0, 'O'),
            (1, -1, 'O'),
            (0, 2, 'O'),
            (2, 2, 'O'),
            (1, 3, 'O'),
        ],
    },
    Case {
        name: "CON4",
        positive: &[],
        negative: &[
            (0, 0, 'X'),
            (0, 2, 'X'),
            (1, 0, 'X'),
            (2, 1, 'X'),
            (2, 2, 'X'),
        ],
    },
    Case {
        name: "CON5",
        positive: &[(0, 2, 'X')],
        negative: &[],
    },
    Case {
        name: "CON6",
        positive: &[(0, 0, 'X'), (0, 2, 'X')],
        negative: &[],
    },
    Case {
        name: "CON7",
        positive: &[],
        negative: &[(-1, 2, 'O')],
    },
    Case {
        name: "CON8",
        positive: &[],
        negative: &[(0, 2, 'O')],
    },
    Case {
        name: "CUT1",
        positive: &[],
        negative: &[(0, 3, 'X')],
    },
    Case {
        name: "CUT2",
        positive: &[],
        negative: &[
            (0, 0, 'X'),
            (2, 0, 'X'),
            (1, -1, 'X'),
            (0, 2, 'X'),
            (2, 2, 'X'),
        ],
    },
    Case {
        name: "CUT3",
        positive: &[],
        negative: &[(0, 2, 'X')],
    },
    Case {
        name: "CUT4",
        positive: &[],
        negative: &[(0, 2, 'X')],
    },
    Case {
        name: "CUT5",
        positive: &[(0, 0, 'O'), (-1, 1, 'O')],
        negative: &[],
    },
    Case {
        name: "CUT6",
        positive: &[],
        negative: &[(1, 0, 'X')],
    },
    Case {
        name: "CUT7",
        positive: &[],
        negative: &[(0, 3, 'X')],
    },
    Case {
        name: "EDG1",
        positive: &[],
        negative: &[(1, 2, 'X')],
    },
    Case {
        name: "EDG2",
        positive: &[],
        negative: &[(-1, 0, 'X'), (-1, 1, 'X'), (0, -1, 'X')],
    },
    Case {
        name: "EDG3",
        positive: &[],
        negative: &[(0, 0, 'X'), (-1, 1, 'X')],
    },
    Case {
        name: "EDG4",
        positive: &[],
        negative: &[(1, 0, 'X'), (2, 0, 'X')],
    },
    Case {
        name: "EDG5",
        positive: &[],
        negative: &[(0, 0, 'X')],
    },
    Case {
        name: "EDG6",
        positive: &[],
        negative: &[(1, 2, 'X'), (0, 2, 'X'), (-1, 1, 'X')],
    },
    Case {
        name: "EDG7",
        positive: &[],
        negative: &[(1, 0, 'X'), (0, 0, 'X')],
    },
    Case {
        name: "EDG8",
        positive: &[],
        negative: &[(0, 2, 'O')],
    },
    Case {
        name: "EXT1",
        positive: &[],
        negative: &[(0, 3, 'X')],
    },
    Case {
        name: "EXT2",
        positive: &[],
        negative: &[(2, 3, 'X')],
    },
    Case {
        name: "EXT3",
        positive: &[],
        negative: &[(0, 5, 'X')],
    },
    Case {
        name: "EXT4",
        positive: &[],
        negative: &[(0, 2, 'X')],
    },
    Case {
        name: "EXT5",
        positive: &[],
        negative: &[(0, 2, 'X')],
    },
    Case {
        name: "EXT6",
        positive: &[],
        negative: &[(3, 4, 'X')],
    },
    Case {
        name: "EXT7",
        positive: &[],
        negative: &[(0, 2, 'X'), (2, 2, 'X')],
    },
    Case {
        name: "EXT8",
        positive: &[],
        negative: &[(0, 3, 'X'), (2, 3, 'X')],
    },
    Case {
        name: "EYE1",
        positive: &[],
        negative: &[(0, 2, 'X'), (-1, 1, 'X'), (-1, 0, 'X'), (1, 2, 'X')],
    },
    Case {
        name: "EYE2",
        positive: &[],
        negative: &[
            (-1, 1, 'X'),
            (-1, 2, 'X'),
            (-1, 3, 'X'),
            (0, 0, 'X'),
            (0, 4, 'X'),
            (1, 0, 'X'),
            (1, 4, 'X'),
        ],
    },
    Case {
        name: "EYE3",
        positive: &[],
        negative: &[(0, 2, 'X'), (2, 2, 'X')],
    },
    Case {
        name: "EYE4",
        positive: &[],
        negative: &[(0, 3, 'X')],
    },
    Case {
        name: "EYE5",
        positive: &[],
        negative: &[(0, 3, 'X')],
    },
    Case {
        name: "EYE6",
        positive: &[],
        negative: &[(-1, 1, 'X'), (-1, 2, 'X'), (0, 0, 'X'), (0, 3, 'X')],
    },
    Case {
        name: "EYE7",
        positive: &[],
        negative: &[(-1, 0, 'X'), (-1, 1, 'X'), (0, 2, 'X'), (1, 2, 'X')],
    },
    Case {
        name: "EYE8",
        positive: &[],
        negative: &[(0, 2, 'X'), (-1, 1, 'X')],
    },
];

/// The colour `O` stands for in every test position.
const O: Color = Color::White;

fn compiled() -> (Vec<CompiledPattern>, PatternDb, CodeTable) {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/patterns"));
    let built = build(&["-b", "tesuji", "-i", "tesuji.db"], dir)
        .unwrap_or_else(|e| panic!("{}", e.join("\n")));
    assert!(built.warnings.is_empty(), "{:?}", built.warnings);
    let runtime = built.runtime().unwrap();
    let code = runtime.code_table();
    (built.db.patterns, runtime.db, code)
}

/// The board a pattern's diagram draws, placed against its edges (or 2
/// points from every side it leaves open), with `edits` applied; and the
/// board point of the diagram's `*`.
fn position(pattern: &CompiledPattern, edits: &[(i32, i32, char)]) -> (PackedBoard, Point) {
    let (rows, cols) = (pattern.rows as i32, pattern.cols as i32);
    let size = rows.max(cols) + 4;
    let edges = pattern.edge_constraints;
    let top = if edges & 1 != 0 {
        0
    } else if edges & 2 != 0 {
        size - rows
    } else {
        2
    };
    let left = if edges & 8 != 0 {
        0
    } else if edges & 4 != 0 {
        size - cols
    } else {
        2
    };
    let mut board = PackedBoard::new(size as usize).unwrap();
    let mut put = |r: i32, c: i32, ch: char| {
        let cell = match ch {
            'X' | 'Y' => O.other().stone(),
            'O' | 'Q' => O.stone(),
            _ => Cell::Empty,
        };
        let (i, j) = (top + r, left + c);
        assert!(
            board.contains(i, j),
            "{}: edit ({r},{c}) is off the board",
            pattern.name
        );
        board.set(Point::new(i as u8, j as u8), cell);
    };
    for (r, row) in pattern.diagram.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            put(r as i32, c as i32, ch);
        }
    }
    for &(r, c, ch) in edits {
        put(r, c, ch);
    }
    let (si, sj) = pattern.star.expect("own patterns all have a move");
    (
        board,
        Point::new((top + si as i32) as u8, (left + sj as i32) as u8),
    )
}

/// `(raw matches at the move, accepted matches at the move)` of pattern
/// `index` on `board`.
fn judge(
    db: &PatternDb,
    code: &CodeTable,
    index: usize,
    board: &PackedBoard,
    star: Point,
) -> (usize, usize) {
    let options = ScanOptions::new(ColorMode::Color(O));
    let matches = ReferenceMatcher::new(db).matches(board, &options);
    let at_star: Vec<_> = matches
        .iter()
        .filter(|m| m.pattern == index && m.move_point == Some(star))
        .collect();
    let mut accepted = 0;
    for m in &at_star {
        let mut ctx = BoardContext::new(board.clone(), O);
        let site = Site::new(m.transform, star);
        let verdict = code
            .run(index, &mut ctx, site, Phase::Constraint)
            .is_none_or(|v| v != 0);
        assert!(
            ctx.unsupported.is_empty(),
            "{} asked {:?}",
            db.patterns[index].name,
            ctx.unsupported
        );
        accepted += usize::from(verdict);
    }
    (at_star.len(), accepted)
}

fn check_all(db: &PatternDb, code: &CodeTable, patterns: &[CompiledPattern]) {
    let mut failures = Vec::new();
    for case in CASES {
        let index = patterns
            .iter()
            .position(|p| p.name == case.name)
            .expect(case.name);
        let pattern = &patterns[index];
        let (board, star) = position(pattern, case.positive);
        let (raw, accepted) = judge(db, code, index, &board, star);
        if raw == 0 || accepted == 0 {
            failures.push(format!(
                "{}: positive position: {raw} raw, {accepted} accepted",
                case.name
            ));
        }
        for &(r, c, _) in case.negative {
            let inside =
                r >= 0 && c >= 0 && (r as usize) < pattern.rows && (c as usize) < pattern.cols;
            let cell = inside.then(|| pattern.diagram[r as usize].as_bytes()[c as usize] as char);
            assert!(
                matches!(cell, None | Some('?')),
                "{}: negative edit ({r},{c}) changes the shape",
                case.name
            );
        }
        let (board, star) = position(pattern, case.negative);
        let (raw, accepted) = judge(db, code, index, &board, star);
        if raw == 0 || accepted != 0 {
            failures.push(format!(
                "{}: negative position: {raw} raw, {accepted} accepted",
                case.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_pattern_has_a_case_and_the_database_is_large_enough() {
    let (patterns, _, _) = compiled();
    let names: BTreeSet<&str> = patterns.iter().map(|p| p.name.as_str()).collect();
    let cased: BTreeSet<&str> = CASES.iter().map(|c| c.name).collect();
    assert_eq!(names, cased);
    assert!(patterns.len() >= 60, "{} patterns", patterns.len());
    for family in ["CAP", "ATA", "ESC", "CON", "CUT", "EDG", "EXT", "EYE"] {
        assert!(
            names.iter().filter(|n| n.starts_with(family)).count() >= 6,
            "{family}"
        );
    }
    assert!(
        patterns.iter().all(|p| p.constraint.is_some()),
        "every pattern has a constraint"
    );
}

#[test]
fn generated_tables_equal_run_time_tables() {
    let (_, db, _) = compiled();
    assert_eq!(db, patterns::tesuji::DB);
}

#[test]
fn generated_code_matches_and_rejects_as_designed() {
    let (patterns, _, _) = compiled();
    check_all(&patterns::tesuji::DB, &patterns::tesuji::CODE, &patterns);
}

#[test]
fn interpreted_code_matches_and_rejects_as_designed() {
    let (patterns, db, code) = compiled();
    check_all(&db, &code, &patterns);
}
