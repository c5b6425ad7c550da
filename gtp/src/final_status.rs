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
//! A dragon is dead by its status when the engine's analysis knows it
//! ([`dragon_is_dead`]: `dead`; `alive` and `critical` count alive), else
//! when all its worms are estimated dead. Seki is not recognised: the
//! `seki` list is always empty. [`final_score`] scores the board with the
//! dead stones removed, by area or by territory.

use std::collections::HashSet;

use goban::{Board, Cell, Color, Vertex};
use matcher::scan::DragonStatus;
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

/// Whether a dragon is dead: by its `status` when the analysis knows it,
/// else by `estimate` (all its worms estimated dead).
pub fn dragon_is_dead(status: Option<DragonStatus>, estimate: impl FnOnce() -> bool) -> bool {
    match status {
        Some(DragonStatus::Dead) => true,
        Some(DragonStatus::Alive | DragonStatus::Critical) => false,
        Some(DragonStatus::Unknown) | None => estimate(),
    }
}

/// What [`final_score`] counts.
#[derive(Debug, Clone, Copy)]
pub struct ScoreInputs<'a> {
    /// The board at the end of the game.
    pub board: &'a Board,
    /// The stones taken for dead (removed before counting).
    pub dead: &'a [Vertex],
    /// Stones captured during the game by Black and by White.
    pub captured: [usize; 2],
    /// White's compensation.
    pub komi: f64,
    /// Area scoring (stones and territory) rather than territory scoring
    /// (territory and prisoners).
    pub area: bool,
}

/// The final score, White minus Black: the board with the dead stones
/// removed (prisoners of the other colour), every empty region that
/// touches stones of one colour only counted for it, plus the stones on
/// the board (area) or the prisoners (territory), plus komi.
pub fn final_score(inputs: ScoreInputs<'_>) -> f64 {
    let board = inputs.board;
    let dead: HashSet<Vertex> = inputs.dead.iter().copied().collect();
    // The colour of the stone at a point, dead stones taken off.
    let stone = |v: Vertex| board.cell(v).color().filter(|_| !dead.contains(&v));
    let mut prisoners = inputs.captured;
    for &v in &dead {
        if let Some(color) = board.cell(v).color() {
            prisoners[color.other().index()] += 1;
        }
    }
    let mut points = [0usize; 2];
    let mut seen: HashSet<Vertex> = HashSet::new();
    for v in board.geometry().board_vertices() {
        match stone(v) {
            Some(color) if inputs.area => points[color.index()] += 1,
            Some(_) => {}
            None if seen.insert(v) => {
                // The empty region at `v`: its size and the colours it touches.
                let (mut stack, mut size, mut touches) = (vec![v], 0, [false; 2]);
                while let Some(p) = stack.pop() {
                    size += 1;
                    for n in board.neighbours(p) {
                        match stone(n) {
                            Some(color) => touches[color.index()] = true,
                            None if seen.insert(n) => stack.push(n),
                            None => {}
                        }
                    }
                }
                if let Some(color) = Color::BOTH
                    .into_iter()
                    .find(|c| touches[c.index()] && !touches[c.other().index()])
                {
                    points[color.index()] += size;
                }
            }
            None => {}
        }
    }
    if !inputs.area {
        for color in Color::BOTH {
            points[color.index()] += prisoners[color.index()];
        }
    }
    points[Color::White.index()] as f64 - points[Color::Black.index()] as f64 + inputs.komi
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

    #[test]
    fn the_final_score_removes_dead_stones_and_counts_area_or_territory() {
        // Black holds the left three columns, White the right two; a
        // White stone inside Black's side (A5) is dead.
        let board = Board::from_rows(&[
            "O.XO.", //
            "..XO.", //
            "..XO.", //
            "..XO.", //
            "..XO.",
        ])
        .unwrap();
        let dead = stones_at(&board, &["A5"]);
        let inputs = ScoreInputs {
            board: &board,
            dead: &dead,
            captured: [2, 0],
            komi: 0.5,
            area: true,
        };
        // Area: Black 15 points (5 stones, 10 empty), White 10.
        assert_eq!(final_score(inputs), 10.0 - 15.0 + 0.5);
        // Territory: Black 10 points and 3 prisoners, White 5 points.
        let territory = ScoreInputs {
            area: false,
            ..inputs
        };
        assert_eq!(final_score(territory), 5.0 - 13.0 + 0.5);
        // Without the dead stone Black's side touches White: no territory.
        let none = ScoreInputs {
            dead: &[],
            ..inputs
        };
        assert_eq!(final_score(none), 11.0 - 5.0 + 0.5);
    }

    #[test]
    fn a_known_status_decides_before_the_estimate() {
        for (status, dead) in [
            (Some(DragonStatus::Dead), true),
            (Some(DragonStatus::Alive), false),
            (Some(DragonStatus::Critical), false),
        ] {
            assert_eq!(dragon_is_dead(status, || !dead), dead);
        }
        assert!(dragon_is_dead(Some(DragonStatus::Unknown), || true));
        assert!(!dragon_is_dead(None, || false));
    }
}
