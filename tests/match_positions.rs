//! Position loading from SGF with GTP `loadsgf FILE N` semantics, checked
//! against the boards GNU Go stored for the 60 public positions, and a
//! smoke test over every SGF of the position corpus.

mod common;

use std::path::Path;

use tesuji::position::{LoadError, load_sgf_file, load_sgf_text};

#[test]
fn public_positions_load_exactly_as_gnugo_loads_them() {
    let shared = testkit::require_shared!();
    let positions = common::public_positions(&shared);
    assert_eq!(positions.len(), 60);
    for p in &positions {
        let loaded = common::load(p);
        let rows: Vec<String> = p.json["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        assert_eq!(loaded.board.rows_text(), rows, "{}: board", p.id);
        assert_eq!(
            loaded.to_move.letter().to_string(),
            p.json["to_move"].as_str().unwrap(),
            "{}: to_move",
            p.id
        );
        let ko = loaded.ko.map(|k| k.to_gtp(loaded.board.size()));
        assert_eq!(ko.as_deref(), p.json["ko"].as_str(), "{}: ko", p.id);
        let field = |key: &str| p.json[key].as_u64().unwrap() as u32;
        assert_eq!(loaded.moves_played, field("moves_played"), "{}", p.id);
        assert_eq!(loaded.handicap, field("handicap"), "{}", p.id);
        assert_eq!(loaded.black_captured, field("black_captured"), "{}", p.id);
        assert_eq!(loaded.white_captured, field("white_captured"), "{}", p.id);
    }
}

#[test]
fn every_corpus_position_loads_to_the_end_and_part_way() {
    let shared = testkit::require_shared!();
    let mut files: Vec<_> = std::fs::read_dir(testkit::positions_dir(&shared))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert!(files.len() > 400);
    for file in &files {
        let whole = load_sgf_file(file, None).unwrap_or_else(|e| panic!("{e}"));
        let half = whole.moves_played / 2 + 1;
        let part = load_sgf_file(file, Some(half)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(part.moves_played, half - 1, "{}", file.display());
    }
}

fn load(text: &str, n: Option<u32>) -> Result<tesuji::position::Position, LoadError> {
    load_sgf_text(text, Path::new("test.sgf"), n)
}

#[test]
fn move_n_colour_and_stop_before_it() {
    let p = load("(;SZ[9];B[ee];W[cc];B[gg])", Some(3)).unwrap();
    assert_eq!(p.moves_played, 2);
    assert_eq!(p.to_move, matcher::board::Color::Black);
    assert_eq!(p.board.rows_text()[2], "..O......");
    // Two moves by the same colour: the colour of move N wins.
    let p = load("(;SZ[9];B[ee];B[cc])", Some(2)).unwrap();
    assert_eq!(p.to_move, matcher::board::Color::Black);
}

#[test]
fn setup_only_uses_pl_then_handicap_then_black() {
    use matcher::board::Color;
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
    let err = load("(;SZ[9];B[ee];W[ee])", None).unwrap_err().to_string();
    assert_eq!(err, "test.sgf: node 2: move W E5 on an occupied point");
    let err = load("(;SZ[30])", None).unwrap_err().to_string();
    assert!(err.starts_with("test.sgf: node 0:"), "{err}");
    let err = load("(;SZ[5];B[hh])", None).unwrap_err().to_string();
    assert!(err.starts_with("test.sgf: node 1: move"), "{err}");
}

#[test]
fn tolerated_damage_byte_order_mark_empty_node_missing_paren() {
    let p = load("\u{feff}(;SZ[9];B[ee];)", None).unwrap();
    assert_eq!(p.moves_played, 1);
    let p = load("(;SZ[9]C[a ;) comment];B[ee]", None).unwrap();
    assert_eq!(p.moves_played, 1);
}
