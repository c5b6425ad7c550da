//! Worms at the root: GNU Go's `worm_data` fields for every string that
//! this engine computes: colour, size, origin (the first stone in board
//! order), liberties, and the tactical attack and defence (code and
//! point), as GNU Go's `make_worms` finds them with `attack` and then, for
//! a string that can be attacked, `find_defense`.

use goban::{Color, Vertex};

use crate::codes::Code;
use crate::reader::{Reader, ReadingResult};

/// One worm (string) and its data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Worm {
    /// The first stone in board order (GNU Go's *origin*).
    pub origin: Vertex,
    /// Its colour.
    pub color: Color,
    /// Its stones, in board order.
    pub stones: Vec<Vertex>,
    /// Its liberties.
    pub liberties: usize,
    /// The attack: code and point (`Fail` and no point when it cannot be
    /// captured).
    pub attack: ReadingResult,
    /// The defence of an attackable string (`Fail` and no point when it
    /// cannot be saved or is not attacked).
    pub defense: ReadingResult,
}

/// The worms of the reader's current position, in board order of their
/// origins.
pub fn compute_worms(reader: &mut Reader) -> Vec<Worm> {
    let board = reader.board().board().clone();
    let mut seen = vec![false; board.geometry().vertices()];
    let mut worms = Vec::new();
    for v in board.geometry().board_vertices() {
        let Some(color) = board.cell(v).color() else {
            continue;
        };
        if seen[v.index()] {
            continue;
        }
        let mut stones: Vec<Vertex> = board.string_stones(v).collect();
        stones.sort();
        for s in &stones {
            seen[s.index()] = true;
        }
        let attack = reader.attack(v);
        let defense = if attack.code == Code::Fail {
            ReadingResult::default()
        } else {
            reader.find_defense(v)
        };
        worms.push(Worm {
            origin: v,
            color,
            stones,
            liberties: board.liberties(v),
            attack,
            defense,
        });
    }
    worms
}
