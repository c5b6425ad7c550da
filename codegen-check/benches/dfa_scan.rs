//! Scanning with a generated automaton against the standard matchers, and
//! corner matching through the generated tree against the brute-force
//! reference. Needs the GNU Go corpus (positions and databases); without
//! it the benchmark has nothing to measure and says so.
//!
//! * `dfa/<db>/dfa`: [`DfaMatcher`] over the generated `-D` tables;
//! * `dfa/<db>/grid`, `dfa/<db>/reference`: the grid and reference
//!   matchers over the same patterns compiled without `-D`;
//! * `corner/joseki/tree`, `corner/joseki/brute_force`.
//!
//! Each iteration scans all 60 public positions for both colours.
//!
//! `cargo bench -p codegen-check --bench dfa_scan`

use std::path::Path;

use codegen_check::{CORNER_DATABASES, DFA_DATABASES, MANIFEST};
use criterion::{Criterion, criterion_group, criterion_main};
use matcher::board::{Cell, Color, PackedBoard, Point};
use matcher::corner::{CornerPatternSpec, find_matches_brute_force};
use matcher::dfa::DfaMatcher;
use matcher::grid::GridMatcher;
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use mkpat::codegen::gnugo_build::JOSEKI_SOURCES;

fn positions(shared: &Path) -> Vec<PackedBoard> {
    let text = std::fs::read_to_string(shared.join("expected/matches/positions.json"))
        .expect("positions.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("positions.json parses");
    let mut out = Vec::new();
    for position in json.as_object().expect("an object").values() {
        let rows = position["board"].as_array().expect("a board");
        let mut board = PackedBoard::new(rows.len()).expect("a board size");
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
    out
}

fn scan_all(scanner: &dyn Scanner, boards: &[PackedBoard]) -> usize {
    let options = ScanOptions::new(ColorMode::BothColors);
    boards
        .iter()
        .map(|board| scanner.matches(board, &options).len())
        .sum()
}

fn bench(c: &mut Criterion) {
    let Some(shared) = testkit::shared_dir() else {
        eprintln!("*** GNU Go corpus absent: dfa_scan measures nothing ***");
        return;
    };
    let boards = positions(&shared);
    for module in ["gnugo::owl_attackpats", "gnugo::aa_attackpats"] {
        let Some(&(_, db, dfa)) = DFA_DATABASES.iter().find(|(m, _, _)| *m == module) else {
            continue;
        };
        let (_, args, base) = MANIFEST
            .iter()
            .find(|(m, _, _)| *m == module)
            .copied()
            .expect("manifest entry");
        let mut plain_args = Vec::new();
        let mut skip = false;
        for &arg in args {
            if std::mem::take(&mut skip) {
                continue;
            }
            match arg {
                "-t" => skip = true,
                "-D" => {}
                _ => plain_args.push(arg),
            }
        }
        let plain = mkpat::codegen::driver::build(&plain_args, Path::new(base))
            .expect("compiles")
            .runtime()
            .expect("converts")
            .db;
        let mut group = c.benchmark_group(format!("dfa/{module}"));
        group.sample_size(10);
        group.bench_function("dfa", |b| {
            b.iter(|| scan_all(&DfaMatcher::new(db, dfa), &boards))
        });
        group.bench_function("grid", |b| {
            b.iter(|| scan_all(&GridMatcher::new(&plain), &boards))
        });
        group.bench_function("reference", |b| {
            b.iter(|| scan_all(&ReferenceMatcher::new(&plain), &boards))
        });
        group.finish();
    }
    if let Some(&(_, _, tree)) = CORNER_DATABASES
        .iter()
        .find(|(m, _, _)| *m == "gnugo::joseki")
    {
        let dir = testkit::gnugo_patterns_dir(&shared);
        let mut specs: Vec<CornerPatternSpec> = Vec::new();
        for (name, prefix) in JOSEKI_SOURCES {
            let text =
                std::fs::read_to_string(dir.join(format!("{name}.sgf"))).expect("joseki SGF");
            let conversion = joseki::sgf_to_db(prefix, &text).expect("converts");
            specs.extend(joseki::corner_specs::corner_patterns(&conversion));
        }
        let colours = [Color::Black, Color::White];
        let mut group = c.benchmark_group("corner/gnugo::joseki");
        group.sample_size(10);
        group.bench_function("tree", |b| {
            b.iter(|| {
                boards
                    .iter()
                    .flat_map(|board| colours.map(|colour| tree.find_matches(board, colour).len()))
                    .sum::<usize>()
            })
        });
        group.bench_function("brute_force", |b| {
            b.iter(|| {
                boards
                    .iter()
                    .flat_map(|board| {
                        colours.map(|colour| {
                            find_matches_brute_force(&specs, &[], board, colour).len()
                        })
                    })
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
