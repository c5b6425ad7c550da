//! `tesuji propose`, the main job on the embedded default: the proposals of
//! the generated database (grid matcher, generated constraint functions)
//! equal those of the same database compiled at run time (reference
//! matcher, interpreted constraints), and the command line behaves.

use std::path::Path;
use std::process::Command;

use engine::front::proposals::proposals_in;
use matcher::board::{Cell, Color};
use matcher::reference::ReferenceMatcher;
use mkpat::codegen::driver::build;

/// The built-in demo position `tesuji propose` uses without a file.
fn demo() -> sgf::Position {
    let demo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli/demo.sgf");
    sgf::load_sgf_file(&demo, None).expect("the demo position loads")
}

/// Every proposal of the embedded databases for `color` on `board`, judged
/// on a fresh engine context (what `tesuji propose` lists).
fn proposals(
    board: &goban::Board,
    color: matcher::board::Color,
) -> Vec<engine::front::proposals::Proposal> {
    let packed = matcher::PackedBoard::try_from(board).expect("a square board");
    let mut ctx = engine::EngineContext::new(board, None, color);
    engine::front::proposals::proposals(&loader::gnugo_dir::embedded(), &packed, color, &mut ctx)
}

/// The mark of the `n`-th proposed point in the table: `1`–`9`, then
/// `a`–`z`, then `*`.
fn mark(n: usize) -> char {
    match n {
        0..=8 => char::from(b'1' + n as u8),
        9..=34 => char::from(b'a' + (n - 9) as u8),
        _ => '*',
    }
}

#[test]
fn generated_and_interpreted_paths_propose_the_same_moves() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/patterns"));
    let built = build(&["-b", "tesuji", "-i", "tesuji.db"], dir)
        .unwrap_or_else(|e| panic!("{}", e.join("\n")));
    let runtime = built.runtime().unwrap();
    let code = runtime.code_table();
    let position = demo();
    for color in [Color::Black, Color::White] {
        let generated = proposals(&position.board, color);
        let interpreted = proposals_in(
            &position.board,
            color,
            "tesuji",
            &runtime.db,
            &code,
            &ReferenceMatcher::new(&runtime.db),
        );
        assert!(
            !generated.is_empty(),
            "no proposal for {color:?} on the demo position"
        );
        assert_eq!(generated, interpreted, "{color:?}");
        let size = position.size();
        for proposal in &generated {
            let empty = (0..size)
                .flat_map(|i| (0..size).map(move |j| (i, j)))
                .any(|(i, j)| {
                    let p = matcher::board::Point::new(i as u8, j as u8);
                    p.to_gtp(size) == proposal.move_point && position.board.at(p) == Cell::Empty
                });
            assert!(empty, "{proposal:?} proposes an occupied point");
        }
    }
}

#[test]
fn command_line_lists_json_proposals_and_fails_on_a_missing_file() {
    let tesuji = env!("CARGO_BIN_EXE_tesuji");
    let output = Command::new(tesuji)
        .args(["propose", "--json"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let position = demo();
    let expected: Vec<String> = proposals(&position.board, position.to_move)
        .iter()
        .map(|p| serde_json::to_string(p).unwrap())
        .collect();
    let lines: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines, expected);

    let missing = Command::new(tesuji)
        .args(["propose", "/nonexistent/game.sgf"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(stderr.contains("/nonexistent/game.sgf"), "{stderr}");
}

/// The table for people: the board with each proposed point numbered (and
/// nothing else changed), then one line per point naming every proposal
/// there.
#[test]
fn table_draws_the_board_with_every_proposed_point_marked() {
    let tesuji = env!("CARGO_BIN_EXE_tesuji");
    let output = Command::new(tesuji)
        .args(["propose"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let position = demo();
    let color = position.to_move;
    let found = proposals(&position.board, color);
    let size = position.size();
    let mut points: Vec<matcher::board::Point> = found.iter().map(|p| p.point).collect();
    points.sort();
    points.dedup();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "Black: {} proposal(s) at {} point(s) on a 9×9 board",
            found.len(),
            points.len()
        )
    );
    // Board rows: " 9  . . X … 9"; compare every point with the position.
    let rows: Vec<Vec<char>> = lines[3..3 + size]
        .iter()
        .map(|line| line[4..4 + 2 * size - 1].chars().step_by(2).collect())
        .collect();
    let board_rows = position.board.rows_text();
    for (i, row) in rows.iter().enumerate() {
        for (j, &shown) in row.iter().enumerate() {
            let point = matcher::board::Point::new(i as u8, j as u8);
            match points.iter().position(|&p| p == point) {
                Some(n) => {
                    let mark = mark(n);
                    assert_eq!(shown, mark, "{}", point.to_gtp(size));
                    let listed = lines
                        .iter()
                        .find(|l| l.starts_with(&format!("  {mark}  ")))
                        .unwrap_or_else(|| panic!("no line for mark {mark}"));
                    assert!(listed.contains(&point.to_gtp(size)), "{listed}");
                    for p in found.iter().filter(|p| p.move_point == point.to_gtp(size)) {
                        assert!(
                            listed.contains(&format!("{}/{}", p.db, p.pattern)),
                            "{listed} lacks {p:?}"
                        );
                    }
                }
                None => {
                    let stone = board_rows[i].as_bytes()[j] as char;
                    assert!(
                        shown == stone || (stone == '.' && shown == '+'),
                        "{}: {shown} for {stone}",
                        point.to_gtp(size)
                    );
                }
            }
        }
    }
    assert_eq!(color, Color::Black, "the demo position has Black to move");
}

/// Three patterns written for this test, each `O` next to an `X` string
/// `A` with the move beside it, whose constraints mix a board question
/// (`lib`) with engine questions (`attack`, which the engine reads, and
/// `xmoyo`, which needs influence).
const THREE_VALUED_DB: &str = "\
attribute_map general

Pattern NEEDS_TACTICS

OX*

:8,-

OA*

;lib(A)==1 && !attack(A)


Pattern DECIDED

OX*

:8,-

OA*

;lib(A)>=1 || attack(A)


Pattern NEEDS_TWO

OX*

:8,-

OA*

;lib(A)>=1 && (attack(A) || xmoyo(A))
";

#[test]
fn undecided_proposals_name_the_layers_they_need() {
    let dir = std::env::temp_dir().join(format!("tesuji-propose-tri-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tri.db"), THREE_VALUED_DB).unwrap();
    let built = build(&["-b", "tri", "-i", "tri.db"], &dir);
    std::fs::remove_dir_all(&dir).unwrap();
    let runtime = built
        .unwrap_or_else(|e| panic!("{}", e.join("\n")))
        .runtime()
        .unwrap();
    let code = runtime.code_table();
    // White e5 has one liberty (f5) beside Black d5; White c3 has three
    // beside Black b3.
    let sgf = "(;GM[1]FF[4]SZ[9];B[de];W[ee];B[ed];W[cg];B[ef];W[hh];B[bg])";
    let position = sgf::load_sgf_text(sgf, Path::new("<test>"), None).unwrap();
    let scanner = ReferenceMatcher::new(&runtime.db);
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    let mut undecided_two = 0;
    {
        let color = Color::Black;
        let rows = proposals_in(&position.board, color, "tri", &runtime.db, &code, &scanner);
        for row in &rows {
            *seen.entry(row_kind(&row.pattern)).or_default() += 1;
            let json = serde_json::to_string(row).unwrap();
            // The engine reads tactics: no proposal waits for them.
            assert!(!row.needs.contains(&"tactics"), "{json}");
            match row.pattern.as_str() {
                "NEEDS_TACTICS" | "DECIDED" => {
                    assert_eq!((row.verdict.name(), row.needs.len()), ("accepted", 0));
                    assert!(!json.contains("needs"), "{json}");
                }
                "NEEDS_TWO" if row.verdict.name() == "undecided" => {
                    // attack(A) read 0, so xmoyo(A) decides: influence.
                    assert_eq!(row.needs.as_slice(), &["influence"][..]);
                    assert!(json.contains(r#""needs":["influence"]"#), "{json}");
                    undecided_two += 1;
                }
                "NEEDS_TWO" => assert_eq!((row.verdict.name(), row.needs.len()), ("accepted", 0)),
                other => panic!("unexpected pattern {other}"),
            }
        }
    }
    // `lib(A)==1` fails for most strings next to the move, and `attack(A)`
    // is read for the rest; `lib(A)>=1` holds for every string, and the
    // unknown `xmoyo` never lets NEEDS_TWO's constraint be known false.
    let decided = seen.get("DECIDED").copied().unwrap_or(0);
    let tactics = seen.get("NEEDS_TACTICS").copied().unwrap_or(0);
    assert!(decided > 0, "{seen:?}");
    assert!(tactics < decided, "{seen:?}");
    assert_eq!(seen.get("NEEDS_TWO").copied(), Some(decided), "{seen:?}");
    assert!(undecided_two > 0, "{seen:?}");
}

fn row_kind(pattern: &str) -> &'static str {
    match pattern {
        "NEEDS_TACTICS" => "NEEDS_TACTICS",
        "DECIDED" => "DECIDED",
        _ => "NEEDS_TWO",
    }
}

/// `propose --search N` adds the search's best moves: N playouts, five
/// moves whose visits add up to at most N, each with a principal
/// variation that starts with the move.
#[test]
fn propose_with_search_lists_the_search_moves() {
    let tesuji = env!("CARGO_BIN_EXE_tesuji");
    let output = Command::new(tesuji)
        .args(["propose", "--search", "500"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let (_, search) = text
        .split_once("search for black: 500 playouts")
        .expect(&text);
    let rows: Vec<Vec<&str>> = search
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 5, "{search}");
    let visits: u32 = rows.iter().map(|r| r[1].parse::<u32>().unwrap()).sum();
    assert!(visits <= 500, "{search}");
    for row in &rows {
        assert_eq!(row[0], row[3], "{search}");
        assert!(row[2].ends_with('%'));
    }
}
