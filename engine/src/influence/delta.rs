//! The territorial value of a move (GNU Go's `influence_delta_territory`,
//! manual §13.4): the initial influence with the opponent to move, then
//! the influence after the move, again with the opponent to move, and the
//! change in the territory values between them, counted for the mover.
//!
//! After the move the new stone is a source, the stones it takes off the
//! board are gone, and the worms whose fate the move decides change status:
//! the ones it captures (by reading, still on the board) count as dead, the
//! ones it saves as alive; every other stone keeps the verdict it had.

use goban::{Board, Color, Point, Vertex};

use super::{InfluenceParams, InitialInfluence, PatternPass, StoneSafety};

/// A move and the status changes it brings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveChange<'a> {
    /// The colour that moves.
    pub color: Color,
    /// Where it plays.
    pub at: Vertex,
    /// A stone of every worm the move captures (by reading; the worms it
    /// takes off the board at once need not be listed).
    pub captures: &'a [Vertex],
    /// A stone of every worm the move saves.
    pub saves: &'a [Vertex],
}

/// Why a move has no territorial value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeltaError {
    /// The point is off the board or not empty.
    Occupied(String),
    /// The move would be suicide.
    Suicide(String),
}

impl std::fmt::Display for DeltaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeltaError::Occupied(v) => {
                write!(f, "cannot value a move at {v}: the point is not empty")
            }
            DeltaError::Suicide(v) => write!(f, "cannot value a move at {v}: it is suicide"),
        }
    }
}

impl std::error::Error for DeltaError {}

/// The board after `change` and the verdict on each of its stones:
/// `dead_before` for the stones that were there, alive for the new stone
/// and the saved worms, dead for the captured ones.
pub fn board_after_move(
    board: &Board,
    change: &MoveChange<'_>,
    dead_before: &dyn Fn(Point) -> bool,
) -> Result<(Board, Vec<bool>), DeltaError> {
    let geometry = board.geometry();
    let name = || geometry.gtp(change.at);
    if board.cell(change.at).color().is_some() {
        return Err(DeltaError::Occupied(name()));
    }
    if board.is_suicide(change.color, change.at) {
        return Err(DeltaError::Suicide(name()));
    }
    let mut after = board.clone();
    after.play(change.color, change.at);
    let mut dead: Vec<bool> = geometry
        .points()
        .map(|p| after.at(p).is_stone() && dead_before(p))
        .collect();
    let mut mark = |stones: &[Vertex], verdict: bool| {
        for &v in stones {
            if after.cell(v).color().is_some() {
                for s in after.string_stones(v) {
                    dead[geometry.point(s).i as usize * geometry.width()
                        + geometry.point(s).j as usize] = verdict;
                }
            }
        }
    };
    mark(&[change.at], false);
    mark(change.saves, false);
    mark(change.captures, true);
    Ok((after, dead))
}

/// The initial influence after `change`, with the opponent to move, each
/// remaining stone judged by `dead_before` and the changes of `change`
/// (with the pattern passes of `pass`, when given).
pub fn influence_after_move(
    board: &Board,
    change: &MoveChange<'_>,
    dead_before: &dyn Fn(Point) -> bool,
    params: &InfluenceParams,
    pass: Option<PatternPass<'_, '_>>,
) -> Result<InitialInfluence, DeltaError> {
    let (after, dead) = board_after_move(board, change, dead_before)?;
    let width = after.geometry().width();
    let safety = |p: Point| StoneSafety {
        dead: dead[usize::from(p.i) * width + usize::from(p.j)],
        ..StoneSafety::ALIVE
    };
    Ok(InitialInfluence::compute_with(
        &after,
        change.color.other(),
        &safety,
        params,
        pass,
    ))
}

/// The change of expected territory for `color` from `before` to `after`
/// (both with the same colour to move): the territory values' change
/// summed over the board, white positive, turned to `color`'s side.
pub fn territory_delta(before: &InitialInfluence, after: &InitialInfluence, color: Color) -> f32 {
    let sign = if color == Color::White { 1.0 } else { -1.0 };
    let change: f32 = after
        .territory
        .iter()
        .zip(&before.territory)
        .map(|(a, b)| a - b)
        .sum();
    sign * change
}

/// The territorial value of `change` on `board` for the mover, without
/// the pattern passes: the influence with the opponent to move before and
/// after the move (stones judged by `dead_before`), compared.
pub fn move_territory_delta(
    board: &Board,
    change: &MoveChange<'_>,
    dead_before: &dyn Fn(Point) -> bool,
    params: &InfluenceParams,
) -> Result<f32, DeltaError> {
    let safety = |p: Point| StoneSafety {
        dead: dead_before(p),
        ..StoneSafety::ALIVE
    };
    let before = InitialInfluence::compute(board, change.color.other(), &safety, params);
    let after = influence_after_move(board, change, dead_before, params, None)?;
    Ok(territory_delta(&before, &after, change.color))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn delta(rows: &[&str], color: Color, gtp: &str, captures: &[&str]) -> f32 {
        let board = Board::from_rows(rows).expect("board");
        let geometry = board.geometry();
        let v = |s: &str| geometry.parse_gtp(s).expect("vertex");
        let captures: Vec<Vertex> = captures.iter().map(|s| v(s)).collect();
        let change = MoveChange {
            color,
            at: v(gtp),
            captures: &captures,
            saves: &[],
        };
        move_territory_delta(&board, &change, &|_| false, &InfluenceParams::default())
            .expect("legal")
    }

    const WALLS: [&str; 9] = [
        "..O......",
        "..O......",
        "..O......",
        "OOO......",
        ".........",
        "......XXX",
        "......X..",
        "......X..",
        "......X..",
    ];

    #[test]
    fn a_move_inside_secure_territory_gains_nothing() {
        // The stone's own point stops counting as territory: one point lost.
        let inside = delta(&WALLS, Color::White, "A9", &[]);
        assert!((-1.01..=0.01).contains(&inside), "{inside}");
        let open = delta(&WALLS, Color::White, "E5", &[]);
        assert!(open > 2.0, "{open}");
    }

    #[test]
    fn mirrored_positions_give_mirrored_deltas() {
        let mirrored: Vec<String> = WALLS
            .iter()
            .rev()
            .map(|row| {
                row.chars()
                    .rev()
                    .map(|c| match c {
                        'O' => 'X',
                        'X' => 'O',
                        c => c,
                    })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = mirrored.iter().map(String::as_str).collect();
        for (at, image) in [("E5", "E5"), ("D6", "F4"), ("B2", "H8")] {
            let a = delta(&WALLS, Color::White, at, &[]);
            let b = delta(&rows, Color::Black, image, &[]);
            assert!((a - b).abs() < 1e-3, "{at}: {a} against {b}");
        }
    }

    #[test]
    fn capturing_a_group_gains_its_surroundings_and_stones() {
        let rows = [
            ".........",
            ".........",
            "..OOOO...",
            ".OXXXXO..",
            ".OX..XO..",
            ".OXXXXO..",
            "..OOO....",
            ".........",
            ".........",
        ];
        let with_capture = delta(&rows, Color::White, "F3", &["C5"]);
        let without = delta(&rows, Color::White, "F3", &[]);
        assert!(
            with_capture > without + 10.0,
            "{with_capture} against {without}"
        );
    }

    #[test]
    fn an_occupied_point_is_an_error() {
        let board = Board::from_rows(&WALLS).expect("board");
        let at = board.geometry().parse_gtp("C9").expect("vertex");
        let change = MoveChange {
            color: Color::Black,
            at,
            captures: &[],
            saves: &[],
        };
        let error = move_territory_delta(&board, &change, &|_| false, &InfluenceParams::default())
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot value a move at C9: the point is not empty"
        );
    }
}
