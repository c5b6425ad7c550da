//! Which dragons are next to which (GNU Go's `dragon_data` `neighbors`):
//! every empty point within a distance of the stones belongs to the
//! dragon nearest to it; two dragons are neighbours when a point (stone or
//! empty) of one touches a point of the other, or when a point is as near
//! to both (a tie: it belongs to neither).
//!
//! GNU Go's manual says the dragons' neighbourhood is found by growing
//! the dragons over the empty points; the distance and the handling of
//! ties were measured on GNU Go's `dragon_data` (evidence in
//! `docs/tuning/valuation.md`, *Strategic size*).

use std::collections::BTreeMap;

use goban::{Board, Cell, Vertex};

use crate::dragons::Dragons;

/// How far the dragons grow over the empty points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NeighbourParams {
    /// Empty points up to this many steps from a stone belong to the
    /// nearest dragon; farther ones to none.
    pub max_distance: u32,
}

impl Default for NeighbourParams {
    fn default() -> NeighbourParams {
        NeighbourParams { max_distance: 5 }
    }
}

/// The origins of each dragon's neighbours by the dragon's origin (every
/// dragon has an entry), each list in the order a scan of the board in
/// board order (each point's neighbours south, west, north, east) meets
/// them, as GNU Go prints them.
pub fn dragon_neighbours(
    board: &Board,
    dragons: &Dragons,
    params: NeighbourParams,
) -> BTreeMap<Vertex, Vec<Vertex>> {
    let geometry = board.geometry();
    // The dragons nearest to each point: none (not reached), one, or
    // several at the same distance (a tie).
    let mut owners: Vec<Vec<Vertex>> = vec![Vec::new(); geometry.vertices()];
    let mut frontier: Vec<Vertex> = Vec::new();
    for dragon in dragons.dragons() {
        for &s in &dragon.stones {
            owners[s.index()] = vec![dragon.origin];
            frontier.push(s);
        }
    }
    for _ in 0..params.max_distance {
        let mut grown: BTreeMap<Vertex, Vec<Vertex>> = BTreeMap::new();
        let mut reached: Vec<Vertex> = Vec::new();
        for &from in &frontier {
            for to in board.neighbours(from) {
                if board.cell(to) != Cell::Empty || !owners[to.index()].is_empty() {
                    continue;
                }
                let slot = grown.entry(to).or_insert_with(|| {
                    reached.push(to);
                    Vec::new()
                });
                for &o in &owners[from.index()] {
                    push_new(slot, o);
                }
            }
        }
        if reached.is_empty() {
            break;
        }
        for (v, o) in grown {
            owners[v.index()] = o;
        }
        frontier = reached;
    }
    let mut found: BTreeMap<Vertex, Vec<Vertex>> = dragons
        .dragons()
        .iter()
        .map(|d| (d.origin, Vec::new()))
        .collect();
    let mut add = |a: Vertex, b: Vertex| {
        if a != b
            && let Some(list) = found.get_mut(&a)
        {
            push_new(list, b);
        }
    };
    for v in geometry.board_vertices() {
        match owners[v.index()].as_slice() {
            [] => {}
            [a] => {
                for n in board.neighbours(v) {
                    if let [b] = owners[n.index()].as_slice() {
                        add(*a, *b);
                    }
                }
            }
            tied => {
                for &a in tied {
                    for &b in tied {
                        add(a, b);
                    }
                }
            }
        }
    }
    found
}

fn push_new(list: &mut Vec<Vertex>, v: Vertex) {
    if !list.contains(&v) {
        list.push(v);
    }
}
