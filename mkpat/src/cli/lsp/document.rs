//! An open document: its text as the editor holds it, the path its URI
//! names (GNU Go's file names decide the language and the build options,
//! as for `mkpat check`), and its parse.

use std::path::Path;

use lsp_types::Uri;
use mkpat::ast::File;
use mkpat::options::{FileLanguage, defaults_for_path};
use mkpat::parse::parse_file;
use mkpat::source::SourceSet;

use super::position::LineIndex;

/// One open document and what is derived from its text.
pub struct Document {
    /// The editor's version of the text.
    pub version: i32,
    /// The text.
    pub text: String,
    /// The path its URI names (a `file:` URI's decoded path, else the URI).
    pub path: String,
    /// Line starts, for positions.
    pub lines: LineIndex,
    /// The text as the only file of a source set, named by `path`.
    pub sources: SourceSet,
    /// The parse, for pattern databases (`eyes.db` and `mc_*.db` have none).
    pub parsed: Option<File>,
    /// Whether the parser reported an error (`mkpat fmt` then leaves the
    /// text alone).
    pub has_parse_errors: bool,
}

impl Document {
    /// A document of this text; parses it when it is a pattern database.
    pub fn new(uri: &Uri, version: i32, text: String) -> Document {
        let path = uri_path(uri);
        let (sources, id) = SourceSet::single(path.clone(), text.clone());
        let parsed = (language(&path) == FileLanguage::Patterns).then(|| parse_file(&sources, id));
        let has_parse_errors = parsed
            .as_ref()
            .is_some_and(|p| p.diagnostics.iter().any(|d| d.is_error()));
        Document {
            version,
            lines: LineIndex::new(&text),
            text,
            path,
            sources,
            parsed: parsed.map(|p| p.file),
            has_parse_errors,
        }
    }
}

/// The language GNU Go's file names give a path.
pub fn language(path: &str) -> FileLanguage {
    defaults_for_path(Path::new(path)).language
}

/// The path a URI names: a `file:` URI's path, percent-decoded; any other
/// URI as written (its last segment still names the database).
pub fn uri_path(uri: &Uri) -> String {
    let text = uri.as_str();
    let Some(rest) = text.strip_prefix("file://") else {
        return text.to_string();
    };
    // Skip the authority (usually empty: `file:///path`).
    let path = &rest[rest.find('/').unwrap_or(rest.len())..];
    percent_decode(path)
}

/// `%XX` escapes decoded (invalid ones kept as written; invalid UTF-8
/// replaced).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok());
        match escaped {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_name_decoded_paths() {
        let uri: Uri = "file:///tmp/my%20dir/conn.db".parse().unwrap();
        assert_eq!(uri_path(&uri), "/tmp/my dir/conn.db");
        let uri: Uri = "untitled:eyes.db".parse().unwrap();
        assert_eq!(uri_path(&uri), "untitled:eyes.db");
        assert_eq!(language(&uri_path(&uri)), FileLanguage::Patterns);
        assert_eq!(language("/x/eyes.db"), FileLanguage::Eyes);
        assert_eq!(percent_decode("a%2"), "a%2");
    }
}
