//! Constraint and action text as GNU Go assembles it: the `;` (or `>`) lines
//! of a pattern joined without separators, with a map from offsets in the
//! joined text back to positions in the source file.

use std::borrow::Cow;

use crate::ast::{FileId, Span, Spanned, Text};

/// One source line's share of the joined text.
#[derive(Debug, Clone, Copy)]
struct Segment {
    /// Offset of the segment in the joined text.
    joined: u32,
    /// Byte offset of the segment in the file.
    file_offset: u32,
    /// 1-based line.
    line: u32,
    /// 1-based column of the segment's first character.
    col: u32,
    /// Whether the segment is pure ASCII (columns = bytes).
    ascii: bool,
}

/// Joined code text with its source map.
#[derive(Debug, Clone)]
pub struct CodeText<'a> {
    /// The joined text (borrowed when there is a single line).
    pub text: Cow<'a, str>,
    file: FileId,
    segments: Vec<Segment>,
}

impl CodeText<'static> {
    /// Joins lines (each spanned at its text, after the leading `;`/`>`)
    /// into an owned text.
    pub fn join(file: FileId, lines: &[Spanned<Text>]) -> CodeText<'static> {
        let borrowed = CodeText::borrow(file, lines);
        CodeText {
            text: std::borrow::Cow::Owned(borrowed.text.into_owned()),
            file,
            segments: borrowed.segments,
        }
    }
}

impl<'a> CodeText<'a> {
    /// Like [`CodeText::join`], borrowing the text when there is a single line.
    pub fn borrow(file: FileId, lines: &'a [Spanned<Text>]) -> CodeText<'a> {
        let mut segments = Vec::with_capacity(lines.len());
        let mut joined = 0;
        for line in lines {
            segments.push(Segment {
                joined,
                file_offset: line.span.start,
                line: line.span.line,
                col: line.span.col,
                ascii: line.node.is_ascii(),
            });
            joined += line.node.len() as u32;
        }
        let text = match lines {
            [single] => Cow::Borrowed(single.node.as_str()),
            _ => Cow::Owned(lines.iter().map(|l| l.node.as_str()).collect()),
        };
        CodeText {
            text,
            file,
            segments,
        }
    }

    fn segment_of(&self, offset: u32) -> usize {
        if self.segments.len() == 1 {
            return 0;
        }
        self.segments
            .partition_point(|s| s.joined <= offset)
            .saturating_sub(1)
    }

    /// Whether a byte range of the joined text crosses a line boundary
    /// strictly inside it.
    pub fn crosses_line(&self, start: usize, end: usize) -> bool {
        self.segments
            .iter()
            .skip(1)
            .any(|s| (s.joined as usize) > start && (s.joined as usize) < end)
    }

    /// The source span of a byte range of the joined text.
    pub fn span(&self, start: usize, end: usize) -> Span {
        if let [seg] = self.segments.as_slice()
            && seg.ascii
        {
            // One ASCII line: offsets and columns move together.
            let start = start.min(self.text.len()) as u32;
            let end = (end.min(self.text.len()) as u32).max(start);
            return Span {
                file: self.file,
                start: seg.file_offset + start,
                end: seg.file_offset + end,
                line: seg.line,
                col: seg.col + start,
            };
        }
        if self.segments.is_empty() {
            return Span {
                file: self.file,
                ..Span::default()
            };
        }
        let start = start.min(self.text.len()) as u32;
        let end = (end.min(self.text.len()) as u32).max(start);
        let seg = &self.segments[self.segment_of(start)];
        let within = start - seg.joined;
        let col = if seg.ascii {
            seg.col + within
        } else {
            let seg_text = &self.text[seg.joined as usize..];
            let mut cut = within as usize;
            while !seg_text.is_char_boundary(cut) {
                cut -= 1;
            }
            seg.col + seg_text[..cut].chars().count() as u32
        };
        let file_end = if end > start {
            let last = &self.segments[self.segment_of(end - 1)];
            last.file_offset + (end - 1 - last.joined) + 1
        } else {
            seg.file_offset + within
        };
        Span {
            file: self.file,
            start: seg.file_offset + within,
            end: file_end,
            line: seg.line,
            col,
        }
    }
}
