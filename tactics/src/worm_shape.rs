//! The board-only fields of GNU Go's `worm_data`, computed from the stones
//! alone (no reading): liberties of higher order, effective size, cutting
//! stones, genus and the cavity test behind *inessential* strings.
//!
//! The definitions follow GNU Go's manual; where its prose leaves a rule
//! open, the rule chosen here is the one GNU Go 3.8's answers on the 60
//! public positions show (`tactics/tests/all/worms_agreement.rs` measures it):
//!
//! * **Liberties of order n** (`liberties2`..`liberties4`): an empty point
//!   is of order `n` when `n` stones of the string's colour, and no fewer,
//!   connect it to the string; a placed stone that joins another string of
//!   the same colour passes on to all of that string's liberties. A point
//!   of order 2 or more never touches an opponent stone. The counts are of
//!   the points of that order only (not cumulative). Two refinements come
//!   from GNU Go's answers: a first-order liberty that touches an opponent
//!   stone and also a second opponent stone or the edge does not lead on
//!   to empty points (a stone there is easily cut off), though it still
//!   joins a neighbouring friendly string; and a point where the opponent
//!   would capture one stone as a ko leads nowhere ("no connection through
//!   ko").
//! * **Effective size**: the stones, plus for every empty point at most 4
//!   steps (through empty points) from the string and at least as close
//!   to it as to any other string, one half divided by the number of
//!   strings at that same distance. (The manual says "1/k"; GNU Go's
//!   numbers are half of that on every string of the data.)
//! * **Cutting stone** (`cutstone`): 2 when the string touches two
//!   opponent strings without a common liberty, else 1 when it touches two
//!   opponent strings (which then share a liberty), else 0.
//! * **Genus**: the number of connected components of the board without
//!   the string's stones, less one.

use goban::{Board, Cell, Color, Vertex};

/// How far from a string the effective size looks.
const EFFECTIVE_SIZE_REACH: u8 = 4;

/// The number of liberties of order 1 to 4 of the string at `v` (see the
/// module docs). `v` must be a stone.
pub fn liberties_by_order(board: &Board, v: Vertex) -> [usize; 4] {
    let Some(color) = board.cell(v).color() else {
        return [0; 4];
    };
    let opponent = color.other();
    let mut order = vec![0u8; board.geometry().vertices()];
    let mut frontier: Vec<Vertex> = board.liberty_vertices(v).collect();
    frontier.sort();
    for &p in &frontier {
        order[p.index()] = 1;
    }
    let mut counts = [frontier.len(), 0, 0, 0];
    for n in 2..=4u8 {
        let mut next = Vec::new();
        for &p in &frontier {
            if is_opponent_ko_capture(board, opponent, p) {
                continue;
            }
            let touching = opponent_neighbours(board, p, opponent);
            let easily_cut = touching >= 1 && touching + off_board_neighbours(board, p) >= 2;
            let mut reached = Vec::new();
            for q in board.neighbours(p) {
                match board.cell(q).color() {
                    None if !easily_cut => reached.push(q),
                    Some(c) if c == color => reached.extend(board.liberty_vertices(q)),
                    _ => {}
                }
            }
            for q in reached {
                if order[q.index()] == 0 && opponent_neighbours(board, q, opponent) == 0 {
                    order[q.index()] = n;
                    next.push(q);
                }
            }
        }
        counts[usize::from(n - 1)] = next.len();
        frontier = next;
    }
    counts
}

/// Whether `opponent` playing at the empty point `p` would be a ko
/// capture: `p` is surrounded by the other colour's stones and the move
/// takes exactly one of them.
fn is_opponent_ko_capture(board: &Board, opponent: Color, p: Vertex) -> bool {
    let own = opponent.other().stone();
    board.neighbours(p).all(|q| board.cell(q) == own) && board.capture_count(opponent, p) == 1
}

/// How many of `p`'s neighbours are stones of `color`.
fn opponent_neighbours(board: &Board, p: Vertex, color: Color) -> usize {
    board
        .neighbours(p)
        .filter(|&q| board.cell(q) == color.stone())
        .count()
}

/// How many of `p`'s four neighbours lie off the board.
fn off_board_neighbours(board: &Board, p: Vertex) -> usize {
    4 - board.neighbours(p).count()
}

/// The effective size of every string, keyed by any of its stones'
/// heads: a vector indexed by vertex, meaningful at stones (see the module
/// docs).
pub fn effective_sizes(board: &Board) -> Vec<f64> {
    let geometry = board.geometry();
    let vertices = geometry.vertices();
    // For each empty point: the smallest distance to a string and the
    // heads of the strings at that distance.
    let mut nearest: Vec<(u8, Vec<Vertex>)> = vec![(u8::MAX, Vec::new()); vertices];
    let mut distance = vec![0u8; vertices];
    for head in string_heads(board) {
        distance.iter_mut().for_each(|d| *d = 0);
        let mut frontier: Vec<Vertex> = board.liberty_vertices(head).collect();
        let mut d = 1;
        while !frontier.is_empty() && d <= EFFECTIVE_SIZE_REACH {
            for &p in &frontier {
                distance[p.index()] = d;
            }
            let mut next = Vec::new();
            for &p in &frontier {
                let entry = &mut nearest[p.index()];
                if d < entry.0 {
                    *entry = (d, vec![head]);
                } else if d == entry.0 {
                    entry.1.push(head);
                }
                for q in board.neighbours(p) {
                    if board.cell(q) == Cell::Empty && distance[q.index()] == 0 {
                        distance[q.index()] = d + 1;
                        next.push(q);
                    }
                }
            }
            frontier = next;
            d += 1;
        }
    }
    // Exact shares (numerator, denominator), so that GNU Go's two
    // decimals come out the same: 5.625 must print as 5.62, not 5.63.
    let mut size = vec![(0u128, 1u128); vertices];
    for head in string_heads(board) {
        size[head.index()] = (board.string_size(head) as u128, 1);
    }
    for (_, heads) in nearest.iter().filter(|(_, heads)| !heads.is_empty()) {
        let share_denominator = 2 * heads.len() as u128;
        for h in heads {
            let (n, d) = size[h.index()];
            size[h.index()] = reduced(n * share_denominator + d, d * share_denominator);
        }
    }
    let mut by_vertex = vec![0.0; vertices];
    for v in geometry.board_vertices() {
        if board.cell(v).is_stone() {
            let (n, d) = size[board.head(v).index()];
            by_vertex[v.index()] = n as f64 / d as f64;
        }
    }
    by_vertex
}

/// `n / d` in lowest terms.
fn reduced(n: u128, d: u128) -> (u128, u128) {
    let (mut a, mut b) = (n, d);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    (n / a, d / a)
}

/// The head of every string, in board order of the heads.
fn string_heads(board: &Board) -> Vec<Vertex> {
    board
        .geometry()
        .board_vertices()
        .filter(|&v| board.cell(v).is_stone() && board.head(v) == v)
        .collect()
}

/// The heads of the opponent strings next to the string at `v`, in board
/// order.
pub fn neighbour_opponent_strings(board: &Board, v: Vertex) -> Vec<Vertex> {
    let Some(color) = board.cell(v).color() else {
        return Vec::new();
    };
    let mut heads: Vec<Vertex> = board
        .string_stones(v)
        .flat_map(|s| board.neighbour_strings(s, color.other()))
        .collect();
    heads.sort();
    heads.dedup();
    heads
}

/// GNU Go's `cutstone` of the string at `v`: 2, 1 or 0 (module docs).
pub fn cutstone(board: &Board, v: Vertex) -> u8 {
    let enemies = neighbour_opponent_strings(board, v);
    let mut value = 0;
    for (k, &a) in enemies.iter().enumerate() {
        for &b in &enemies[k + 1..] {
            let shared = board.liberty_vertices(a).any(|l| board.has_liberty(b, l));
            if !shared {
                return 2;
            }
            value = 1;
        }
    }
    value
}

/// The genus of the string at `v`: connected components of the board
/// without its stones, less one.
pub fn genus(board: &Board, v: Vertex) -> usize {
    let geometry = board.geometry();
    let mut seen = vec![false; geometry.vertices()];
    for s in board.string_stones(v) {
        seen[s.index()] = true;
    }
    let mut components: usize = 0;
    for start in geometry.board_vertices() {
        if seen[start.index()] {
            continue;
        }
        components += 1;
        seen[start.index()] = true;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for q in board.neighbours(p) {
                if !seen[q.index()] {
                    seen[q.index()] = true;
                    stack.push(q);
                }
            }
        }
    }
    components.saturating_sub(1)
}

/// Whether removing the string at `v` leaves a cavity (its stones and the
/// empty points connected to them) that borders only opponent stones.
pub fn cavity_borders_only_opponent(board: &Board, v: Vertex) -> bool {
    let Some(color) = board.cell(v).color() else {
        return false;
    };
    let mut seen = vec![false; board.geometry().vertices()];
    let mut stack: Vec<Vertex> = board.string_stones(v).collect();
    for s in &stack {
        seen[s.index()] = true;
    }
    while let Some(p) = stack.pop() {
        for q in board.neighbours(p) {
            if seen[q.index()] {
                continue;
            }
            match board.cell(q).color() {
                None => {
                    seen[q.index()] = true;
                    stack.push(q);
                }
                Some(c) if c == color => return false,
                Some(_) => {}
            }
        }
    }
    true
}

/// Whether the string at `v` has a liberty on the edge of the board.
pub fn has_edge_liberty(board: &Board, v: Vertex) -> bool {
    board
        .liberty_vertices(v)
        .any(|l| off_board_neighbours(board, l) > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("rows")
    }

    fn at(board: &Board, vertex: &str) -> Vertex {
        board.geometry().parse_gtp(vertex).expect("vertex")
    }

    /// Positions written here, with GNU Go 3.8's `worm_data` answers.
    #[test]
    fn liberties_of_higher_order() {
        // A lone stone in the middle of an empty 9x9 board, then with
        // white stones that cut off some second-order points.
        let cases: [(&[&str], &str, [usize; 4]); 5] = [
            (
                &[
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    "....X....",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                ],
                "E5",
                [4, 8, 12, 16],
            ),
            // White D6 and F6: E6 touches two white stones, so E7 is
            // not of order 2.
            (
                &[
                    ".........",
                    ".........",
                    ".........",
                    "...O.O...",
                    "....X....",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                ],
                "E5",
                [4, 5, 7, 11],
            ),
            // White D6 only: D5 touches one white stone and leads on.
            (
                &[
                    ".........",
                    ".........",
                    ".........",
                    "...O.....",
                    "....X....",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                ],
                "E5",
                [4, 7, 10, 15],
            ),
            // On the edge, one white stone next to a liberty is enough.
            (
                &[
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    "...O.....",
                    "....X....",
                ],
                "E1",
                [3, 3, 4, 6],
            ),
            (
                &[
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    ".........",
                    "...O.O...",
                    "....X....",
                ],
                "E1",
                [3, 0, 0, 0],
            ),
        ];
        for (rows, vertex, expected) in cases {
            let b = board(rows);
            assert_eq!(liberties_by_order(&b, at(&b, vertex)), expected, "{rows:?}");
        }
    }

    #[test]
    fn liberties_through_a_friendly_string_and_not_through_ko() {
        // The B6-B5 example of the data: order 2 passes through the
        // black string D6-E6-D5.
        let b = board(&[".X.XX.", ".X.X.X", "OOOOX.", "...O..", "XXXOXX", "...O.."]);
        assert_eq!(liberties_by_order(&b, at(&b, "B6")), [4, 2, 1, 1]);
        // White G3's only liberty G2 is where Black captures it as a
        // ko: nothing lies beyond it.
        let b = board(&[
            ".X.OOX.", "XX...XX", ".X.OOX.", ".XX..XX", "XXOOOXO", "OOO.OO.", "...O.OO",
        ]);
        assert_eq!(liberties_by_order(&b, at(&b, "G3")), [1, 0, 0, 0]);
    }

    #[test]
    fn effective_size_halves_each_shared_point() {
        let empty9 = [
            ".........",
            ".........",
            ".........",
            ".........",
            "....X....",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        let b = board(&empty9);
        assert_eq!(effective_sizes(&b)[at(&b, "E5").index()], 21.0);
        let b = board(&["X....", ".....", ".....", ".....", "....."]);
        // 14 points within distance 4 of the corner stone, each worth
        // one half.
        assert_eq!(effective_sizes(&b)[at(&b, "A5").index()], 1.0 + 7.0);
        let b = board(&[".X.XX.", ".X.X.X", "OOOOX.", "...O..", "XXXOXX", "...O.."]);
        let size = effective_sizes(&b)[at(&b, "B6").index()];
        assert!((size - (2.0 + 7.0 / 6.0)).abs() < 1e-12, "{size}");
    }

    #[test]
    fn cutstone_genus_and_cavity() {
        // Black C3 between white B3 and C4, which share the liberty B4:
        // a potential cutting stone.
        let b = board(&[".....", "..O..", ".OX..", ".....", "....."]);
        assert_eq!(cutstone(&b, at(&b, "C3")), 1);
        // Black B3 between white A3 and C3, which share no liberty.
        let b = board(&[".....", ".O...", "OXO..", ".....", "....."]);
        assert_eq!(cutstone(&b, at(&b, "B3")), 2);
        // A ring of black stones around one empty point has genus 1.
        let b = board(&[".....", ".XXX.", ".X.X.", ".XXX.", "....."]);
        assert_eq!(genus(&b, at(&b, "B4")), 1);
        assert_eq!(genus(&b, at(&b, "B4")), genus(&b, at(&b, "C2")));
        let b = board(&[".....", ".OOO.", ".OXO.", ".O.O.", ".OOO."]);
        assert!(cavity_borders_only_opponent(&b, at(&b, "C3")));
        assert!(has_edge_liberty(&b, at(&b, "B4")));
        assert!(!has_edge_liberty(&b, at(&b, "C3")));
        let b = board(&[".....", ".....", "..X..", ".....", "....X"]);
        assert!(!cavity_borders_only_opponent(&b, at(&b, "C3")));
    }
}
