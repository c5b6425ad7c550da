//! GTP `loadsgf FILE N` semantics on small hand-written games: the colour
//! to move, handicap placement, captures, suicide, the ko point, GNU Go's
//! skipping of bad setup stones, the errors and the tolerated damage.

use std::path::Path;

use goban::{Color, Point};
use sgf::game::Played;
use sgf::{LoadError, Position, load_sgf_text};

fn load(text: &str, n: Option<u32>) -> Result<Position, LoadError> {
    load_sgf_text(text, Path::new("test.sgf"), n)
}

#[test]
fn move_n_colour_and_stop_before_it() {
    let p = load("(;SZ[9];B[ee];W[cc];B[gg])", Some(3)).unwrap();
    assert_eq!(p.moves_played(), 2);
    assert_eq!(p.to_move, Color::Black);
    assert_eq!(p.board.rows_text()[2], "..O......");
    // Two moves by the same colour: the colour of move N wins.
    let p = load("(;SZ[9];B[ee];B[cc])", Some(2)).unwrap();
    assert_eq!(p.to_move, Color::Black);
}

#[test]
fn the_replayed_moves_are_kept_in_order_with_their_colours() {
    // Setup stones are not moves; `tt` and an empty value are passes; two
    // moves by one colour keep that colour.
    let p = load("(;SZ[9]AB[aa];B[ee];W[tt];B[cc];B[];W[gg])", None).unwrap();
    let moves = [
        (Color::Black, Played::Point(Point::new(4, 4))),
        (Color::White, Played::Pass),
        (Color::Black, Played::Point(Point::new(2, 2))),
        (Color::Black, Played::Pass),
        (Color::White, Played::Point(Point::new(6, 6))),
    ];
    assert_eq!(p.moves, moves);
    assert_eq!(p.moves_played(), 5);
    assert_eq!(
        load("(;SZ[9]AB[aa];B[ee];W[tt];B[cc])", Some(3))
            .unwrap()
            .moves,
        moves[..2]
    );
}

#[test]
fn setup_only_uses_pl_then_handicap_then_black() {
    assert_eq!(
        load("(;SZ[9]AB[ee])", Some(1)).unwrap().to_move,
        Color::Black
    );
    assert_eq!(
        load("(;SZ[9]AB[ee]PL[W])", Some(1)).unwrap().to_move,
        Color::White
    );
    assert_eq!(
        load("(;SZ[9]HA[2]AB[cc][gg])", Some(1)).unwrap().to_move,
        Color::White
    );
}

#[test]
fn handicap_without_setup_stones_is_placed_before_white_moves() {
    let p = load("(;SZ[9]HA[2];W[ee])", None).unwrap();
    let rows = p.board.rows_text();
    assert_eq!(
        rows.iter().map(|r| r.matches('X').count()).sum::<usize>(),
        2
    );
    assert_eq!(&rows[4][4..5], "O");
    assert_eq!(p.handicap, 2);
}

#[test]
fn captures_and_ko_point() {
    // Black captures the white stone at C2 (c b in SGF) and gets a ko.
    let sgf = "(;SZ[5]AB[bb][ac][bd]AW[cb][dc][cd][bc];B[cc])";
    let p = load(sgf, None).unwrap();
    assert_eq!(p.white_captured, 1);
    assert_eq!(p.ko.map(|k| k.to_gtp(5)).as_deref(), Some("B3"));
    // A pass clears it.
    let p = load("(;SZ[5]AB[bb][ac][bd]AW[cb][dc][cd][bc];B[cc];W[])", None).unwrap();
    assert_eq!(p.ko, None);
}

#[test]
fn setup_stones_on_occupied_or_off_board_points_are_skipped_like_gnugo() {
    let p = load("(;SZ[5]AB[aa][zz]AW[aa][bb];AE[bb])", None).unwrap();
    let rows = p.board.rows_text();
    assert_eq!(rows[0], "X....");
    // AE is ignored, as GNU Go ignores it.
    assert_eq!(rows[1], ".O...");
}

#[test]
fn suicide_removes_the_string() {
    let p = load("(;SZ[5]AB[ba][ab];W[aa])", None).unwrap();
    assert_eq!(p.white_captured, 1);
    assert_eq!(&p.board.rows_text()[0][0..1], ".");
}

#[test]
fn malformed_and_illegal_sgf_give_file_node_and_cause() {
    let err = load("(;SZ[9];B[ee", None).unwrap_err().to_string();
    assert!(err.starts_with("test.sgf: not valid SGF"), "{err}");
    // A move on an occupied point ends the replay with a warning, as in
    // GNU Go 3.8 (`Move at E5 ignored, trying to proceed.`, then the
    // position before that move, its colour to play, the moves after it
    // not played).
    let p = load("(;SZ[9];B[ee];W[ee];B[cc])", None).unwrap();
    assert_eq!(
        p.warning.as_deref(),
        Some("test.sgf: node 2: move 2 (W E5) on an occupied point; loaded the position before it")
    );
    assert_eq!((p.moves_played(), p.to_move), (1, Color::White));
    assert_eq!(p.board.stone_count(Color::Black), 1);
    assert_eq!(load("(;SZ[9];B[ee];W[dd])", None).unwrap().warning, None);
    let err = load("(;SZ[30])", None).unwrap_err().to_string();
    assert!(err.starts_with("test.sgf: node 0:"), "{err}");
    let err = load("(;SZ[5];B[hh])", None).unwrap_err().to_string();
    assert_eq!(err, "test.sgf: node 1: move 1 B[hh] off the board");
}

#[test]
fn tolerated_damage_byte_order_mark_empty_node_missing_paren() {
    let p = load("\u{feff}(;SZ[9];B[ee];)", None).unwrap();
    assert_eq!(p.moves_played(), 1);
    let p = load("(;SZ[9]C[a ;) comment];B[ee]", None).unwrap();
    assert_eq!(p.moves_played(), 1);
}

#[test]
fn il_marks_a_ko_capture_as_the_ko_point() {
    // White C4 (cb) is north of C3 (cc); Black at C3 would capture exactly
    // the white stone B3 (bc), every neighbour being white.
    let sgf = "(;SZ[5]AB[bb][ac][bd]AW[cb][dc][cd][bc]IL[cc])";
    let p = load(sgf, None).unwrap();
    assert_eq!(p.ko.map(|k| k.to_gtp(5)).as_deref(), Some("C3"));
    // No ko capture there: no ko point.
    let p = load("(;SZ[5]AB[bb][ac][bd]AW[cb][dc][cd]IL[cc])", None).unwrap();
    assert_eq!(p.ko, None);
    let err = load("(;SZ[5]IL[C3])", None).unwrap_err().to_string();
    assert_eq!(err, "test.sgf: node 0: invalid point IL[C3]");
}

#[test]
fn handicap_on_boards_too_small_for_fixed_stones_places_none() {
    // Regression: the fixed placement used to compute its far line before
    // noticing that a 2×2 board takes no handicap stones.
    for size in 2..7 {
        let p = load(&format!("(;SZ[{size}]HA[2];W[aa])"), None);
        let p = p.unwrap_or_else(|e| panic!("{size}: {e}"));
        assert_eq!(p.handicap, 0, "{size}");
    }
}

#[test]
fn loading_stops_before_the_first_move_at_a_vertex_as_gnugo_does() {
    use sgf::{StopAt, load_sgf_text_at};
    let text = "(;SZ[9];B[ee];W[dd];B[cc];W[ff])";
    let at = |vertex: &str| {
        load_sgf_text_at(
            text,
            Path::new("t.sgf"),
            &StopAt::FirstMoveAt(vertex.into()),
        )
        .unwrap()
    };
    // GNU Go 3.8: `loadsgf FILE D6` answers `white` (one move played),
    // `E5` and `e5` `black` on an empty board, `C3` (never played), `Z9`
    // and `pass` load the whole game.
    assert_eq!(
        (at("D6").moves_played(), at("D6").to_move),
        (1, Color::White)
    );
    assert_eq!(at("E5").moves_played(), 0);
    assert_eq!(at("e5").moves_played(), 0);
    for whole in ["C3", "Z9", "pass"] {
        assert_eq!(at(whole).moves_played(), 4, "{whole}");
    }
    // Move number 0 loads the whole game, as GNU Go's `loadsgf FILE 0`.
    let whole = load_sgf_text_at(text, Path::new("t.sgf"), &StopAt::MoveNumber(0)).unwrap();
    assert_eq!(whole.moves_played(), 4);
}

#[test]
fn file_errors_say_why() {
    use sgf::{StopAt, load_sgf_file_at};
    let dir = std::env::temp_dir().join(format!("tesuji-sgf-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = load_sgf_file_at(&dir.join("none.sgf"), &StopAt::End).unwrap_err();
    assert!(matches!(missing, LoadError::Missing { .. }), "{missing}");
    assert!(
        missing
            .to_string()
            .ends_with("none.sgf: cannot read: no such file"),
        "{missing}"
    );
    let directory = load_sgf_file_at(&dir, &StopAt::End).unwrap_err();
    assert!(
        matches!(directory, LoadError::NotAFile { .. }),
        "{directory}"
    );
    let truncated = dir.join("truncated.sgf");
    std::fs::write(&truncated, "(;SZ[9]\n;B[ee];W[dd").unwrap();
    let syntax = load_sgf_file_at(&truncated, &StopAt::End)
        .unwrap_err()
        .to_string();
    assert!(
        syntax.contains("not valid SGF") && syntax.contains("line 2"),
        "{syntax}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
