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
    segments: Segments,
}

/// The segments of a code text: one line (the common case) without a heap
/// allocation, or several.
#[derive(Debug, Clone)]
enum Segments {
    One([Segment; 1]),
    Many(Vec<Segment>),
}

impl Segments {
    fn as_slice(&self) -> &[Segment] {
        match self {
            Segments::One(one) => one,
            Segments::Many(many) => many,
        }
    }
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
        let segment = |joined: u32, line: &Spanned<Text>| Segment {
            joined,
            file_offset: line.span.start,
            line: line.span.line,
            col: line.span.col,
            ascii: line.node.is_ascii(),
        };
        if let [single] = lines {
            return CodeText {
                text: Cow::Borrowed(single.node.as_str()),
                file,
                segments: Segments::One([segment(0, single)]),
            };
        }
        let mut segments = Vec::with_capacity(lines.len());
        let mut joined = 0;
        for line in lines {
            segments.push(segment(joined, line));
            joined += line.node.len() as u32;
        }
        CodeText {
            text: Cow::Owned(lines.iter().map(|l| l.node.as_str()).collect()),
            file,
            segments: Segments::Many(segments),
        }
    }

    fn segment_of(&self, offset: u32) -> usize {
        let segments = self.segments.as_slice();
        if segments.len() == 1 {
            return 0;
        }
        segments
            .partition_point(|s| s.joined <= offset)
            .saturating_sub(1)
    }

    /// Whether a byte range of the joined text crosses a line boundary
    /// strictly inside it.
    pub fn crosses_line(&self, start: usize, end: usize) -> bool {
        self.segments
            .as_slice()
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
        let segments = self.segments.as_slice();
        if segments.is_empty() {
            return Span {
                file: self.file,
                ..Span::default()
            };
        }
        let start = start.min(self.text.len()) as u32;
        let end = (end.min(self.text.len()) as u32).max(start);
        let seg = &segments[self.segment_of(start)];
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
            let last = &segments[self.segment_of(end - 1)];
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
