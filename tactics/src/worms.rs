//! Worms at the root: GNU Go's `worm_data` fields for every string, as
//! its `make_worms` computes them before the dragons are built: colour,
//! size, origin (the first stone in board order), liberties of orders 1
//! to 4, effective size, the tactical attack and defence (code and point:
//! `attack` and then, for a string that can be attacked, `find_defense`),
//! the *lunch* (a neighbouring opponent string that can be captured),
//! cutting stones, genus, *inessential* and *invincible* strings and the
//! unconditional status. The board-only rules are in
//! [`crate::worm_shape`].

use goban::{Color, Vertex};

use crate::codes::Code;
use crate::reader::{Reader, ReadingResult};
use crate::unconditional::{UnconditionalAnalysis, UnconditionalStatus};
use crate::worm_shape;

/// One worm (string) and its data.
#[derive(Debug, Clone, PartialEq)]
pub struct Worm {
    /// The first stone in board order (GNU Go's *origin*).
    pub origin: Vertex,
    /// Its colour.
    pub color: Color,
    /// Its stones, in board order.
    pub stones: Vec<Vertex>,
    /// Its liberties.
    pub liberties: usize,
    /// Empty points of order 2, 3 and 4: reachable by placing that many
    /// stones, and no fewer (see [`worm_shape::liberties_by_order`]).
    pub liberties2: usize,
    /// Points of order 3.
    pub liberties3: usize,
    /// Points of order 4.
    pub liberties4: usize,
    /// The stones plus the share of the empty points nearest to this
    /// worm (see [`worm_shape::effective_sizes`]).
    pub effective_size: f64,
    /// The attack: code and point (`Fail` and no point when it cannot be
    /// captured).
    pub attack: ReadingResult,
    /// The defence of an attackable string (`Fail` and no point when it
    /// cannot be saved or is not attacked).
    pub defense: ReadingResult,
    /// GNU Go's *lunch*: the origin of a neighbouring opponent worm that
    /// can be captured outright (attack code WIN), the last such in board
    /// order.
    pub lunch: Option<Vertex>,
    /// 2 for a cutting stone (touching two opponent strings without a
    /// common liberty), 1 for a potential one (two opponent strings that
    /// share a liberty), 0 otherwise.
    pub cutstone: u8,
    /// GNU Go's count of potential cuts; filled when the dragons are
    /// built, so 0 at this stage.
    pub cutstone2: u8,
    /// Connected components of the board without this worm, less one.
    pub genus: usize,
    /// A string with no life of its own unless a surrounding opponent
    /// string dies: genus 0, no liberty of order 2, no liberty on the
    /// edge, no neighbouring opponent string that can be attacked, and
    /// removing it leaves a cavity that borders only opponent stones.
    pub inessential: bool,
    /// Can never be captured (unconditionally alive).
    pub invincible: bool,
    /// The unconditional status of its stones.
    pub unconditional_status: UnconditionalStatus,
}

/// The worms of the reader's current position, in board order of their
/// origins.
pub fn compute_worms(reader: &mut Reader) -> Vec<Worm> {
    let board = reader.board().board().clone();
    let unconditional = UnconditionalAnalysis::new(&board);
    let effective = worm_shape::effective_sizes(&board);
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
        let [liberties, liberties2, liberties3, liberties4] =
            worm_shape::liberties_by_order(&board, v);
        let status = unconditional.status(v);
        worms.push(Worm {
            origin: v,
            color,
            stones,
            liberties,
            liberties2,
            liberties3,
            liberties4,
            effective_size: effective[v.index()],
            attack,
            defense,
            lunch: None,
            cutstone: worm_shape::cutstone(&board, v),
            cutstone2: 0,
            genus: worm_shape::genus(&board, v),
            inessential: false,
            invincible: status == UnconditionalStatus::Alive,
            unconditional_status: status,
        });
    }
    // Lunch and inessential need every worm's attack code.
    let attack_code = |v: Vertex| {
        worms
            .iter()
            .find(|w| w.stones.binary_search(&v).is_ok())
            .map_or(Code::Fail, |w| w.attack.code)
    };
    let mut lunches = Vec::with_capacity(worms.len());
    let mut inessential = Vec::with_capacity(worms.len());
    for worm in &worms {
        let enemies = worm_shape::neighbour_opponent_strings(&board, worm.origin);
        let mut enemy_origins: Vec<Vertex> = enemies
            .iter()
            .map(|&h| board.string_stones(h).min().unwrap_or(h))
            .collect();
        enemy_origins.sort();
        lunches.push(
            enemy_origins
                .iter()
                .rev()
                .copied()
                .find(|&o| attack_code(o) == Code::Win),
        );
        inessential.push(
            worm.genus == 0
                && worm.liberties2 == 0
                && !worm_shape::has_edge_liberty(&board, worm.origin)
                && enemy_origins.iter().all(|&o| attack_code(o) == Code::Fail)
                && worm_shape::cavity_borders_only_opponent(&board, worm.origin),
        );
    }
    for ((worm, lunch), inessential) in worms.iter_mut().zip(lunches).zip(inessential) {
        worm.lunch = lunch;
        worm.inessential = inessential;
    }
    worms
}
