//! The last step of `genmove`, apart from how moves are ranked: the first
//! ranked point that is legal and repeats no whole-board position of the
//! game (positional superko on the engine's own choice, whatever the ko
//! rule allows), else a fallback point, else a pass. Any ranking can end
//! with [`choose_move`].
//!
//! The fallback, for when the ranking proposes nothing playable (an empty
//! board, an endgame the patterns do not cover), is a legal point that
//! does not fill one of the mover's own eyes and does not put the mover's
//! new string in atari without capturing, ordered: captures first, then
//! points nearest the preferred line (the fourth line, or the middle of a
//! board too small for it), then board order. It is deterministic.

use goban::{Board, Cell, Color, Point, Vertex};
use rules::{Game, Move};

/// The whole-board positions of a game (stone hashes, as
/// [`Board::hash`]), the first one the game started from.
#[derive(Debug, Clone, Default)]
pub struct PositionHistory {
    hashes: Vec<u64>,
}

impl PositionHistory {
    /// A history that starts at `board`.
    pub fn starting_at(board: &Board) -> PositionHistory {
        PositionHistory {
            hashes: vec![board.hash()],
        }
    }

    /// Records the position after a move.
    pub fn push(&mut self, board: &Board) {
        self.hashes.push(board.hash());
    }

    /// Forgets the position of the last move (for `undo`).
    pub fn pop(&mut self) {
        if self.hashes.len() > 1 {
            self.hashes.pop();
        }
    }

    /// Whether the game has had this position.
    pub fn contains(&self, board: &Board) -> bool {
        self.hashes.contains(&board.hash())
    }
}

/// The move for `color` on `board`: the first of `ranked` that is `legal`
/// (under the game's rules) and leads to a position not in `history`, else
/// [`fallback_points`]' first such point, else a pass.
pub fn choose_move(
    board: &Board,
    color: Color,
    ranked: impl IntoIterator<Item = Vertex>,
    history: &PositionHistory,
    legal: impl Fn(Vertex) -> bool,
) -> Move {
    let playable = |v: Vertex| legal(v) && !repeats_position(board, color, v, history);
    ranked
        .into_iter()
        .find(|&v| playable(v))
        .or_else(|| {
            fallback_points(board, color)
                .into_iter()
                .find(|&v| playable(v))
        })
        .map_or(Move::Pass, Move::Play)
}

/// [`choose_move`] on `game`'s board with its rules' legality.
pub fn choose_game_move(
    game: &Game,
    color: Color,
    ranked: impl IntoIterator<Item = Vertex>,
    history: &PositionHistory,
) -> Move {
    choose_move(game.board(), color, ranked, history, |v| {
        game.is_legal(color, Move::Play(v))
    })
}

/// Whether `color` at `v` makes a position the game has had.
fn repeats_position(board: &Board, color: Color, v: Vertex, history: &PositionHistory) -> bool {
    let mut after = board.clone();
    after.play(color, v);
    history.contains(&after)
}

/// The empty points `color` may sensibly play on `board` when nothing
/// better is known, best first: not an own eye, not a self-atari that
/// captures nothing; captures first, then the points nearest the
/// preferred line, then board order. Legality under the rules is the
/// caller's to check.
pub fn fallback_points(board: &Board, color: Color) -> Vec<Vertex> {
    let geometry = board.geometry();
    let (width, height) = (geometry.width(), geometry.height());
    let preferred_line = 3.min((width.min(height) - 1) / 2);
    let mut points: Vec<(bool, usize, Point, Vertex)> = geometry
        .points()
        .filter_map(|p| {
            let v = geometry.vertex(p)?;
            if board.cell(v) != Cell::Empty || is_own_eye(board, color, p) {
                return None;
            }
            let captures = board.capture_count(color, v);
            if captures == 0 && board.liberties_after(color, v) <= 1 {
                return None;
            }
            let (i, j) = (usize::from(p.i), usize::from(p.j));
            let line = i.min(j).min(height - 1 - i).min(width - 1 - j);
            Some((captures == 0, line.abs_diff(preferred_line), p, v))
        })
        .collect();
    points.sort();
    points.into_iter().map(|(.., v)| v).collect()
}

/// Whether the empty point `p` is an eye of `color`: every neighbour on
/// the board is a `color` stone, and the opponent holds at most one of
/// its diagonal points (none on the edge).
fn is_own_eye(board: &Board, color: Color, p: Point) -> bool {
    let at = |di: i32, dj: i32| {
        let (i, j) = (i32::from(p.i) + di, i32::from(p.j) + dj);
        if i < 0 || j < 0 || i > 255 || j > 255 {
            return Cell::OffBoard;
        }
        board.at(Point::new(i as u8, j as u8))
    };
    let own = color.stone();
    let neighbours = [at(-1, 0), at(1, 0), at(0, -1), at(0, 1)];
    if !neighbours.iter().all(|&c| c == own || c == Cell::OffBoard) {
        return false;
    }
    let diagonals = [at(-1, -1), at(-1, 1), at(1, -1), at(1, 1)];
    let on_edge = diagonals.contains(&Cell::OffBoard);
    let opponent = diagonals
        .iter()
        .filter(|&&c| c == color.other().stone())
        .count();
    opponent + usize::from(on_edge) < 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{Game, Rules};

    fn gnugo_game(board: Board, to_move: Color) -> Game {
        Game::new(board, Rules::preset("gnugo").unwrap(), to_move)
    }

    fn gtp(board: &Board, moves: &[Vertex]) -> Vec<String> {
        moves.iter().map(|&v| board.geometry().gtp(v)).collect()
    }

    #[test]
    fn an_empty_board_gets_a_move_at_every_size() {
        for size in 2..=25 {
            let board = Board::new(goban::Geometry::square(size).unwrap());
            let game = gnugo_game(board.clone(), Color::Black);
            let history = PositionHistory::starting_at(&board);
            assert!(
                matches!(
                    choose_game_move(&game, Color::Black, [], &history),
                    Move::Play(_)
                ),
                "{size}x{size}"
            );
        }
        // The fourth line first on 19×19.
        let board = Board::new(goban::Geometry::square(19).unwrap());
        assert_eq!(
            gtp(&board, &fallback_points(&board, Color::Black)[..1]),
            ["D16"]
        );
    }

    #[test]
    fn own_eyes_and_self_ataris_are_not_fallback_points() {
        // Black's eyes at A5 and C5.
        let board = Board::from_rows(&[
            ".X.X.", //
            "XXXX.", //
            ".....", //
            ".....", //
            ".....",
        ])
        .unwrap();
        let black = gtp(&board, &fallback_points(&board, Color::Black));
        assert!(!black.contains(&"A5".to_string()), "{black:?}");
        assert!(!black.contains(&"C5".to_string()), "{black:?}");
        assert!(black.contains(&"E5".to_string()), "{black:?}");
        // For White, E5 is a self-atari that captures nothing.
        let white = gtp(&board, &fallback_points(&board, Color::White));
        assert!(!white.contains(&"E5".to_string()), "{white:?}");
        assert!(white.contains(&"E1".to_string()), "{white:?}");
        // An eye in the middle, then the same point with two White
        // diagonal points: a false eye, which may be filled.
        let eye = Board::from_rows(&[
            ".....", //
            "..X..", //
            ".X.X.", //
            "..X..", //
            ".....",
        ])
        .unwrap();
        assert!(is_own_eye(&eye, Color::Black, Point::new(2, 2)));
        let false_eye = Board::from_rows(&[
            ".....", //
            ".OXO.", //
            ".X.X.", //
            "..X..", //
            ".....",
        ])
        .unwrap();
        assert!(!is_own_eye(&false_eye, Color::Black, Point::new(2, 2)));
        assert!(!is_own_eye(&eye, Color::White, Point::new(2, 2)));
    }

    #[test]
    fn a_move_that_repeats_a_position_of_the_game_is_skipped() {
        // A ko: Black takes at C4, White may not retake at B4 at once
        // under simple ko, but may after an exchange elsewhere; the
        // engine's own choice refuses it only when it would repeat a
        // position of the game.
        let before = Board::from_rows(&[
            ".XO..", //
            "XO.O.", //
            ".XO..", //
            ".....", //
            ".....",
        ])
        .unwrap();
        let geometry = before.geometry();
        let c4 = geometry.parse_gtp("C4").unwrap();
        let b4 = geometry.parse_gtp("B4").unwrap();
        let mut game = gnugo_game(before.clone(), Color::Black);
        let mut history = PositionHistory::starting_at(&before);
        game.play(Color::Black, Move::Play(c4)).unwrap();
        history.push(game.board());
        // White retaking at B4 at once is illegal under simple ko.
        assert!(!game.is_legal(Color::White, Move::Play(b4)));
        let a1 = geometry.parse_gtp("A1").unwrap();
        let e1 = geometry.parse_gtp("E1").unwrap();
        game.play(Color::White, Move::Play(a1)).unwrap();
        history.push(game.board());
        game.play(Color::Black, Move::Play(e1)).unwrap();
        history.push(game.board());
        // Now legal, and it makes a new position: chosen.
        assert!(game.is_legal(Color::White, Move::Play(b4)));
        assert_eq!(
            choose_game_move(&game, Color::White, [b4], &history),
            Move::Play(b4)
        );
        // Had the game been in the position the retake makes, it is
        // skipped for the next ranked point.
        let mut after = game.board().clone();
        after.play(Color::White, b4);
        history.push(&after);
        let d1 = geometry.parse_gtp("D1").unwrap();
        assert_eq!(
            choose_game_move(&game, Color::White, [b4, d1], &history),
            Move::Play(d1)
        );
    }
}
