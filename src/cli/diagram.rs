//! Board diagrams for people: the position drawn with GTP coordinates
//! (`X` black, `O` white, `.` empty, `+` on the star points of 9×9, 13×13
//! and 19×19), with chosen points marked by a character each.

use matcher::board::{Cell, GTP_COLUMNS, PackedBoard, Point};

/// The board as text: a column-letter line, one line per row with its
/// number on both sides, and the letters again. A point in `marks` shows
/// its character instead of its content.
pub fn draw(board: &PackedBoard, marks: &[(Point, char)]) -> String {
    let size = board.size();
    let letters: String = GTP_COLUMNS[..size]
        .iter()
        .flat_map(|&c| [' ', char::from(c)])
        .collect();
    let header = format!("   {letters}\n");
    let mut text = header.clone();
    for i in 0..size {
        let number = size - i;
        text.push_str(&format!("{number:>2} "));
        for j in 0..size {
            let point = Point::new(i as u8, j as u8);
            let shown = marks
                .iter()
                .find(|(p, _)| *p == point)
                .map(|&(_, c)| c)
                .unwrap_or_else(|| match board.at(point) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ if is_star_point(size, i, j) => '+',
                    _ => '.',
                });
            text.push(' ');
            text.push(shown);
        }
        text.push_str(&format!(" {number}\n"));
    }
    text.push_str(&header);
    text
}

/// The star points (hoshi) of the usual board sizes: the four corner
/// points and the centre on 9×9 and 13×13, all nine on 19×19.
fn is_star_point(size: usize, i: usize, j: usize) -> bool {
    let edge = match size {
        9 => 2,
        13 | 19 => 3,
        _ => return false,
    };
    let middle = size / 2;
    let lines = [edge, middle, size - 1 - edge];
    if !lines.contains(&i) || !lines.contains(&j) {
        return false;
    }
    size == 19 || (i == middle) == (j == middle)
}

/// The mark for the `n`-th marked point (0-based): `1`–`9`, then `a`–`z`,
/// then `*` for all the rest.
pub fn mark(n: usize) -> char {
    match n {
        0..=8 => char::from(b'1' + n as u8),
        9..=34 => char::from(b'a' + (n - 9) as u8),
        _ => '*',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_stones_coordinates_star_points_and_marks() {
        let board = PackedBoard::from_rows(&[
            ".........",
            ".........",
            "..X......",
            ".........",
            "....O....",
            ".........",
            ".........",
            ".........",
            ".........",
        ])
        .unwrap();
        let text = draw(&board, &[(Point::new(0, 8), '1'), (Point::new(8, 0), 'a')]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "    A B C D E F G H J");
        assert_eq!(lines[1], " 9  . . . . . . . . 1 9");
        assert_eq!(lines[3], " 7  . . X . . . + . . 7");
        assert_eq!(lines[5], " 5  . . . . O . . . . 5");
        assert_eq!(lines[7], " 3  . . + . . . + . . 3");
        assert_eq!(lines[9], " 1  a . . . . . . . . 1");
        assert_eq!(lines[10], lines[0]);
    }

    #[test]
    fn nineteen_has_nine_star_points() {
        let board = PackedBoard::new(19).unwrap();
        let text = draw(&board, &[]);
        assert_eq!(text.matches('+').count(), 9);
        assert!(text.contains("19  . . ."));
        assert!(text.contains(" T\n"), "column T is the last of 19×19");
    }

    #[test]
    fn marks_run_through_digits_then_letters() {
        let marks: String = (0..37).map(mark).collect();
        assert_eq!(marks, "123456789abcdefghijklmnopqrstuvwxyz**");
    }
}
