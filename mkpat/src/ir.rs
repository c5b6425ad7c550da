//! The compiled-pattern IR: what GNU Go's `mkpat` computes for each pattern
//! (compilation.md), in a form that the dumps, the runtime loader and code
//! generation all read.
//!
//! Offsets are kept as plain `(di, dj)` pairs ([`Rel`]); [`Rel::gnugo`] gives
//! GNU Go's packed `OFFSET` value and [`decode_offset`] the `[di, dj]` that a
//! GNU Go dump shows for a packed value (which differs from the pair for the
//! out-of-range label offsets of `*`-less patterns).

use crate::ast::{ElementKind, Expr, Span, Stmt};

/// A relative displacement: `di` rows down, `dj` columns right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rel {
    /// Row displacement (positive = down).
    pub di: i32,
    /// Column displacement (positive = right).
    pub dj: i32,
}

impl Rel {
    /// The pair `(di, dj)`.
    pub const fn new(di: i32, dj: i32) -> Rel {
        Rel { di, dj }
    }

    /// GNU Go's packed `OFFSET(di, dj) = (dj + 18) * 37 + (di + 18)`.
    pub const fn gnugo(self) -> i32 {
        (self.dj + 18) * 37 + (self.di + 18)
    }

    /// `self - other`.
    pub const fn minus(self, other: Rel) -> Rel {
        Rel::new(self.di - other.di, self.dj - other.dj)
    }

    /// The image under transformation `k` (GNU Go numbering, compilation.md §7).
    pub const fn transformed(self, k: u8) -> Rel {
        let m = TRANSFORMATIONS[(k & 7) as usize];
        Rel::new(
            m[0][0] * self.di + m[0][1] * self.dj,
            m[1][0] * self.di + m[1][1] * self.dj,
        )
    }
}

/// The `[di, dj]` a GNU Go dump shows for a packed offset: remainder and
/// quotient by 37 (floored), minus 18 each.
pub const fn decode_offset(offset: i32) -> Rel {
    Rel::new(offset.rem_euclid(37) - 18, offset.div_euclid(37) - 18)
}

/// The eight transformations as matrices `[[a, b], [c, d]]` with
/// `(i', j') = (a·i + b·j, c·i + d·j)`, indexed by GNU Go number (the
/// runtime's table).
pub const TRANSFORMATIONS: [[[i32; 2]; 2]; 8] = matcher::transform::MATRICES;

/// Edge bit: the top row is the first board line.
pub const NORTH: u8 = 1;
/// Edge bit: the bottom row is the last board line.
pub const SOUTH: u8 = 2;
/// Edge bit: the rightmost column is the last board column.
pub const EAST: u8 = 4;
/// Edge bit: the leftmost column is the first board column.
pub const WEST: u8 = 8;

/// Constraint flag bit (`HAVE_CONSTRAINT`).
pub const HAVE_CONSTRAINT: u8 = 1;
/// Action flag bit (`HAVE_ACTION`).
pub const HAVE_ACTION: u8 = 2;

/// The database type (`-p`, `-c`, `-C`, `-D`, `-f`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DbType {
    /// `-p`: general (the default).
    #[default]
    General,
    /// `-c`: connection database (`*` optional).
    Connection,
    /// `-C`: corner (joseki) database.
    Corner,
    /// `-D`: DFA database.
    Dfa,
    /// `-f`: like general, without the 3×3 element dropping.
    Fullboard,
}

/// Which stones may be the anchor (`-O`, `-X`, `-b`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AnchorColor {
    /// `-O` (default): only `O` stones.
    #[default]
    O,
    /// `-X`: only `X` stones.
    X,
    /// `-b`: both colours.
    Both,
}

impl AnchorColor {
    /// Whether an element of `kind` may be the anchor.
    pub fn allows(self, kind: ElementKind) -> bool {
        match self {
            AnchorColor::O => kind == ElementKind::Own,
            AnchorColor::X => kind == ElementKind::Opponent,
            AnchorColor::Both => matches!(kind, ElementKind::Own | ElementKind::Opponent),
        }
    }
}

/// One stored element: position relative to the anchor (already turned by
/// the transformation hint in DFA mode) and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CompiledElement {
    /// Position relative to the anchor.
    pub rel: Rel,
    /// What the point must hold.
    pub kind: ElementKind,
}

/// Attribute types, with GNU Go's enumeration values (compilation.md §11):
/// the runtime's enumeration.
pub use matcher::pattern::AttributeKind as AttributeType;

/// The payload of an attribute.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AttributeValue {
    /// A C `float`.
    Value(f32),
    /// A label position relative to the move (turned by the label
    /// transformation), as in [`LabelOffset::offset`].
    Offset(Rel),
}

/// One pattern attribute.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Attribute {
    /// The type.
    pub kind: AttributeType,
    /// Value or offset.
    pub value: AttributeValue,
}

/// A constraint-diagram label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LabelOffset {
    /// The letter.
    pub name: char,
    /// Position in the diagram `(row, column)`.
    pub diagram: (usize, usize),
    /// Relative to the anchor (untransformed).
    pub from_anchor: Rel,
    /// GNU Go's offset: relative to the (possibly quirky) move, turned by the
    /// label transformation.
    pub offset: Rel,
}

/// One compiled pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledPattern {
    /// Position in the pattern table.
    pub index: usize,
    /// The name.
    pub name: String,
    /// The whole pattern in the source.
    pub span: Span,
    /// Diagram rows and columns.
    pub rows: usize,
    /// See `rows`.
    pub cols: usize,
    /// The main diagram rows as written (cells only), for dumps.
    pub diagram: Vec<String>,
    /// The anchor's diagram position `(ci, cj)`.
    pub anchor: (usize, usize),
    /// The anchor is an `X` stone.
    pub anchored_at_x: bool,
    /// The diagram's `*` position, if any.
    pub star: Option<(usize, usize)>,
    /// The move relative to the anchor before the hint (for `*`-less
    /// patterns GNU Go's quirk value `(ci, cj)`).
    pub move_rel: Rel,
    /// The move offset as written (turned by the hint).
    pub move_offset: Rel,
    /// Every element in GNU Go's sorted order, before dropping (turned by the hint).
    pub sorted_elements: Vec<CompiledElement>,
    /// The stored elements (after dropping); `patlen` is their number.
    pub elements: Vec<CompiledElement>,
    /// The symmetry character.
    pub symmetry: char,
    /// Number of transformations (8, 4, 2, or 5 = transformations 2..=5).
    pub trfno: u8,
    /// Extents relative to the anchor (never hint-turned).
    pub mini: i32,
    /// See `mini`.
    pub minj: i32,
    /// See `mini`.
    pub maxi: i32,
    /// See `mini`.
    pub maxj: i32,
    /// Edge bits (NORTH 1, SOUTH 2, EAST 4, WEST 8).
    pub edge_constraints: u8,
    /// Class word.
    pub class: u32,
    /// The pattern's own value (value_only / owl maps).
    pub value: f32,
    /// Attribute list; `None` when the map emits no attribute table.
    pub attributes: Option<Vec<Attribute>>,
    /// Helper function name (trimmed), if any.
    pub helper: Option<String>,
    /// What GNU Go copies after the helper name (GNU Go's quirk: the
    /// line's `"\n"` when the helper is the last field of the colon line).
    pub helper_trailing_whitespace: Option<String>,
    /// `HAVE_CONSTRAINT | HAVE_ACTION`.
    pub autohelper_flag: u8,
    /// Labels of the constraint diagram in declaration order (`a`…`z`, `A`…`Z`).
    pub labels: Vec<LabelOffset>,
    /// GNU Go's constraint cost estimate (C `float`).
    pub constraint_cost: f32,
    /// Grid pre-filter masks per transformation.
    pub and_mask: [u32; 8],
    /// Grid pre-filter values per transformation.
    pub val_mask: [u32; 8],
    /// The `.dtr` transformation hint (DFA mode; 0 otherwise).
    pub transformation_hint: u8,
    /// The constraint text as GNU Go assembles it.
    pub constraint_text: Option<String>,
    /// The parsed constraint.
    pub constraint: Option<Expr>,
    /// The action text.
    pub action_text: Option<String>,
    /// The parsed action.
    pub action: Option<Vec<Stmt>>,
    /// DFA string (DFA mode only), characters of compilation.md §14.2.
    pub dfa_string: Option<Vec<u8>>,
    /// Corner-mode data (`-C` only).
    pub corner: Option<CornerPatternInfo>,
}

impl CompiledPattern {
    /// Number of stored elements (`patlen`).
    pub fn patlen(&self) -> usize {
        self.elements.len()
    }

    /// `rows - 1`.
    pub fn height(&self) -> i32 {
        self.maxi - self.mini
    }

    /// `cols - 1`.
    pub fn width(&self) -> i32 {
        self.maxj - self.minj
    }

    /// Whether a constraint is present.
    pub fn has_constraint(&self) -> bool {
        self.autohelper_flag & HAVE_CONSTRAINT != 0
    }

    /// Whether an action is present.
    pub fn has_action(&self) -> bool {
        self.autohelper_flag & HAVE_ACTION != 0
    }
}

/// Per-pattern corner-mode data (compilation.md §13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CornerPatternInfo {
    /// The corner transformation `c` (0, 7, 2 or 5).
    pub transformation: u8,
    /// Far corner of the pattern rectangle in the frame.
    pub second_corner: Rel,
    /// `trfno == 4`.
    pub symmetric: bool,
    /// Whether the pattern is reachable (legal edges and elements, not a duplicate).
    pub reachable: bool,
}

/// One node of the corner variation tree, flattened (compilation.md §13.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CornerVariation {
    /// Stone or move position in the corner frame.
    pub rel: Rel,
    /// 0 = same colour as the reference stone, 3 = other colour.
    pub xor_att: u8,
    /// Pattern stones in the rectangle from the corner to here.
    pub num_stones: u32,
    /// Number of children.
    pub num_children: usize,
    /// Index of the first child, if any.
    pub first_child: Option<usize>,
    /// Attached pattern index, if any.
    pub pattern: Option<usize>,
}

/// The corner database (`-C`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CornerDb {
    /// `1 + max maxj`.
    pub max_width: i32,
    /// `1 + max maxi`.
    pub max_height: i32,
    /// Number of top-level variations.
    pub num_top_variations: usize,
    /// The flattened variation array.
    pub variations: Vec<CornerVariation>,
}

/// A DFA state of the flattened automaton (compilation.md §14.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DfaState {
    /// Relative jumps for the four input values (0 = error).
    pub next: [i32; 4],
    /// Index into [`Dfa::indexes`] of the first match (0 = none).
    pub att: u32,
}

/// The automaton of a DFA database, in GNU Go's table layout.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Dfa {
    /// States; 0 is the error state, 1 the start.
    pub states: Vec<DfaState>,
    /// Match lists: `(pattern index, next)`; entry 0 is `(-1, 0)`.
    pub indexes: Vec<(i32, u32)>,
}

/// A compiled database.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledDb {
    /// The prefix naming generated objects.
    pub prefix: String,
    /// Database type.
    pub db_type: DbType,
    /// `-a` given.
    pub fixed_anchor: bool,
    /// Whether an attribute table is emitted (general/owl maps).
    pub attributes_table: bool,
    /// The patterns, in table order.
    pub patterns: Vec<CompiledPattern>,
    /// The automaton (`-D`), when built.
    pub dfa: Option<Dfa>,
    /// The variation tree (`-C`).
    pub corner: Option<CornerDb>,
}
