//! Shared set-up of the scanning benchmarks: GNU Go's shape database
//! (patterns.db + patterns2.db, compiled like GNU Go's build with `-b`) and
//! the 60 public positions loaded from SGF.

use std::path::{Path, PathBuf};

use loader::compile::compile_gnugo_build;
use matcher::PackedBoard;
use matcher::pattern::PatternDb;
use sgf::{Position, load_sgf_file};

/// A benchmark position.
pub struct BenchPosition {
    /// Its id in `positions.json`.
    pub id: String,
    /// The loaded position.
    pub position: Position,
    /// Its board as the matcher reads it.
    pub board: PackedBoard,
}

/// patterns.db + patterns2.db compiled with `-b`.
pub fn shape_database(shared: &Path) -> PatternDb {
    let dir = testkit::gnugo_patterns_dir(shared);
    let files: Vec<PathBuf> = ["patterns.db", "patterns2.db"]
        .iter()
        .map(|f| dir.join(f))
        .collect();
    compile_gnugo_build(&files, &["-b".to_string()]).expect("patterns.db compiles")
}

/// The 60 public positions, in id order.
pub fn public_positions(shared: &Path) -> Vec<BenchPosition> {
    let path = testkit::expected_dir(shared).join("matches/positions.json");
    let all: serde_json::Value =
        serde_json::from_str(&testkit::read_text(&path)).expect("positions.json");
    let mut positions: Vec<BenchPosition> = all
        .as_object()
        .expect("object")
        .iter()
        .map(|(id, entry)| {
            let file = entry["file"].as_str().expect("file");
            let sgf = shared.join(file.strip_prefix("shared/").expect("under shared/"));
            let n = entry["move_number"].as_u64().expect("move_number") as u32;
            let position = load_sgf_file(&sgf, Some(n)).expect("position loads");
            let board = PackedBoard::try_from(&position.board).expect("a square board");
            BenchPosition {
                id: id.clone(),
                position,
                board,
            }
        })
        .collect();
    positions.sort_by(|a, b| a.id.cmp(&b.id));
    positions
}
