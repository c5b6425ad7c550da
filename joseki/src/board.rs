//! The small 19×19 Go board the joseki converter replays moves on: stones,
//! captures and the suicide test, with cheap snapshots for taking moves back.

/// Side length of the internal board.
pub const SIZE: usize = 19;

/// A point's content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stone {
    /// Black stone.
    Black,
    /// White stone.
    White,
}

impl Stone {
    /// The other colour.
    pub fn other(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point already holds a stone.
    Occupied,
    /// The move would leave its own string without liberties.
    Suicide,
}

/// A 19×19 board indexed by `(row, column)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    points: [[Option<Stone>; SIZE]; SIZE],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            points: [[None; SIZE]; SIZE],
        }
    }
}

fn neighbours(i: usize, j: usize) -> impl Iterator<Item = (usize, usize)> {
    let candidates = [
        (i.wrapping_sub(1), j),
        (i + 1, j),
        (i, j.wrapping_sub(1)),
        (i, j + 1),
    ];
    candidates
        .into_iter()
        .filter(|&(a, b)| a < SIZE && b < SIZE)
}

impl Board {
    /// The stone at `(i, j)`, if any.
    pub fn get(&self, i: usize, j: usize) -> Option<Stone> {
        self.points[i][j]
    }

    /// The string containing `(i, j)` and whether it has a liberty other
    /// than `ignore`.
    fn string_has_liberty(&self, i: usize, j: usize, ignore: (usize, usize)) -> bool {
        let Some(colour) = self.points[i][j] else {
            return true;
        };
        let mut seen = [[false; SIZE]; SIZE];
        let mut stack = vec![(i, j)];
        seen[i][j] = true;
        while let Some((a, b)) = stack.pop() {
            for (x, y) in neighbours(a, b) {
                match self.points[x][y] {
                    None if (x, y) != ignore => return true,
                    Some(c) if c == colour && !seen[x][y] => {
                        seen[x][y] = true;
                        stack.push((x, y));
                    }
                    _ => {}
                }
            }
        }
        false
    }

    fn remove_string(&mut self, i: usize, j: usize) {
        let Some(colour) = self.points[i][j] else {
            return;
        };
        let mut stack = vec![(i, j)];
        self.points[i][j] = None;
        while let Some((a, b)) = stack.pop() {
            for (x, y) in neighbours(a, b) {
                if self.points[x][y] == Some(colour) {
                    self.points[x][y] = None;
                    stack.push((x, y));
                }
            }
        }
    }

    /// Whether `colour` playing at the empty point `(i, j)` would be suicide:
    /// no liberty, no friendly neighbour string with another liberty, and no
    /// capture.
    pub fn is_suicide(&self, i: usize, j: usize, colour: Stone) -> bool {
        for (x, y) in neighbours(i, j) {
            match self.points[x][y] {
                None => return false,
                Some(c) if c == colour => {
                    if self.string_has_liberty(x, y, (i, j)) {
                        return false;
                    }
                }
                Some(_) => {
                    if !self.string_has_liberty(x, y, (i, j)) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Plays `colour` at `(i, j)` with captures (no ko rule).
    pub fn play(&mut self, i: usize, j: usize, colour: Stone) -> Result<(), IllegalMove> {
        if self.points[i][j].is_some() {
            return Err(IllegalMove::Occupied);
        }
        if self.is_suicide(i, j, colour) {
            return Err(IllegalMove::Suicide);
        }
        self.points[i][j] = Some(colour);
        for (x, y) in neighbours(i, j) {
            if self.points[x][y] == Some(colour.other())
                && !self.string_has_liberty(x, y, (SIZE, SIZE))
            {
                self.remove_string(x, y);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_and_suicide() {
        let mut board = Board::default();
        // White stone in the corner, black surrounds it.
        board.play(0, 0, Stone::White).unwrap();
        board.play(0, 1, Stone::Black).unwrap();
        assert!(!board.is_suicide(1, 1, Stone::White));
        board.play(1, 0, Stone::Black).unwrap();
        assert_eq!(board.get(0, 0), None, "corner stone captured");
        // Now white at (0, 0) is suicide.
        assert!(board.is_suicide(0, 0, Stone::White));
        assert_eq!(board.play(0, 0, Stone::White), Err(IllegalMove::Suicide));
        assert_eq!(board.play(0, 1, Stone::White), Err(IllegalMove::Occupied));
        // Black may fill its own eye.
        assert!(!board.is_suicide(0, 0, Stone::Black));
    }

    #[test]
    fn capturing_move_is_not_suicide() {
        let mut board = Board::default();
        for (i, j, c) in [
            (0, 1, Stone::Black),
            (1, 0, Stone::Black),
            (0, 2, Stone::White),
            (1, 1, Stone::White),
            (2, 0, Stone::White),
        ] {
            board.play(i, j, c).unwrap();
        }
        assert!(!board.is_suicide(0, 0, Stone::White));
        board.play(0, 0, Stone::White).unwrap();
        assert_eq!(board.get(0, 1), None);
        assert_eq!(board.get(1, 0), None);
    }
}
