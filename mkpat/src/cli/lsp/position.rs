//! Byte offsets of a document's text against LSP positions (a 0-based line
//! and a column in UTF-16 code units, the protocol's default encoding).

use lsp_types::{Position, Range};
use mkpat::ast::Span;

/// The start of every line of a text, for converting offsets both ways.
#[derive(Debug, Clone)]
pub struct LineIndex {
    /// Byte offset of the start of every line.
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The position of a byte offset (clamped to the text; an offset inside
    /// a character counts as that character's start).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let character: usize = text[self.starts[line]..offset]
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(line as u32, character as u32)
    }

    /// The byte offset of a position: past the end of its line, the line's
    /// end (before the line break); past the last line, the text's end.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next - 1);
        let mut units = 0;
        for (index, c) in text[start..end].char_indices() {
            if units >= position.character as usize || c == '\r' {
                return start + index;
            }
            units += c.len_utf16();
        }
        end
    }

    /// The range of a span.
    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start as usize),
            self.position(text, span.end as usize),
        )
    }
}

/// Whether a span covers a byte offset (its end included, so that a cursor
/// just after a word still finds it).
pub fn covers(span: Span, offset: usize) -> bool {
    (span.start as usize..=span.end as usize).contains(&offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_both_ways() {
        let text = "ab\n𝄞é x\r\nlast";
        let index = LineIndex::new(text);
        // '𝄞' is four bytes and two UTF-16 units, 'é' two bytes and one unit.
        let x = text.find('x').unwrap();
        assert_eq!(index.position(text, x), Position::new(1, 4));
        assert_eq!(index.offset(text, Position::new(1, 4)), x);
        assert_eq!(index.offset(text, Position::new(1, 99)), x + 1, "before \\r");
        assert_eq!(index.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(index.position(text, text.len()), Position::new(2, 4));
        assert_eq!(index.position(text, 4), Position::new(1, 0), "inside 𝄞");
    }
}
