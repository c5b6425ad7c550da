//! Reading SGF the way GNU Go's own reader does, on top of `sgf-parse`:
//! the one SGF reader of the workspace (joseki conversion and position
//! loading both use it).
//!
//! GNU Go's reader differs from strict SGF FF\[4\] in ways the joseki files
//! rely on (spec `joseki-and-fuseki.md` §1.2):
//!
//! * text before the first `(` followed by `;` is skipped (licence text), and
//!   only the first game tree is read;
//! * lower-case letters in property identifiers are dropped, at most two
//!   upper-case letters are kept;
//! * a property with several values becomes several properties;
//! * `ab:cd` rectangles of point-list properties are expanded;
//! * `\` escapes the next character, `\` + line break removes the line break,
//!   trailing white space of every value is removed, values are cut at 3999
//!   characters; point letters are case-insensitive.
//!
//! [`read_sgf`] first scans the text with those rules (reporting syntax
//! errors with line, column and node path), writes a normalised SGF text with
//! one value per property, and hands that to `sgf-parse`. Because every
//! property then carries a single value, the sets `sgf-parse` returns (for
//! `MA`, `LB`, …) hold at most one element and file order is preserved.
//!
//! Damage GTP `loadsgf` also tolerates is repaired too: a byte-order mark
//! or other text before the tree is preamble, empty nodes (`;` directly
//! followed by `;` or `)`) are nodes without properties, and, with
//! [`ReadOptions::close_unterminated_trees`], game trees still open at the
//! end of the text are closed there. A property value still open at the end
//! of the text is an error either way.

use crate::node_path::NodePath;
use sgf_parse::SgfNode;
use sgf_parse::go::Prop;
use std::fmt;

/// Properties whose `ab:cd` values are rectangles of points.
const RECTANGLE_PROPERTIES: [&str; 12] = [
    "AB", "AW", "AE", "CR", "MA", "SQ", "TR", "DD", "SL", "VW", "TB", "TW",
];

/// Properties whose value starts with a point (lower-cased on reading).
const POINT_PROPERTIES: [&str; 14] = [
    "B", "W", "AB", "AW", "AE", "CR", "MA", "SQ", "TR", "DD", "SL", "VW", "TB", "TW",
];

/// The deepest node accepted, in steps from the root: far beyond any game
/// record (a main line of 10 000 moves), and shallow enough that the
/// recursive tree walks here and in `sgf-parse` stay within a thread's
/// stack.
pub const MAX_DEPTH: usize = 10_000;

/// The most variations nested inside one another (each `(` inside a game
/// tree opens one more level), for the same reason.
pub const MAX_NESTING: usize = 1_000;

/// The most runs (see [`NodePath`]) all the node paths of one tree may
/// hold together, 128 MiB: a tree's paths cost the sum over its nodes of
/// their variation nesting, which only a crafted file makes large.
pub const MAX_STORED_RUNS: usize = 1 << 23;

/// Longest value GNU Go keeps, in characters.
const MAX_VALUE_CHARS: usize = 3999;

/// A malformed SGF text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    /// What is wrong.
    pub message: String,
    /// 1-based line of the offending character.
    pub line: u32,
    /// 1-based column (in characters) of the offending character.
    pub col: u32,
    /// The node being read when the error was found, if any.
    pub node: Option<NodePath>,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)?;
        if let Some(node) = &self.node {
            write!(f, " (in node {node})")?;
        }
        Ok(())
    }
}

impl std::error::Error for SgfError {}

/// The first game tree of an SGF text, parsed by `sgf-parse`, with the
/// position of every node.
#[derive(Debug, Clone)]
pub struct SgfTree {
    /// The root node.
    pub root: SgfNode<Prop>,
    /// Path and position of every node, in pre-order (the order of their `;`
    /// in the file).
    pub node_paths: Vec<NodePath>,
    /// The normalised text handed to `sgf-parse`.
    pub normalised: String,
}

impl Drop for SgfTree {
    /// Takes the tree apart one node at a time: `sgf-parse` nests every
    /// node of a line inside the one before, and its own recursive drop of
    /// a long main line can run out of stack.
    fn drop(&mut self) {
        let mut pending = std::mem::take(&mut self.root.children);
        while let Some(mut node) = pending.pop() {
            pending.append(&mut node.children);
        }
    }
}

/// How lenient [`read_sgf_with`] is beyond GNU Go's reader rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Close the game trees still open when the text ends (a truncated
    /// file, as GTP `loadsgf` accepts it) instead of reporting a missing
    /// `)`.
    pub close_unterminated_trees: bool,
}

impl ReadOptions {
    /// The leniency of GTP `loadsgf`: truncated trees are closed.
    pub const LOADSGF: ReadOptions = ReadOptions {
        close_unterminated_trees: true,
    };
}

/// Reads the first game tree of `text` with GNU Go's reader rules; a game
/// tree still open at the end of the text is an error.
pub fn read_sgf(text: &str) -> Result<SgfTree, SgfError> {
    read_sgf_with(text, ReadOptions::default())
}

/// Reads the first game tree of `text` with GNU Go's reader rules and the
/// extra leniency of `options`.
pub fn read_sgf_with(text: &str, options: ReadOptions) -> Result<SgfTree, SgfError> {
    let mut scanner = Scanner::new(text, options);
    scanner.skip_preamble()?;
    let mut out = String::new();
    let mut node_paths = Vec::new();
    scanner.game_tree(0, None, 0, &mut out, &mut node_paths)?;
    let mut nodes = sgf_parse::go::parse(&out).map_err(|e| SgfError {
        message: format!("sgf-parse rejected the normalised tree: {e}"),
        line: 1,
        col: 1,
        node: None,
    })?;
    if nodes.len() != 1 {
        return Err(SgfError {
            message: format!("expected one game tree, sgf-parse found {}", nodes.len()),
            line: 1,
            col: 1,
            node: None,
        });
    }
    Ok(SgfTree {
        root: nodes.remove(0),
        node_paths,
        normalised: out,
    })
}

/// A cursor over the SGF text that tracks line and column.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    line: u32,
    col: u32,
    current_node: Option<NodePath>,
    /// Runs of all the node paths recorded so far.
    stored_runs: usize,
    options: ReadOptions,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str, options: ReadOptions) -> Self {
        Scanner {
            text,
            options,
            pos: 0,
            line: 1,
            col: 1,
            current_node: None,
            stored_runs: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, message: impl Into<String>) -> SgfError {
        SgfError {
            message: message.into(),
            line: self.line,
            col: self.col,
            node: self.current_node.clone(),
        }
    }

    /// Skips everything before the first `(` that is followed (after white
    /// space) by `;`.
    fn skip_preamble(&mut self) -> Result<(), SgfError> {
        loop {
            match self.peek() {
                None => return Err(self.error("no game tree: no `(` followed by `;` found")),
                Some('(') => {
                    let rest = self.text[self.pos + 1..].trim_start();
                    if rest.starts_with(';') {
                        return Ok(());
                    }
                    self.bump();
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    /// `( node+ game-tree* )`. `parent` is the path of the node the tree
    /// hangs from (`None` for the root tree), `child_index` the index of its
    /// first node among the parent's children.
    fn game_tree(
        &mut self,
        nesting: usize,
        parent: Option<&NodePath>,
        child_index: usize,
        out: &mut String,
        node_paths: &mut Vec<NodePath>,
    ) -> Result<(), SgfError> {
        if nesting > MAX_NESTING {
            return Err(self.error(format!(
                "variations are nested more than {MAX_NESTING} deep"
            )));
        }
        if self.bump() != Some('(') {
            return Err(self.error("expected `(` to open a game tree"));
        }
        out.push('(');
        self.skip_whitespace();
        let mut path = NodePath::default();
        if let Some(parent) = parent {
            path.runs.clone_from(&parent.runs);
            path.push(child_index);
        }
        let mut first = true;
        loop {
            self.skip_whitespace();
            if self.peek() != Some(';') {
                break;
            }
            if !first {
                path.push(0);
            }
            first = false;
            if path.depth() > MAX_DEPTH {
                return Err(
                    self.error(format!("the game tree is more than {MAX_DEPTH} nodes deep"))
                );
            }
            path.line = self.line;
            path.col = self.col;
            self.stored_runs += path.runs.len();
            if self.stored_runs > MAX_STORED_RUNS {
                return Err(self.error(format!(
                    "the node paths of this tree would hold more than {MAX_STORED_RUNS} \
                     steps (too many nodes in deeply nested variations)"
                )));
            }
            self.current_node = Some(path.clone());
            node_paths.push(path.clone());
            self.bump();
            out.push(';');
            self.node(out)?;
        }
        if first {
            return Err(self.error("a game tree must start with a node (`;`)"));
        }
        let mut variation = 0;
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some('(') => {
                    self.game_tree(nesting + 1, Some(&path), variation, out, node_paths)?;
                    variation += 1;
                }
                Some(')') => {
                    self.bump();
                    out.push(')');
                    return Ok(());
                }
                Some(';') => {
                    return Err(self.error("a node cannot follow variations in the same game tree"));
                }
                Some(c) => {
                    return Err(self.error(format!(
                        "unexpected character `{c}` where a variation or `)` was expected"
                    )));
                }
                None if self.options.close_unterminated_trees => {
                    out.push(')');
                    return Ok(());
                }
                None => return Err(self.error("end of file inside a game tree (missing `)`)")),
            }
        }
    }

    /// The properties of one node (after its `;`).
    fn node(&mut self, out: &mut String) -> Result<(), SgfError> {
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => self.property(out)?,
                Some(';' | '(' | ')') => return Ok(()),
                None if self.options.close_unterminated_trees => return Ok(()),
                None => return Err(self.error("end of file inside a node (missing `)`)")),
                Some(c) => {
                    return Err(self.error(format!(
                        "unexpected character `{c}` where a property identifier was expected"
                    )));
                }
            }
        }
    }

    fn property(&mut self, out: &mut String) -> Result<(), SgfError> {
        let (start_line, start_col) = (self.line, self.col);
        let mut raw = String::new();
        let mut identifier = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            self.bump();
            raw.push(c);
            if c.is_ascii_uppercase() && identifier.len() < 2 {
                identifier.push(c);
            }
        }
        if identifier.is_empty() {
            return Err(SgfError {
                message: format!("property identifier `{raw}` has no upper-case letter"),
                line: start_line,
                col: start_col,
                node: self.current_node.clone(),
            });
        }
        self.skip_whitespace();
        if self.peek() != Some('[') {
            return Err(self.error(format!("property `{raw}` has no value (`[` expected)")));
        }
        while self.peek() == Some('[') {
            self.bump();
            let value = self.value()?;
            emit_property(&identifier, &value, out);
            self.skip_whitespace();
        }
        Ok(())
    }

    /// One value, after its `[`, up to and including its `]`.
    fn value(&mut self) -> Result<String, SgfError> {
        let mut value = String::new();
        loop {
            match self.bump() {
                None => return Err(self.error("end of file inside a property value (missing `]`)")),
                Some(']') => break,
                Some('\\') => match self.bump() {
                    None => {
                        return Err(self.error("end of file inside a property value (missing `]`)"));
                    }
                    Some('\n') => {
                        if self.peek() == Some('\r') {
                            self.bump();
                        }
                    }
                    Some('\r') => {
                        if self.peek() == Some('\n') {
                            self.bump();
                        }
                    }
                    Some(c) => value.push(c),
                },
                Some(c) => value.push(c),
            }
        }
        let trimmed_len = value.trim_end().len();
        value.truncate(trimmed_len);
        if let Some((cut, _)) = value.char_indices().nth(MAX_VALUE_CHARS) {
            value.truncate(cut);
        }
        Ok(value)
    }
}

/// Writes `ID[value]` (or, for a rectangle, one `ID[point]` per point) in
/// normalised form.
fn emit_property(identifier: &str, value: &str, out: &mut String) {
    let mut value = value.to_string();
    if POINT_PROPERTIES.contains(&identifier) || identifier == "LB" {
        let head: String = value
            .chars()
            .take(2)
            .collect::<String>()
            .to_ascii_lowercase();
        let tail: String = value.chars().skip(2).collect();
        value = head + &tail;
    }
    if identifier == "GM" {
        // GNU Go ignores the game type; sgf-parse would refuse non-Go games.
        return;
    }
    if RECTANGLE_PROPERTIES.contains(&identifier)
        && let Some(points) = expand_rectangle(&value)
    {
        for point in points {
            push_property(identifier, &point, out);
        }
        return;
    }
    push_property(identifier, &value, out);
}

fn push_property(identifier: &str, value: &str, out: &mut String) {
    out.push_str(identifier);
    out.push('[');
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}

/// The points of an `ab:cd` rectangle (columns a..=c, rows b..=d), column
/// by column, or `None` if `value` is not a well-formed rectangle.
fn expand_rectangle(value: &str) -> Option<Vec<String>> {
    let bytes = value.as_bytes();
    if bytes.len() != 5 || bytes[2] != b':' {
        return None;
    }
    let [a, b, _, c, d] =
        [bytes[0], bytes[1], bytes[2], bytes[3], bytes[4]].map(|x| x.to_ascii_lowercase());
    if ![a, b, c, d].iter().all(u8::is_ascii_lowercase) || a > c || b > d {
        return None;
    }
    let mut points = Vec::new();
    for column in a..=c {
        for row in b..=d {
            points.push(String::from_utf8(vec![column, row]).unwrap_or_default());
        }
    }
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalised(text: &str) -> String {
        read_sgf(text).unwrap().normalised.clone()
    }

    #[test]
    fn skips_preamble_and_trailing_text() {
        assert_eq!(
            normalised("licence (c) text\n( ;SZ[19];B[aa]) (;B[bb])"),
            "(;SZ[19];B[aa])"
        );
    }

    #[test]
    fn long_identifiers_lose_lower_case() {
        assert_eq!(normalised("(;AddBlack[Aa]Comment[x])"), "(;AB[aa]C[x])");
    }

    #[test]
    fn multiple_values_and_rectangles_split() {
        assert_eq!(
            normalised("(;LB[pc:a][qd:B]MA[aa:bb])"),
            "(;LB[pc:a]LB[qd:B]MA[aa]MA[ab]MA[ba]MA[bb])"
        );
    }

    #[test]
    fn escapes_soft_breaks_and_trailing_space() {
        let tree = read_sgf("(;C[a\\]b\\\\c\\\nd  \n ])").unwrap();
        assert_eq!(tree.normalised, "(;C[a\\]b\\\\cd])");
        match tree.root.properties().next() {
            Some(Prop::C(text)) => assert_eq!(text.text, "a]b\\cd"),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn node_paths_in_preorder() {
        let tree = read_sgf("(;SZ[19]\n;B[aa](;W[bb];B[cc])(;W[dd]))").unwrap();
        let steps: Vec<Vec<usize>> = tree.node_paths.iter().map(NodePath::steps).collect();
        assert_eq!(
            steps,
            vec![vec![], vec![0], vec![0, 0], vec![0, 0, 0], vec![0, 1]]
        );
        assert_eq!((tree.node_paths[1].line, tree.node_paths[1].col), (2, 1));
    }

    #[test]
    fn syntax_errors_carry_position_and_node() {
        let err = read_sgf("(;SZ[19];B[aa]\n;W[bb").unwrap_err();
        assert_eq!((err.line, err.col), (2, 6));
        assert_eq!(err.node.unwrap().steps(), vec![0, 0]);
        let err = read_sgf("(;SZ[19];B[aa]1)").unwrap_err();
        assert!(err.message.contains("unexpected character `1`"), "{err}");
        assert!(read_sgf("no tree here").is_err());
        assert!(read_sgf("(;SZ[19];B[aa]").is_err());
        assert!(read_sgf("(;sz[19])").is_err());
    }

    #[test]
    fn loadsgf_leniency_closes_truncated_trees_only_on_request() {
        let loadsgf = |text| read_sgf_with(text, ReadOptions::LOADSGF);
        assert_eq!(
            loadsgf("(;SZ[9];B[ee](;W[cc]").unwrap().normalised,
            "(;SZ[9];B[ee](;W[cc]))"
        );
        assert_eq!(
            loadsgf("(;SZ[9];B[ee];").unwrap().normalised,
            "(;SZ[9];B[ee];)"
        );
        assert!(read_sgf("(;SZ[9];B[ee](;W[cc]").is_err());
        // A value still open at the end is an error either way.
        let err = loadsgf("(;SZ[9];B[ee").unwrap_err();
        assert!(err.message.contains("missing `]`"), "{err}");
    }

    #[test]
    fn depth_and_nesting_are_bounded() {
        let main_line = |nodes: usize| format!("(;SZ[19]{})", ";B[aa]".repeat(nodes - 1));
        assert!(read_sgf(&main_line(MAX_DEPTH + 1)).is_ok());
        let err = read_sgf(&main_line(MAX_DEPTH + 2)).unwrap_err();
        assert!(err.message.contains("nodes deep"), "{err}");
        assert_eq!(err.node.unwrap().runs, [(0, MAX_DEPTH)]);
        let nested = |levels: usize| format!("{}{}", "(;".repeat(levels), ")".repeat(levels));
        assert!(read_sgf(&nested(MAX_NESTING + 1)).is_ok());
        let err = read_sgf(&nested(MAX_NESTING + 2)).unwrap_err();
        assert!(err.message.contains("nested more than"), "{err}");
    }

    #[test]
    fn the_deepest_main_line_is_dropped_without_deep_recursion() {
        // Regression (found by fuzzing): sgf-parse's own drop recurses once
        // per node of a line and overflowed the stack.
        let text = format!("(;SZ[19]{})", ";B[aa]".repeat(MAX_DEPTH));
        let tree = read_sgf(&text).unwrap();
        let dropped = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || drop(tree))
            .unwrap()
            .join();
        assert!(dropped.is_ok());
    }

    #[test]
    fn byte_order_mark_and_empty_nodes() {
        let tree = read_sgf("\u{feff}(;SZ[9];;B[ee];)").unwrap();
        assert_eq!(tree.normalised, "(;SZ[9];;B[ee];)");
        assert_eq!(tree.root.main_variation().count(), 4);
        assert_eq!(read_sgf("( ;)").unwrap().normalised, "(;)");
    }
}
