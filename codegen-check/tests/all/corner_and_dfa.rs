//! The static corner trees (`-C`) and automata (`-D`) of generated modules
//! against the run-time path:
//!
//! * every generated corner tree and automaton equals, field for field, the
//!   one compiled in memory from the same command line;
//! * GNU Go's joseki tree (when the corpus is present) also equals the tree
//!   `matcher` builds itself from the converted joseki specifications;
//! * corner matching on the 60 public positions gives the same matches
//!   through the generated tree, the run-time tree, the matcher's own tree
//!   and the brute-force reference;
//! * the DFA scanner over generated automata reports exactly what GNU Go's
//!   own DFA matcher reports on the public positions, and (proptest) the
//!   placements the reference scanner finds on the same patterns compiled
//!   without `-D`, on random boards.

use crate::common;

use codegen_check::{CORNER_DATABASES, CORPUS_COMPILED, DFA_DATABASES, MANIFEST};
use common::{positions, runtime};
use matcher::board::{Cell, Color, PackedBoard, Point};
use matcher::corner::{CornerDb, CornerPatternSpec, find_matches_brute_force};
use matcher::dfa::{DfaMatcher, DfaTables};
use matcher::pattern::PatternDb;
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, Match, ScanOptions, Scanner};
use mkpat::codegen::gnugo_build::JOSEKI_SOURCES;
use proptest::prelude::*;

fn manifest(module: &str) -> (&'static [&'static str], &'static str) {
    let (_, args, base) = MANIFEST
        .iter()
        .find(|(name, _, _)| *name == module)
        .expect(module);
    (args, base)
}

fn modules_with_option(option: &str) -> Vec<&'static str> {
    let mut found: Vec<&str> = MANIFEST
        .iter()
        .filter(|(_, args, _)| args.contains(&option))
        .map(|(module, _, _)| *module)
        .collect();
    found.sort_unstable();
    found
}

#[test]
fn corner_and_dfa_modules_carry_their_tables() {
    let corner: Vec<&str> = CORNER_DATABASES.iter().map(|(m, _, _)| *m).collect();
    let dfa: Vec<&str> = DFA_DATABASES.iter().map(|(m, _, _)| *m).collect();
    assert_eq!(corner, modules_with_option("-C"));
    assert_eq!(dfa, modules_with_option("-D"));
    assert!(corner.contains(&"fixtures::corner"), "{corner:?}");
    assert!(dfa.contains(&"fixtures::dfa"), "{dfa:?}");
    if CORPUS_COMPILED {
        assert!(corner.contains(&"gnugo::joseki"), "{corner:?}");
        assert_eq!(dfa.len(), 5, "the fixture and GNU Go's 4 DFA databases");
    }
    for (module, db, tree) in CORNER_DATABASES {
        assert_eq!(tree.shapes.len(), db.patterns.len(), "{module}");
        assert!(
            tree.num_top > 0 && tree.variations.len() > tree.num_top,
            "{module}"
        );
        assert_eq!(tree.name, db.name, "{module}");
    }
    for (module, db, dfa) in DFA_DATABASES {
        assert!(dfa.states.len() > 2 && dfa.indexes.len() > 1, "{module}");
        assert_eq!(dfa.name, db.name, "{module}");
    }
}

#[test]
fn generated_corner_trees_equal_run_time_trees() {
    for (module, _, tree) in CORNER_DATABASES {
        let (args, base) = manifest(module);
        let runtime = runtime(args, base);
        let compiled = runtime.corner.as_ref().expect(module);
        assert_eq!(compiled.variations, tree.variations, "{module}");
        assert_eq!(compiled, *tree, "{module}");
    }
}

#[test]
fn generated_automata_equal_run_time_automata() {
    for (module, _, dfa) in DFA_DATABASES {
        let (args, base) = manifest(module);
        let runtime = runtime(args, base);
        let compiled = runtime.dfa.as_ref().expect(module);
        assert_eq!(compiled.states, dfa.states, "{module}");
        assert_eq!(compiled.indexes, dfa.indexes, "{module}");
        assert_eq!(compiled, *dfa, "{module}");
    }
}

/// GNU Go's joseki SGFs converted by the `joseki` crate, as corner
/// specifications in build order.
fn joseki_specs(shared: &std::path::Path) -> Vec<CornerPatternSpec> {
    let dir = testkit::gnugo_patterns_dir(shared);
    let mut specs = Vec::new();
    for (name, prefix) in JOSEKI_SOURCES {
        let text = std::fs::read_to_string(dir.join(format!("{name}.sgf"))).unwrap();
        let conversion = joseki::sgf_to_db(prefix, &text).unwrap();
        specs.extend(joseki::corner_specs::corner_patterns(&conversion));
    }
    specs
}

fn joseki() -> (&'static PatternDb, &'static matcher::corner::CornerTables) {
    let (_, db, tree) = CORNER_DATABASES
        .iter()
        .find(|(m, _, _)| *m == "gnugo::joseki")
        .expect("the joseki corner database is compiled in");
    (db, tree)
}

#[test]
fn generated_joseki_tree_equals_the_matchers_own_build() {
    let shared = testkit::require_shared!();
    let (db, tree) = joseki();
    let specs = joseki_specs(&shared);
    let own = CornerDb::build(specs);
    assert!(own.duplicates.is_empty(), "{:?}", own.duplicates);
    let names: Vec<&str> = own.patterns.iter().map(|p| p.name.as_str()).collect();
    let table: Vec<&str> = db.patterns.iter().map(|p| p.name.as_ref()).collect();
    assert_eq!(names, table);
    assert_eq!(own.tables("joseki"), *tree);
    assert!(tree.variations.len() > 1000, "{}", tree.variations.len());
}

fn sorted(mut v: Vec<matcher::corner::CornerMatch>) -> Vec<matcher::corner::CornerMatch> {
    v.sort();
    v
}

#[test]
fn corner_matching_on_public_positions_is_the_same_through_every_path() {
    let shared = testkit::require_shared!();
    let positions = positions(&shared);
    assert_eq!(positions.len(), 60);
    let (_, tree) = joseki();
    let (args, base) = manifest("gnugo::joseki");
    let runtime = runtime(args, base);
    let runtime_tree = runtime.corner.as_ref().unwrap();
    let specs = joseki_specs(&shared);
    let own = CornerDb::build(specs.clone());
    let mut total = 0;
    for (id, board) in &positions {
        for color in [Color::Black, Color::White] {
            let generated = tree.find_matches(board, color);
            assert_eq!(generated, runtime_tree.find_matches(board, color), "{id}");
            assert_eq!(generated, own.find_matches(board, color), "{id}");
            assert_eq!(
                sorted(generated.clone()),
                find_matches_brute_force(&specs, &own.duplicates, board, color),
                "{id} {color:?}"
            );
            total += generated.len();
        }
    }
    // Joseki need an otherwise empty corner: few positions have one.
    assert!(total >= 10, "only {total} corner matches");
}

#[test]
fn corner_fixture_matches_where_it_is_placed() {
    let (_, _, tree) = CORNER_DATABASES
        .iter()
        .find(|(m, _, _)| *m == "fixtures::corner")
        .unwrap();
    // Pattern J1 of the fixture: O at (1, 2) of the north-west frame, move
    // at (2, 3); on the board's north-west corner for White to move.
    let mut board = PackedBoard::new(19).unwrap();
    board.set(Point::new(1, 2), Cell::White);
    let found = tree.find_matches(&board, Color::White);
    assert!(
        found
            .iter()
            .any(|m| m.pattern == 0 && m.move_point == Point::new(2, 3)),
        "{found:?}"
    );
    assert!(
        tree.find_matches(&board, Color::Black)
            .iter()
            .all(|m| m.pattern != 0)
    );
}

/// GTP vertex of `p` on a board of `size` lines.
fn vertex(p: Point, size: usize) -> String {
    let column = "ABCDEFGHJKLMNOPQRST".as_bytes()[usize::from(p.j)] as char;
    format!("{column}{}", size - usize::from(p.i))
}

/// One match as GNU Go's runtime files write it:
/// `(pos, color, pattern, ll, anchor, move)`.
type Record = (String, String, String, u8, String, String);

fn record(id: &str, db: &PatternDb, m: &Match, size: usize) -> Record {
    (
        id.to_string(),
        if m.color == Color::Black { "B" } else { "W" }.to_string(),
        db.patterns[m.pattern].name.to_string(),
        m.transform.number(),
        vertex(m.anchor, size),
        m.move_point.map_or_else(String::new, |p| vertex(p, size)),
    )
}

/// `expected/matches/public/<db>.runtime.jsonl.gz`: what GNU Go's own DFA
/// matcher reports on its hinted tables.
fn gnugo_runtime_matches(shared: &std::path::Path, db: &str) -> Vec<Record> {
    use std::io::Read;
    let path = shared.join(format!("expected/matches/public/{db}.runtime.jsonl.gz"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let mut out: Vec<Record> = text
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let s = |key: &str| v[key].as_str().unwrap_or_default().to_string();
            (
                s("pos"),
                s("color"),
                s("pattern"),
                v["ll"].as_u64().unwrap() as u8,
                s("anchor"),
                s("move"),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn dfa_scanner_reports_what_gnugo_reports_on_public_positions() {
    let shared = testkit::require_shared!();
    let positions = positions(&shared);
    let options = ScanOptions::new(ColorMode::BothColors);
    let mut compared = 0;
    for (module, db, dfa) in DFA_DATABASES
        .iter()
        .filter(|(m, _, _)| m.starts_with("gnugo::"))
    {
        let name = module.trim_start_matches("gnugo::");
        let expected = gnugo_runtime_matches(&shared, name);
        let mut found: Vec<Record> = Vec::new();
        for (id, board) in &positions {
            for m in DfaMatcher::new(db, dfa).matches(board, &options) {
                found.push(record(id, db, &m, board.size()));
            }
        }
        found.sort();
        assert_eq!(found.len(), expected.len(), "{module}");
        assert!(
            found == expected,
            "{module}: the DFA scanner differs from GNU Go"
        );
        compared += found.len();
    }
    assert!(compared > 10_000, "only {compared} matches");
}

/// The mkpat arguments of a DFA database without `-D` and its `.dtr`:
/// the same patterns with every element kept for the standard matcher.
fn without_dfa(args: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip_next = false;
    for &arg in args {
        if skip_next {
            skip_next = false;
        } else if arg == "-t" {
            skip_next = true;
        } else if arg != "-D" {
            out.push(arg.to_string());
        }
    }
    out
}

/// Matches as a multiset of `(colour, pattern, anchor, move)`: the
/// transformation number differs by the hint between the two tables.
fn placements(matches: Vec<Match>) -> Vec<(Color, usize, Point, Option<Point>)> {
    let mut out: Vec<_> = matches
        .into_iter()
        .map(|m| (m.color, m.pattern, m.anchor, m.move_point))
        .collect();
    out.sort();
    out
}

/// A random board: size, then one cell code per point (mostly empty).
fn board_strategy() -> impl Strategy<Value = PackedBoard> {
    (5usize..=19).prop_flat_map(|size| {
        proptest::collection::vec(
            prop_oneof![6 => Just(0u8), 2 => Just(1u8), 2 => Just(2u8)],
            size * size,
        )
        .prop_map(move |cells| {
            let mut board = PackedBoard::new(size).unwrap();
            for (n, c) in cells.into_iter().enumerate() {
                let cell = [Cell::Empty, Cell::White, Cell::Black][usize::from(c)];
                board.set(Point::new((n / size) as u8, (n % size) as u8), cell);
            }
            board
        })
    })
}

/// Each DFA database's generated tables and automaton, with the same
/// patterns compiled for the standard matcher. GNU Go's owl_defendpats is
/// left out: four of its symmetric patterns are anchored at the other
/// stone by GNU Go's DFA (see expected/matches/README.md).
fn dfa_databases_with_plain_tables() -> Vec<(
    &'static str,
    &'static PatternDb,
    &'static DfaTables,
    PatternDb,
)> {
    DFA_DATABASES
        .iter()
        .filter(|(m, _, _)| *m != "gnugo::owl_defendpats")
        .map(|&(module, db, dfa)| {
            let (args, base) = manifest(module);
            let plain: Vec<String> = without_dfa(args);
            let plain: Vec<&str> = plain.iter().map(String::as_str).collect();
            (module, db, dfa, runtime(&plain, base).db)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn dfa_scanner_equals_the_reference_scanner_on_random_boards(board in board_strategy()) {
        static DATABASES: std::sync::OnceLock<Vec<(&str, &PatternDb, &DfaTables, PatternDb)>> =
            std::sync::OnceLock::new();
        let options = ScanOptions::new(ColorMode::BothColors);
        for (module, db, dfa, plain) in DATABASES.get_or_init(dfa_databases_with_plain_tables) {
            let fast = placements(DfaMatcher::new(db, dfa).matches(&board, &options));
            let reference = placements(ReferenceMatcher::new(plain).matches(&board, &options));
            prop_assert_eq!(fast, reference, "{}", module);
        }
    }
}
