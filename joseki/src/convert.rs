//! Joseki SGF → `.db` text, following GNU Go's `joseki` program (spec
//! `joseki-and-fuseki.md` §1): marked nodes become corner patterns drawn from
//! the upper-right corner of the SGF board.

use crate::board::{Board, IllegalMove, SIZE, Stone};
use sgf::{NodePath, SgfError, SgfTree, read_sgf};
use sgf_parse::SgfNode;
use sgf_parse::go::{Move, Point, Prop};
use std::fmt::{self, Write as _};

/// The header comment written in place of GNU Go's licence block.
pub const HEADER: &str = "\
# Joseki patterns converted from an SGF joseki tree by tesuji's `joseki`.
# Generated file: edit the SGF source instead.
";

/// The move classification carried by the first character of a comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveType {
    /// `U`/`u`: urgent (class `U`).
    Urgent,
    /// `J`/`S` or anything unrecognised: standard (class `J`).
    Standard,
    /// `j`/`s`: lesser (class `j`).
    Minor,
    /// `T`: trick (class `T`).
    Trick,
    /// `t`: tenuki is OK (class `t`).
    TenukiOk,
    /// `0`/`a`/`A`: antisuji (class `N`).
    Antisuji,
}

impl MoveType {
    /// The type named by a comment (its first character).
    pub fn of_comment(comment: Option<&str>) -> MoveType {
        match comment.and_then(|c| c.chars().next()) {
            Some('U' | 'u') => MoveType::Urgent,
            Some('j' | 's') => MoveType::Minor,
            Some('T') => MoveType::Trick,
            Some('t') => MoveType::TenukiOk,
            Some('0' | 'a' | 'A') => MoveType::Antisuji,
            _ => MoveType::Standard,
        }
    }

    /// The class letter written on the colon line.
    pub fn class_letter(self) -> char {
        match self {
            MoveType::Urgent => 'U',
            MoveType::Standard => 'J',
            MoveType::Minor => 'j',
            MoveType::Trick => 'T',
            MoveType::TenukiOk => 't',
            MoveType::Antisuji => 'N',
        }
    }
}

/// A non-fatal problem found while converting (the pattern is still written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The node concerned.
    pub node: NodePath,
    /// What is odd about it.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "warning: {} (node {})", self.message, self.node)
    }
}

/// Why a conversion failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConvertError {
    /// The SGF text is malformed.
    Sgf(SgfError),
    /// The root node has no usable `SZ`.
    NoBoardSize,
    /// A node's move cannot be played (suicide or occupied point). `output`
    /// holds what was written up to and including the offending pattern.
    IllegalMove {
        /// The pattern name, when the node produced a pattern.
        pattern: Option<String>,
        /// The node.
        node: NodePath,
        /// Occupied point or suicide.
        reason: IllegalMove,
        /// The text written before the error.
        output: String,
    },
    /// A node property GNU Go cannot read (e.g. a label without `:`).
    BadNode {
        /// The node.
        node: NodePath,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Sgf(e) => write!(f, "malformed SGF: {e}"),
            ConvertError::NoBoardSize => write!(f, "can't determine file board size (root SZ)"),
            ConvertError::IllegalMove {
                pattern,
                node,
                reason,
                ..
            } => {
                let why = match reason {
                    IllegalMove::Occupied => "point already occupied",
                    IllegalMove::Suicide => "suicide",
                };
                match pattern {
                    Some(name) => {
                        write!(f, "illegal move in pattern {name} ({why}) at node {node}")
                    }
                    None => write!(f, "illegal move ({why}) at node {node}"),
                }
            }
            ConvertError::BadNode { node, message } => write!(f, "bad node {node}: {message}"),
        }
    }
}

impl std::error::Error for ConvertError {}

impl From<SgfError> for ConvertError {
    fn from(e: SgfError) -> Self {
        ConvertError::Sgf(e)
    }
}

/// Facts about one produced pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternInfo {
    /// `PREFIX` + number.
    pub name: String,
    /// The node it came from.
    pub node: NodePath,
    /// Move classification.
    pub move_type: MoveType,
    /// Whether the symmetry character is `/`.
    pub diagonal_symmetric: bool,
    /// Internal (row, column) of the move (column counted leftwards from the
    /// right edge).
    pub move_point: (usize, usize),
    /// Internal (row, column) of the mark (the pattern's far corner).
    pub mark_point: (usize, usize),
    /// The stones of the diagram in reading order (rows from the top, each
    /// from left to right, i.e. internal column descending): internal point
    /// and `'O'` (colour of the move) or `'X'`.
    pub stones: Vec<((usize, usize), char)>,
}

/// The result of a successful conversion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversion {
    /// The `.db` text.
    pub text: String,
    /// One entry per pattern, in output order.
    pub patterns: Vec<PatternInfo>,
    /// Non-fatal problems.
    pub warnings: Vec<Warning>,
}

/// Converts joseki SGF text to `.db` text with pattern names `PREFIX1`,
/// `PREFIX2`, ….
pub fn sgf_to_db(prefix: &str, sgf_text: &str) -> Result<Conversion, ConvertError> {
    let tree = read_sgf(sgf_text)?;
    let board_size = match tree.root.properties().find(|p| matches!(p, Prop::SZ(_))) {
        Some(Prop::SZ((width, _))) => usize::from(*width),
        _ => return Err(ConvertError::NoBoardSize),
    };
    let mut converter = Converter {
        prefix,
        board_size,
        tree: &tree,
        board: Board::default(),
        text: String::new(),
        patterns: Vec::new(),
        warnings: Vec::new(),
        preorder: 0,
    };
    converter.text.push_str(HEADER);
    converter.text.push_str("\n\nattribute_map general\n\n");
    converter.visit(&tree.root)?;
    Ok(Conversion {
        text: converter.text,
        patterns: converter.patterns,
        warnings: converter.warnings,
    })
}

/// What one node says, in internal coordinates.
#[derive(Default)]
struct NodeFacts {
    /// The last `B`/`W` move: colour and point (`None` point = pass / no point).
    movement: Option<(Stone, Option<(usize, usize)>)>,
    /// The first `MA`/`SQ` mark (`None` = not a point).
    mark: Option<Option<(usize, usize)>>,
    multiple_marks: bool,
    /// Labels by internal point; `Some('\0')`-like empty labels are kept as
    /// `None` characters but still count as "a label exists".
    labels: Vec<((usize, usize), Option<char>)>,
    label_found: bool,
    comment: Option<String>,
}

struct Converter<'a> {
    prefix: &'a str,
    board_size: usize,
    tree: &'a SgfTree,
    board: Board,
    text: String,
    patterns: Vec<PatternInfo>,
    warnings: Vec<Warning>,
    /// Pre-order index of the node being visited (indexes `tree.node_paths`).
    preorder: usize,
}

impl Converter<'_> {
    /// Internal coordinates of an SGF point: `(row, size − 1 − column)`, or
    /// `None` when a letter is beyond the board size.
    fn internal(&self, point: Point) -> Option<(i64, i64)> {
        let (x, y) = (usize::from(point.x), usize::from(point.y));
        if x >= self.board_size || y >= self.board_size {
            return None;
        }
        Some((y as i64, self.board_size as i64 - 1 - x as i64))
    }

    /// A point inside `0..limit` in both coordinates.
    fn internal_within(&self, point: Point, limit: i64) -> Option<(usize, usize)> {
        let (i, j) = self.internal(point)?;
        ((0..limit).contains(&i) && (0..limit).contains(&j)).then_some((i as usize, j as usize))
    }

    fn warn(&mut self, node: &NodePath, message: String) {
        self.warnings.push(Warning {
            node: node.clone(),
            message,
        });
    }

    /// Reads a raw point (first two characters) the lenient GNU Go way.
    fn raw_point(value: &str) -> Option<Point> {
        value.get(..2)?.parse().ok()
    }

    fn facts(&mut self, node: &SgfNode<Prop>, path: &NodePath) -> Result<NodeFacts, ConvertError> {
        let mut facts = NodeFacts::default();
        // Moves may only be played inside 0..18 (GNU Go's SAFE_ON_BOARD).
        let playable = (SIZE - 1) as i64;
        for prop in node.properties() {
            match prop {
                Prop::B(m) | Prop::W(m) => {
                    let colour = if matches!(prop, Prop::B(_)) {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    let point = match m {
                        Move::Pass => None,
                        Move::Move(p) => self.internal_within(*p, playable),
                    };
                    facts.movement = Some((colour, point));
                }
                Prop::MA(points) | Prop::SQ(points) => {
                    let mut sorted: Vec<Point> = points.iter().copied().collect();
                    sorted.sort_by_key(|p| (p.x, p.y));
                    for point in sorted {
                        if facts.mark.is_some() {
                            facts.multiple_marks = true;
                        } else {
                            facts.mark = Some(self.internal_within(point, SIZE as i64));
                        }
                    }
                }
                Prop::LB(labels) => {
                    let mut sorted: Vec<(Point, String)> =
                        labels.iter().map(|(p, t)| (*p, t.text.clone())).collect();
                    sorted.sort_by(|a, b| (a.0.x, a.0.y, &a.1).cmp(&(b.0.x, b.0.y, &b.1)));
                    for (point, text) in sorted {
                        self.add_label(&mut facts, point, text.chars().next(), path);
                    }
                }
                Prop::C(text) => facts.comment = Some(text.text.clone()),
                Prop::Invalid(identifier, values) => {
                    self.invalid_property(&mut facts, identifier, values, path)?;
                }
                _ => {}
            }
        }
        Ok(facts)
    }

    fn add_label(
        &mut self,
        facts: &mut NodeFacts,
        point: Point,
        label: Option<char>,
        path: &NodePath,
    ) {
        match self.internal_within(point, SIZE as i64) {
            Some(at) => {
                facts.labels.retain(|(p, _)| *p != at);
                facts.labels.push((at, label));
                facts.label_found = true;
            }
            None => self.warn(
                path,
                format!(
                    "label at {}{} is off the board; ignored",
                    (b'a' + point.x) as char,
                    (b'a' + point.y) as char
                ),
            ),
        }
    }

    /// Properties `sgf-parse` could not type: read them as GNU Go would,
    /// reporting each one.
    fn invalid_property(
        &mut self,
        facts: &mut NodeFacts,
        identifier: &str,
        values: &[String],
        path: &NodePath,
    ) -> Result<(), ConvertError> {
        let value = values.first().map(String::as_str).unwrap_or("");
        match identifier {
            "B" | "W" => {
                let colour = if identifier == "B" {
                    Stone::Black
                } else {
                    Stone::White
                };
                let point =
                    Self::raw_point(value).and_then(|p| self.internal_within(p, (SIZE - 1) as i64));
                self.warn(
                    path,
                    format!(
                        "move value `{identifier}[{value}]` is not a two-letter point; read as {}",
                        match point {
                            Some(_) => "its first two letters",
                            None => "a pass (move ignored)",
                        }
                    ),
                );
                facts.movement = Some((colour, point));
            }
            "MA" | "SQ" => {
                self.warn(
                    path,
                    format!("mark value `{identifier}[{value}]` is not a point; ignored"),
                );
                if facts.mark.is_some() {
                    facts.multiple_marks = true;
                } else {
                    facts.mark = Some(None);
                }
            }
            "LB" => {
                if value.as_bytes().get(2) != Some(&b':') {
                    return Err(ConvertError::BadNode {
                        node: path.clone(),
                        message: format!("label `LB[{value}]` lacks `:` after its point"),
                    });
                }
                match Self::raw_point(value) {
                    Some(point) => self.add_label(facts, point, value[3..].chars().next(), path),
                    None => self.warn(
                        path,
                        format!("label `LB[{value}]` has no valid point; ignored"),
                    ),
                }
            }
            "C" => facts.comment = Some(values.join("")),
            _ => {}
        }
        Ok(())
    }

    /// Walks the tree depth first in pre-order (file order), without
    /// recursion so that deep trees cannot overflow the stack: each node is
    /// entered (its pattern written, its move played in an undo frame) and
    /// left (the move taken back) after its children.
    fn visit(&mut self, root: &SgfNode<Prop>) -> Result<(), ConvertError> {
        self.enter(root)?;
        // The nodes entered, each with the index of its next child.
        let mut stack: Vec<(&SgfNode<Prop>, usize)> = vec![(root, 0)];
        while let Some((node, next_child)) = stack.last_mut() {
            match node.children().nth(*next_child) {
                Some(child) => {
                    *next_child += 1;
                    self.enter(child)?;
                    stack.push((child, 0));
                }
                None => {
                    stack.pop();
                    self.board.undo();
                }
            }
        }
        Ok(())
    }

    /// Enters one node: writes its pattern if it has a marked move, and
    /// plays its move in a new undo frame.
    fn enter(&mut self, node: &SgfNode<Prop>) -> Result<(), ConvertError> {
        let path = self
            .tree
            .node_paths
            .get(self.preorder)
            .cloned()
            .unwrap_or_default();
        self.preorder += 1;
        let facts = self.facts(node, &path)?;
        let played = match facts.movement {
            Some((colour, Some(point))) => Some((colour, point)),
            _ => None,
        };
        let mut pattern_name = None;
        if let (Some((colour, move_point)), Some(Some(mark_point))) = (played, facts.mark) {
            pattern_name = Some(self.write_pattern(colour, move_point, mark_point, &facts, &path));
        }
        self.board.push_undo_frame();
        if let Some((colour, (i, j))) = played {
            if let Err(reason) = self.board.play(i, j, colour) {
                return Err(ConvertError::IllegalMove {
                    pattern: pattern_name,
                    node: path,
                    reason,
                    output: std::mem::take(&mut self.text),
                });
            }
        }
        Ok(())
    }

    /// Writes one pattern and returns its name.
    fn write_pattern(
        &mut self,
        colour: Stone,
        move_point: (usize, usize),
        mark_point: (usize, usize),
        facts: &NodeFacts,
        path: &NodePath,
    ) -> String {
        let name = format!("{}{}", self.prefix, self.patterns.len() + 1);
        let comment = facts.comment.as_deref();
        let move_type = MoveType::of_comment(comment);
        let labels = facts.label_found.then(|| label_grid(&facts.labels));
        let diagonal_symmetric = move_point.0 == move_point.1
            && mark_point.0 == mark_point.1
            && self.is_diagonal_symmetric(mark_point.0, labels.as_ref());

        let out = &mut self.text;
        let _ = writeln!(out, "Pattern {name}");
        write_selected_lines(out, comment, '#');
        out.push('\n');
        write_diagram(out, &self.board, colour, move_point, mark_point, None);
        out.push('\n');
        write_colon_line(
            out,
            if diagonal_symmetric { '/' } else { '8' },
            move_type,
            comment,
        );
        out.push('\n');
        if labels.is_some() || has_selected_line(comment, ';') || has_selected_line(comment, '>') {
            write_diagram(
                out,
                &self.board,
                colour,
                move_point,
                mark_point,
                labels.as_ref(),
            );
            out.push('\n');
            write_selected_lines(out, comment, ';');
            write_selected_lines(out, comment, '>');
            out.push('\n');
        }
        out.push('\n');
        if facts.multiple_marks {
            self.warn(path, format!("Multiple square marks in pattern {name}"));
        }
        let mut stones = Vec::new();
        for i in 0..=mark_point.0 {
            for j in (0..=mark_point.1).rev() {
                if let Some(stone) = self.board.get(i, j) {
                    stones.push(((i, j), if stone == colour { 'O' } else { 'X' }));
                }
            }
        }
        self.patterns.push(PatternInfo {
            name: name.clone(),
            node: path.clone(),
            move_type,
            diagonal_symmetric,
            move_point,
            mark_point,
            stones,
        });
        name
    }

    /// Board and labels symmetric about the corner diagonal within the
    /// square of side `n + 1`.
    fn is_diagonal_symmetric(&self, n: usize, labels: Option<&LabelGrid>) -> bool {
        (0..=n).all(|i| {
            (0..i).all(|j| {
                self.board.get(i, j) == self.board.get(j, i)
                    && labels.is_none_or(|grid| grid[i][j] == grid[j][i])
            })
        })
    }
}

/// Label characters by internal point (`None` = no label).
type LabelGrid = [[Option<char>; SIZE]; SIZE];

fn label_grid(labels: &[((usize, usize), Option<char>)]) -> LabelGrid {
    let mut grid = [[None; SIZE]; SIZE];
    for &((i, j), label) in labels {
        grid[i][j] = label;
    }
    grid
}

/// Copies the comment lines starting with `start` (with a line break each).
fn write_selected_lines(out: &mut String, comment: Option<&str>, start: char) {
    for line in comment.unwrap_or("").split('\n') {
        if line.starts_with(start) {
            out.push_str(line);
            out.push('\n');
        }
    }
}

fn has_selected_line(comment: Option<&str>, start: char) -> bool {
    comment.is_some_and(|c| c.split('\n').any(|line| line.starts_with(start)))
}

/// The top edge and the rows of a corner diagram; with `labels`, labelled
/// cells show their label.
fn write_diagram(
    out: &mut String,
    board: &Board,
    colour: Stone,
    move_point: (usize, usize),
    mark_point: (usize, usize),
    labels: Option<&LabelGrid>,
) {
    let (mark_i, mark_j) = mark_point;
    out.extend(std::iter::repeat_n('-', mark_j + 1));
    out.push_str("+\n");
    for i in 0..=mark_i {
        for j in (0..=mark_j).rev() {
            let cell = match labels.and_then(|grid| grid[i][j]) {
                Some(label) => label,
                None if (i, j) == move_point => '*',
                None => match board.get(i, j) {
                    Some(stone) if stone == colour => 'O',
                    Some(_) => 'X',
                    None => '.',
                },
            };
            out.push(cell);
        }
        out.push_str("|\n");
    }
}

/// `:` symmetry `,sF` class [extra].
fn write_colon_line(out: &mut String, symmetry: char, move_type: MoveType, comment: Option<&str>) {
    let _ = write!(out, ":{symmetry},sF{}", move_type.class_letter());
    let extra = comment.and_then(|text| {
        if let Some(rest) = text.strip_prefix(':') {
            Some(rest)
        } else {
            text.find("\n:").map(|at| &text[at + 2..])
        }
    });
    if let Some(rest) = extra {
        // GNU Go guesses whether the text starts with a classification by
        // looking at the first `(` and `,` of the whole rest of the comment.
        if let Some(paren) = rest.find('(')
            && rest.find(',').is_none_or(|comma| comma > paren)
        {
            out.push(',');
        }
        out.push_str(rest.split('\n').next().unwrap_or(""));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colon(comment: &str) -> String {
        let mut out = String::new();
        write_colon_line(
            &mut out,
            '8',
            MoveType::of_comment(Some(comment)),
            Some(comment),
        );
        out
    }

    #[test]
    fn colon_line_extra_text() {
        assert_eq!(colon("x"), ":8,sFJ\n");
        assert_eq!(colon(":-,shape(3)"), ":8,sFJ-,shape(3)\n");
        assert_eq!(colon("U\n:C,shape(3)"), ":8,sFUC,shape(3)\n");
        assert_eq!(colon("j\n:shape(3)\nmore"), ":8,sFj,shape(3)\n");
        assert_eq!(colon("t\n:O\n;lib(a)>1"), ":8,sFt,O\n");
        assert_eq!(colon("A"), ":8,sFN\n");
    }

    #[test]
    fn move_types() {
        let cases = [
            (None, 'J'),
            (Some("U"), 'U'),
            (Some("u"), 'U'),
            (Some("S"), 'J'),
            (Some("s"), 'j'),
            (Some("T"), 'T'),
            (Some("t"), 't'),
            (Some("0"), 'N'),
            (Some("a"), 'N'),
            (Some("F"), 'J'),
            (Some("#x"), 'J'),
        ];
        for (comment, letter) in cases {
            assert_eq!(
                MoveType::of_comment(comment).class_letter(),
                letter,
                "{comment:?}"
            );
        }
    }
}
