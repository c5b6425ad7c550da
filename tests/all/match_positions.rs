//! Position loading from SGF with GTP `loadsgf FILE N` semantics, checked
//! against the boards GNU Go stored for the 60 public positions, and a
//! smoke test over every SGF of the position corpus. The loader's unit
//! tests live with it in `sgf/tests/loadsgf.rs`.

use crate::common;

use sgf::load_sgf_file;

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
        let ko = loaded.ko.map(|k| k.to_gtp(loaded.size()));
        assert_eq!(ko.as_deref(), p.json["ko"].as_str(), "{}: ko", p.id);
        let field = |key: &str| p.json[key].as_u64().unwrap() as u32;
        assert_eq!(loaded.moves_played(), field("moves_played"), "{}", p.id);
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
        let half = whole.moves_played() / 2 + 1;
        let part = load_sgf_file(file, Some(half)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(part.moves_played(), half - 1, "{}", file.display());
    }
}
