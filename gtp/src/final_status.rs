//! `final_status_list`'s estimate of which stones are dead at the end of a
//! game, from what the engine knows without owl reading (GNU Go runs its
//! whole evaluation; this is a cheaper estimate). A worm is:
//!
//! 1. what its unconditional status says, when that is `alive` or `dead`
//!    (`tactics::unconditional`: alive even if the opponent plays any
//!    number of moves in a row, or inside such territory);
//! 2. else dead when tactical reading captures it (attack code WIN) and
//!    finds no defence;
//! 3. else dead when a plain flood fill finds no room for two eyes: the
//!    points reachable from the worm through its own stones and empty
//!    points hold fewer than [`MIN_EYE_ROOM`] empty points, and fewer than
//!    two of their empty areas are enclosed by its colour alone;
//! 4. else alive.
//!
//! A dragon is dead when all its worms are. Seki is not recognised: the
//! `seki` list is always empty.

use std::collections::HashSet;

use goban::{Board, Cell, Color, Vertex};
use tactics::Code;
use tactics::unconditional::UnconditionalStatus;
use tactics::worms::Worm;

/// The fewest empty points around a worm that the flood fill takes for
/// room enough to make two eyes.
pub const MIN_EYE_ROOM: usize = 7;

/// Whether `worm` is estimated dead on `board`.
pub fn worm_is_dead(board: &Board, worm: &Worm) -> bool {
    match worm.unconditional_status {
        UnconditionalStatus::Alive => return false,
        UnconditionalStatus::Dead => return true,
        _ => {}
    }
    if worm.attack.code == Code::Win && worm.defense.code == Code::Fail {
        return true;
    }
    !has_eye_room(board, worm.color, &worm.stones)
}

/// The flood fill: whether the region reachable from `stones` through
/// `color` stones and empty points has room for two eyes.
fn has_eye_room(board: &Board, color: Color, stones: &[Vertex]) -> bool {
    let own = color.stone();
    let mut in_region: HashSet<Vertex> = stones.iter().copied().collect();
    let mut stack: Vec<Vertex> = stones.to_vec();
    let mut empty = Vec::new();
    while let Some(v) = stack.pop() {
        if board.cell(v) == Cell::Empty {
            empty.push(v);
        }
        for n in board.neighbours(v) {
            let cell = board.cell(n);
            if (cell == own || cell == Cell::Empty) && in_region.insert(n) {
                stack.push(n);
            }
        }
    }
    if empty.len() >= MIN_EYE_ROOM {
        return true;
    }
    // Empty areas enclosed by `color` alone (each a possible eye).
    let mut seen: HashSet<Vertex> = HashSet::new();
    let mut enclosed = 0;
    for &start in &empty {
        if !seen.insert(start) {
            continue;
        }
        let mut area = vec![start];
        let mut only_own = true;
        while let Some(v) = area.pop() {
            for n in board.neighbours(v) {
                match board.cell(n) {
                    Cell::Empty if seen.insert(n) => area.push(n),
                    Cell::Empty => {}
                    cell if cell == own => {}
                    _ => only_own = false,
                }
            }
        }
        enclosed += usize::from(only_own);
    }
    enclosed >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stones_at(board: &Board, names: &[&str]) -> Vec<Vertex> {
        names
            .iter()
            .map(|n| board.geometry().parse_gtp(n).unwrap())
            .collect()
    }

    #[test]
    fn the_flood_fill_sees_two_eyes_or_room_for_them() {
        // Black's corner group with two one-point eyes (A5, C5), shut in
        // by White: alive.
        let board = Board::from_rows(&[
            ".X.XO", //
            "XXXXO", //
            "OOOOO", //
            ".....", //
            ".....",
        ])
        .unwrap();
        let black = stones_at(&board, &["B5"]);
        assert!(has_eye_room(&board, Color::Black, &black));
        // One eye only: no room.
        let board = Board::from_rows(&[
            ".XXXO", //
            "XXXXO", //
            "OOOOO", //
            ".....", //
            ".....",
        ])
        .unwrap();
        assert!(!has_eye_room(
            &board,
            Color::Black,
            &stones_at(&board, &["B5"])
        ));
        // The White wall has the open board.
        assert!(has_eye_room(
            &board,
            Color::White,
            &stones_at(&board, &["E5"])
        ));
    }
}
