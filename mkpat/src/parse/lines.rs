//! Splitting a file into lines and classifying each one (spec §1, §1.1).

use super::diagram::is_diagram_char;
use crate::ast::{FileId, Span, is_label};

/// GNU Go reads lines into a 500-byte buffer: 499 bytes or more is an error.
pub const MAX_LINE_LEN: usize = 498;

/// One right-trimmed line of a file.
#[derive(Debug, Clone, Copy)]
pub struct LineRef<'a> {
    /// The file.
    pub file: FileId,
    /// The line without its newline and trailing white space.
    pub text: &'a str,
    /// Length of the line before trimming (newline excluded).
    pub raw_len: usize,
    /// Byte offset of the line start in the file.
    pub offset: usize,
    /// 1-based line number.
    pub number: u32,
    /// Whether the line ended with `\n`.
    pub terminated: bool,
    /// Whether the line is pure ASCII (columns are then byte offsets).
    pub ascii: bool,
}

impl<'a> LineRef<'a> {
    /// The span of a byte range of the (trimmed) line.
    pub fn span(&self, start: usize, end: usize) -> Span {
        let start = start.min(self.text.len());
        let end = end.clamp(start, self.raw_len.max(start));
        let col = if self.ascii {
            start as u32 + 1
        } else {
            let mut cut = start;
            while !self.text.is_char_boundary(cut) {
                cut -= 1;
            }
            self.text[..cut].chars().count() as u32 + 1
        };
        Span {
            file: self.file,
            start: (self.offset + start) as u32,
            end: (self.offset + end) as u32,
            line: self.number,
            col,
        }
    }
}

/// Iterates over the lines of a file.
pub fn lines(file: FileId, text: &str) -> impl Iterator<Item = LineRef<'_>> {
    let bytes = text.as_bytes();
    let mut offset = 0;
    let mut number = 0;
    std::iter::from_fn(move || {
        if offset >= bytes.len() {
            return None;
        }
        let (end, ascii) = scan_line(bytes, offset);
        let terminated = end < bytes.len();
        number += 1;
        let mut trimmed_end = end;
        while trimmed_end > offset && is_blank(bytes[trimmed_end - 1]) {
            trimmed_end -= 1;
        }
        let line = LineRef {
            file,
            // `\n` and the blanks are ASCII, so both ends are char boundaries.
            text: &text[offset..trimmed_end],
            ascii,
            raw_len: end - offset,
            offset,
            number,
            terminated,
        };
        offset = end + usize::from(terminated);
        Some(line)
    })
}

/// The index of the first `\n` at or after `from` (the length when there is
/// none), and whether the bytes from `from` up to it are all ASCII: one pass,
/// eight bytes at a time.
pub fn scan_line(bytes: &[u8], from: usize) -> (usize, bool) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const NEWLINES: u64 = ONES * b'\n' as u64;
    let mut i = from;
    let mut high = 0u64;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let x = word ^ NEWLINES;
        // The lowest set bit marks the first zero byte of `x`, i.e. the
        // first newline (higher bits may be false positives).
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            let k = found.trailing_zeros() as usize / 8;
            let before = (1u64 << (8 * k)).wrapping_sub(1);
            high |= word & before;
            return (i + k, high & HIGHS == 0);
        }
        high |= word;
        i += 8;
    }
    while i < bytes.len() && bytes[i] != b'\n' {
        high |= u64::from(bytes[i]);
        i += 1;
    }
    (i, high & HIGHS == 0)
}

/// The commands of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    /// `Pattern`
    Pattern,
    /// `goal_elements`
    GoalElements,
    /// `callback_data`
    CallbackData,
    /// `attribute_map`
    AttributeMap,
}

impl Keyword {
    /// How it is written.
    pub fn text(self) -> &'static str {
        match self {
            Keyword::Pattern => "Pattern",
            Keyword::GoalElements => "goal_elements",
            Keyword::CallbackData => "callback_data",
            Keyword::AttributeMap => "attribute_map",
        }
    }
}

/// What a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineClass {
    /// A command: keyword, and the byte range of its argument token.
    Command {
        /// Which command.
        keyword: Keyword,
        /// Start of the argument.
        arg_start: usize,
        /// End of the argument.
        arg_end: usize,
    },
    /// Empty line.
    Blank,
    /// `#` comment line.
    Comment,
    /// Diagram row or edge line.
    Diagram,
    /// `:` line.
    Colon,
    /// `;` line.
    Constraint,
    /// `>` line.
    Action,
    /// Anything else.
    Malformed,
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// Classifies a right-trimmed line (first match wins, as in GNU Go).
pub fn classify(text: &str) -> LineClass {
    let bytes = text.as_bytes();
    let Some(&first) = bytes.first() else {
        return LineClass::Blank;
    };
    if matches!(first, b'P' | b'g' | b'c' | b'a') {
        for keyword in [
            Keyword::Pattern,
            Keyword::GoalElements,
            Keyword::CallbackData,
            Keyword::AttributeMap,
        ] {
            if let Some(rest) = text.strip_prefix(keyword.text()) {
                let skip = rest.bytes().take_while(|&b| is_blank(b)).count();
                if skip < rest.len() {
                    let arg_start = text.len() - rest.len() + skip;
                    let arg_len = bytes[arg_start..]
                        .iter()
                        .take_while(|&&b| !is_blank(b))
                        .count();
                    return LineClass::Command {
                        keyword,
                        arg_start,
                        arg_end: arg_start + arg_len,
                    };
                }
            }
        }
    }
    match first {
        b'#' => LineClass::Comment,
        b':' => LineClass::Colon,
        b';' => LineClass::Constraint,
        b'>' => LineClass::Action,
        b'+' | b'-' | b'|' => LineClass::Diagram,
        c if is_diagram_char(c) || is_label(c as char) => LineClass::Diagram,
        _ => LineClass::Malformed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain definition of [`scan_line`].
    fn scan_line_reference(bytes: &[u8], from: usize) -> (usize, bool) {
        let end = bytes[from..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |k| from + k);
        (end, bytes[from..end].is_ascii())
    }

    proptest! {
        #[test]
        fn scan_line_agrees_with_the_plain_definition(
            bytes in prop::collection::vec(
                prop_oneof![Just(b'\n'), Just(b'a'), Just(0x80u8), Just(0xffu8), Just(0x0bu8), any::<u8>()],
                0..40,
            ),
            from in 0usize..40,
        ) {
            let from = from.min(bytes.len());
            prop_assert_eq!(scan_line(&bytes, from), scan_line_reference(&bytes, from));
        }

        #[test]
        fn lines_agree_with_a_plain_split(text in "[a \t\r\n\x0bé|.#]{0,60}") {
            let got: Vec<_> = lines(FileId(0), &text)
                .map(|l| (l.text, l.raw_len, l.offset, l.number, l.terminated, l.ascii))
                .collect();
            let mut expected = Vec::new();
            let mut offset = 0;
            for (k, raw) in text.split_inclusive('\n').enumerate() {
                let terminated = raw.ends_with('\n');
                let raw = raw.strip_suffix('\n').unwrap_or(raw);
                let trimmed = raw.trim_end_matches([' ', '\t', '\r', '\x0b', '\x0c']);
                expected.push((trimmed, raw.len(), offset, k as u32 + 1, terminated, trimmed.is_ascii()));
                offset += raw.len() + usize::from(terminated);
            }
            prop_assert_eq!(got, expected);
        }
    }
}
