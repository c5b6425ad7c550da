//! Board speed on real positions: every legal move of the final positions
//! of `shared/corpus/positions` (both colours) played in an undo frame and
//! taken back, and the move predictions the reader orders its candidates
//! by (`liberties_after`, `capture_count`) at every empty point.
//!
//! Time:          `cargo bench -p goban --bench play_undo`
//! Instructions:  `GOBAN_BENCH_ONCE=1 valgrind --tool=callgrind
//! --toggle-collect='play_undo::measured_*' target/release/deps/play_undo-*`
//! (with `GOBAN_BENCH_ONCE` set, each measured function runs once over all
//! positions and the bench exits).

use std::hint::black_box;

use criterion::Criterion;
use goban::{Board, Cell, Color};

/// The final positions of the corpus that load (sorted by file name).
fn positions() -> Vec<Board> {
    let Some(shared) = testkit::shared_dir() else {
        return Vec::new();
    };
    let dir = testkit::positions_dir(&shared);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "sgf"));
    paths.sort();
    paths
        .iter()
        .filter_map(|p| sgf::load_sgf_file(p, None).ok())
        .map(|position| position.board)
        .collect()
}

/// Every non-suicide move of both colours played in an undo frame and
/// taken back. Returns the stones captured, so nothing is optimised away.
#[inline(never)]
fn measured_play_undo(boards: &mut [Board]) -> usize {
    let mut captured = 0;
    for board in boards {
        let vertices: Vec<_> = board.geometry().board_vertices().collect();
        for v in vertices {
            if board.cell(v) != Cell::Empty {
                continue;
            }
            for color in [Color::Black, Color::White] {
                if board.is_suicide(color, v) {
                    continue;
                }
                board.push_undo_frame();
                captured += board.play(color, v).captured;
                board.undo();
            }
        }
    }
    captured
}

/// `liberties_after` and `capture_count` at every empty point for both
/// colours.
#[inline(never)]
fn measured_predictions(boards: &[Board]) -> usize {
    let mut total = 0;
    for board in boards {
        for v in board.geometry().board_vertices() {
            if board.cell(v) != Cell::Empty {
                continue;
            }
            for color in [Color::Black, Color::White] {
                total += board.liberties_after(color, v) + board.capture_count(color, v);
            }
        }
    }
    total
}

fn main() {
    let mut boards = positions();
    if boards.is_empty() {
        eprintln!("no positions: the shared directory is missing");
        return;
    }
    if std::env::var_os("GOBAN_BENCH_ONCE").is_some() {
        black_box(measured_play_undo(&mut boards));
        black_box(measured_predictions(&boards));
        return;
    }
    let mut criterion = Criterion::default().sample_size(20).configure_from_args();
    let label = format!("{} corpus positions", boards.len());
    criterion.bench_function(&format!("play+undo every legal move, {label}"), |b| {
        b.iter(|| measured_play_undo(black_box(&mut boards)))
    });
    criterion.bench_function(
        &format!("liberties_after+capture_count everywhere, {label}"),
        |b| b.iter(|| measured_predictions(black_box(&boards))),
    );
    criterion.final_summary();
}
