//! Helpers shared by the codegen-check tests: finding a generated module,
//! compiling the same inputs at run time, and the 60 public positions.
//! Each test crate uses only some of them.

#![allow(dead_code)]

use std::path::Path;

use codegen_check::DATABASES;
use matcher::board::{Cell, Color, PackedBoard, Point};
use matcher::constraint::CodeTable;
use matcher::pattern::PatternDb;
use mkpat::codegen::RuntimeDb;
use mkpat::codegen::driver::build;

/// The generated tables and code of `module`.
pub fn generated(module: &str) -> (&'static PatternDb, &'static CodeTable) {
    let (_, db, code) = DATABASES
        .iter()
        .find(|(name, _, _)| *name == module)
        .expect(module);
    (db, code)
}

/// The generated tables and code of `module` (which the corpus build must
/// have compiled in), and its code compiled in memory from the same
/// command line, for the interpreter.
pub fn generated_and_interpreted(
    module: &str,
) -> (&'static PatternDb, &'static CodeTable, CodeTable) {
    // A build-time constant checked against the corpus found at run time.
    #[allow(clippy::assertions_on_constants)]
    {
        assert!(
            codegen_check::CORPUS_COMPILED,
            "the corpus is present but was not compiled in"
        );
    }
    let (db, code) = generated(module);
    let (_, args, base) = codegen_check::MANIFEST
        .iter()
        .find(|(m, _, _)| *m == module)
        .expect(module);
    (db, code, runtime(args, base).code_table())
}

/// The same command line compiled in memory.
pub fn runtime(args: &[&str], base: &str) -> RuntimeDb {
    let built = build(args, Path::new(base)).unwrap_or_else(|e| panic!("{}", e.join("\n")));
    built.runtime().unwrap()
}

/// The 60 public positions' boards (`X` black, `O` white), by id.
pub fn positions(shared: &Path) -> Vec<(String, PackedBoard)> {
    positions_to_move(shared)
        .into_iter()
        .map(|(id, board, _)| (id, board))
        .collect()
}

/// The 60 public positions with their boards and colour to move, by id.
pub fn positions_to_move(shared: &Path) -> Vec<(String, PackedBoard, Color)> {
    let text = std::fs::read_to_string(shared.join("expected/matches/positions.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for (id, position) in json.as_object().unwrap() {
        let rows = position["board"].as_array().unwrap();
        let mut board = PackedBoard::new(rows.len()).unwrap();
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.as_str().unwrap().chars().enumerate() {
                let cell = match c {
                    'X' => Cell::Black,
                    'O' => Cell::White,
                    _ => Cell::Empty,
                };
                board.set(Point::new(i as u8, j as u8), cell);
            }
        }
        let to_move = match position["to_move"].as_str() {
            Some("B") => Color::Black,
            Some("W") => Color::White,
            other => panic!("{id}: to_move {other:?}"),
        };
        out.push((id.clone(), board, to_move));
    }
    out
}
