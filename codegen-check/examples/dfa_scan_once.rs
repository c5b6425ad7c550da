//! One scan of the 60 public positions (both colours) with one matcher over
//! GNU Go's owl_attackpats, for instruction counts:
//!
//! ```text
//! cargo build --release -p codegen-check --example dfa_scan_once
//! valgrind --tool=callgrind --toggle-collect='dfa_scan_once::scan_all' \
//!     target/release/examples/dfa_scan_once dfa
//! (and the same with `grid`, `reference`)
//! ```
//!
//! The argument picks `dfa` (generated `-D` tables), `grid` or `reference`
//! (the same patterns compiled without `-D`). Prints the match count.

use std::path::Path;

use codegen_check::{DFA_DATABASES, MANIFEST};
use matcher::board::{Cell, PackedBoard, Point};
use matcher::dfa::DfaMatcher;
use matcher::grid::GridMatcher;
use matcher::pattern::PatternDb;
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};

const MODULE: &str = "gnugo::owl_attackpats";

fn boards(shared: &Path) -> Result<Vec<PackedBoard>, String> {
    let path = shared.join("expected/matches/positions.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let positions = json.as_object().ok_or("positions.json: not an object")?;
    let mut out = Vec::new();
    for position in positions.values() {
        let rows = position["board"]
            .as_array()
            .ok_or("a position without board")?;
        let mut board = PackedBoard::new(rows.len()).map_err(|e| format!("{e:?}"))?;
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.as_str().unwrap_or_default().chars().enumerate() {
                let cell = match c {
                    'X' => Cell::Black,
                    'O' => Cell::White,
                    _ => Cell::Empty,
                };
                board.set(Point::new(i as u8, j as u8), cell);
            }
        }
        out.push(board);
    }
    Ok(out)
}

/// The module's patterns compiled without `-D` and its `.dtr`.
fn plain_tables() -> Result<PatternDb, String> {
    let (_, args, base) = MANIFEST
        .iter()
        .find(|(m, _, _)| *m == MODULE)
        .ok_or("owl_attackpats not compiled in")?;
    let mut plain = Vec::new();
    let mut skip = false;
    for &arg in args.iter() {
        if std::mem::take(&mut skip) {
            continue;
        }
        match arg {
            "-t" => skip = true,
            "-D" => {}
            _ => plain.push(arg),
        }
    }
    let built = mkpat::codegen::driver::build(&plain, Path::new(base)).map_err(|e| e.join("\n"))?;
    Ok(built.runtime()?.db)
}

fn main() -> Result<(), String> {
    let which = std::env::args().nth(1).unwrap_or_else(|| "dfa".into());
    let shared = testkit::shared_dir().ok_or("the GNU Go corpus (../shared) is absent")?;
    let boards = boards(&shared)?;
    let (_, db, dfa) = DFA_DATABASES
        .iter()
        .find(|(m, _, _)| *m == MODULE)
        .ok_or("owl_attackpats not compiled in")?;
    let plain;
    let scanner: Box<dyn Scanner + '_> = match which.as_str() {
        "dfa" => Box::new(DfaMatcher::new(db, dfa)),
        "grid" => {
            plain = plain_tables()?;
            Box::new(GridMatcher::new(&plain))
        }
        "reference" => {
            plain = plain_tables()?;
            Box::new(ReferenceMatcher::new(&plain))
        }
        other => return Err(format!("unknown matcher {other}: dfa, grid or reference")),
    };
    let count = scan_all(scanner.as_ref(), &boards);
    println!("{which}: {count} matches");
    Ok(())
}

/// The measured part (callgrind: `--toggle-collect=dfa_scan_once::scan_all`).
#[inline(never)]
fn scan_all(scanner: &dyn Scanner, boards: &[PackedBoard]) -> usize {
    let options = ScanOptions::new(ColorMode::BothColors);
    boards
        .iter()
        .map(|board| scanner.matches(board, &options).len())
        .sum()
}
