//! Connection distances: how many moves, roughly, the owner of a string
//! needs to reach each point of the board from that string. GNU Go picks
//! the candidate moves of its connection search from such distances (a
//! best-first spread of cost from one string over the empty points).
//!
//! The spread here is a Dijkstra search in tenths of a move:
//! * the string's own stones cost nothing, and so does any stone of the
//!   same colour reached (it joins the path);
//! * an empty point costs a move ([`MOVE`]) in the centre and less near
//!   the edge ([`empty_cost`]); a point where the new stone would be in
//!   atari costs no more (an extra cost there agrees less with GNU Go);
//! * an opponent string in atari costs a move (it can be captured), and
//!   so does one that the caller names as capturable (the connection
//!   search asks the tactical reader, [`distances_through`]) at half a
//!   move; other opponent stones stop the spread;
//! * a diagonal step between two own stones whose two shared neighbours
//!   are both empty costs almost nothing ([`DIAGONAL_LINK`]): such a pair
//!   is connected unless the opponent gets two moves in a row; with one
//!   shared neighbour empty and the other the opponent's it costs half a
//!   move ([`HALF_LINK`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use goban::{Board, Cell, Color, Geometry, Vertex};

/// The cost of one move.
pub const MOVE: u32 = 10;
/// The cost of a diagonal link with both cutting points empty.
pub const DIAGONAL_LINK: u32 = 2;
/// The cost of a diagonal step between own stones with one shared
/// neighbour empty and the other held by the opponent (a cut needs one
/// move).
pub const HALF_LINK: u32 = 5;
/// The cost of crossing an opponent string with two or more liberties
/// that the tactical reader can capture: half a move (its evidence:
/// `docs/tuning/connection.md`).
pub const CAPTURABLE_STRING: u32 = 5;
/// Distance of a point the spread does not reach.
pub const UNREACHED: u32 = u32::MAX;

/// The distance of every vertex from the string at `origin` for its
/// owner, indexed by vertex; [`UNREACHED`] where the spread does not
/// reach (off the board, opponent stones that cannot be captured, and what
/// lies behind them).
pub fn distances(board: &Board, origin: Vertex) -> Vec<u32> {
    distances_through(board, origin, &[])
}

/// [`distances`], where the opponent strings whose heads (origins)
/// `capturable` lists cost [`CAPTURABLE_STRING`] to cross: strings the
/// tactical reader can capture, so the connecter's path may run through
/// them.
pub fn distances_through(board: &Board, origin: Vertex, capturable: &[Vertex]) -> Vec<u32> {
    let Some(color) = board.cell(origin).color() else {
        return vec![UNREACHED; board.geometry().vertices()];
    };
    let mut spread = Spread::default();
    spread.prepare(board, color, capturable);
    spread.distances_from(board, origin)
}

/// The distance spread with its buffers, to be reused: [`Spread::prepare`]
/// fixes the board, the colour and the capturable strings (the cost of
/// entering each point, shared by every spread from that board), then
/// [`Spread::distances_from`] answers as [`distances_through`] for any
/// string of that colour.
///
/// Every step costs a whole number of tenths of at most [`MOVE`], so the
/// spread is Dial's form of Dijkstra's search: a ring of [`BUCKETS`]
/// lists of points, one per pending distance, instead of a binary heap.
/// Shortest distances do not depend on the order in which points are
/// settled, so the answer is exactly a heap-ordered Dijkstra's (the
/// tests check it against one on random positions).
#[derive(Debug, Default)]
pub struct Spread {
    /// The colour whose distances are spread.
    color: Option<Color>,
    /// The board size [`Spread::empty_costs`] was made for.
    geometry: Option<Geometry>,
    /// [`empty_cost`] of every vertex of that size.
    empty_costs: Vec<u32>,
    /// The cost of entering each vertex ([`UNREACHED`]: the spread stops
    /// there), by [`step_cost`].
    entry: Vec<u32>,
    /// The pending points, by distance modulo [`BUCKETS`].
    buckets: [Vec<u16>; BUCKETS],
}

impl Spread {
    /// Fixes the costs of entering every point of `board` for `color`,
    /// with the opponent strings whose heads `capturable` lists crossable.
    pub fn prepare(&mut self, board: &Board, color: Color, capturable: &[Vertex]) {
        let geometry = board.geometry();
        if self.geometry != Some(geometry) {
            // The cost of every empty point by its line, once per board size.
            self.geometry = Some(geometry);
            self.empty_costs.clear();
            self.empty_costs.extend((0..geometry.vertices()).map(|k| {
                let q = Vertex(k as u16);
                match board.cell(q) {
                    Cell::OffBoard => UNREACHED,
                    _ => empty_cost(board, q),
                }
            }));
        }
        self.color = Some(color);
        // Every point as if empty (off-board points cost UNREACHED), then
        // the stones.
        self.entry.clone_from(&self.empty_costs);
        let (own, opponent) = (color.stone(), color.other().stone());
        for (k, &cell) in board.cells().iter().enumerate() {
            if cell == own {
                self.entry[k] = 0;
            } else if cell == opponent {
                self.entry[k] =
                    step_cost(board, color, Vertex(k as u16), capturable).unwrap_or(UNREACHED);
            }
        }
    }

    /// The distance of every vertex from the string at `origin`, a string
    /// of the colour last [prepared](Spread::prepare) on this `board`.
    pub fn distances_from(&mut self, board: &Board, origin: Vertex) -> Vec<u32> {
        let mut dist = vec![UNREACHED; board.geometry().vertices()];
        let Some(color) = self.color.filter(|&c| board.cell(origin) == c.stone()) else {
            return dist;
        };
        let own = color.stone();
        let Spread { entry, buckets, .. } = self;
        debug_assert_eq!(entry.len(), dist.len());
        buckets.iter_mut().for_each(Vec::clear);
        let mut queued = 0usize;
        for s in board.string_stones(origin) {
            dist[s.index()] = 0;
            buckets[0].push(s.0);
            queued += 1;
        }
        // Pending points lie within [`MOVE`] of the distance being
        // settled, so a ring of more than `MOVE` buckets holds one
        // distance per slot.
        let mut d = 0u32;
        while queued > 0 {
            let slot = d as usize % BUCKETS;
            while let Some(raw) = buckets[slot].pop() {
                queued -= 1;
                let v = Vertex(raw);
                if dist[v.index()] != d {
                    // Settled earlier at a smaller distance.
                    continue;
                }
                let relax = |q: Vertex, cost: u32| {
                    debug_assert!(cost <= MOVE);
                    let nd = d + cost;
                    if nd < dist[q.index()] {
                        dist[q.index()] = nd;
                        buckets[nd as usize % BUCKETS].push(q.0);
                        queued += 1;
                    }
                };
                steps(board, entry, own, v, relax);
            }
            d += 1;
        }
        dist
    }

    /// Lowers `dist` (the distances from one string, spread on this
    /// `board` as last [prepared](Spread::prepare)) to what a spread
    /// prepared with the opponent strings whose heads `capturable` lists
    /// also crossable would give, and leaves the spread prepared so.
    /// Crossing more strings only makes steps cheaper, so the old
    /// distances are upper bounds: only the points that the cheaper
    /// stones improve are settled again (Dijkstra's order from those
    /// stones), instead of a whole new spread. Equal to
    /// [`distances_through`] with `capturable` (checked by proptest).
    pub fn lower_through(
        &mut self,
        board: &Board,
        capturable: &[Vertex],
        dists: &mut [&mut [u32]],
    ) {
        let Some(color) = self.color else {
            return;
        };
        let own = color.stone();
        let mut cheaper = Vec::new();
        for &head in capturable {
            for s in board.string_stones(head) {
                let cost = step_cost(board, color, s, capturable).unwrap_or(UNREACHED);
                if cost < self.entry[s.index()] {
                    self.entry[s.index()] = cost;
                    cheaper.push(s);
                }
            }
        }
        let entry = &self.entry;
        let mut queue = BinaryHeap::new();
        for dist in dists.iter_mut() {
            for &s in &cheaper {
                let through = board
                    .neighbours(s)
                    .map(|n| dist[n.index()])
                    .filter(|&d| d != UNREACHED)
                    .min();
                if let Some(d) = through {
                    let nd = d + entry[s.index()];
                    if nd < dist[s.index()] {
                        dist[s.index()] = nd;
                        queue.push(Reverse((nd, s.0)));
                    }
                }
            }
            while let Some(Reverse((d, raw))) = queue.pop() {
                let v = Vertex(raw);
                if d != dist[v.index()] {
                    continue;
                }
                steps(board, entry, own, v, |q, cost| {
                    let nd = d + cost;
                    if nd < dist[q.index()] {
                        dist[q.index()] = nd;
                        queue.push(Reverse((nd, q.0)));
                    }
                });
            }
        }
    }
}

/// Calls `relax` with every step of the spread out of the settled point
/// `v` and its cost: into each neighbour at the neighbour's `entry` cost
/// (none where that is [`UNREACHED`], off-board points included), and,
/// from a stone of `own`, diagonally into another stone of `own` at
/// [`DIAGONAL_LINK`] with both shared neighbours empty or [`HALF_LINK`]
/// with one (both stones on the board, so the shared neighbours are too).
fn steps(board: &Board, entry: &[u32], own: Cell, v: Vertex, mut relax: impl FnMut(Vertex, u32)) {
    let geometry = board.geometry();
    for q in geometry.neighbours(v) {
        let cost = entry[q.index()];
        if cost != UNREACHED {
            debug_assert!(cost <= MOVE);
            relax(q, cost);
        }
    }
    let cells = board.cells();
    if cells[v.index()] != own {
        return;
    }
    let stride = geometry.stride() as i32;
    for (vertical, horizontal) in [(stride, 1), (stride, -1), (-stride, 1), (-stride, -1)] {
        let at = |k: i32| i32::from(v.0) + k;
        let q = at(vertical + horizontal);
        if usize::try_from(q).ok().and_then(|q| cells.get(q)) != Some(&own) {
            continue;
        }
        let empty_sides = [at(vertical), at(horizontal)]
            .iter()
            .filter(|&&side| cells[side as usize] == Cell::Empty)
            .count();
        match empty_sides {
            2 => relax(Vertex(q as u16), DIAGONAL_LINK),
            1 if HALF_LINK < MOVE => relax(Vertex(q as u16), HALF_LINK),
            _ => {}
        }
    }
}

/// The ring size of [`Spread`]'s buckets: more than the
/// dearest step ([`MOVE`]).
const BUCKETS: usize = 16;
const _: () = assert!(
    (MOVE as usize) < BUCKETS
        && CAPTURABLE_STRING <= MOVE
        && HALF_LINK <= MOVE
        && DIAGONAL_LINK <= MOVE
        && FIRST_LINE <= MOVE
        && SECOND_LINE <= MOVE
        && THIRD_LINE <= MOVE
        && FOURTH_LINE <= MOVE
);

/// The cost of entering `q` for `color`, `None` where the spread stops.
fn step_cost(board: &Board, color: Color, q: Vertex, capturable: &[Vertex]) -> Option<u32> {
    match board.cell(q) {
        Cell::Empty => Some(empty_cost(board, q)),
        cell if cell == color.stone() => Some(0),
        cell if cell == color.other().stone() => {
            if board.liberties(q) == 1 {
                Some(MOVE)
            } else if capturable.contains(&board.head(q)) {
                Some(CAPTURABLE_STRING)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether the empty `q` is the open point of a *half link* of `color`:
/// two of its neighbours are `color`'s stones of different strings at a
/// right angle (diagonal to each other), the other point next to both is
/// the opponent's, and the opponent's stone at `q` would have at least
/// two liberties (so the cut there is a real one, not a self-atari).
/// Filling such a point is what mends the link; the connection search
/// tries these points first at its root.
pub fn is_link_point(board: &Board, color: Color, q: Vertex) -> bool {
    if board.cell(q) != Cell::Empty {
        return false;
    }
    // A stone of `color` next to `q` with a diagonal partner of another
    // string, `q` one of the two points they share and the other the
    // opponent's.
    let half_link = board
        .neighbours(q)
        .filter(|&x| board.cell(x) == color.stone())
        .any(|x| {
            diagonals(board, x).any(|(y, sides)| {
                sides.contains(&q)
                    && board.cell(y) == color.stone()
                    && board.head(x) != board.head(y)
                    && sides
                        .iter()
                        .any(|&c| c != q && board.cell(c) == color.other().stone())
            })
        });
    half_link && board.liberties_after(color.other(), q) >= 2
}

/// The cost of an empty point by its line: points near the edge are
/// cheaper, as the opponent cannot cut from outside. GNU Go keeps a jump
/// along the first line in reach over five empty points, along the second
/// over four, elsewhere over three (asked on an empty board); the values
/// per line are fitted to `tests/connections_agreement.rs` (from the
/// first line inwards 6, 7, 8, 9, then 10: 96.0% of the disconnect codes
/// against 94.5% with 10 everywhere; 6, 7, 10: 95.7%).
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
        2 => THIRD_LINE,
        3 => FOURTH_LINE,
        _ => MOVE,
    }
}

/// The cost of an empty point on the first line.
const FIRST_LINE: u32 = 6;
/// The cost of an empty point on the second line.
const SECOND_LINE: u32 = 7;

/// The cost of an empty point on the third line.
const THIRD_LINE: u32 = 8;

/// The cost of an empty point on the fourth line.
const FOURTH_LINE: u32 = 9;

/// The on-board diagonal neighbours of `v`, each with the two points it
/// shares with `v` as neighbours.
pub fn diagonals(board: &Board, v: Vertex) -> impl Iterator<Item = (Vertex, [Vertex; 2])> + '_ {
    let geometry = board.geometry();
    let stride = geometry.stride() as i32;
    let at = move |k: i32| Vertex((i32::from(v.0) + k) as u16);
    let on_board =
        move |x: Vertex| x.index() < geometry.vertices() && board.cell(x) != Cell::OffBoard;
    [(1i32, 1i32), (1, -1), (-1, 1), (-1, -1)]
        .into_iter()
        .filter_map(move |(di, dj)| {
            let q = at(di * stride + dj);
            let (s1, s2) = (at(di * stride), at(dj));
            (on_board(q) && on_board(s1) && on_board(s2)).then_some((q, [s1, s2]))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An 11×11 board with stones at GTP vertices.
    fn board(black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::square(11).expect("board");
        for (color, stones) in [(Color::Black, black), (Color::White, white)] {
            for s in stones {
                let v = b.geometry().parse_gtp(s).expect("vertex");
                b.play(color, v);
            }
        }
        b
    }

    fn at(b: &Board, gtp: &str) -> Vertex {
        b.geometry().parse_gtp(gtp).expect("vertex")
    }

    #[test]
    fn one_point_jump_is_one_move_and_walls_stop_the_spread() {
        let b = board(&["F6", "F8"], &[]);
        let d = distances(&b, at(&b, "F6"));
        assert_eq!(d[at(&b, "F6").index()], 0);
        assert_eq!(d[at(&b, "F7").index()], MOVE);
        assert_eq!(d[at(&b, "F8").index()], MOVE, "the other stone joins free");
        let walled = board(&["F6"], &["E6", "G6", "F5", "F7"]);
        let d = distances(&walled, at(&walled, "F6"));
        assert_eq!(d[at(&walled, "F8").index()], UNREACHED);
    }

    #[test]
    fn diagonal_links_cost_by_their_open_sides() {
        let b = board(&["E6", "F5"], &[]);
        let d = distances(&b, at(&b, "E6"));
        assert_eq!(d[at(&b, "F5").index()], DIAGONAL_LINK);
        let half = board(&["E6", "F5"], &["F6"]);
        let d = distances(&half, at(&half, "E6"));
        assert_eq!(d[at(&half, "F5").index()], HALF_LINK);
        let closed = board(&["E6", "F5"], &["F6", "E5"]);
        let d = distances(&closed, at(&closed, "E6"));
        assert!(d[at(&closed, "F5").index()] > MOVE);
    }

    #[test]
    fn a_string_in_atari_can_be_captured_through() {
        let atari = board(&["E6", "F7", "F5"], &["F6", "H6"]);
        let d = distances(&atari, at(&atari, "E6"));
        assert_eq!(d[at(&atari, "F6").index()], MOVE, "F6 has one liberty");
        let free = board(&["E6", "F7", "F5"], &["F6", "H6", "G6"]);
        let d = distances(&free, at(&free, "E6"));
        assert_eq!(d[at(&free, "F6").index()], UNREACHED, "F6 has two");
    }

    #[test]
    fn capturable_strings_are_crossed_only_when_named() {
        // White F6 has two liberties (F5, G6): named as capturable it
        // costs half a move, otherwise it stops the spread.
        let b = board(&["E6", "F7"], &["F6"]);
        let f6 = at(&b, "F6");
        assert_eq!(b.liberties(f6), 2);
        let plain = distances(&b, at(&b, "E6"));
        assert_eq!(plain[f6.index()], UNREACHED);
        let through = distances_through(&b, at(&b, "E6"), &[b.head(f6)]);
        assert_eq!(through[f6.index()], CAPTURABLE_STRING);
        assert!(through[at(&b, "G6").index()] < UNREACHED);
    }

    #[test]
    fn a_half_links_open_point_is_a_link_point_unless_a_self_atari() {
        // White E6 and F5 with Black F6: E5 mends the half link.
        let b = board(&["F6"], &["E6", "F5"]);
        assert!(is_link_point(&b, Color::White, at(&b, "E5")));
        assert!(!is_link_point(&b, Color::Black, at(&b, "E5")));
        // Both cutting points empty: a diagonal link, not a half link.
        let open = board(&[], &["E6", "F5"]);
        assert!(!is_link_point(&open, Color::White, at(&open, "E5")));
        // Black at E5 would be in atari (White D5 as well): no real cut.
        let sealed = board(&["F6"], &["E6", "F5", "D5"]);
        assert!(!is_link_point(&sealed, Color::White, at(&sealed, "E5")));
    }

    /// The plain reference: Dijkstra's search on a binary heap (the
    /// spread before it used buckets), with the same step costs.
    fn heap_distances(board: &Board, origin: Vertex, capturable: &[Vertex]) -> Vec<u32> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut dist = vec![UNREACHED; board.geometry().vertices()];
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
            let mut steps: Vec<(Vertex, u32)> = board
                .neighbours(v)
                .filter_map(|q| step_cost(board, color, q, capturable).map(|c| (q, c)))
                .collect();
            if board.cell(v) == color.stone() {
                for (q, sides) in diagonals(board, v) {
                    let empty = sides.iter().filter(|&&s| board.cell(s) == Cell::Empty);
                    match (board.cell(q) == color.stone(), empty.count()) {
                        (true, 2) => steps.push((q, DIAGONAL_LINK)),
                        (true, 1) => steps.push((q, HALF_LINK)),
                        _ => {}
                    }
                }
            }
            for (q, cost) in steps {
                let nd = d + cost;
                if nd < dist[q.index()] {
                    dist[q.index()] = nd;
                    queue.push(Reverse((nd, q.0)));
                }
            }
        }
        dist
    }

    /// A 9×9 board from `cells` (one per point in row order: 0 a black
    /// move, 1 a white move, anything else left empty, played in order so
    /// that captures happen) and its stones in board order.
    fn random_board(cells: &[u8]) -> (Board, Vec<Vertex>) {
        let mut b = Board::square(9).expect("board");
        let geometry = b.geometry();
        for (k, &c) in cells.iter().enumerate() {
            let v = geometry
                .vertex(goban::Point::new((k / 9) as u8, (k % 9) as u8))
                .expect("vertex");
            match c {
                0 => {
                    b.play(Color::Black, v);
                }
                1 => {
                    b.play(Color::White, v);
                }
                _ => {}
            }
        }
        let stones = geometry
            .board_vertices()
            .filter(|&v| b.cell(v).color().is_some())
            .collect();
        (b, stones)
    }

    proptest::proptest! {
        /// The bucketed spread answers exactly as the heap's, from every
        /// stone of random positions (half full or sparser), with random
        /// opponent strings named as capturable.
        #[test]
        fn buckets_agree_with_a_binary_heap(
            cells in proptest::collection::vec(0u8..6, 81),
            named in proptest::collection::vec(proptest::bool::ANY, 81),
        ) {
            let (b, stones) = random_board(&cells);
            let geometry = b.geometry();
            let capturable: Vec<Vertex> = stones
                .iter()
                .filter(|&&v| named[geometry.point(v).i as usize * 9 + geometry.point(v).j as usize])
                .map(|&v| b.head(v))
                .collect();
            for &origin in &stones {
                proptest::prop_assert_eq!(
                    distances_through(&b, origin, &capturable),
                    heap_distances(&b, origin, &capturable)
                );
            }
        }
    }

    proptest::proptest! {
        /// Lowering the distances spread with nothing capturable
        /// ([`Spread::lower_through`]) answers exactly as a spread with
        /// the capturable strings named from the start, from every stone
        /// of random positions, for both strings at once.
        #[test]
        fn lowered_distances_agree_with_a_fresh_spread(
            cells in proptest::collection::vec(0u8..6, 81),
            named in proptest::collection::vec(proptest::bool::ANY, 81),
        ) {
            let (b, stones) = random_board(&cells);
            let geometry = b.geometry();
            for pair in stones.windows(2) {
                let (x, y) = (pair[0], pair[1]);
                let Some(color) = b.cell(x).color() else { continue };
                if b.cell(y) != color.stone() {
                    continue;
                }
                let capturable: Vec<Vertex> = stones
                    .iter()
                    .filter(|&&v| b.cell(v) == color.other().stone())
                    .filter(|&&v| named[geometry.point(v).i as usize * 9 + geometry.point(v).j as usize])
                    .map(|&v| b.head(v))
                    .collect();
                let mut spread = Spread::default();
                spread.prepare(&b, color, &[]);
                let mut from_x = spread.distances_from(&b, x);
                let mut from_y = spread.distances_from(&b, y);
                spread.lower_through(&b, &capturable, &mut [&mut from_x, &mut from_y]);
                proptest::prop_assert_eq!(&from_x, &distances_through(&b, x, &capturable));
                proptest::prop_assert_eq!(&from_y, &distances_through(&b, y, &capturable));
            }
        }
    }

    #[test]
    fn edge_lines_are_cheaper() {
        let b = board(&[], &[]);
        let costs: Vec<u32> = ["A6", "B6", "C6", "D6", "E6", "F6"]
            .iter()
            .map(|p| empty_cost(&b, at(&b, p)))
            .collect();
        assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
        assert!(costs[0] < costs[5]);
        assert_eq!(costs[5], MOVE);
    }
}
