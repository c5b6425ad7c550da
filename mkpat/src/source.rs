//! Source files held in memory: names, text, and byte-offset to line/column
//! lookup. Every [`Span`] points into a [`SourceSet`].

use crate::ast::{FileId, Span};

/// One input file.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The name shown in diagnostics (usually the path as given).
    pub name: String,
    /// The text (invalid UTF-8 already replaced by the loader).
    pub text: String,
    /// Byte offset of the start of every line (computed on first use:
    /// only diagnostics need it).
    line_starts: std::sync::OnceLock<Vec<u32>>,
}

impl SourceFile {
    fn new(name: String, text: String) -> SourceFile {
        SourceFile {
            name,
            text,
            line_starts: std::sync::OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut starts = Vec::with_capacity(self.text.len() / 30 + 1);
            starts.push(0);
            starts.extend(
                self.text
                    .bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i as u32 + 1),
            );
            starts
        })
    }

    /// 1-based line and 1-based column (in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let offset = offset.min(self.text.len() as u32);
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset) - 1;
        let start = starts[line] as usize;
        let mut end = offset as usize;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let col = self.text[start..end].chars().count() as u32 + 1;
        (line as u32 + 1, col)
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, line: u32) -> &str {
        let index = (line as usize).saturating_sub(1);
        let starts = self.line_starts();
        let Some(&start) = starts.get(index) else {
            return "";
        };
        let end = starts
            .get(index + 1)
            .map_or(self.text.len(), |&e| e as usize);
        self.text[start as usize..end].trim_end_matches(['\n', '\r'])
    }
}

/// The lines of a text with their 1-based numbers, a trailing `\r`
/// removed (for the line-based languages, `eyes.db` and `mc_*.db`).
pub fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .enumerate()
        .map(|(k, line)| (k + 1, line.strip_suffix('\r').unwrap_or(line)))
}

/// All input files of one run; [`FileId`] indexes into it.
#[derive(Debug, Clone, Default)]
pub struct SourceSet {
    files: Vec<SourceFile>,
}

impl SourceSet {
    /// An empty set.
    pub fn new() -> SourceSet {
        SourceSet::default()
    }

    /// A set holding just one file, and that file's id.
    pub fn single(name: impl Into<String>, text: impl Into<String>) -> (SourceSet, FileId) {
        let mut set = SourceSet::new();
        let id = set.add(name, text);
        (set, id)
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile::new(name.into(), text.into()));
        id
    }

    /// Adds a file from raw bytes, replacing invalid UTF-8 with U+FFFD.
    /// Returns the id and whether anything had to be replaced.
    pub fn add_bytes(&mut self, name: impl Into<String>, bytes: Vec<u8>) -> (FileId, bool) {
        match String::from_utf8(bytes) {
            Ok(text) => (self.add(name, text), false),
            Err(err) => {
                let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
                (self.add(name, text), true)
            }
        }
    }

    /// The file with this id.
    ///
    /// # Panics
    /// When the id does not come from this set.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// All ids, in order.
    pub fn ids(&self) -> impl Iterator<Item = FileId> + '_ {
        (0..self.files.len() as u32).map(FileId)
    }

    /// Number of files.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether the set holds no file.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The span of the character at a 1-based line and column (in
    /// characters) of a file; past the end of the line, an empty span at
    /// its end (the column is kept as given).
    pub fn span_at(&self, file: FileId, line: u32, col: u32) -> Span {
        let source = self.file(file);
        let starts = source.line_starts();
        let index = (line.max(1) as usize - 1).min(starts.len() - 1);
        let line_start = starts[index] as usize;
        let text = source.line_text(index as u32 + 1);
        let (start, end) = match text.char_indices().nth(col.max(1) as usize - 1) {
            Some((offset, c)) => (line_start + offset, line_start + offset + c.len_utf8()),
            None => (line_start + text.len(), line_start + text.len()),
        };
        Span {
            file,
            start: start as u32,
            end: end as u32,
            line: index as u32 + 1,
            col,
        }
    }

    /// A span for a byte range of a file, with line and column filled in.
    pub fn span(&self, file: FileId, start: usize, end: usize) -> Span {
        let (line, col) = self.file(file).line_col(start as u32);
        Span {
            file,
            start: start as u32,
            end: end as u32,
            line,
            col,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_lookup() {
        let mut set = SourceSet::new();
        let id = set.add("t.db", "ab\ncé d\r\n\nlast");
        let file = set.file(id);
        assert_eq!(file.line_col(0), (1, 1));
        assert_eq!(file.line_col(3), (2, 1));
        assert_eq!(file.line_col(6), (2, 3));
        assert_eq!(file.line_col(100), (4, 5));
        assert_eq!(file.line_text(2), "cé d");
        assert_eq!(file.line_text(4), "last");
        assert_eq!(file.line_text(9), "");
        let span = set.span(id, 6, 7);
        assert_eq!((span.line, span.col), (2, 3));
        let at = set.span_at(id, 2, 2);
        assert_eq!(
            (at.start, at.end, at.line, at.col),
            (4, 6, 2, 2),
            "é is two bytes"
        );
        let past = set.span_at(id, 2, 9);
        assert_eq!(
            (past.start, past.end),
            (8, 8),
            "past the end: the end of the line"
        );
        assert_eq!(set.span_at(id, 4, 1).start, 11);
    }
}
