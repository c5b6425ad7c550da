//! Games read from SGF, position by position (`tesuji stats`, `tesuji
//! annotate`, tests): the SGF files of a collection (directories searched
//! recursively), and the replay of one game move by move.
//!
//! **The positions of a game** are those GTP `loadsgf FILE N` gives for
//! N = 1 … M (M moves on the main line, passes included), each the
//! position on which move N was chosen with the colour of move N to move,
//! followed by the final position (`loadsgf FILE`: after the last move,
//! the colour to move as the loader says), where the game's next move
//! would be asked for. A file of setup stones only has that one position.
//! Every position is loaded by [`load_sgf_text`] itself, so a position
//! here is exactly what `tesuji match FILE --move N` (or without `--move`
//! for the final one) matches on; [`Game::for_each_position`] gives them
//! all from one replay ([`replay_sgf_text`]), [`Game::position`] one
//! by loading it alone.

use std::path::{Path, PathBuf};

use goban::Point;

use crate::{Position, load_sgf_text, replay_sgf_text};

/// Every SGF file under `paths`, in a fixed order: a file is taken as
/// given (whatever its name), a directory contributes its `*.sgf` files
/// (any case) recursively; the list is sorted and without duplicates.
/// A path that does not exist, or a directory that cannot be listed, is an
/// error naming it.
pub fn collect_sgf_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        let metadata =
            std::fs::metadata(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        if metadata.is_dir() {
            walk(path, &mut files)?;
        } else {
            files.push(path.clone());
        }
    }
    files.sort();
    files.dedup();
    Ok(files)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot list: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: cannot list: {e}", dir.display()))?;
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if kind.is_dir() {
            walk(&path, files)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            files.push(path);
        }
    }
    Ok(())
}

/// The move a player made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// A stone at this point.
    Point(Point),
    /// A pass.
    Pass,
}

/// One position of a game (see the module documentation).
#[derive(Debug, Clone)]
pub struct GamePosition {
    /// N: the position is the one before move N (M + 1 for the final one).
    pub number: u32,
    /// The position, as `loadsgf FILE N` leaves it.
    pub position: Position,
    /// Move N as played (`None` for the final position).
    pub played: Option<Played>,
}

/// A game read from SGF, ready to give its positions.
#[derive(Debug, Clone)]
pub struct Game {
    /// The file, for messages.
    pub file: PathBuf,
    text: String,
    /// The main line's moves, in order.
    pub moves: Vec<Played>,
}

impl Game {
    /// Reads `file` (bytes as the loader reads them: not UTF-8 is read
    /// lossily) and checks that its whole main line replays.
    pub fn read(file: &Path) -> Result<Game, String> {
        let bytes =
            std::fs::read(file).map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
        Game::from_text(String::from_utf8_lossy(&bytes).into_owned(), file)
    }

    /// A game from SGF `text`, named `file` in messages.
    pub fn from_text(text: String, file: &Path) -> Result<Game, String> {
        let last = load_sgf_text(&text, file, None).map_err(|e| e.to_string())?;
        // A game that GTP `loadsgf` loads only in part (a move on an
        // occupied point) is refused here: its positions would be wrong.
        if let Some(warning) = last.warning {
            return Err(warning);
        }
        let moves = last.moves.iter().map(|&(_, played)| played).collect();
        Ok(Game {
            file: file.to_path_buf(),
            text,
            moves,
        })
    }

    /// The number of positions: one per move, and the final one.
    pub fn position_count(&self) -> usize {
        self.moves.len() + 1
    }

    /// Position `number` (1 … M + 1, see [`GamePosition`]).
    pub fn position(&self, number: u32) -> Result<GamePosition, String> {
        let index = number as usize;
        if index == 0 || index > self.position_count() {
            return Err(format!(
                "{}: no position {number} (the game has {} moves)",
                self.file.display(),
                self.moves.len()
            ));
        }
        let played = self.moves.get(index - 1).copied();
        let stop = played.map(|_| number);
        let position = load_sgf_text(&self.text, &self.file, stop).map_err(|e| e.to_string())?;
        Ok(GamePosition {
            number,
            position,
            played,
        })
    }

    /// Calls `visit` with every position, in order, from one replay
    /// (`sgf::replay_sgf_text`; each equals [`Game::position`]'s).
    pub fn for_each_position(&self, visit: &mut dyn FnMut(GamePosition)) -> Result<(), String> {
        let mut number = 0u32;
        let last = replay_sgf_text(&self.text, &self.file, &mut |position| {
            number += 1;
            visit(GamePosition {
                number,
                position,
                played: self.moves.get(number as usize - 1).copied(),
            });
        })
        .map_err(|e| e.to_string())?;
        visit(GamePosition {
            number: number + 1,
            position: last,
            played: None,
        });
        Ok(())
    }

    /// Every position, in order.
    pub fn positions(&self) -> Result<Vec<GamePosition>, String> {
        let mut positions = Vec::with_capacity(self.position_count());
        self.for_each_position(&mut |p| positions.push(p))?;
        Ok(positions)
    }

    /// The SGF text as read.
    pub fn text(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_the_loader_positions_before_each_move_then_the_final_one() {
        let text = "(;SZ[9];B[ee];W[cc];B[];W[gg])".to_string();
        let game = Game::from_text(text, Path::new("t.sgf")).unwrap();
        assert_eq!(
            game.moves,
            [
                Played::Point(Point::new(4, 4)),
                Played::Point(Point::new(2, 2)),
                Played::Pass,
                Played::Point(Point::new(6, 6)),
            ]
        );
        let positions: Vec<GamePosition> = game.positions().unwrap();
        assert_eq!(positions.len(), 5);
        for (k, p) in positions.iter().enumerate() {
            assert_eq!(p.position.moves_played() as usize, k);
            assert_eq!(p.number as usize, k + 1);
            let alone = game.position(p.number).unwrap();
            assert_eq!(alone.position, p.position);
            assert_eq!(alone.played, p.played);
        }
        assert_eq!(positions[1].position.to_move, goban::Color::White);
        assert_eq!(positions[2].position.to_move, goban::Color::Black);
        assert_eq!(positions[4].played, None);
        assert!(game.position(6).is_err());
        assert!(game.position(0).is_err());
    }

    #[test]
    fn a_game_that_does_not_replay_is_an_error_with_its_cause() {
        let error =
            Game::from_text("(;SZ[9];B[ee];W[ee])".into(), Path::new("bad.sgf")).unwrap_err();
        assert!(
            error.contains("bad.sgf") && error.contains("occupied"),
            "{error}"
        );
        let error = Game::from_text("not sgf".into(), Path::new("x.sgf")).unwrap_err();
        assert!(error.contains("x.sgf"), "{error}");
    }
}
