//! The parsed form of a `.db` file: commands, comments and patterns, with a
//! [`Span`] on every node.
//!
//! The AST keeps everything the text says (comments, the text written after
//! diagram rows, abbreviations of value-field names, the raw text of numbers)
//! so that the formatter can write a file back without losing anything. Two
//! ASTs are compared "spans aside" with [`PartialEq`] on [`Span`], which treats
//! all spans as equal (a diagram row's `cells_offset` too).
//!
//! Shared vocabulary with the runtime: element kinds are `matcher`'s
//! [`ElementKind`] and operators its [`BinaryOp`]/[`UnaryOp`]. Texts are
//! [`Text`] (`compact_str`, inline up to 24 bytes), so most names, rows and
//! fields cost no allocation.

use matcher::autohelper::{Autohelper, EngineBuiltin};

/// The text the AST keeps (names, rows, remarks, comments, code lines): a
/// string stored inline up to 24 bytes, so that the short texts that make
/// up most of a database cost no heap allocation. It derefs to `str` and
/// compares with `&str` and `String`.
pub type Text = compact_str::CompactString;

/// Index of a source file in a [`SourceSet`](crate::source::SourceSet) (one per `-i` input).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A region of a source file: byte range plus the 1-based line and column
/// (in characters) of its start.
///
/// Spans never take part in AST equality: `a == b` for any two spans, so that
/// `parse(fmt(x)) == parse(x)` compares structure only. Use [`Span::same`] to
/// compare positions.
#[derive(Debug, Clone, Copy, Default)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
    /// 1-based line of `start`.
    pub line: u32,
    /// 1-based column (in characters) of `start`.
    pub col: u32,
}

impl PartialEq for Span {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Span {
    /// Whether two spans denote the same region (positional equality).
    pub fn same(&self, other: &Span) -> bool {
        (self.file, self.start, self.end, self.line, self.col)
            == (other.file, other.start, other.end, other.line, other.col)
    }

    /// The byte range, for diagnostics renderers.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A value with the span it was read from.
#[derive(Debug, Clone, PartialEq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

/// One parsed `.db` file.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    /// Which input this is.
    pub file: FileId,
    /// Top-level items in source order.
    pub items: Vec<Item>,
}

impl File {
    /// The patterns, in source order.
    pub fn patterns(&self) -> impl Iterator<Item = &Pattern> {
        self.items.iter().filter_map(|item| match item {
            Item::Pattern(pattern) => Some(&**pattern),
            _ => None,
        })
    }
}

/// A top-level item.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A run of `#` comment lines and blank lines between patterns. Blank
    /// lines are kept as empty strings only where they separate comment
    /// paragraphs; the formatter decides other spacing.
    Comment(CommentBlock),
    /// `attribute_map`, `goal_elements` or `callback_data`.
    Command(Command),
    /// A `Pattern` with everything up to the next command or pattern.
    Pattern(Box<Pattern>),
}

/// Consecutive comment lines (each without its trailing newline, `#` kept).
#[derive(Debug, Clone, PartialEq)]
pub struct CommentBlock {
    /// The lines, `#` included; an empty string stands for a blank line
    /// inside the block.
    pub lines: Vec<Text>,
    /// The whole block.
    pub span: Span,
}

/// A command line.
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    /// What it sets.
    pub kind: CommandKind,
    /// The argument token as written.
    pub argument: Spanned<Text>,
    /// The whole line.
    pub span: Span,
}

/// The three commands of the language.
#[derive(Debug, Clone, PartialEq)]
pub enum CommandKind {
    /// `attribute_map MAP`; `None` when the name is unknown (an error).
    AttributeMap(Option<AttributeMap>),
    /// `goal_elements SPEC`.
    GoalElements(ElementSet),
    /// `callback_data SPEC`.
    CallbackData(ElementSet),
}

/// How value fields on colon lines are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttributeMap {
    /// No value fields (also the state before any `attribute_map`).
    None,
    /// `general`: move-valuation attributes.
    General,
    /// `value_only`: the pattern's own value.
    ValueOnly,
    /// `owl_attack`.
    OwlAttack,
    /// `owl_defense` (identical to `owl_attack`).
    OwlDefense,
}

impl AttributeMap {
    /// The name used in `attribute_map` commands.
    pub fn name(self) -> &'static str {
        match self {
            AttributeMap::None => "none",
            AttributeMap::General => "general",
            AttributeMap::ValueOnly => "value_only",
            AttributeMap::OwlAttack => "owl_attack",
            AttributeMap::OwlDefense => "owl_defense",
        }
    }

    /// Parses a map name.
    pub fn from_name(name: &str) -> Option<AttributeMap> {
        [
            AttributeMap::None,
            AttributeMap::General,
            AttributeMap::ValueOnly,
            AttributeMap::OwlAttack,
            AttributeMap::OwlDefense,
        ]
        .into_iter()
        .find(|map| map.name() == name)
    }

    /// The value fields of this map, in the order GNU Go resolves prefixes.
    pub fn fields(self) -> &'static [ValueKey] {
        use ValueKey::*;
        match self {
            AttributeMap::None => &[],
            AttributeMap::General => &[
                Value,
                MinValue,
                MaxValue,
                Terri,
                MinTerri,
                MaxTerri,
                Shape,
                Followup,
                FollowupValue,
                ReverseFollowup,
            ],
            AttributeMap::ValueOnly => &[Value],
            AttributeMap::OwlAttack | AttributeMap::OwlDefense => {
                &[Value, ThreatensToCapture, ThreatensEye, ReverseSente]
            }
        }
    }
}

/// The element kinds, with GNU Go's attribute codes as discriminants: the
/// runtime's type, so compiled elements need no conversion.
pub use matcher::pattern::ElementKind;

/// A set of element kinds, as named by `goal_elements`/`callback_data`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ElementSet(pub u8);

impl ElementSet {
    /// Whether `kind` is in the set.
    pub fn contains(self, kind: ElementKind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    /// The set with `kind` added.
    pub fn with(self, kind: ElementKind) -> ElementSet {
        ElementSet(self.0 | (1 << kind as u8))
    }
}

/// Characters allowed in diagram rows (besides label letters in constraint
/// diagrams).
pub const DIAGRAM_CHARS: &str = ".XOxo,a!*?QY";

/// Whether `c` is a constraint label letter: `a`–`z` without `o`, `x`, and
/// `A`–`Z` without `O`, `Q`, `X`, `Y`.
pub fn is_label(c: char) -> bool {
    (c.is_ascii_lowercase() && c != 'o' && c != 'x')
        || (c.is_ascii_uppercase() && !matches!(c, 'O' | 'Q' | 'X' | 'Y'))
}

/// Edge bits, as GNU Go stores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Edges(pub u8);

impl Edges {
    /// The top row is the first line of the board.
    pub const NORTH: u8 = 1;
    /// The bottom row is the last line of the board.
    pub const SOUTH: u8 = 2;
    /// The rightmost column is the last column of the board.
    pub const EAST: u8 = 4;
    /// The leftmost column is the first column of the board.
    pub const WEST: u8 = 8;

    /// Whether every bit of `bits` is set.
    pub fn has(self, bits: u8) -> bool {
        self.0 & bits == bits
    }
}

/// A `Pattern` and its parts.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    /// The name (first token after `Pattern`).
    pub name: Spanned<Text>,
    /// The `Pattern NAME` line.
    pub header_span: Span,
    /// Comment lines inside the pattern, each with the place it stood.
    pub comments: Vec<PatternComment>,
    /// The main diagram.
    pub diagram: Diagram,
    /// The colon line.
    pub colon: ColonLine,
    /// The constraint diagram, if any.
    pub constraint_diagram: Option<Diagram>,
    /// The `;` lines, if any.
    pub constraint: Option<CodeBlock<Expr>>,
    /// The `>` lines, if any.
    pub action: Option<CodeBlock<Vec<Stmt>>>,
    /// From the `Pattern` line to the last line that belongs to the pattern.
    pub span: Span,
}

/// Where inside a pattern a comment line stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CommentSlot {
    /// Between the `Pattern` line and the diagram.
    AfterHeader,
    /// Between the main diagram and the colon line.
    AfterDiagram,
    /// Between the colon line and the constraint diagram or code.
    AfterColon,
    /// After the constraint diagram, before the `;` lines.
    AfterConstraintDiagram,
    /// Among or after the `;` lines.
    InConstraint,
    /// Among or after the `>` lines.
    InAction,
}

/// A comment line inside a pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternComment {
    /// Where it stood.
    pub slot: CommentSlot,
    /// The line, `#` included.
    pub text: Spanned<Text>,
}

/// A main or constraint diagram.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagram {
    /// The rows, top to bottom (edge lines excluded).
    pub rows: Vec<DiagramRow>,
    /// Which board edges the diagram draws.
    pub edges: Edges,
    /// From the first to the last line of the diagram, edge lines included.
    pub span: Span,
}

/// One row of a diagram. Like spans, its positions (`span`,
/// `cells_offset`) take no part in equality: rows compare by their text.
#[derive(Debug, Clone)]
pub struct DiagramRow {
    /// The cells, without edge `|` characters: diagram characters (and label
    /// letters in constraint diagrams).
    pub cells: Text,
    /// The text after the row (a side remark), as written, leading blanks
    /// included; empty when there is none.
    pub remark: Text,
    /// The whole line.
    pub span: Span,
    /// Byte offset of the first cell within the line (1 when the row starts
    /// with `|`).
    pub cells_offset: u32,
}

impl PartialEq for DiagramRow {
    fn eq(&self, other: &DiagramRow) -> bool {
        self.cells == other.cells && self.remark == other.remark
    }
}

impl DiagramRow {
    /// The span of the cell in column `j`.
    pub fn cell_span(&self, j: usize) -> Span {
        let start = self.span.start + self.cells_offset + j as u32;
        Span {
            start,
            end: start + 1,
            col: self.span.col + self.cells_offset + j as u32,
            ..self.span
        }
    }
}

/// The colon line, in either dialect.
#[derive(Debug, Clone, PartialEq)]
pub enum ColonLine {
    /// GNU Go 3.x: `:sym,classes[,value fields][,helper]`.
    Modern(ModernColon),
    /// GNU Go 2.6: `:sym,patwt[,assistance[,class[,bonuses...]]][,helper]`.
    Legacy(LegacyColon),
}

impl ColonLine {
    /// The whole line.
    pub fn span(&self) -> Span {
        match self {
            ColonLine::Modern(colon) => colon.span,
            ColonLine::Legacy(colon) => colon.span,
        }
    }

    /// The symmetry character.
    pub fn symmetry(&self) -> &Spanned<char> {
        match self {
            ColonLine::Modern(colon) => &colon.symmetry,
            ColonLine::Legacy(colon) => &colon.symmetry,
        }
    }

    /// The helper name, if any (`NULL` is stored as `None`).
    pub fn helper(&self) -> Option<&Spanned<Text>> {
        match self {
            ColonLine::Modern(colon) => colon.helper.as_ref(),
            ColonLine::Legacy(colon) => colon.helper.as_ref(),
        }
    }

    /// What GNU Go copies after the helper name
    /// ([`ModernColon::helper_trailing_whitespace`]); `None` for 2.6 lines,
    /// which GNU Go 3.8 does not read.
    pub fn helper_trailing_whitespace(&self) -> Option<&str> {
        match self {
            ColonLine::Modern(colon) => colon.helper_trailing_whitespace.as_deref(),
            ColonLine::Legacy(_) => None,
        }
    }
}

/// A 3.x colon line.
#[derive(Debug, Clone, PartialEq)]
pub struct ModernColon {
    /// The symmetry character.
    pub symmetry: Spanned<char>,
    /// The class field as written (letters, `-` placeholders, blanks).
    pub classes: Spanned<Text>,
    /// Value fields, in order.
    pub values: Vec<ValueField>,
    /// The helper name; `None` when absent or `NULL`.
    pub helper: Option<Spanned<Text>>,
    /// Whether the helper was written as `NULL` (kept for the formatter).
    pub helper_is_null: bool,
    /// What GNU Go's mkpat copies after the helper name (`NULL` included)
    /// as part of the helper field: blanks before a following `,`, and the
    /// line's `"\n"` when the helper is the last field (blanks ending the
    /// line are trimmed by the parser and not kept). `None` when nothing
    /// follows the name or there is no helper field.
    pub helper_trailing_whitespace: Option<Text>,
    /// The whole line.
    pub span: Span,
}

/// The named value fields of all attribute maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValueKey {
    /// `value`.
    Value,
    /// `minvalue`.
    MinValue,
    /// `maxvalue`.
    MaxValue,
    /// `terri`.
    Terri,
    /// `minterri`.
    MinTerri,
    /// `maxterri`.
    MaxTerri,
    /// `shape`.
    Shape,
    /// `followup`.
    Followup,
    /// `followup_value`.
    FollowupValue,
    /// `reverse_followup`.
    ReverseFollowup,
    /// `threatens_to_capture` (label argument).
    ThreatensToCapture,
    /// `threatens_eye` (label argument).
    ThreatensEye,
    /// `reverse_sente` (label argument).
    ReverseSente,
}

impl ValueKey {
    /// The full name.
    pub fn name(self) -> &'static str {
        match self {
            ValueKey::Value => "value",
            ValueKey::MinValue => "minvalue",
            ValueKey::MaxValue => "maxvalue",
            ValueKey::Terri => "terri",
            ValueKey::MinTerri => "minterri",
            ValueKey::MaxTerri => "maxterri",
            ValueKey::Shape => "shape",
            ValueKey::Followup => "followup",
            ValueKey::FollowupValue => "followup_value",
            ValueKey::ReverseFollowup => "reverse_followup",
            ValueKey::ThreatensToCapture => "threatens_to_capture",
            ValueKey::ThreatensEye => "threatens_eye",
            ValueKey::ReverseSente => "reverse_sente",
        }
    }

    /// Whether the argument is a label rather than a number.
    pub fn takes_label(self) -> bool {
        matches!(
            self,
            ValueKey::ThreatensToCapture | ValueKey::ThreatensEye | ValueKey::ReverseSente
        )
    }
}

/// A `name(argument)` field of a colon line.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueField {
    /// The name as written (possibly an abbreviation, possibly empty).
    pub written: Spanned<Text>,
    /// The field it resolves to under the active attribute map (GNU Go's
    /// first-prefix rule); `None` when it resolves to nothing (an error).
    pub key: Option<ValueKey>,
    /// The argument.
    pub argument: ValueArgument,
    /// The whole field.
    pub span: Span,
}

/// The argument of a value field.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueArgument {
    /// A number, with its text as written; `value` is what C's `strtof`
    /// reads from the text (0 when nothing parses).
    Number {
        /// The text between the parentheses.
        text: Text,
        /// Its value as a C `float`.
        value: f32,
    },
    /// A label letter (or `*`).
    Label(Spanned<char>),
}

/// A 2.6 colon line.
#[derive(Debug, Clone, PartialEq)]
pub struct LegacyColon {
    /// The symmetry character.
    pub symmetry: Spanned<char>,
    /// Pattern weight, with its text as written.
    pub weight: Spanned<(Text, f64)>,
    /// Assistance.
    pub assistance: Spanned<Assistance>,
    /// Classification as written (`-` placeholder, unknown characters kept).
    pub classes: Spanned<Text>,
    /// `obonus, xbonus, splitbonus, minrand, maxrand`; missing ones are 0,
    /// `written` says how many were present.
    pub bonuses: [i64; 5],
    /// How many of the bonus fields were written.
    pub bonuses_written: u8,
    /// The helper function; `None` when absent or `NULL`.
    pub helper: Option<Spanned<Text>>,
    /// Whether the helper was written as `NULL`.
    pub helper_is_null: bool,
    /// The whole line.
    pub span: Span,
}

/// 2.6 assistance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Assistance {
    /// `0` or absent.
    None,
    /// `wind(ucutoff, uvalue, mycutoff, myvalue)`.
    Wind {
        /// Opponent power cutoff.
        ucutoff: i64,
        /// Value per unit of opponent power.
        uvalue: i64,
        /// Own power cutoff.
        mycutoff: i64,
        /// Value per unit of own power.
        myvalue: i64,
    },
    /// `moyo(moyocutoff, moyovalue)`.
    Moyo {
        /// Moyo change cutoff.
        cutoff: i64,
        /// Value per unit of moyo change.
        value: i64,
    },
}

/// The `;` or `>` lines of a pattern: the text as written and what it parses to.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeBlock<T> {
    /// Each line without its leading `;`/`>`, in order.
    pub lines: Vec<Spanned<Text>>,
    /// The parsed code; `None` when it did not parse (diagnostics say why).
    pub code: Option<T>,
}

impl<T> CodeBlock<T> {
    /// The lines joined without separators, as GNU Go assembles them.
    pub fn text(&self) -> String {
        self.lines.iter().map(|line| line.node.as_str()).collect()
    }
}

/// A constraint expression (C syntax, the sub-language the corpus uses).
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it was written (within the constraint or action lines).
    pub span: Span,
}

/// Expression forms.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// A floating-point literal, with its text.
    Float(Text),
    /// An engine identifier: `WIN`, `doing_scoring`, or another name the
    /// checker reports.
    Ident(Text),
    /// A call of a catalogue function or engine builtin.
    Call(Call),
    /// `!e`, `-e`.
    Unary(UnaryOp, Box<Expr>),
    /// `a op b`.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `( e )`, kept so the formatter writes the parentheses back.
    Paren(Box<Expr>),
}

/// A function call with label arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The function called.
    pub function: Callee,
    /// Whether the call had parentheses (`value` and zero-argument functions
    /// may omit them).
    pub parenthesized: bool,
    /// The arguments.
    pub args: Vec<Spanned<Argument>>,
}

/// What a call calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Callee {
    /// A catalogue function.
    Autohelper(Autohelper),
    /// An engine function outside the catalogue.
    Builtin(EngineBuiltin),
}

/// A call argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Argument {
    /// A constraint-diagram label.
    Label(char),
    /// `*`: the move point.
    Move,
    /// `?`: tenuki (only inside move lists of the play-sequence family).
    Tenuki,
}

/// Unary and binary operators (C semantics): the run-time program's own
/// types, so that parsed and lowered code share one definition.
pub use matcher::constraint::{BinaryOp, UnaryOp};

/// An action statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `expr;`
    Expr(Expr),
    /// `if (cond) then [else otherwise]`.
    If {
        /// The condition.
        cond: Expr,
        /// The statement run when it holds.
        then: Box<Stmt>,
        /// The statement run otherwise.
        otherwise: Option<Box<Stmt>>,
        /// The whole statement.
        span: Span,
    },
    /// `return (expr);`
    Return(Expr),
    /// `{ stmts }`
    Block(Vec<Stmt>, Span),
}

impl Expr {
    /// Visits every call in this expression, outermost first, with the
    /// call's span (from the function name to the closing parenthesis).
    pub fn for_each_call(&self, visit: &mut impl FnMut(&Call, Span)) {
        match &self.kind {
            ExprKind::Call(call) => visit(call, self.span),
            ExprKind::Unary(_, operand) | ExprKind::Paren(operand) => operand.for_each_call(visit),
            ExprKind::Binary(_, left, right) => {
                left.for_each_call(visit);
                right.for_each_call(visit);
            }
            ExprKind::Conditional(cond, then, otherwise) => {
                cond.for_each_call(visit);
                then.for_each_call(visit);
                otherwise.for_each_call(visit);
            }
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Ident(_) => {}
        }
    }
}

impl Stmt {
    /// Visits every call in this statement (see [`Expr::for_each_call`]).
    pub fn for_each_call(&self, visit: &mut impl FnMut(&Call, Span)) {
        match self {
            Stmt::Expr(expr) | Stmt::Return(expr) => expr.for_each_call(visit),
            Stmt::If {
                cond,
                then,
                otherwise,
                ..
            } => {
                cond.for_each_call(visit);
                then.for_each_call(visit);
                if let Some(otherwise) = otherwise {
                    otherwise.for_each_call(visit);
                }
            }
            Stmt::Block(stmts, _) => stmts.iter().for_each(|stmt| stmt.for_each_call(visit)),
        }
    }
}

impl Pattern {
    /// Visits every call of the constraint, then of the action (code that
    /// did not parse has none).
    pub fn for_each_call(&self, visit: &mut impl FnMut(&Call, Span)) {
        if let Some(expr) = self.constraint.as_ref().and_then(|c| c.code.as_ref()) {
            expr.for_each_call(visit);
        }
        if let Some(stmts) = self.action.as_ref().and_then(|a| a.code.as_ref()) {
            stmts.iter().for_each(|stmt| stmt.for_each_call(visit));
        }
    }
}
