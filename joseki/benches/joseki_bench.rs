//! Criterion benchmarks: converting GNU Go's seven joseki SGF files, building
//! and matching the corner tree, decoding and indexing the fuseki books,
//! full-board matching, the Monte-Carlo 3×3 weight lookup and eye-shape
//! matching.

use criterion::{Criterion, criterion_group, criterion_main};
use matcher::board::{Color, PackedBoard, Point};
use matcher::fullboard::{FullBoardDb, Side};
use matcher::mc::{McProperties, geometry_table};
use std::hint::black_box;

use mkpat::codegen::gnugo_build::JOSEKI_SOURCES as JOSEKI;

fn benches(c: &mut Criterion) {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let dir = testkit::gnugo_patterns_dir(&shared);

    let sgfs: Vec<(String, &str)> = JOSEKI
        .iter()
        .map(|(name, prefix)| {
            (
                testkit::read_text(&dir.join(format!("{name}.sgf"))),
                *prefix,
            )
        })
        .collect();
    c.bench_function("joseki/convert_all_7_sgfs", |b| {
        b.iter(|| {
            let mut patterns = 0;
            for (text, prefix) in &sgfs {
                patterns += joseki::sgf_to_db(prefix, black_box(text))
                    .unwrap()
                    .patterns
                    .len();
            }
            assert_eq!(patterns, 1622);
        })
    });

    let specs = corner_specs(&sgfs);
    c.bench_function("corner/build_tree_1622_patterns", |b| {
        b.iter(|| matcher::corner::CornerDb::build(black_box(specs.clone())))
    });
    let corner_db = matcher::corner::CornerDb::build(specs);
    let corner_boards = position_boards(&shared);
    c.bench_function("corner/match_per_position_both_colours", |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % corner_boards.len();
            let board = &corner_boards[k];
            corner_db.find_matches(black_box(board), Color::Black).len()
                + corner_db.find_matches(black_box(board), Color::White).len()
        })
    });

    let fuseki19 = testkit::read_text(&dir.join("fuseki19.dbz"));
    c.bench_function("fuseki/decode_and_index_fuseki19", |b| {
        b.iter(|| {
            let book = joseki::fuseki::decode_fuseki(black_box(&fuseki19), 19);
            FullBoardDb::new(19, book.patterns)
        })
    });

    let book = joseki::fuseki::decode_fuseki(&fuseki19, 19);
    let db = FullBoardDb::new(19, book.patterns.clone());
    let boards: Vec<PackedBoard> = book
        .patterns
        .iter()
        .step_by(997)
        .map(|p| {
            let mut board = PackedBoard::new(19).unwrap();
            for &(q, side) in &p.stones {
                board.set(
                    q,
                    if side == Side::Own {
                        Color::Black.stone()
                    } else {
                        Color::White.stone()
                    },
                );
            }
            board
        })
        .collect();
    c.bench_function("fuseki/fullboard_match_per_position", |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % boards.len();
            db.find_matches(black_box(&boards[k]), Color::Black, None)
                .len()
        })
    });

    let mogo = String::from_utf8_lossy(&std::fs::read(dir.join("mc_mogo_classic.db")).unwrap())
        .into_owned();
    let (sources, file) = mkpat::source::SourceSet::single("mc_mogo_classic.db", mogo);
    let (mc_db, _) = mkpat::mcpat::parse(&sources, file);
    c.bench_function("mc/compile_mogo_classic", |b| {
        b.iter(|| mkpat::mcpat::compile(black_box(&mc_db)))
    });
    let table = mkpat::mcpat::compile(&mc_db);
    let codes: Vec<u16> = (0..=u16::MAX)
        .filter(|&code| geometry_table().class(code) != 0)
        .collect();
    c.bench_function("mc/weight_lookup_x1000", |b| {
        let mut k = 0usize;
        b.iter(|| {
            let mut sum = 0u64;
            for n in 0..1000 {
                k = (k + 7919) % codes.len();
                sum += u64::from(table.weight(codes[k], McProperties::from_bits(n as u8)));
            }
            sum
        })
    });
    let mut board = PackedBoard::new(19).unwrap();
    board.set(Point::new(3, 3), Color::Black.stone());
    c.bench_function("mc/neighbourhood_code_361_points", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for i in 0..19 {
                for j in 0..19 {
                    acc ^= u32::from(matcher::mc::neighbourhood_code(
                        black_box(&board),
                        i,
                        j,
                        Color::White,
                    ));
                }
            }
            acc
        })
    });

    let (sources, file) =
        mkpat::source::SourceSet::single("eyes.db", testkit::read_text(&dir.join("eyes.db")));
    let (eyes, _) = mkpat::eyes::parse(&sources, file);
    let spaces: Vec<matcher::eyes::EyeSpace> = eyes
        .iter()
        .step_by(37)
        .map(|p| matcher::eyes::EyeSpace {
            points: p
                .vertices
                .iter()
                .map(|v| matcher::eyes::EyePoint {
                    marginal: v.marginal,
                    edge: v.edge,
                    has_stone: v.flags & matcher::eyes::MAY_BE_EMPTY == 0,
                    neighbours: v
                        .neighbours
                        .iter()
                        .flatten()
                        .map(|&n| usize::from(n))
                        .collect(),
                })
                .collect(),
        })
        .collect();
    c.bench_function("eyes/first_match_per_space", |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % spaces.len();
            matcher::eyes::first_match(&eyes, black_box(&spaces[k])).map(|(p, _)| p.number)
        })
    });
}

/// The corner patterns of the seven conversions, in GNU Go's build order.
fn corner_specs(sgfs: &[(String, &str)]) -> Vec<matcher::corner::CornerPatternSpec> {
    sgfs.iter()
        .flat_map(|(text, prefix)| {
            joseki::corner_specs::corner_patterns(&joseki::sgf_to_db(prefix, text).unwrap())
        })
        .collect()
}

/// The 19×19 boards of the public positions.
fn position_boards(shared: &std::path::Path) -> Vec<PackedBoard> {
    let text = testkit::read_text(&testkit::expected_dir(shared).join("matches/positions.json"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut boards = Vec::new();
    for position in json.as_object().unwrap().values() {
        if position["board_size"] != 19 {
            continue;
        }
        let mut board = PackedBoard::new(19).unwrap();
        for (i, row) in position["board"].as_array().unwrap().iter().enumerate() {
            for (j, c) in row.as_str().unwrap().chars().enumerate() {
                match c {
                    'X' => board.set(Point::new(i as u8, j as u8), Color::Black.stone()),
                    'O' => board.set(Point::new(i as u8, j as u8), Color::White.stone()),
                    _ => {}
                }
            }
        }
        boards.push(board);
    }
    boards
}

criterion_group!(all, benches);
criterion_main!(all);
