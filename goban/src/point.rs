//! Board points and their GTP names.

/// GTP column letters (no `I`), left to right.
pub const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A board point `(i, j)`: row from the top, column from the left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Row, 0 = top.
    pub i: u8,
    /// Column, 0 = left (column `A`).
    pub j: u8,
}

impl Point {
    /// `(i, j)`.
    pub const fn new(i: u8, j: u8) -> Point {
        Point { i, j }
    }

    /// The GTP vertex of this point on a board `height` lines high, e.g.
    /// `A19` for (0, 0) on 19×19 (rows are numbered from the bottom).
    pub fn to_gtp(self, height: usize) -> String {
        format!(
            "{}{}",
            GTP_COLUMNS[usize::from(self.j)] as char,
            height - usize::from(self.i)
        )
    }

    /// Parses a GTP vertex (`"D4"`, case-insensitive) on a square board of
    /// `size` lines.
    pub fn from_gtp(vertex: &str, size: usize) -> Option<Point> {
        Point::from_gtp_rect(vertex, size, size)
    }

    /// Parses a GTP vertex on a board `width` × `height`.
    pub fn from_gtp_rect(vertex: &str, width: usize, height: usize) -> Option<Point> {
        let mut chars = vertex.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        let j = GTP_COLUMNS.iter().position(|&c| c as char == letter)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let row: usize = digits.parse().ok()?;
        if j >= width || row == 0 || row > height {
            return None;
        }
        Some(Point::new((height - row) as u8, j as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_vertices() {
        assert_eq!(Point::new(0, 0).to_gtp(19), "A19");
        assert_eq!(Point::new(18, 18).to_gtp(19), "T1");
        assert_eq!(Point::from_gtp("j10", 19), Some(Point::new(9, 8)));
        assert_eq!(Point::from_gtp("I5", 19), None);
        assert_eq!(Point::from_gtp("A0", 19), None);
        assert_eq!(Point::from_gtp("A20", 19), None);
        assert_eq!(Point::from_gtp("A+1", 19), None);
        assert_eq!(Point::from_gtp("", 19), None);
        // 7 wide, 1 high: row 1 is the only row.
        assert_eq!(Point::from_gtp_rect("G1", 7, 1), Some(Point::new(0, 6)));
        assert_eq!(Point::from_gtp_rect("H1", 7, 1), None);
        assert_eq!(Point::new(0, 6).to_gtp(1), "G1");
    }
}
