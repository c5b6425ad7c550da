//! GNU Go's compressed fuseki books (`fuseki9.dbz`, `fuseki13.dbz`,
//! `fuseki19.dbz`, spec `joseki-and-fuseki.md` §2): decoding to full-board
//! patterns and writing the full-board `.db` text GNU Go's `uncompress_fuseki`
//! writes.
//!
//! Each line is `NAME VALUE STONES`; STONES is the move followed by stones
//! alternately X (opponent) and O (player to move), `t?` being a placeholder
//! that keeps the alternation.

use matcher::board::Point;
use matcher::fullboard::{FullBoardPattern, Side};
use std::fmt::{self, Write as _};

/// Longest line GNU Go's 160-byte buffer reads whole.
pub const MAX_LINE_CHARS: usize = 158;

/// A line of a book that was not turned into a pattern, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedLine {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column of the offending field.
    pub col: usize,
    /// Why.
    pub reason: String,
}

impl fmt::Display for SkippedLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.reason)
    }
}

/// A decoded book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FusekiBook {
    /// Board size the book was decoded for.
    pub size: u8,
    /// Patterns in file order.
    pub patterns: Vec<FullBoardPattern>,
    /// Lines that were not patterns. GNU Go skips lines whose three fields
    /// cannot be read silently; we skip them too but say so here. Lines
    /// with points off the board are also listed (GNU Go has no check).
    pub skipped: Vec<SkippedLine>,
}

/// Decodes a compressed fuseki book for a board of `size` lines.
pub fn decode_fuseki(text: &str, size: u8) -> FusekiBook {
    let mut patterns = Vec::new();
    let mut skipped = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        match decode_line(line, size) {
            Ok(Some(pattern)) => patterns.push(pattern),
            Ok(None) => {}
            Err((col, reason)) => skipped.push(SkippedLine {
                line: number,
                col,
                reason,
            }),
        }
    }
    FusekiBook {
        size,
        patterns,
        skipped,
    }
}

/// Splits a line into white-space separated fields with their 1-based
/// columns.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (k, c) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((line[..s].chars().count() + 1, &line[s..k]));
                start = None;
            }
            (false, None) => start = Some(k),
            _ => {}
        }
    }
    out
}

/// One line: `Ok(None)` for a blank line, `Err((col, reason))` for a line
/// that is not a pattern.
fn decode_line(line: &str, size: u8) -> Result<Option<FullBoardPattern>, (usize, String)> {
    let fields = fields(line);
    if fields.is_empty() {
        return Ok(None);
    }
    if line.chars().count() > MAX_LINE_CHARS {
        return Err((
            MAX_LINE_CHARS + 1,
            format!("line longer than {MAX_LINE_CHARS} characters"),
        ));
    }
    let [(_, name), (value_col, value), (stones_col, stones), ..] = fields[..] else {
        return Err((1, "expected three fields: NAME VALUE STONES".into()));
    };
    let value: i32 = value
        .parse()
        .map_err(|_| (value_col, format!("value `{value}` is not an integer")))?;
    let letters: Vec<char> = stones.chars().collect();
    if letters.len() < 2 || letters.len() % 2 != 0 {
        return Err((
            stones_col,
            "STONES must be pairs of letters, starting with the move".into(),
        ));
    }
    let point = |k: usize| -> Result<Point, (usize, String)> {
        let (col_letter, row_letter) = (letters[k], letters[k + 1]);
        let coordinate = |c: char| {
            c.is_ascii_lowercase()
                .then(|| c as u8 - b'a')
                .filter(|&v| v < size)
        };
        match (coordinate(row_letter), coordinate(col_letter)) {
            (Some(i), Some(j)) => Ok(Point::new(i, j)),
            _ => Err((
                stones_col + k,
                format!("point `{col_letter}{row_letter}` is off a {size}×{size} board"),
            )),
        }
    };
    if letters[0] == 't' {
        return Err((stones_col, "the move cannot be a placeholder".into()));
    }
    let move_point = point(0)?;
    let mut stones = Vec::new();
    let mut side = Side::Opponent;
    for k in (2..letters.len()).step_by(2) {
        if letters[k] != 't' {
            stones.push((point(k)?, side));
        }
        side = match side {
            Side::Own => Side::Opponent,
            Side::Opponent => Side::Own,
        };
    }
    Ok(Some(FullBoardPattern::new(
        name.to_string(),
        value,
        size,
        move_point,
        stones,
    )))
}

/// Writes a book as full-board `.db` text (spec §2.2): for sizes above 19
/// only the header.
pub fn fuseki_to_db(book: &FusekiBook) -> String {
    let size = usize::from(book.size);
    let mut out = String::new();
    out.push_str("# Full-board fuseki patterns decoded from a compressed GNU Go book by tesuji.\n");
    out.push_str("# Generated file.\n");
    let _ = writeln!(out, "# Fuseki patternsboardsize {size}\n");
    out.push_str("attribute_map value_only\n\n\n");
    if size > 19 {
        return out;
    }
    let edge = format!("+{}+\n", "-".repeat(size));
    for pattern in &book.patterns {
        let _ = writeln!(out, "Pattern {}\n", pattern.name);
        out.push_str(&edge);
        for i in 0..size {
            out.push('|');
            for j in 0..size {
                let p = Point::new(i as u8, j as u8);
                let cell = if p == pattern.move_point {
                    '*'
                } else {
                    match pattern.stones.binary_search_by_key(&p, |&(q, _)| q) {
                        Ok(k) if pattern.stones[k].1 == Side::Own => 'O',
                        Ok(_) => 'X',
                        Err(_) => '.',
                    }
                };
                out.push(cell);
            }
            out.push_str("|\n");
        }
        out.push_str(&edge);
        let _ = write!(out, "\n:8,-,value({})\n\n\n", pattern.value);
    }
    out
}

/// The compressed form of one full-board pattern (spec §2.1, "compress"):
/// the move, then pairs of X and O taken from the end of each list in
/// reading order, `tt` for the missing colour.
pub fn compress_pattern(pattern: &FullBoardPattern) -> String {
    let letter = |v: u8| (b'a' + v) as char;
    let point = |p: Point| format!("{}{}", letter(p.j), letter(p.i));
    let mut xs: Vec<Point> = Vec::new();
    let mut os: Vec<Point> = Vec::new();
    for &(p, side) in &pattern.stones {
        match side {
            Side::Opponent => xs.push(p),
            Side::Own => os.push(p),
        }
    }
    let mut out = point(pattern.move_point);
    while !xs.is_empty() || !os.is_empty() {
        out.push_str(&xs.pop().map_or("tt".to_string(), point));
        if xs.is_empty() && os.is_empty() {
            break;
        }
        out.push_str(&os.pop().map_or("tt".to_string(), point));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_alternating_stones_with_placeholders() {
        let book = decode_fuseki("F-1 71 cgeettgc\n\nbroken line\nF-2 x aa\nF-3 5 zz\n", 9);
        assert_eq!(book.patterns.len(), 1);
        let p = &book.patterns[0];
        assert_eq!(
            (p.name.as_str(), p.value, p.move_point),
            ("F-1", 71, Point::new(6, 2))
        );
        assert_eq!(
            p.stones,
            vec![
                (Point::new(2, 6), Side::Opponent),
                (Point::new(4, 4), Side::Opponent)
            ]
        );
        let lines: Vec<usize> = book.skipped.iter().map(|s| s.line).collect();
        assert_eq!(lines, vec![3, 4, 5]);
        assert_eq!(book.skipped[1].col, 5);
    }

    #[test]
    fn compress_inverts_decode() {
        let book = decode_fuseki("N 3 eecccgggtt\n", 9);
        let compressed = compress_pattern(&book.patterns[0]);
        let again = decode_fuseki(&format!("N 3 {compressed}\n"), 9);
        assert_eq!(again.patterns, book.patterns);
    }

    #[test]
    fn db_text_layout() {
        let book = decode_fuseki("F-H0-1 329 ee\n", 9);
        let text = fuseki_to_db(&book);
        assert!(text.contains("# Fuseki patternsboardsize 9\n"));
        assert!(text.contains("attribute_map value_only\n"));
        assert!(text.contains(
            "Pattern F-H0-1\n\n+---------+\n|.........|\n|.........|\n|.........|\n|.........|\n|....*....|\n"
        ));
        assert!(text.ends_with("+---------+\n\n:8,-,value(329)\n\n\n"));
    }
}
