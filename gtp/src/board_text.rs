//! The board as GNU Go's `showboard` draws it: column letters above and
//! below, row numbers on both sides, `X` black, `O` white, `+` on the star
//! points, `.` elsewhere, and the capture counts beside two rows near the
//! top.

use goban::{Board, Cell, Color, GTP_COLUMNS, Point};

/// Whether `(i, j)` is a star point on a square board of `size` lines, as
/// GNU Go marks them: the corner points on the third line (second below 6
/// lines, fourth from 12), the centre on odd boards, and the side points on
/// odd boards from 13 lines. Boards under 5 lines have only the centre of a
/// 3×3 (and a 1×1) board.
pub fn is_star_point(size: usize, i: usize, j: usize) -> bool {
    let odd = size % 2 == 1;
    let mid = size / 2;
    if odd && i == mid && j == mid {
        return true;
    }
    if size < 5 {
        return false;
    }
    let near = match size {
        5 => 1,
        6..=11 => 2,
        _ => 3,
    };
    let far = size - 1 - near;
    let lines = |x: usize| x == near || x == far;
    if lines(i) && lines(j) {
        return true;
    }
    odd && size >= 13 && ((lines(i) && j == mid) || (i == mid && lines(j)))
}

/// `showboard`'s answer (starting with a line feed, as GNU Go's does).
/// `captured[c]` is the number of stones colour `c` has captured.
pub fn showboard(board: &Board, captured: [usize; 2]) -> String {
    let geometry = board.geometry();
    let (width, height) = (geometry.width(), geometry.height());
    let letters: String = GTP_COLUMNS[..width]
        .iter()
        .map(|&c| format!(" {}", c as char))
        .collect();
    let mut text = format!("\n  {letters}\n");
    // GNU Go writes White's count beside the row `min(height, 10) - 2` from
    // the top and Black's beside the next one.
    let black_row = height.min(10) - 1;
    for i in 0..height {
        let label = height - i;
        text.push_str(&format!("{label:2}"));
        for j in 0..width {
            let c = match board.at(Point::new(i as u8, j as u8)) {
                Cell::Black => 'X',
                Cell::White => 'O',
                _ if width == height && is_star_point(width, i, j) => '+',
                _ => '.',
            };
            text.push(' ');
            text.push(c);
        }
        text.push_str(&format!(" {label}"));
        if i + 1 == black_row {
            text.push_str(&format!(
                "     WHITE (O) has captured {} stones",
                captured[Color::White.index()]
            ));
        } else if i == black_row {
            text.push_str(&format!(
                "     BLACK (X) has captured {} stones",
                captured[Color::Black.index()]
            ));
        }
        text.push('\n');
    }
    text.push_str(&format!("  {letters}"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stars(size: usize) -> Vec<(usize, usize)> {
        (0..size)
            .flat_map(|i| (0..size).map(move |j| (i, j)))
            .filter(|&(i, j)| is_star_point(size, i, j))
            .collect()
    }

    #[test]
    fn star_points_as_gnugo_marks_them() {
        assert_eq!(stars(2), []);
        assert_eq!(stars(3), [(1, 1)]);
        assert_eq!(stars(4), []);
        assert_eq!(stars(5), [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)]);
        assert_eq!(stars(6), [(2, 2), (2, 3), (3, 2), (3, 3)]);
        assert_eq!(stars(9), [(2, 2), (2, 6), (4, 4), (6, 2), (6, 6)]);
        assert_eq!(stars(12), [(3, 3), (3, 8), (8, 3), (8, 8)]);
        assert_eq!(stars(13).len(), 9);
        assert_eq!(stars(19).len(), 9);
        assert!(is_star_point(19, 3, 9) && is_star_point(19, 9, 15));
    }

    #[test]
    fn board_like_gnugo() {
        let board = Board::from_rows(&[".O", "X."]).unwrap();
        assert_eq!(
            showboard(&board, [0, 0]),
            "\n   A B\n 2 . O 2     WHITE (O) has captured 0 stones\n 1 X . 1     BLACK (X) has captured 0 stones\n   A B"
        );
        let board = Board::square(1).unwrap();
        assert_eq!(
            showboard(&board, [3, 0]),
            "\n   A\n 1 + 1     BLACK (X) has captured 3 stones\n   A"
        );
        let text = showboard(&Board::square(19).unwrap(), [0, 2]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[10].starts_with("11 . . .")
                && lines[10].ends_with("WHITE (O) has captured 2 stones")
        );
        assert!(
            lines[11].starts_with("10 . . . +")
                && lines[11].ends_with("BLACK (X) has captured 0 stones")
        );
    }
}
