//! DFA pattern strings (compilation.md §14.2–§14.3): the expected board value
//! class of each spiral cell, up to the point where the whole pattern and its
//! edges have been seen; and their re-expression under a transformation hint.

use super::spiral::{SPIRAL_LEN, spiral, spiral_index};
use crate::ast::ElementKind;
use crate::ir::{EAST, NORTH, Rel, SOUTH, WEST};

/// What one string character accepts, as a bit set over board values
/// (bit 0 empty, bit 1 own, bit 2 opponent, bit 3 off-board).
pub fn accepts(ch: u8) -> u8 {
    match ch {
        b'.' | b',' | b'!' | b'a' => 0b0001,
        b'O' => 0b0010,
        b'X' => 0b0100,
        b'o' => 0b0011,
        b'x' => 0b0101,
        b'?' => 0b0111,
        b'$' => 0b1111,
        _ => 0b1000, // '-', '|', '+', '#'
    }
}

/// The string character of an element kind.
pub fn kind_char(kind: ElementKind) -> u8 {
    match kind {
        ElementKind::Empty => b'.',
        ElementKind::Opponent => b'X',
        ElementKind::Own => b'O',
        ElementKind::OpponentOrEmpty => b'x',
        ElementKind::OwnOrEmpty => b'o',
        ElementKind::Comma => b',',
        ElementKind::Obsolete => b'a',
        ElementKind::Bang => b'!',
    }
}

/// The geometry a pattern string is built from.
#[derive(Debug, Clone)]
pub struct StringInput<'a> {
    /// Every element relative to the anchor (unrotated).
    pub elements: &'a [(Rel, ElementKind)],
    /// The anchor's diagram position.
    pub anchor: (usize, usize),
    /// Extents relative to the anchor.
    pub mini: i32,
    /// See `mini`.
    pub minj: i32,
    /// See `mini`.
    pub maxi: i32,
    /// See `mini`.
    pub maxj: i32,
    /// Edge bits.
    pub edges: u8,
}

/// The unrotated pattern string.
pub fn pattern_string(input: &StringInput<'_>) -> Vec<u8> {
    let cells = spiral();
    let (ci, cj) = (input.anchor.0 as i32, input.anchor.1 as i32);
    // Element characters by cell (0: no element); the elements lie within
    // 18 cells of the anchor, as the spiral does.
    let mut grid = [0u8; SPIRAL_LEN];
    let mut element_count = 0usize;
    for &(rel, kind) in input.elements {
        if let Some(k) = grid_slot(rel) {
            element_count += usize::from(grid[k] == 0);
            grid[k] = kind_char(kind);
        }
    }
    let mut out = Vec::new();
    let mut elements_seen = 0usize;
    let mut edge_seen = 0u8;
    let mut borders = [false; 4];
    for (k, cell) in cells.iter().enumerate().take(cells.len() - 1) {
        let done = elements_seen == element_count
            && edge_seen & input.edges == input.edges
            && borders.iter().all(|&b| b);
        if k > 0 && done {
            break;
        }
        let (i, j) = (cell.di, cell.dj);
        let beyond = (input.edges & NORTH != 0 && i < input.mini)
            || (input.edges & SOUTH != 0 && i > input.maxi)
            || (input.edges & WEST != 0 && j < input.minj)
            || (input.edges & EAST != 0 && j > input.maxj);
        let ch = if let Some(ch) = grid_slot(*cell).map(|k| grid[k]).filter(|&c| c != 0) {
            elements_seen += 1;
            ch
        } else if (input.mini..=input.maxi).contains(&i) && (input.minj..=input.maxj).contains(&j) {
            b'?'
        } else if beyond {
            b'#'
        } else if (-19 - ci..=18 - ci).contains(&i) && (-19 - cj..=18 - cj).contains(&j) {
            b'$'
        } else {
            b'#'
        };
        if accepts(ch) == 0b1000 {
            if i < input.mini {
                edge_seen |= NORTH;
            }
            if i > input.maxi {
                edge_seen |= SOUTH;
            }
            if j < input.minj {
                edge_seen |= WEST;
            }
            if j > input.maxj {
                edge_seen |= EAST;
            }
        }
        borders[0] |= i == input.maxi;
        borders[1] |= i == input.mini;
        borders[2] |= j == input.maxj;
        borders[3] |= j == input.minj;
        out.push(ch);
    }
    out
}

/// The slot of a cell within 18 rows and columns of the anchor.
fn grid_slot(cell: Rel) -> Option<usize> {
    (cell.di.abs() <= 18 && cell.dj.abs() <= 18)
        .then(|| ((cell.di + 18) * 37 + (cell.dj + 18)) as usize)
}

/// Re-expresses a string for the pattern turned by `hint`: each non-`$`
/// character at spiral index k moves to the index of `T_hint(cell_k)`; gaps
/// become `$` and the string ends at its last non-`$` character. Hint 0
/// returns the string unchanged.
pub fn rotate_string(string: &[u8], hint: u8) -> Vec<u8> {
    if hint == 0 {
        return string.to_vec();
    }
    let cells = spiral();
    let mut out: Vec<u8> = Vec::new();
    for (k, &ch) in string.iter().enumerate() {
        if ch == b'$' {
            continue;
        }
        let Some(target) = spiral_index(cells[k].transformed(hint)) else {
            continue;
        };
        if out.len() <= target {
            out.resize(target + 1, b'$');
        }
        out[target] = ch;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::elements::extract;

    #[test]
    fn worked_example_of_14_2() {
        let rows = ["?X?", ".*.", "?O?"];
        let anchor = (0, 1);
        let els: Vec<(Rel, ElementKind)> = extract(&rows)
            .iter()
            .map(|e| (e.rel(anchor), e.kind))
            .collect();
        let input = StringInput {
            elements: &els,
            anchor,
            mini: 0,
            minj: -1,
            maxi: 2,
            maxj: 1,
            edges: 0,
        };
        assert_eq!(pattern_string(&input), b"X.?$?O..".to_vec());
    }

    #[test]
    fn edges_are_seen_as_off_board() {
        // A single stone on the north edge: the cell above must be read.
        let els = [(Rel::new(0, 0), ElementKind::Own)];
        let input = StringInput {
            elements: &els,
            anchor: (0, 0),
            mini: 0,
            minj: 0,
            maxi: 0,
            maxj: 0,
            edges: NORTH,
        };
        let s = pattern_string(&input);
        assert_eq!(s, b"O$$#".to_vec());
    }

    #[test]
    fn each_edge_is_read_as_off_board_beyond_it() {
        // A lone O anchor in a 1x1 pattern against each edge: the string must
        // reach the off-board cell beyond that edge and nothing else is '#'.
        let els = [(Rel::new(0, 0), ElementKind::Own)];
        for (edge, beyond) in [
            (NORTH, Rel::new(-1, 0)),
            (SOUTH, Rel::new(1, 0)),
            (EAST, Rel::new(0, 1)),
            (WEST, Rel::new(0, -1)),
        ] {
            let input = StringInput {
                elements: &els,
                anchor: (0, 0),
                mini: 0,
                minj: 0,
                maxi: 0,
                maxj: 0,
                edges: edge,
            };
            let s = pattern_string(&input);
            let k = spiral_index(beyond).unwrap();
            assert_eq!(s.len(), k + 1, "edge {edge}: string ends at the edge cell");
            assert_eq!(s[k], b'#', "edge {edge}");
            assert_eq!(s.iter().filter(|&&c| c == b'#').count(), 1, "edge {edge}");
        }
        // Two edges (a corner): both must be seen.
        let input = StringInput {
            elements: &els,
            anchor: (0, 0),
            mini: 0,
            minj: 0,
            maxi: 0,
            maxj: 0,
            edges: NORTH | WEST,
        };
        let s = pattern_string(&input);
        assert_eq!(s[spiral_index(Rel::new(-1, 0)).unwrap()], b'#');
        assert_eq!(s[spiral_index(Rel::new(0, -1)).unwrap()], b'#');
        // The corner cell beyond both edges is off-board too.
        assert_eq!(
            pattern_string(&StringInput {
                edges: NORTH | WEST | SOUTH | EAST,
                ..input
            })
            .iter()
            .filter(|&&c| c == b'$')
            .count(),
            0
        );
    }

    #[test]
    fn rotation_moves_characters_along_the_spiral() {
        // Cell 1 is (1,0); turned by T1 it becomes (0,-1), cell 4.
        assert_eq!(rotate_string(b"X.", 1), b"X$$$.".to_vec());
        assert_eq!(rotate_string(b"X.$", 0), b"X.$".to_vec());
        assert_eq!(accepts(b'?'), 0b0111);
    }
}
