//! AST → compiled-pattern IR, computing exactly what GNU Go's `mkpat`
//! computes (compilation.md): anchor, move, extents, elements in GNU Go's
//! order with element dropping, grid masks, labels, attributes, constraint
//! cost, DFA strings and automaton, and the corner variation tree.
//!
//! Entry point: [`compile`]. Per-rule modules: [`anchor`], [`elements`],
//! [`masks`], [`extents`], [`labels`], [`attributes`], [`cost`], [`dfa`],
//! [`corner`].

pub mod anchor;
pub mod attributes;
pub mod corner;
pub mod cost;
pub mod dfa;
pub mod elements;
pub mod extents;
pub mod labels;
pub mod masks;

use self::anchor::{AnchorRules, anchored_at_x, choose_anchor};
use self::corner::{CornerTree, FrameStone, corner_transformation, frame};
use self::dfa::hints::TransformationHints;
use self::dfa::string::{StringInput, pattern_string, rotate_string};
use self::elements::{ElementFilter, dropped_in_mode, extract_into, gnugo_order, rank};
use crate::ast::{AttributeMap, ColonLine, CommandKind, ElementKind, File, Item, Pattern};
use crate::diag::{Code, Diagnostic};
use crate::ir::{
    AnchorColor, CompiledDb, CompiledElement, CompiledPattern, CornerPatternInfo, DbType,
    HAVE_ACTION, HAVE_CONSTRAINT, Rel,
};
use crate::options::MkpatOptions;

/// Largest diagram GNU Go accepts (rows and columns); larger ones are dropped.
pub const MAX_DIAGRAM_SIZE: usize = 19;

/// What the compiler needs to know (the compile-relevant `mkpat` options).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileOptions {
    /// Database type.
    pub db_type: DbType,
    /// Allowed anchor colours.
    pub anchor: AnchorColor,
    /// `-m`.
    pub center_anchor: bool,
    /// `-a`.
    pub fixed_anchor: bool,
    /// Ignore `goal_elements` / `callback_data` (the "plain" variant: every
    /// element is kept).
    pub neutralize_element_filters: bool,
    /// Build the DFA automaton in `-D` mode (strings and hints are always
    /// computed).
    pub build_automaton: bool,
    /// The prefix naming generated objects.
    pub prefix: String,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            db_type: DbType::General,
            anchor: AnchorColor::O,
            center_anchor: false,
            fixed_anchor: false,
            neutralize_element_filters: false,
            build_automaton: true,
            prefix: "pat".into(),
        }
    }
}

impl CompileOptions {
    /// The compile options of a `mkpat` command line.
    pub fn from_mkpat(options: &MkpatOptions) -> CompileOptions {
        CompileOptions {
            db_type: options.db_type,
            anchor: options.anchor,
            center_anchor: options.center_anchor,
            fixed_anchor: options.fixed_anchor,
            neutralize_element_filters: false,
            build_automaton: true,
            prefix: options.prefix.clone().unwrap_or_default(),
        }
    }
}

/// A compiled database plus what the compiler reported.
#[derive(Debug, Clone)]
pub struct Compilation {
    /// The database.
    pub db: CompiledDb,
    /// Compiler diagnostics (the parser's are separate).
    pub diagnostics: Vec<Diagnostic>,
}

/// Compiles parsed files (one stream, in order) into a database. The
/// constraint and action trees are cloned into the IR; [`compile_owned`]
/// moves them instead.
pub fn compile(
    files: &[File],
    options: &CompileOptions,
    hints: &TransformationHints,
) -> Compilation {
    let mut state = CompileState::new(options, hints, pattern_count(files));
    for item in files.iter().flat_map(|f| &f.items) {
        match item {
            Item::Command(command) => state.command(&command.kind),
            Item::Pattern(pattern) => {
                if let Some(compiled) = state.pattern(pattern) {
                    compiled.constraint = pattern.constraint.as_ref().and_then(|c| c.code.clone());
                    compiled.action = pattern.action.as_ref().and_then(|a| a.code.clone());
                }
            }
            Item::Comment(_) => {}
        }
    }
    state.finish()
}

/// [`compile`] for callers done with the AST: the parsed constraint and
/// action trees move into the IR instead of being cloned. Same result.
pub fn compile_owned(
    files: Vec<File>,
    options: &CompileOptions,
    hints: &TransformationHints,
) -> Compilation {
    let mut state = CompileState::new(options, hints, pattern_count(&files));
    for item in files.into_iter().flat_map(|f| f.items) {
        match item {
            Item::Command(command) => state.command(&command.kind),
            Item::Pattern(mut pattern) => {
                if let Some(compiled) = state.pattern(&pattern) {
                    compiled.constraint = pattern.constraint.take().and_then(|c| c.code);
                    compiled.action = pattern.action.take().and_then(|a| a.code);
                }
            }
            Item::Comment(_) => {}
        }
    }
    state.finish()
}

/// The number of patterns in `files` (an upper bound of the table size).
fn pattern_count(files: &[File]) -> usize {
    files.iter().map(|f| f.patterns().count()).sum()
}

struct CompileState<'a> {
    options: &'a CompileOptions,
    hints: &'a TransformationHints,
    filter: ElementFilter,
    map: AttributeMap,
    patterns: Vec<CompiledPattern>,
    diagnostics: Vec<Diagnostic>,
    tree: CornerTree,
    scratch: Scratch,
}

/// Per-pattern working buffers, kept between patterns.
#[derive(Debug, Default)]
struct Scratch {
    elements: Vec<elements::DiagramElement>,
    ranks: Vec<u8>,
    order: Vec<u32>,
    unrotated: Vec<(Rel, ElementKind)>,
}

impl<'a> CompileState<'a> {
    fn new(options: &'a CompileOptions, hints: &'a TransformationHints, patterns: usize) -> Self {
        CompileState {
            options,
            hints,
            filter: ElementFilter::default(),
            map: AttributeMap::None,
            patterns: Vec::with_capacity(patterns),
            diagnostics: Vec::new(),
            tree: CornerTree::new(),
            scratch: Scratch::default(),
        }
    }

    /// The database: the corner tree flattened, the automaton built.
    fn finish(self) -> Compilation {
        let options = self.options;
        let CompileState {
            patterns,
            diagnostics,
            tree,
            map,
            ..
        } = self;
        let corner = (options.db_type == DbType::Corner).then(|| {
            let max_width = 1 + patterns.iter().map(|p| p.maxj).max().unwrap_or(-1);
            let max_height = 1 + patterns.iter().map(|p| p.maxi).max().unwrap_or(-1);
            tree.flatten(max_width, max_height)
        });
        let dfa = (options.db_type == DbType::Dfa && options.build_automaton).then(|| {
            let strings: Vec<Vec<u8>> = patterns
                .iter()
                .map(|p| p.dfa_string.clone().unwrap_or_default())
                .collect();
            dfa::automaton::build_dfa(&strings)
        });
        Compilation {
            db: CompiledDb {
                prefix: options.prefix.clone(),
                db_type: options.db_type,
                fixed_anchor: options.fixed_anchor,
                attributes_table: attributes::has_attribute_table(map),
                patterns,
                dfa,
                corner,
            },
            diagnostics,
        }
    }

    fn command(&mut self, kind: &CommandKind) {
        match kind {
            CommandKind::AttributeMap(Some(map)) => self.map = *map,
            CommandKind::AttributeMap(None) => {}
            CommandKind::GoalElements(set) if !self.options.neutralize_element_filters => {
                self.filter.set_goal(*set)
            }
            CommandKind::CallbackData(set) if !self.options.neutralize_element_filters => {
                self.filter.set_callback(*set)
            }
            _ => {}
        }
    }

    /// Compiles one pattern into the table; the constraint and action
    /// trees are left for the caller to fill in.
    fn pattern(&mut self, pattern: &Pattern) -> Option<&mut CompiledPattern> {
        let compiled = self.compile_pattern(pattern)?;
        self.patterns.push(compiled);
        self.patterns.last_mut()
    }

    fn compile_pattern(&mut self, pattern: &Pattern) -> Option<CompiledPattern> {
        let name = String::from(pattern.name.node.as_str());
        let rows: Vec<&str> = pattern
            .diagram
            .rows
            .iter()
            .map(|r| r.cells.as_str())
            .collect();
        let cols = rows.first().map_or(0, |r| r.chars().count());
        if rows.is_empty()
            || cols == 0
            || rows.iter().any(|r| r.chars().count() != cols)
            || rows.iter().any(|r| r.contains('a'))
        {
            return None; // shape errors: the parser reported them
        }
        if rows.len() > MAX_DIAGRAM_SIZE || cols > MAX_DIAGRAM_SIZE {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::OversizedPattern,
                    pattern.diagram.span,
                    format!(
                        "pattern {name} is {}x{}, larger than 19x19; GNU Go drops it silently",
                        rows.len(),
                        cols
                    ),
                )
                .with_help("split the pattern or make it smaller"),
            );
            return None;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let compiled = self.compile_diagram(pattern, name, &rows, cols, &mut scratch);
        self.scratch = scratch;
        compiled
    }

    fn compile_diagram(
        &mut self,
        pattern: &Pattern,
        name: String,
        rows: &[&str],
        cols: usize,
        scratch: &mut Scratch,
    ) -> Option<CompiledPattern> {
        let options = self.options;
        extract_into(rows, &mut scratch.elements);
        let diagram_elements = &scratch.elements[..];
        let mut stars = diagram_elements
            .iter()
            .filter(|e| e.ch == '*')
            .map(|e| (e.i, e.j));
        let star = stars.next();
        let star_count = usize::from(star.is_some()) + stars.count();
        let star_ok = star_count == 1 || (star_count == 0 && options.db_type == DbType::Connection);
        if !star_ok {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::StarCount,
                    pattern.diagram.span,
                    format!("No or too many *'s in pattern {name}"),
                )
                .with_help(if options.db_type == DbType::Connection {
                    "a connection pattern has at most one '*'"
                } else {
                    "mark exactly one move point with '*' (only -c databases may omit it)"
                }),
            );
            return None;
        }
        let rules = AnchorRules {
            corner: options.db_type == DbType::Corner,
            center: options.center_anchor,
            fixed: options.fixed_anchor,
            colors: options.anchor,
        };
        let anchor = match choose_anchor(diagram_elements, rows.len(), cols, rules) {
            Some(anchor) => anchor,
            None => {
                self.diagnostics.push(
                    Diagnostic::new(
                        Code::NoOrigin,
                        pattern.diagram.span,
                        format!("No origin for pattern {name}"),
                    )
                    .with_help(match options.anchor {
                        _ if options.fixed_anchor => "with -a the anchor must be marked Q or Y",
                        AnchorColor::O => "the pattern needs an O stone (or Q/Y) to anchor on",
                        AnchorColor::X => "the pattern needs an X stone (or Q/Y) to anchor on",
                        AnchorColor::Both => "the pattern needs a stone to anchor on",
                    }),
                );
                (0, 0)
            }
        };
        let anchor_rel = Rel::new(anchor.0 as i32, anchor.1 as i32);
        let move_rel = match star {
            Some((i, j)) => Rel::new(i as i32, j as i32).minus(anchor_rel),
            None => anchor_rel,
        };
        let hint = if options.db_type == DbType::Dfa {
            self.hints.get(&name)
        } else {
            0
        };
        let ext = extents::extents(rows.len(), cols, anchor);
        let symmetry = pattern.colon.symmetry().node;
        let trfno = extents::trfno(symmetry);
        let class = class_bits(&pattern.colon);
        let edges = pattern.diagram.edges.0;

        // Elements: reading order, GNU Go's sort, then dropping.
        // Sort packed (rank, index) words: the same swaps, cheaper to move.
        scratch.ranks.clear();
        scratch
            .ranks
            .extend(diagram_elements.iter().map(|e| rank(e.kind)));
        gnugo_order(&scratch.ranks, &mut scratch.order);
        let order = &scratch.order;
        let mut kept = Vec::with_capacity(order.len());
        let mut all = Vec::with_capacity(order.len());
        for e in order.iter().map(|&k| &diagram_elements[k as usize]) {
            let rel = e.rel(anchor);
            let element = CompiledElement {
                rel: rel.transformed(hint),
                kind: e.kind,
            };
            all.push(element);
            let drop = self.filter.discardable(e.kind, class, options.fixed_anchor)
                && dropped_in_mode(options.db_type, rel);
            if !drop {
                kept.push(element);
            }
        }
        scratch.unrotated.clear();
        scratch
            .unrotated
            .extend(diagram_elements.iter().map(|e| (e.rel(anchor), e.kind)));
        let unrotated = &scratch.unrotated[..];
        let (and_mask, val_mask) = masks::grid_masks(unrotated, hint);

        // Corner frame.
        let corner_c = if options.db_type == DbType::Corner {
            corner_transformation(edges)
        } else {
            None
        };
        let label_transform = match options.db_type {
            DbType::Dfa => hint,
            DbType::Corner => corner_c.unwrap_or(0),
            _ => 0,
        };
        let label_positions = pattern
            .constraint_diagram
            .as_ref()
            .map(labels::label_positions)
            .unwrap_or_default();
        let labels = labels::label_offsets(&label_positions, anchor, move_rel, label_transform);
        let values = attributes::compile_values(&pattern.colon, self.map, &labels);

        let constraint_text = pattern
            .constraint
            .as_ref()
            .filter(|c| !c.lines.is_empty())
            .map(|c| c.text());
        let action_text = pattern
            .action
            .as_ref()
            .filter(|a| !a.lines.is_empty())
            .map(|a| a.text());
        let mut autohelper_flag = 0;
        if constraint_text.is_some() {
            autohelper_flag |= HAVE_CONSTRAINT;
        }
        if action_text.is_some() {
            autohelper_flag |= HAVE_ACTION;
        }
        let constraint_cost = constraint_text
            .as_deref()
            .map_or(0.0, cost::constraint_cost);

        let dfa_string = (options.db_type == DbType::Dfa).then(|| {
            let input = StringInput {
                elements: unrotated,
                anchor,
                mini: ext.mini,
                minj: ext.minj,
                maxi: ext.maxi,
                maxj: ext.maxj,
                edges,
            };
            rotate_string(&pattern_string(&input), hint)
        });

        let index = self.patterns.len();
        let corner_info = if options.db_type == DbType::Corner {
            Some(self.corner_pattern(pattern, rows, diagram_elements, corner_c, index, trfno))
        } else {
            None
        };
        if corner_info.is_some_and(|c| c.duplicate_of.is_some()) {
            return None;
        }

        Some(CompiledPattern {
            index,
            name,
            span: pattern.span,
            rows: rows.len(),
            cols,
            diagram: rows.iter().map(|r| r.to_string()).collect(),
            anchor,
            anchored_at_x: anchored_at_x(diagram_elements, anchor),
            star,
            move_rel,
            move_offset: move_rel.transformed(hint),
            sorted_elements: all,
            elements: kept,
            symmetry,
            trfno,
            mini: ext.mini,
            minj: ext.minj,
            maxi: ext.maxi,
            maxj: ext.maxj,
            edge_constraints: edges,
            class,
            value: values.value,
            attributes: values.attributes,
            helper: pattern.colon.helper().map(|h| h.node.trim().to_string()),
            helper_trailing_whitespace: pattern
                .colon
                .helper_trailing_whitespace()
                .map(str::to_string),
            autohelper_flag,
            labels,
            constraint_cost,
            and_mask,
            val_mask,
            transformation_hint: hint,
            constraint_text,
            constraint: None,
            action_text,
            action: None,
            dfa_string,
            corner: corner_info.map(|c| c.info),
        })
    }

    /// Checks a corner pattern and adds it to the variation tree.
    fn corner_pattern(
        &mut self,
        pattern: &Pattern,
        rows: &[&str],
        elements: &[elements::DiagramElement],
        c: Option<u8>,
        index: usize,
        trfno: u8,
    ) -> CornerOutcome {
        let name = &pattern.name.node;
        let (r, w) = (rows.len(), rows[0].chars().count());
        let mut reachable = true;
        if c.is_none() {
            self.diagnostics.push(Diagnostic::new(
                Code::CornerEdges,
                pattern.diagram.span,
                format!("Illegal edge constraint in pattern {name}: a corner pattern must touch exactly two adjacent edges"),
            ));
            reachable = false;
        }
        if let Some(bad) = elements.iter().find(|e| {
            !matches!(
                e.kind,
                ElementKind::Empty | ElementKind::Opponent | ElementKind::Own
            )
        }) {
            let span = pattern.diagram.rows[bad.i].cell_span(bad.j);
            self.diagnostics.push(Diagnostic::new(
                Code::CornerElement,
                span,
                format!("Illegal element in pattern {name}: corner patterns may only use '.', 'X', 'O', '*' and '?'"),
            ));
            reachable = false;
        }
        let c = c.unwrap_or(0);
        let info = CornerPatternInfo {
            transformation: c,
            second_corner: Rel::new(r as i32 - 1, w as i32 - 1),
            symmetric: trfno == 4,
            reachable,
        };
        let mut duplicate_of = None;
        if reachable {
            let stones: Vec<FrameStone> = elements
                .iter()
                .filter(|e| matches!(e.kind, ElementKind::Opponent | ElementKind::Own))
                .map(|e| FrameStone {
                    at: frame(e.i, e.j, r, w, c),
                    color: e.kind,
                })
                .collect();
            let move_at = elements
                .iter()
                .find(|e| e.ch == '*')
                .map_or(Rel::default(), |e| frame(e.i, e.j, r, w, c));
            if let Err(existing) = self.tree.add(&stones, move_at, index) {
                let other = &self.patterns[existing].name;
                self.diagnostics.push(Diagnostic::new(
                    Code::DuplicateCornerPattern,
                    pattern.header_span,
                    format!(
                        "duplicated patterns encountered ({other} and {name}); {name} is discarded"
                    ),
                ));
                duplicate_of = Some(existing);
            }
        }
        CornerOutcome { info, duplicate_of }
    }
}

#[derive(Debug, Clone, Copy)]
struct CornerOutcome {
    info: CornerPatternInfo,
    duplicate_of: Option<usize>,
}

/// The class word of a colon line (unknown letters are the parser's errors;
/// 2.6 lines use their own letter subset, unknown ones ignored).
pub fn class_bits(colon: &ColonLine) -> u32 {
    let (letters, known): (&str, &str) = match colon {
        ColonLine::Modern(c) => (&c.classes.node, ""),
        ColonLine::Legacy(c) => (&c.classes.node, LEGACY_CLASS_LETTERS),
    };
    letters
        .chars()
        .filter(|&c| known.is_empty() || known.contains(c))
        .filter_map(class_bit)
        .fold(0, |acc, b| acc | b)
}

/// The class letters GNU Go 2.6 knows (db-format §11.4); others are ignored.
pub const LEGACY_CLASS_LETTERS: &str = "snOoXxADBC";

/// The bit of a class letter.
pub fn class_bit(letter: char) -> Option<u32> {
    CLASS_LETTERS
        .iter()
        .find(|&&(c, _)| c == letter)
        .map(|&(_, bit)| bit)
}

/// Class letters and bits, in bit order (the runtime's table).
pub const CLASS_LETTERS: [(char, u32); 26] = matcher::pattern::PatternClass::LETTERS;

/// The letters of a class word, in bit order.
pub fn class_letters(class: u32) -> String {
    CLASS_LETTERS
        .iter()
        .filter(|&&(_, bit)| class & bit != 0)
        .map(|&(c, _)| c)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceSet;

    const DB: &str = "attribute_map general

Pattern T1

?X..
O*Oo
xo.,

:8,OX,shape(3),value(10),some_helper

?X..
a*Bo
xoc,

;lib(a)>1 && oplay_attack(*,c,B)
;|| dead(B)
>antisuji(c);

Pattern T2

XO*

:|,-

";

    #[test]
    fn compile_owned_equals_compile() {
        let mut sources = SourceSet::new();
        sources.add("t.db", DB.to_string());
        let (files, parse_diagnostics) = crate::parse::parse_stream(&sources);
        assert!(parse_diagnostics.is_empty(), "{parse_diagnostics:?}");
        let options = CompileOptions::default();
        let hints = TransformationHints::none();
        let borrowed = compile(&files, &options, &hints);
        let owned = compile_owned(files, &options, &hints);
        assert_eq!(borrowed.db.patterns.len(), 2);
        assert!(borrowed.db.patterns[0].constraint.is_some());
        assert!(borrowed.db.patterns[0].action.is_some());
        assert_eq!(borrowed.db, owned.db);
        assert_eq!(borrowed.diagnostics, owned.diagnostics);
    }
}
