//! The main line of an SGF text as byte offsets, so that annotations can be
//! inserted into the text itself: everything else (other properties,
//! variations, the file's encoding and layout) is written back byte for
//! byte, and no property is re-serialised (`sgf-parse` keeps lists of
//! points in hash sets, so writing a parsed tree back would reorder them
//! from run to run).
//!
//! The scan follows the rules of the workspace's reader (`sgf::read_sgf`)
//! where they matter here: text before the first `(` followed by `;` is
//! skipped; a property identifier keeps its upper-case letters (at most
//! two); `\` escapes the next byte inside a value; every value of a `B` or
//! `W` property is one move; a game tree left open at the end of the text
//! is closed there. The main line is the first game tree's nodes, followed
//! at each end of a sequence by its first variation.

/// One property of a main-line node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PropertySpan {
    /// The identifier's upper-case letters (`C`, `LB`, `B`, …).
    pub id: String,
    /// Each value's byte range, brackets included.
    pub values: Vec<(usize, usize)>,
}

/// One node of the main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeSpan {
    /// Where new properties go: after the node's last value (after its `;`
    /// when it has none).
    pub insert_at: usize,
    /// Its properties, in order.
    pub properties: Vec<PropertySpan>,
    /// The number of moves (values of `B` and `W`) in it.
    pub moves: usize,
}

impl NodeSpan {
    /// The first property with identifier `id`.
    pub fn property(&self, id: &str) -> Option<&PropertySpan> {
        self.properties.iter().find(|p| p.id == id)
    }
}

/// The main line of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MainLine {
    /// Its nodes, in order.
    pub nodes: Vec<NodeSpan>,
    /// Game trees still open at the end of the text.
    pub unclosed: usize,
}

/// Scans `text` for its main line. Errors: no game tree, or a value not
/// closed at the end of the text.
pub fn main_line(text: &[u8]) -> Result<MainLine, String> {
    let start = find_start(text).ok_or("no SGF game tree (no `(` followed by `;`)")?;
    // One entry per open game tree: whether it is on the main line, and
    // whether one of its variations has been opened already.
    let mut open: Vec<(bool, bool)> = vec![(true, false)];
    let mut nodes: Vec<NodeSpan> = Vec::new();
    let mut current: Option<NodeSpan> = None;
    let mut i = start + 1;
    while i < text.len() && !open.is_empty() {
        let byte = text[i];
        match byte {
            b';' => {
                nodes.extend(current.take());
                let (main, _) = open[open.len() - 1];
                if main {
                    current = Some(NodeSpan {
                        insert_at: i + 1,
                        properties: Vec::new(),
                        moves: 0,
                    });
                }
                i += 1;
            }
            b'(' => {
                nodes.extend(current.take());
                let parent = open.len() - 1;
                let main = open[parent].0 && !open[parent].1;
                open[parent].1 = true;
                open.push((main, false));
                i += 1;
            }
            b')' => {
                nodes.extend(current.take());
                open.pop();
                i += 1;
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                let mut id = String::new();
                while i < text.len() && text[i].is_ascii_alphabetic() {
                    if text[i].is_ascii_uppercase() && id.len() < 2 {
                        id.push(char::from(text[i]));
                    }
                    i += 1;
                }
                let mut values = Vec::new();
                loop {
                    while i < text.len() && text[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    if i >= text.len() || text[i] != b'[' {
                        break;
                    }
                    let value_start = i;
                    i += 1;
                    while i < text.len() && text[i] != b']' {
                        i += if text[i] == b'\\' { 2 } else { 1 };
                    }
                    if i >= text.len() {
                        return Err(format!(
                            "a value opened at byte {value_start} is not closed"
                        ));
                    }
                    i += 1;
                    values.push((value_start, i));
                }
                if let Some(node) = current.as_mut() {
                    if let Some(&(_, end)) = values.last() {
                        node.insert_at = end;
                    }
                    if id == "B" || id == "W" {
                        node.moves += values.len();
                    }
                    node.properties.push(PropertySpan { id, values });
                }
            }
            _ => i += 1,
        }
    }
    nodes.extend(current.take());
    Ok(MainLine {
        nodes,
        unclosed: open.len(),
    })
}

/// The offset of the first `(` followed (after white space) by `;`.
fn find_start(text: &[u8]) -> Option<usize> {
    (0..text.len()).find(|&i| {
        text[i] == b'('
            && text[i + 1..]
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b';')
    })
}

/// `text` as an SGF Text value's content: `\` and `]` escaped.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_line_follows_first_variations_and_counts_moves() {
        let text = b"junk (;SZ[9]C[a\\]b];B[ee](;W[cc]B[dd][de];W[gg])(;W[hh]))";
        let line = main_line(text).unwrap();
        assert_eq!(line.unclosed, 0);
        let moves: Vec<usize> = line.nodes.iter().map(|n| n.moves).collect();
        assert_eq!(moves, [0, 1, 3, 1]);
        let root = &line.nodes[0];
        assert_eq!(root.property("C").unwrap().values.len(), 1);
        let (s, e) = root.property("C").unwrap().values[0];
        assert_eq!(&text[s..e], b"[a\\]b]");
        assert_eq!(root.insert_at, e);
        let after_move = line.nodes[1].insert_at;
        assert_eq!(&text[after_move - 6..after_move], b";B[ee]");
        assert_eq!(line.nodes[2].property("B").unwrap().values.len(), 2);
    }

    #[test]
    fn long_identifiers_keep_their_capitals_and_open_trees_are_counted() {
        let line = main_line(b"(;AddBlack[aa]Comment[x];LaBel[aa:1]").unwrap();
        assert_eq!(line.unclosed, 1);
        let ids: Vec<&str> = line.nodes[0]
            .properties
            .iter()
            .map(|p| p.id.as_str())
            .collect();
        assert_eq!(ids, ["AB", "C"]);
        assert_eq!(line.nodes[1].properties[0].id, "LB");
    }

    #[test]
    fn bad_texts_are_errors() {
        assert!(main_line(b"no tree here").is_err());
        assert!(main_line(b"(;C[open").is_err());
    }

    #[test]
    fn escaping_protects_brackets_and_backslashes() {
        assert_eq!(escape(r"a]b\c"), r"a\]b\\c");
    }
}
