//! Compiled pattern tables: the runtime form of a GNU Go pattern and of a
//! pattern database, shared by code generated at build time (`static`
//! tables) and databases compiled at run time.
//!
//! Every type here is const-constructible: string and slice fields are
//! `Cow<'static, _>`, so generated code writes `Cow::Borrowed(..)` and a run
//! time compiler writes `Cow::Owned(..)`. Generated code should end each
//! struct literal with `..Pattern::EMPTY` (resp. `..PatternDb::EMPTY`) so
//! that fields added later do not break it.
//!
//! Field names follow the JSON dumps of GNU Go's mkpat output
//! (`shared/expected/mkpat/README.md`) and `shared/spec/compilation.md`.

use std::borrow::Cow;
use std::ops::Range;

use crate::transform::{Transform, transformations_for_trfno};

/// A relative displacement `(di, dj)` from a pattern's anchor (or, for
/// labels and attributes, from its move): `di` grows downwards, `dj` to the
/// right. GNU Go limits both to `-18..=18`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Offset {
    /// Row displacement (positive = down).
    pub di: i8,
    /// Column displacement (positive = right).
    pub dj: i8,
}

impl Offset {
    /// The anchor itself.
    pub const ZERO: Offset = Offset { di: 0, dj: 0 };

    /// `(di, dj)`.
    pub const fn new(di: i8, dj: i8) -> Offset {
        Offset { di, dj }
    }

    /// Decodes GNU Go's packed `OFFSET(di, dj) = (dj + 18) * 37 + (di + 18)`.
    /// Returns `None` outside the encodable range `0..37*37`.
    pub const fn from_gnugo(raw: i32) -> Option<Offset> {
        if raw < 0 || raw >= 37 * 37 {
            return None;
        }
        Some(Offset {
            di: (raw % 37 - 18) as i8,
            dj: (raw / 37 - 18) as i8,
        })
    }

    /// GNU Go's packed form `(dj + 18) * 37 + (di + 18)`.
    pub const fn to_gnugo(self) -> i32 {
        (self.dj as i32 + 18) * 37 + (self.di as i32 + 18)
    }

    /// The image of this offset under `transform`.
    #[inline]
    pub const fn transformed(self, transform: Transform) -> (i32, i32) {
        transform.apply(self.di as i32, self.dj as i32)
    }
}

/// What a pattern element requires of its board point (GNU Go's attribute
/// code `att`, table 2.1 of matching-semantics.md). `O` is the colour the
/// pattern is matched for, `X` the other colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ElementKind {
    /// `.` or `*` (att 0): empty.
    Empty = 0,
    /// `X` or `Y` (att 1): an opponent stone.
    Opponent = 1,
    /// `O` or `Q` (att 2): an own stone.
    Own = 2,
    /// `x` (att 3): empty or an opponent stone.
    OpponentOrEmpty = 3,
    /// `o` (att 4): empty or an own stone.
    OwnOrEmpty = 4,
    /// `,` (att 5): empty (barriers, influence).
    Comma = 5,
    /// `a` (att 6): obsolete, never produced; matches empty.
    Obsolete = 6,
    /// `!` (att 7): empty (connection inhibition, barriers).
    Bang = 7,
}

impl ElementKind {
    /// All kinds in attribute-code order.
    pub const ALL: [ElementKind; 8] = [
        ElementKind::Empty,
        ElementKind::Opponent,
        ElementKind::Own,
        ElementKind::OpponentOrEmpty,
        ElementKind::OwnOrEmpty,
        ElementKind::Comma,
        ElementKind::Obsolete,
        ElementKind::Bang,
    ];

    /// The kind with GNU Go attribute code `att`.
    pub const fn from_att(att: u8) -> Option<ElementKind> {
        if (att as usize) < 8 {
            Some(ElementKind::ALL[att as usize])
        } else {
            None
        }
    }

    /// GNU Go's attribute code.
    pub const fn att(self) -> u8 {
        self as u8
    }

    /// The kind a main-diagram character creates: `*` is empty, `Y` and
    /// `Q` are stones like `X` and `O`; `?` and every other character create
    /// none.
    pub const fn from_diagram_char(c: char) -> Option<ElementKind> {
        Some(match c {
            '.' | '*' => ElementKind::Empty,
            'X' | 'Y' => ElementKind::Opponent,
            'O' | 'Q' => ElementKind::Own,
            'x' => ElementKind::OpponentOrEmpty,
            'o' => ElementKind::OwnOrEmpty,
            ',' => ElementKind::Comma,
            'a' => ElementKind::Obsolete,
            '!' => ElementKind::Bang,
            _ => return None,
        })
    }

    /// The diagram character (`*` is written `.`).
    pub const fn symbol(self) -> char {
        [b'.', b'X', b'O', b'x', b'o', b',', b'a', b'!'][self as usize] as char
    }

    /// Whether a point holding `content` satisfies this element
    /// (matching-semantics §2.1), with contents normalised to the side
    /// matched: see [`crate::board::Content`].
    #[inline]
    pub const fn accepts(self, content: crate::board::Content) -> bool {
        use crate::board::Content;
        match self {
            ElementKind::Empty | ElementKind::Comma | ElementKind::Obsolete | ElementKind::Bang => {
                matches!(content, Content::Empty)
            }
            ElementKind::Opponent => matches!(content, Content::Opponent),
            ElementKind::Own => matches!(content, Content::Own),
            ElementKind::OpponentOrEmpty => matches!(content, Content::Empty | Content::Opponent),
            ElementKind::OwnOrEmpty => matches!(content, Content::Empty | Content::Own),
        }
    }
}

/// One stored pattern element: a point relative to the anchor and what it
/// must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Element {
    /// Position relative to the anchor (untransformed; for GNU Go-built DFA
    /// tables already rotated by the transformation hint).
    pub offset: Offset,
    /// Required content.
    pub kind: ElementKind,
}

impl Element {
    /// An element at `(di, dj)` of kind `kind`.
    pub const fn new(di: i8, dj: i8, kind: ElementKind) -> Element {
        Element {
            offset: Offset::new(di, dj),
            kind,
        }
    }
}

/// Edge-constraint bits (`edge_constraints`): which board edges the pattern
/// diagram is drawn against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EdgeConstraints(pub u8);

impl EdgeConstraints {
    /// No edge.
    pub const NONE: EdgeConstraints = EdgeConstraints(0);
    /// Top edge (`NORTH_EDGE` = 1).
    pub const NORTH: u8 = 1;
    /// Bottom edge (`SOUTH_EDGE` = 2).
    pub const SOUTH: u8 = 2;
    /// Right edge (`EAST_EDGE` = 4).
    pub const EAST: u8 = 4;
    /// Left edge (`WEST_EDGE` = 8).
    pub const WEST: u8 = 8;

    /// Whether all bits of `bits` are set.
    pub const fn has(self, bits: u8) -> bool {
        self.0 & bits == bits
    }
}

/// A pattern's class word (`class`): one bit per class letter, GNU Go's
/// values (`shared/expected/README.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PatternClass(pub u32);

impl PatternClass {
    /// Class letters and their bits, in GNU Go's bit order.
    pub const LETTERS: [(char, u32); 26] = [
        ('O', 0x1),
        ('o', 0x2),
        ('X', 0x4),
        ('x', 0x8),
        ('s', 0x10),
        ('n', 0x20),
        ('D', 0x40),
        ('C', 0x80),
        ('c', 0x100),
        ('B', 0x200),
        ('A', 0x400),
        ('b', 0x800),
        ('e', 0x1000),
        ('E', 0x2000),
        ('a', 0x4000),
        ('d', 0x8000),
        ('I', 0x10000),
        ('J', 0x20000),
        ('j', 0x40000),
        ('t', 0x80000),
        ('U', 0x100000),
        ('T', 0x200000),
        ('W', 0x400000),
        ('F', 0x800000),
        ('N', 0x1000000),
        ('Y', 0x80000000),
    ];
    /// `O`: own stones must be alive or unknown.
    pub const OWN_ALIVE: u32 = 0x1;
    /// `o`: own stones must be dead, critical or unknown.
    pub const OWN_DEAD: u32 = 0x2;
    /// `X`: opponent stones must not be dead.
    pub const OPPONENT_ALIVE: u32 = 0x4;
    /// `x`: opponent stones must not be alive.
    pub const OPPONENT_DEAD: u32 = 0x8;
    /// The four dragon-status class bits `O o X x`.
    pub const STATUS_BITS: u32 = 0xf;

    /// The bit of class letter `letter`, if it is one.
    pub const fn bit(letter: char) -> Option<u32> {
        let mut k = 0;
        while k < Self::LETTERS.len() {
            if Self::LETTERS[k].0 == letter {
                return Some(Self::LETTERS[k].1);
            }
            k += 1;
        }
        None
    }

    /// Whether class letter `letter` is set.
    pub const fn has(self, letter: char) -> bool {
        match Self::bit(letter) {
            Some(bit) => self.0 & bit != 0,
            None => false,
        }
    }

    /// The set letters in GNU Go's bit order.
    pub fn letters(self) -> String {
        Self::LETTERS
            .iter()
            .filter(|(_, bit)| self.0 & bit != 0)
            .map(|(c, _)| *c)
            .collect()
    }
}

/// Attribute types with GNU Go's enumeration values (compilation.md §11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum AttributeKind {
    /// `MIN_VALUE`.
    MinValue = 0,
    /// `MAX_VALUE`.
    MaxValue = 1,
    /// `MIN_TERRITORY`.
    MinTerritory = 2,
    /// `MAX_TERRITORY`.
    MaxTerritory = 3,
    /// `SHAPE`.
    Shape = 4,
    /// `FOLLOWUP`.
    Followup = 5,
    /// `REVERSE_FOLLOWUP`.
    ReverseFollowup = 6,
    /// `THREATENS_TO_CAPTURE` (carries an offset).
    ThreatensToCapture = 7,
    /// `THREATENS_EYE` (carries an offset).
    ThreatensEye = 8,
    /// `REVERSE_SENTE` (carries an offset).
    ReverseSente = 9,
}

impl AttributeKind {
    /// GNU Go's name (`MIN_VALUE`, ...).
    pub const fn gnugo_name(self) -> &'static str {
        match self {
            AttributeKind::MinValue => "MIN_VALUE",
            AttributeKind::MaxValue => "MAX_VALUE",
            AttributeKind::MinTerritory => "MIN_TERRITORY",
            AttributeKind::MaxTerritory => "MAX_TERRITORY",
            AttributeKind::Shape => "SHAPE",
            AttributeKind::Followup => "FOLLOWUP",
            AttributeKind::ReverseFollowup => "REVERSE_FOLLOWUP",
            AttributeKind::ThreatensToCapture => "THREATENS_TO_CAPTURE",
            AttributeKind::ThreatensEye => "THREATENS_EYE",
            AttributeKind::ReverseSente => "REVERSE_SENTE",
        }
    }

    /// Whether this type carries an offset rather than a value.
    pub const fn takes_offset(self) -> bool {
        matches!(
            self,
            AttributeKind::ThreatensToCapture
                | AttributeKind::ThreatensEye
                | AttributeKind::ReverseSente
        )
    }
}

/// The payload of an attribute.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AttributeValue {
    /// A number (`.value` in GNU Go's union; a C `float`).
    Value(f32),
    /// A label position relative to the move, transformed like labels
    /// (`.offset`); at run time `target = move + T_ll(offset)`.
    Offset(Offset),
}

/// One pattern attribute, e.g. `shape(3)` or `threatens_to_capture(a)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Attribute {
    /// The type.
    pub kind: AttributeKind,
    /// Its value or offset.
    pub value: AttributeValue,
}

/// A constraint-diagram label and its position relative to the move
/// (`autohelper_labels`); at run time `label = move + T_ll(offset)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Label {
    /// The label letter.
    pub name: char,
    /// Position relative to the move (for `*`-less patterns: relative to
    /// GNU Go's quirky move point, see [`Pattern::move_offset`]).
    pub offset: Offset,
}

/// The pattern has a constraint (`HAVE_CONSTRAINT`).
pub const HAVE_CONSTRAINT: u8 = 1;
/// The pattern has an action (`HAVE_ACTION`).
pub const HAVE_ACTION: u8 = 2;

/// Pattern extents relative to the anchor (untransformed), inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Extents {
    /// Smallest row offset.
    pub mini: i32,
    /// Smallest column offset.
    pub minj: i32,
    /// Largest row offset.
    pub maxi: i32,
    /// Largest column offset.
    pub maxj: i32,
}

/// One compiled pattern (GNU Go's `struct pattern`).
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    /// Pattern name (`name`), e.g. `"CB1"`.
    pub name: Cow<'static, str>,
    /// The stored elements (`elements`, `patlen` = its length) in mkpat's
    /// order (comb-sorted by kind rank, possibly with 3×3 / DFA dropping).
    pub elements: Cow<'static, [Element]>,
    /// Number of transformations (`trfno`): 8, 4, 2, or 5 (= transformations
    /// 2..=5, GNU Go's `O`-symmetry convention).
    pub trfno: u8,
    /// Smallest row offset of the pattern rectangle, as written by mkpat
    /// (before the board-size fix-up; never hint-rotated).
    pub mini: i8,
    /// Smallest column offset (see `mini`).
    pub minj: i8,
    /// Largest row offset (see `mini`).
    pub maxi: i8,
    /// Largest column offset (see `mini`).
    pub maxj: i8,
    /// `maxi - mini` (diagram rows − 1).
    pub height: i8,
    /// `maxj - minj` (diagram columns − 1).
    pub width: i8,
    /// Which edges the diagram is drawn against.
    pub edge_constraints: EdgeConstraints,
    /// The move offset as GNU Go computes it (decoded `move_offset`),
    /// relative to the anchor. For `*`-less patterns (connection mode only,
    /// `has_move == false`) this is mkpat's quirk: the anchor's *absolute*
    /// diagram position used as an offset (compilation.md §5).
    pub move_offset: Offset,
    /// Whether the diagram has a `*`. When false, `move_offset` is the quirk
    /// value and has no board meaning (labels are still relative to it).
    pub has_move: bool,
    /// The anchor is an `X` stone (GNU Go stores 3) rather than `O` (0).
    pub anchored_at_x: bool,
    /// Grid pre-filter masks per transformation (compilation.md §8).
    pub and_mask: [u32; 8],
    /// Grid pre-filter values per transformation (compilation.md §8).
    pub val_mask: [u32; 8],
    /// Class letters (`class`).
    pub class: PatternClass,
    /// The pattern's own value (`value`; value-only and owl attribute maps).
    pub value: f32,
    /// Attributes in colon-line order; `None` when the database has no
    /// attribute table (attribute maps `none` / `value_only`), `Some(&[])`
    /// for an empty list.
    pub attributes: Option<Cow<'static, [Attribute]>>,
    /// Hand-written helper function name (`helper`), trailing whitespace
    /// stripped.
    pub helper: Option<Cow<'static, str>>,
    /// Name of the generated autohelper (`autohelper`, e.g.
    /// `"autohelperpat12"`), if the pattern has a constraint or action.
    pub autohelper: Option<Cow<'static, str>>,
    /// [`HAVE_CONSTRAINT`] | [`HAVE_ACTION`] (`autohelper_flag`).
    pub autohelper_flag: u8,
    /// Constraint-diagram labels relative to the move, in declaration order
    /// (`autohelper_labels`).
    pub autohelper_labels: Cow<'static, [Label]>,
    /// mkpat's constraint cost estimate (`constraint_cost`, a C `float`).
    pub constraint_cost: f32,
    /// DFA transformation hint (`transformation_hint`): the GNU Go-built DFA
    /// tables store elements and move rotated by it; 0 otherwise.
    pub transformation_hint: u8,
}

impl Pattern {
    /// A pattern with every field empty or zero (`trfno` 8), for struct
    /// update syntax in generated tables and tests.
    pub const EMPTY: Pattern = Pattern {
        name: Cow::Borrowed(""),
        elements: Cow::Borrowed(&[]),
        trfno: 8,
        mini: 0,
        minj: 0,
        maxi: 0,
        maxj: 0,
        height: 0,
        width: 0,
        edge_constraints: EdgeConstraints::NONE,
        move_offset: Offset::ZERO,
        has_move: true,
        anchored_at_x: false,
        and_mask: [0; 8],
        val_mask: [0; 8],
        class: PatternClass(0),
        value: 0.0,
        attributes: None,
        helper: None,
        autohelper: None,
        autohelper_flag: 0,
        autohelper_labels: Cow::Borrowed(&[]),
        constraint_cost: 0.0,
        transformation_hint: 0,
    };

    /// The transformation numbers tried for this pattern, in order.
    pub const fn transformations(&self) -> Range<u8> {
        transformations_for_trfno(self.trfno)
    }

    /// The move offset if the pattern has a real move (`*`).
    pub const fn move_point(&self) -> Option<Offset> {
        if self.has_move {
            Some(self.move_offset)
        } else {
            None
        }
    }

    /// The extents as stored (before any board-size fix-up).
    pub const fn stored_extents(&self) -> Extents {
        Extents {
            mini: self.mini as i32,
            minj: self.minj as i32,
            maxi: self.maxi as i32,
            maxj: self.maxj as i32,
        }
    }

    /// The extents after GNU Go's board-size fix-up for a board of
    /// `board_size` lines (compilation.md §6.1): edge-constrained extents are
    /// stretched away from the edge to span `board_size − 1`, so that the
    /// range check only passes at that edge. With two opposite edges the
    /// second is a no-op (GNU Go's quirk), pinning the pattern to the
    /// north / west edge.
    pub const fn extents_for_board(&self, board_size: i32) -> Extents {
        let edges = self.edge_constraints;
        let (mut mini, mut minj) = (self.mini as i32, self.minj as i32);
        let (mut maxi, mut maxj) = (self.maxi as i32, self.maxj as i32);
        let (height, width) = (self.height as i32, self.width as i32);
        // Undo step (restores the stored values; kept for fidelity).
        if edges.has(EdgeConstraints::NORTH) {
            maxi = mini + height;
        }
        if edges.has(EdgeConstraints::SOUTH) {
            mini = maxi - height;
        }
        if edges.has(EdgeConstraints::WEST) {
            maxj = minj + width;
        }
        if edges.has(EdgeConstraints::EAST) {
            minj = maxj - width;
        }
        let span = board_size - 1;
        if edges.has(EdgeConstraints::NORTH) && maxi < mini + span {
            maxi = mini + span;
        }
        if edges.has(EdgeConstraints::SOUTH) && mini > maxi - span {
            mini = maxi - span;
        }
        if edges.has(EdgeConstraints::WEST) && maxj < minj + span {
            maxj = minj + span;
        }
        if edges.has(EdgeConstraints::EAST) && minj > maxj - span {
            minj = maxj - span;
        }
        Extents {
            mini,
            minj,
            maxi,
            maxj,
        }
    }
}

/// How a database was compiled (mkpat's database type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DbKind {
    /// `-p`: general (3×3 element dropping).
    #[default]
    General,
    /// `-c`: connection mode (`*`-less patterns allowed).
    Connection,
    /// `-D`: DFA mode (elements may be dropped anywhere; hints applied).
    Dfa,
}

/// A compiled pattern database (GNU Go's `struct pattern_db`).
#[derive(Debug, Clone, PartialEq)]
pub struct PatternDb {
    /// The database prefix (e.g. `"pat"`).
    pub name: Cow<'static, str>,
    /// The patterns in table order.
    pub patterns: Cow<'static, [Pattern]>,
    /// `-a`: only `Q`/`Y` define anchors; matchpat then restricts anchors to
    /// goal points (`anchor_in_goal`).
    pub fixed_anchor: bool,
    /// How it was compiled.
    pub kind: DbKind,
}

impl PatternDb {
    /// An empty database, for struct update syntax.
    pub const EMPTY: PatternDb = PatternDb {
        name: Cow::Borrowed(""),
        patterns: Cow::Borrowed(&[]),
        fixed_anchor: false,
        kind: DbKind::General,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnugo_offsets() {
        for (raw, di, dj) in [
            (684, 0, 0),
            (721, 0, 1),
            (685, 1, 0),
            (683, -1, 0),
            (647, 0, -1),
            (646, -1, -1),
        ] {
            assert_eq!(Offset::from_gnugo(raw), Some(Offset::new(di, dj)));
            assert_eq!(Offset::new(di, dj).to_gnugo(), raw);
        }
        assert_eq!(Offset::from_gnugo(-1), None);
    }

    #[test]
    fn class_letters() {
        assert_eq!(PatternClass(0x5).letters(), "OX");
        assert!(PatternClass(0x80000000).has('Y'));
        assert_eq!(PatternClass::bit('q'), None);
    }

    #[test]
    fn south_edge_fixup() {
        // compilation.md §6.1: south-edge pattern with rows -1..0 on 19x19.
        let p = Pattern {
            mini: -1,
            maxi: 0,
            minj: -1,
            maxj: 1,
            height: 1,
            width: 2,
            edge_constraints: EdgeConstraints(EdgeConstraints::SOUTH),
            ..Pattern::EMPTY
        };
        let e = p.extents_for_board(19);
        assert_eq!((e.mini, e.maxi, e.minj, e.maxj), (-18, 0, -1, 1));
    }

    #[test]
    fn opposite_edges_pin_north() {
        let p = Pattern {
            mini: 0,
            maxi: 2,
            height: 2,
            edge_constraints: EdgeConstraints(EdgeConstraints::NORTH | EdgeConstraints::SOUTH),
            ..Pattern::EMPTY
        };
        let e = p.extents_for_board(9);
        assert_eq!((e.mini, e.maxi), (0, 8));
    }
}
