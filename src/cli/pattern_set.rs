//! The shape databases of a run: the `loader` crate's (embedded, or GNU
//! Go's directory compiled at run time), re-exported for the subcommands.

pub use loader::gnugo_dir::*;

#[cfg(test)]
mod embedded_tests {
    use super::*;
    use matcher::PackedBoard;

    #[test]
    fn the_embedded_set_holds_every_own_database_and_finds_candidates() {
        let set = embedded();
        let own: Vec<&str> = ::patterns::DATABASES
            .iter()
            .map(|(module, _, _)| *module)
            .filter(|m| !m.starts_with("gnugo::"))
            .collect();
        for name in &own {
            assert!(set.shapes.iter().any(|s| s.name == *name), "{name}");
        }
        let position = crate::cli::propose::load(None, None).unwrap();
        let board = PackedBoard::try_from(&position.board).unwrap();
        let found = set.candidates(&board, position.to_move);
        assert!(!found.is_empty());
        for c in &found {
            let pattern = &set.shapes[c.db].db.patterns[c.pattern];
            assert!(pattern.has_move);
            assert_eq!(board.at(c.move_point), matcher::board::Cell::Empty);
        }
    }
}
