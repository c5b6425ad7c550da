//! Connection distances: how many moves, roughly, the owner of a string
//! needs to reach each point of the board from that string. GNU Go picks
//! the candidate moves of its connection search from such distances (a
//! best-first spread of cost from one string over the empty points).
//!
//! The spread here is a Dijkstra search in tenths of a move:
//! * the string's own stones cost nothing, and so does any stone of the
//!   same colour reached (it joins the path);
//! * an empty point costs a move ([`MOVE`]), more where a stone there
//!   would be in atari and capture nothing (the opponent takes it);
//! * an opponent string in atari costs a move (it can be captured), other
//!   opponent stones stop the spread;
//! * a diagonal step between two own stones whose two shared neighbours
//!   are both empty costs almost nothing ([`DIAGONAL_LINK`]): such a pair
//!   is connected unless the opponent gets two moves in a row.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use goban::{Board, Cell, Color, Vertex};

/// The cost of one move.
pub const MOVE: u32 = 10;
/// The cost of a diagonal link with both cutting points empty.
pub const DIAGONAL_LINK: u32 = 2;
/// The extra cost of an empty point where the new stone would be in
/// atari without capturing.
const SELF_ATARI: u32 = 20;
/// The cost of a diagonal step between own stones with one shared
/// neighbour empty and the other held by the opponent (a cut needs one
/// move).
pub const HALF_LINK: u32 = 5;
/// Distance of a point the spread does not reach.
pub const UNREACHED: u32 = u32::MAX;

/// The distance of every vertex from the string at `origin` for its
/// owner, indexed by vertex; [`UNREACHED`] where the spread does not
/// reach (off the board, opponent stones that cannot be captured, and what
/// lies behind them).
pub fn distances(board: &Board, origin: Vertex) -> Vec<u32> {
    let geometry = board.geometry();
    let mut dist = vec![UNREACHED; geometry.vertices()];
    let Some(color) = board.cell(origin).color() else {
        return dist;
    };
    let mut queue = BinaryHeap::new();
    for s in board.string_stones(origin) {
        dist[s.index()] = 0;
        queue.push(Reverse((0u32, s.0)));
    }
    while let Some(Reverse((d, raw))) = queue.pop() {
        let v = Vertex(raw);
        if d > dist[v.index()] {
            continue;
        }
        let mut relax = |q: Vertex, cost: u32, queue: &mut BinaryHeap<Reverse<(u32, u16)>>| {
            let nd = d.saturating_add(cost);
            if nd < dist[q.index()] {
                dist[q.index()] = nd;
                queue.push(Reverse((nd, q.0)));
            }
        };
        for q in board.neighbours(v) {
            if let Some(cost) = step_cost(board, color, q) {
                relax(q, cost, &mut queue);
            }
        }
        if board.cell(v) == color.stone() {
            for (q, sides) in diagonals(board, v) {
                if board.cell(q) != color.stone() {
                    continue;
                }
                let empty_sides = sides
                    .iter()
                    .filter(|&&s| board.cell(s) == Cell::Empty)
                    .count();
                match empty_sides {
                    2 => relax(q, DIAGONAL_LINK, &mut queue),
                    1 if HALF_LINK < MOVE => relax(q, HALF_LINK, &mut queue),
                    _ => {}
                }
            }
        }
    }
    dist
}

/// The cost of entering `q` for `color`, `None` where the spread stops.
fn step_cost(board: &Board, color: Color, q: Vertex) -> Option<u32> {
    match board.cell(q) {
        Cell::Empty => {
            let self_atari =
                board.capture_count(color, q) == 0 && board.liberties_after(color, q) <= 1;
            Some(empty_cost(board, q) + if self_atari { SELF_ATARI } else { 0 })
        }
        cell if cell == color.stone() => Some(0),
        cell if cell == color.other().stone() => (board.liberties(q) == 1).then_some(MOVE),
        _ => None,
    }
}

/// The cost of an empty point by its line: the edge lines are cheaper,
/// as the opponent cannot cut from outside (measured with GNU Go: a jump
/// along the first line stays in reach over five empty points, along the
/// second over four, elsewhere over three).
pub fn empty_cost(board: &Board, q: Vertex) -> u32 {
    let geometry = board.geometry();
    let p = geometry.point(q);
    let (i, j) = (usize::from(p.i), usize::from(p.j));
    let line = i
        .min(j)
        .min(geometry.height() - 1 - i)
        .min(geometry.width() - 1 - j);
    match line {
        0 => FIRST_LINE,
        1 => SECOND_LINE,
        _ => MOVE,
    }
}

/// The cost of an empty point on the first line.
const FIRST_LINE: u32 = 10;
/// The cost of an empty point on the second line.
const SECOND_LINE: u32 = 10;

/// The on-board diagonal neighbours of `v`, each with the two points it
/// shares with `v` as neighbours.
pub fn diagonals(board: &Board, v: Vertex) -> Vec<(Vertex, [Vertex; 2])> {
    let geometry = board.geometry();
    let stride = geometry.stride() as i32;
    let mut out = Vec::with_capacity(4);
    for (di, dj) in [(1i32, 1i32), (1, -1), (-1, 1), (-1, -1)] {
        let at = |k: i32| Vertex((i32::from(v.0) + k) as u16);
        let q = at(di * stride + dj);
        let (s1, s2) = (at(di * stride), at(dj));
        let on_board =
            |x: Vertex| x.index() < geometry.vertices() && board.cell(x) != Cell::OffBoard;
        if on_board(q) && on_board(s1) && on_board(s2) {
            out.push((q, [s1, s2]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("board")
    }

    fn at(b: &Board, gtp: &str) -> Vertex {
        b.geometry().parse_gtp(gtp).expect("vertex")
    }

    #[test]
    fn one_point_jump_is_one_move_and_walls_stop_the_spread() {
        let b = board(&[".....", "..X..", ".....", "..X..", "....."]);
        let d = distances(&b, at(&b, "C4"));
        assert_eq!(d[at(&b, "C4").index()], 0);
        assert_eq!(d[at(&b, "C3").index()], MOVE);
        assert_eq!(d[at(&b, "C2").index()], MOVE, "the other stone joins free");
        let walled = board(&["..O..", ".OXO.", "..O..", ".....", "....."]);
        let d = distances(&walled, at(&walled, "C4"));
        assert_eq!(d[at(&walled, "C2").index()], UNREACHED);
    }

    #[test]
    fn diagonal_links_are_cheap_only_with_both_sides_empty() {
        let b = board(&[".....", ".X...", "..X..", ".....", "....."]);
        let d = distances(&b, at(&b, "B4"));
        assert_eq!(d[at(&b, "C3").index()], DIAGONAL_LINK);
        let cut = board(&[".....", ".XO..", "..X..", ".....", "....."]);
        let d = distances(&cut, at(&cut, "B4"));
        assert_eq!(d[at(&cut, "C3").index()], MOVE);
    }

    #[test]
    fn a_string_in_atari_can_be_captured_through() {
        let b = board(&[".XOX.", "..X..", ".....", ".....", "....."]);
        let d = distances(&b, at(&b, "B5"));
        assert_eq!(d[at(&b, "C5").index()], MOVE);
        assert_eq!(d[at(&b, "D5").index()], MOVE);
    }
}
