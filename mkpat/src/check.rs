//! Semantic checks on a parsed file: diagram content and size, the move
//! marker, symmetry against edges and shape, class letters, value-field
//! labels, call arities and labels, and the X/O consistency of the
//! constraint diagram (spec §4–§8).

use std::collections::BTreeMap;

use matcher::autohelper::ArgKind;

use crate::ast::{
    Argument, Call, Callee, ColonLine, Diagram, Edges, File, Item, Pattern, Span, ValueArgument,
    is_label,
};
use crate::diag::{Code, Diagnostic};

/// Largest pattern GNU Go keeps (rows and columns).
pub const MAX_PATTERN_SIZE: usize = 19;

/// Most labels a call may take.
pub const MAX_ARGUMENTS: usize = 20;

/// Class letters of the 3.x dialect.
pub const CLASS_LETTERS: &str = "OoXxsnDCcBAbeEadIJjtUTWFNY";

/// Options that change what is accepted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// GNU Go's connection mode (`-c`): patterns without `*` are allowed.
    pub connection_mode: bool,
}

/// Checks every pattern of a file.
pub fn check_file(file: &File, options: &CheckOptions) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for item in &file.items {
        if let Item::Pattern(pattern) = item {
            check_pattern(pattern, options, &mut diags);
        }
    }
    diags
}

/// The labels a constraint diagram defines, each at its first occurrence.
pub fn labels(diagram: &Diagram) -> BTreeMap<char, (usize, usize)> {
    let mut found = BTreeMap::new();
    for (i, row) in diagram.rows.iter().enumerate() {
        for (j, c) in row.cells.chars().enumerate() {
            if is_label(c) {
                found.entry(c).or_insert((i, j));
            }
        }
    }
    found
}

/// The set of label letters a constraint diagram defines (a bit per ASCII
/// letter): what the checks ask of [`labels`], without building a map.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LabelSet(u128);

impl LabelSet {
    /// The labels of a diagram.
    pub fn of(diagram: &Diagram) -> LabelSet {
        let mut set = 0u128;
        for row in &diagram.rows {
            for b in row.cells.bytes() {
                if b < 128 && LABEL_BYTE[b as usize] {
                    set |= 1 << b;
                }
            }
        }
        LabelSet(set)
    }

    /// Whether `label` is in the set.
    pub fn contains(self, label: char) -> bool {
        (label as u32) < 128 && self.0 & (1 << label as u32) != 0
    }
}

/// [`is_label`] as a table over ASCII.
static LABEL_BYTE: [bool; 128] = {
    let mut table = [false; 128];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = (c.is_ascii_lowercase() && c != b'o' && c != b'x')
            || (c.is_ascii_uppercase() && c != b'O' && c != b'Q' && c != b'X' && c != b'Y');
        b += 1;
    }
    table
};

/// Characters of a 3.x class field that raise no diagnostic: the class
/// letters, `-`, the blank, and everything outside printable ASCII.
static CLASS_FIELD_OK: [bool; 128] = {
    let mut table = [false; 128];
    let mut b = 0;
    while b < 128 {
        table[b] = !(b >= 0x20 && b <= 0x7e) || b == b'-' as usize || b == b' ' as usize;
        b += 1;
    }
    let letters = CLASS_LETTERS.as_bytes();
    let mut i = 0;
    while i < letters.len() {
        table[letters[i] as usize] = true;
        i += 1;
    }
    table
};

/// Checks one pattern.
pub fn check_pattern(pattern: &Pattern, options: &CheckOptions, diags: &mut Vec<Diagnostic>) {
    let name = &pattern.name.node;
    main_diagram(pattern, options, diags);
    symmetry(pattern, diags);
    let defined = pattern
        .constraint_diagram
        .as_ref()
        .map(LabelSet::of)
        .unwrap_or_default();
    colon(pattern, &defined, diags);
    let mut checker = CodeChecker {
        pattern: name,
        defined: &defined,
        legacy: matches!(pattern.colon, ColonLine::Legacy(_)),
        diags,
    };
    pattern.for_each_call(&mut |call, span| checker.call(call, span));
    if pattern.constraint.is_some() {
        stone_consistency(pattern, diags);
    }
}

fn main_diagram(pattern: &Pattern, options: &CheckOptions, diags: &mut Vec<Diagnostic>) {
    let name = &pattern.name.node;
    let diagram = &pattern.diagram;
    if diagram.rows.is_empty() {
        diags.push(
            Diagnostic::new(
                Code::EmptyDiagram,
                diagram.span,
                format!("pattern {name} has edge lines but no diagram rows"),
            )
            .with_help("draw at least one row of diagram characters"),
        );
        return;
    }
    // The number of '*'s and the span of the second one (where a surplus is
    // reported).
    let mut star_count = 0usize;
    let mut second_star = None;
    for row in &diagram.rows {
        if !row.cells.bytes().any(|b| b == b'*' || b == b'a') {
            continue;
        }
        for (j, c) in row.cells.char_indices() {
            match c {
                '*' => {
                    star_count += 1;
                    if star_count == 2 {
                        second_star = Some(row.cell_span(j));
                    }
                }
                'a' => diags.push(
                    Diagnostic::new(
                        Code::ObsoleteElement,
                        row.cell_span(j),
                        format!("illegal pattern {name}: 'a' is the obsolete half-eye element"),
                    )
                    .with_help("use '.' (or a label in the constraint diagram)"),
                ),
                _ => {}
            }
        }
    }
    let height = diagram.rows.len();
    let width = diagram
        .rows
        .iter()
        .map(|r| r.cells.len())
        .max()
        .unwrap_or(0);
    if height > MAX_PATTERN_SIZE || width > MAX_PATTERN_SIZE {
        diags.push(
            Diagnostic::new(
                Code::OversizedPattern,
                diagram.span,
                format!(
                    "pattern {name} is {height}x{width}; GNU Go silently drops patterns larger than {MAX_PATTERN_SIZE}x{MAX_PATTERN_SIZE}"
                ),
            )
            .with_help("split the pattern or make it smaller; this pattern is not compiled"),
        );
    }
    let star_ok = match star_count {
        1 => true,
        0 => options.connection_mode,
        _ => false,
    };
    if !star_ok {
        let (span, message) = match second_star {
            None => (diagram.span, format!("no '*' in pattern {name}")),
            Some(second) => (second, format!("{star_count} '*'s in pattern {name}")),
        };
        let help = if star_count == 0 {
            "mark the move with '*' (only connection databases, compiled with -c, may omit it)"
        } else {
            "a pattern has exactly one move '*'"
        };
        diags.push(
            Diagnostic::new(Code::StarCount, span, message)
                .with_label("GNU Go reports: No or too many *'s")
                .with_help(help),
        );
    }
}

/// What GNU Go's mkpat checks of a known symmetry character (db-format §5):
/// whether the pattern's edges contradict it, and whether it needs a square
/// pattern; `None` for an unknown character (read as `8`).
pub fn symmetry_requirements(symmetry: char, edges: Edges) -> Option<(bool, bool)> {
    let any_edge = edges.0 != 0;
    Some(match symmetry {
        '8' => (false, false),
        '|' => (edges.0 & (Edges::EAST | Edges::WEST) != 0, false),
        '-' => (edges.0 & (Edges::NORTH | Edges::SOUTH) != 0, false),
        '\\' | '/' => (false, true),
        '+' | 'O' => (any_edge, false),
        'X' => (any_edge, true),
        _ => return None,
    })
}

fn symmetry(pattern: &Pattern, diags: &mut Vec<Diagnostic>) {
    let name = &pattern.name.node;
    let symmetry = pattern.colon.symmetry();
    let edges = pattern.diagram.edges;
    let rows = pattern.diagram.rows.len();
    let cols = pattern.diagram.rows.first().map_or(0, |r| r.cells.len());
    let square = rows == cols;
    let (edge_conflict, needs_square) = match symmetry_requirements(symmetry.node, edges) {
        Some(requirements) => requirements,
        None => {
            let other = symmetry.node;
            diags.push(
                Diagnostic::new(
                    Code::UnknownSymmetry,
                    symmetry.span,
                    format!("symmetry character {other:?} not implemented; GNU Go uses '8' (pattern {name})"),
                )
                .with_help("symmetry characters are 8 | - \\ / + X O"),
            );
            (false, false)
        }
    };
    if edge_conflict {
        diags.push(
            Diagnostic::new(
                Code::SymmetryEdges,
                symmetry.span,
                format!(
                    "symmetry '{}' inconsistent with edge constraints (pattern {name})",
                    symmetry.node
                ),
            )
            .with_help("a pattern touching an edge is not symmetric across it; use a symmetry that keeps the edges, or '8'"),
        );
    }
    if needs_square && !square {
        diags.push(
            Diagnostic::new(
                Code::SymmetryNotSquare,
                symmetry.span,
                format!(
                    "symmetry '{}' requires a square pattern, but pattern {name} is {rows}x{cols}",
                    symmetry.node
                ),
            )
            .with_help("diagonal symmetries need as many rows as columns; use '8' otherwise"),
        );
    }
}

fn colon(pattern: &Pattern, defined: &LabelSet, diags: &mut Vec<Diagnostic>) {
    let name = &pattern.name.node;
    let ColonLine::Modern(colon) = &pattern.colon else {
        return;
    };
    let classes = &colon.classes;
    let all_ok = classes
        .node
        .bytes()
        .all(|b| b >= 128 || CLASS_FIELD_OK[b as usize]);
    for (i, c) in classes.node.char_indices().filter(|_| !all_ok) {
        if CLASS_LETTERS.contains(c) || c == '-' || !(' '..='~').contains(&c) || c == ' ' {
            continue;
        }
        let start = classes.span.start + i as u32;
        let span = Span {
            start,
            end: start + c.len_utf8() as u32,
            col: classes.span.col + classes.node[..i].chars().count() as u32,
            ..classes.span
        };
        diags.push(
            Diagnostic::new(
                Code::UnknownClass,
                span,
                format!("unknown classification letter {c} (pattern {name})"),
            )
            .with_help(format!(
                "class letters are {CLASS_LETTERS}; '-' means no class"
            )),
        );
    }
    for field in &colon.values {
        if let ValueArgument::Label(label) = &field.argument
            && !defined.contains(label.node)
        {
            let help = if label.node == '*' {
                "GNU Go never records '*' as a label, so '*' cannot be used here; label the move point with a letter"
                    .to_string()
            } else if pattern.constraint_diagram.is_none() {
                "add a constraint diagram that places this label".to_string()
            } else {
                format!("place '{}' in the constraint diagram", label.node)
            };
            diags.push(
                Diagnostic::new(
                    Code::AttributeLabelMissing,
                    label.span,
                    format!(
                        "pattern attribute uses label '{}' that wasn't specified in the diagram",
                        label.node
                    ),
                )
                .with_help(help),
            );
        }
        if let Some(key) = field.key
            && field.written.node != key.name()
        {
            let maps = [
                crate::ast::AttributeMap::General,
                crate::ast::AttributeMap::OwlAttack,
            ];
            let readings: Vec<_> = maps
                .iter()
                .filter_map(|&map| crate::parse::colon::resolve_value_key(map, &field.written.node))
                .collect();
            if readings.len() == 2 && readings[0] != readings[1] {
                diags.push(
                    Diagnostic::new(
                        Code::AmbiguousAbbreviation,
                        field.written.span,
                        format!(
                            "`{}` is read as `{}` here but as `{}` under another attribute map",
                            field.written.node,
                            key.name(),
                            if readings[0] == key {
                                readings[1].name()
                            } else {
                                readings[0].name()
                            }
                        ),
                    )
                    .with_help(format!("write the full name `{}`", key.name())),
                );
            }
        }
    }
}

/// X/O consistency of the constraint diagram (spec §7.3), with GNU Go's
/// north-edge quirk (the first row is not compared).
fn stone_consistency(pattern: &Pattern, diags: &mut Vec<Diagnostic>) {
    let Some(constraint) = &pattern.constraint_diagram else {
        return;
    };
    let north = pattern.diagram.edges.has(Edges::NORTH);
    for (i, (main, cons)) in pattern
        .diagram
        .rows
        .iter()
        .zip(&constraint.rows)
        .enumerate()
    {
        for (j, (m, c)) in main.cells.bytes().zip(cons.cells.bytes()).enumerate() {
            if !matches!(c, b'X' | b'O' | b'x' | b'o') || c == m {
                continue;
            }
            let (code, help) = if i == 0 && north {
                (
                    Code::UncheckedFirstRow,
                    "GNU Go never compares the first row of a pattern with a north edge, so it accepts this; fix the row anyway",
                )
            } else {
                (
                    Code::StoneMismatch,
                    "the constraint diagram may replace stones by labels, '.' or '?', but not by other stones",
                )
            };
            diags.push(
                Diagnostic::new(
                    code,
                    cons.cell_span(j),
                    format!(
                        "xXoO not matched in constraint diagram of pattern {}: '{}' here but '{}' in the diagram",
                        pattern.name.node, c as char, m as char
                    ),
                )
                .with_help(help),
            );
        }
    }
}

struct CodeChecker<'a> {
    pattern: &'a str,
    defined: &'a LabelSet,
    /// Whether the pattern is in the 2.6 dialect (2.6 colon line), where
    /// 2.6-only functions such as `cutstone` are allowed.
    legacy: bool,
    diags: &'a mut Vec<Diagnostic>,
}

impl CodeChecker<'_> {
    fn call(&mut self, call: &Call, span: Span) {
        let (name, kind) = match call.function {
            Callee::Autohelper(helper) => {
                let spec = helper.spec();
                if !spec.usable {
                    self.diags.push(
                        Diagnostic::new(
                            Code::UnusableFunction,
                            span,
                            format!(
                                "`{}` cannot be used: GNU Go 3.8 cannot compile calls of it",
                                spec.name
                            ),
                        )
                        .with_help("see autohelpers.md for what to use instead"),
                    );
                }
                (spec.name, spec.args)
            }
            Callee::Builtin(builtin) => {
                if builtin.legacy_only() && !self.legacy {
                    self.diags.push(
                        Diagnostic::new(
                            Code::LegacyFunction,
                            span,
                            format!(
                                "`{}` is a GNU Go 2.6 function; GNU Go 3.8 does not know it (pattern {})",
                                builtin.name(),
                                self.pattern
                            ),
                        )
                        .with_label("2.6 dialect only")
                        .with_help(
                            "only patterns with a 2.6 colon line (`:8,80,...`: a number after the symmetry) may call it; \
                             3.8 has no equivalent (potential_cutstone is the nearest catalogue function)",
                        ),
                    );
                }
                (builtin.name(), ArgKind::Fixed(builtin.arity() as u8))
            }
        };
        let count = call.args.len();
        let (min, max, variadic) = match kind {
            ArgKind::Fixed(n) => (n as usize, n as usize, false),
            ArgKind::Variadic { targets } => (targets as usize, MAX_ARGUMENTS, true),
            ArgKind::PatternValue => (0, 0, false),
        };
        if count < min {
            let message = if variadic {
                format!(
                    "too few parameters: {name}() needs at least {min} (pattern {})",
                    self.pattern
                )
            } else {
                format!(
                    "{name}() requires {min} parameters, found {count} (pattern {})",
                    self.pattern
                )
            };
            self.diags.push(
                Diagnostic::new(Code::TooFewArguments, span, message)
                    .with_help(format!("see the autohelper catalogue entry of `{name}`")),
            );
        } else if count > max {
            let code = if variadic {
                Code::ArgumentLimit
            } else {
                Code::TooManyArguments
            };
            let extra = call.args[max].span;
            self.diags.push(
                Diagnostic::new(
                    code,
                    extra,
                    format!(
                        "{name}() takes at most {max} parameters, found {count} (pattern {})",
                        self.pattern
                    ),
                )
                .with_label("GNU Go reports: ')' expected")
                .with_help(format!("see the autohelper catalogue entry of `{name}`")),
            );
        }
        if variadic && min == 0 && count == 0 {
            self.diags.push(
                Diagnostic::new(
                    Code::AlwaysFalse,
                    span,
                    format!("{name} without points is always false"),
                )
                .with_help(format!("list the points to test: {name}(a,b)")),
            );
        }
        let moves = if variadic {
            count.saturating_sub(min)
        } else {
            0
        };
        for (k, arg) in call.args.iter().enumerate() {
            match arg.node {
                Argument::Label(label) => {
                    if !self.defined.contains(label) {
                        self.diags.push(
                            Diagnostic::new(
                                Code::UndefinedLabel,
                                arg.span,
                                format!(
                                    "the constraint or action uses a label ({label}) that wasn't specified in the diagram (pattern {})",
                                    self.pattern
                                ),
                            )
                            .with_help(format!("place '{label}' in the constraint diagram")),
                        );
                    }
                }
                Argument::Move => {}
                Argument::Tenuki if k == 0 => self.diags.push(
                    Diagnostic::new(
                        Code::TenukiFirst,
                        arg.span,
                        format!("tenuki (?) cannot be the first label (pattern {})", self.pattern),
                    )
                    .with_label("GNU Go stops writing code here (its output is broken)")
                    .with_help("start with the other colour instead: swap xplay_ and oplay_ and drop the '?'"),
                ),
                Argument::Tenuki if k >= moves => self.diags.push(
                    Diagnostic::new(
                        Code::TenukiMisplaced,
                        arg.span,
                        format!("'?' is not a point: {name}() cannot take it here"),
                    )
                    .with_help("'?' (tenuki) is only allowed among the moves of xplay_*/oplay_* functions"),
                ),
                Argument::Tenuki => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{DiagramRow, Span};

    #[test]
    fn label_set_agrees_with_the_label_map() {
        let rows = ["abX.*", "ZQoxé", "?!,Yq"];
        let diagram = Diagram {
            rows: rows
                .iter()
                .map(|r| DiagramRow {
                    cells: (*r).into(),
                    remark: Default::default(),
                    span: Span::default(),
                    cells_offset: 0,
                })
                .collect(),
            edges: Edges(0),
            span: Span::default(),
        };
        let set = LabelSet::of(&diagram);
        let map = labels(&diagram);
        for c in (0..=255u8).map(char::from).chain(['é', '\u{10ffff}']) {
            assert_eq!(set.contains(c), map.contains_key(&c), "{c:?}");
        }
        assert!(set.contains('a') && set.contains('Z') && !set.contains('Q'));
    }

    #[test]
    fn class_table_agrees_with_the_class_rule() {
        for b in 0..128u8 {
            let c = b as char;
            let accepted =
                CLASS_LETTERS.contains(c) || c == '-' || !(' '..='~').contains(&c) || c == ' ';
            assert_eq!(CLASS_FIELD_OK[b as usize], accepted, "{c:?}");
        }
    }
}
