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
    let mut offset = 0;
    let mut number = 0;
    std::iter::from_fn(move || {
        if offset >= text.len() {
            return None;
        }
        let rest = &text[offset..];
        let (raw, terminated) = match rest.find('\n') {
            Some(i) => (&rest[..i], true),
            None => (rest, false),
        };
        number += 1;
        let text = raw.trim_end_matches([' ', '\t', '\r', '\x0b', '\x0c']);
        let line = LineRef {
            file,
            text,
            ascii: text.is_ascii(),
            raw_len: raw.len(),
            offset,
            number,
            terminated,
        };
        offset += raw.len() + usize::from(terminated);
        Some(line)
    })
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
