//! Declared symmetry against the pattern's real symmetry (lints L0005 and
//! L0006).
//!
//! The symmetry character of the colon line decides which of the eight
//! transformations GNU Go's matcher tries (compilation.md §7.1). The
//! pattern's real symmetry group `H` is the set of transformations that map
//! it onto itself: its elements and edges, and its code (constraint, action,
//! label-valued fields) up to the renaming of labels that the
//! transformation induces. Trying `ℓ₁` and `ℓ₂` finds the same placements
//! exactly when `ℓ₁ H = ℓ₂ H`, so the distinct orientations are the left
//! cosets of `H` (`8 / |H|` of them), and the tried set reaches as many of
//! them as it has distinct cosets. Cosets it misses are matches lost (a
//! bug); tried transformations sharing a coset find each match more than
//! once (wasted matching time).

use std::collections::BTreeSet;

use matcher::transform::Transform;

use super::canon;
use super::shape::Shape;
use crate::ast::{ColonLine, Pattern, ValueArgument};
use crate::check::symmetry_requirements;
use crate::compile::extents::{transformations_tried, trfno};
use crate::diag::{Code, Diagnostic};

/// The symmetry characters GNU Go knows, in the order suggestions prefer.
pub const SYMMETRY_CHARACTERS: [char; 8] = ['+', 'X', '|', '-', '\\', '/', 'O', '8'];

/// What a pattern's declared and real symmetry are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymmetryAnalysis {
    /// The declared symmetry character.
    pub declared: char,
    /// The transformations GNU Go tries for it, in order.
    pub tried: Vec<Transform>,
    /// The transformations mapping the diagram (elements and edges) onto
    /// itself, as a bit set over transformation numbers.
    pub diagram_group: u8,
    /// Those that also keep the code the same up to label renaming: the
    /// pattern's symmetry group.
    pub group: u8,
    /// Whether the pattern has a helper, whose dependence on the
    /// orientation cannot be seen (the group is then an upper bound).
    pub has_helper: bool,
}

impl SymmetryAnalysis {
    /// The number of distinct orientations of the pattern (`8 / |H|`).
    pub fn orientations(&self) -> usize {
        8 / self.group.count_ones() as usize
    }

    /// The number of distinct orientations the tried transformations reach.
    pub fn tried_orientations(&self) -> usize {
        distinct_cosets(&self.tried, self.group)
    }

    /// Orientations never tried: each is a set of placements GNU Go never
    /// finds.
    pub fn lost(&self) -> usize {
        self.orientations() - self.tried_orientations()
    }

    /// Tried transformations that repeat an orientation already tried.
    pub fn redundant(&self) -> usize {
        self.tried.len() - self.tried_orientations()
    }

    /// The best symmetry character for the pattern: no orientation lost,
    /// fewest tries, no GNU Go warning about edges or shape; `None` if the
    /// declared one is already among the best.
    pub fn suggestion(&self, shape: &Shape) -> Option<(char, usize)> {
        let square = shape.rows == shape.cols;
        let best = SYMMETRY_CHARACTERS
            .iter()
            .filter(|&&c| {
                symmetry_requirements(c, crate::ast::Edges(shape.edges))
                    .is_some_and(|(edges, needs_square)| !edges && (square || !needs_square))
            })
            .map(|&c| (c, tried_for(c)))
            .filter(|(_, tried)| distinct_cosets(tried, self.group) == self.orientations())
            .min_by_key(|(_, tried)| tried.len())
            .map(|(c, tried)| (c, tried.len()))?;
        (best.1 < self.tried.len() || self.lost() > 0).then_some(best)
    }
}

/// The transformations GNU Go tries for symmetry character `c`.
pub fn tried_for(c: char) -> Vec<Transform> {
    transformations_tried(trfno(c))
        .filter_map(Transform::new)
        .collect()
}

/// The number of distinct left cosets `t·H` over `tried`.
pub fn distinct_cosets(tried: &[Transform], group: u8) -> usize {
    let cosets: BTreeSet<u8> = tried
        .iter()
        .map(|&t| {
            Transform::ALL
                .iter()
                .filter(|h| group & (1 << h.number()) != 0)
                .fold(0u8, |set, &h| set | 1 << t.after(h).number())
        })
        .collect();
    cosets.len()
}

/// Analyses a pattern; `None` when its diagram is malformed.
pub fn analyse(pattern: &Pattern) -> Option<SymmetryAnalysis> {
    let shape = Shape::of(pattern)?;
    analyse_shape(pattern, &shape)
}

fn analyse_shape(pattern: &Pattern, shape: &Shape) -> Option<SymmetryAnalysis> {
    let declared = pattern.colon.symmetry().node;
    let mut diagram_group = 0u8;
    let mut group = 0u8;
    for t in Transform::ALL {
        if !shape.diagram_preserved_by(t) {
            continue;
        }
        diagram_group |= 1 << t.number();
        if let Some(map) = shape.label_map(t)
            && code_invariant(pattern, &map)
        {
            group |= 1 << t.number();
        }
    }
    Some(SymmetryAnalysis {
        declared,
        tried: tried_for(declared),
        diagram_group,
        group,
        has_helper: pattern.colon.helper().is_some(),
    })
}

/// Whether renaming labels by `map` leaves the constraint, the action and
/// the label-valued fields as they are (up to operand order).
fn code_invariant(pattern: &Pattern, map: &[(char, char)]) -> bool {
    if map.iter().all(|(a, b)| a == b) {
        return true;
    }
    let renamed = |c: char| map.iter().find(|(from, _)| *from == c).map(|&(_, to)| to);
    let same = |c: char| Some(c);
    if let Some(expr) = pattern.constraint.as_ref().and_then(|c| c.code.as_ref())
        && canon::expr_text(expr, &renamed) != canon::expr_text(expr, &same)
    {
        return false;
    }
    if let Some(stmts) = pattern.action.as_ref().and_then(|a| a.code.as_ref())
        && canon::stmts_text(stmts, &renamed) != canon::stmts_text(stmts, &same)
    {
        return false;
    }
    if let ColonLine::Modern(colon) = &pattern.colon {
        let fields = |rename: &dyn Fn(char) -> Option<char>| {
            let mut list: Vec<(String, Option<char>)> = colon
                .values
                .iter()
                .filter_map(|f| match &f.argument {
                    ValueArgument::Label(label) => {
                        Some((f.written.node.to_string(), rename(label.node)))
                    }
                    ValueArgument::Number { .. } => None,
                })
                .collect();
            list.sort();
            list
        };
        if fields(&renamed) != fields(&same) {
            return false;
        }
    }
    true
}

/// How a symmetry group reads to people.
fn describe_group(group: u8) -> String {
    let named = SYMMETRY_CHARACTERS
        .iter()
        .find(|&&c| c != '8' && group_of(c) == group);
    match (group, named) {
        (1, _) => "has no symmetry".to_string(),
        (0xff, _) => "is symmetric under all eight transformations".to_string(),
        (0x0f, _) => "is symmetric under the rotations by 90°".to_string(),
        (_, Some(c)) => format!("has the symmetry of '{c}' ({})", character_meaning(*c)),
        _ => format!("is symmetric under the transformations {group:#04x}"),
    }
}

/// The group of transformations a symmetry character declares.
pub fn group_of(c: char) -> u8 {
    match c {
        '|' => 1 | 1 << 7,
        '-' => 1 | 1 << 5,
        '\\' => 1 | 1 << 6,
        '/' => 1 | 1 << 4,
        '+' => 1 | 1 << 2 | 1 << 5 | 1 << 7,
        'X' => 1 | 1 << 2 | 1 << 4 | 1 << 6,
        'O' => 1 | 1 << 2,
        _ => 1,
    }
}

fn character_meaning(c: char) -> &'static str {
    match c {
        '|' => "left-right mirror",
        '-' => "top-bottom mirror",
        '\\' => "mirror in the main diagonal",
        '/' => "mirror in the anti-diagonal",
        '+' => "both axis mirrors",
        'X' => "both diagonal mirrors",
        'O' => "rotation by 180°",
        _ => "none",
    }
}

/// The symmetry lints of one pattern.
pub fn lint(pattern: &Pattern, diags: &mut Vec<Diagnostic>) {
    let Some(shape) = Shape::of(pattern) else {
        return;
    };
    let Some(analysis) = analyse_shape(pattern, &shape) else {
        return;
    };
    let name = &pattern.name.node;
    let span = pattern.colon.symmetry().span;
    let declared = analysis.declared;
    // What GNU Go's own checks already warn about (W0402, W0403) is not
    // repeated.
    if let Some((edges, needs_square)) =
        symmetry_requirements(declared, crate::ast::Edges(shape.edges))
        && (edges || (needs_square && shape.rows != shape.cols))
    {
        return;
    }
    let suggestion = analysis.suggestion(&shape);
    let help = |fallback: &str| match suggestion {
        Some((c, tries)) => format!(
            "declare ':{c}' ({tries} transformation{} tried, every orientation found once{})",
            if tries == 1 { "" } else { "s" },
            if tries > analysis.orientations() {
                ", the best a symmetry character can do"
            } else {
                ""
            }
        ),
        None => fallback.to_string(),
    };
    let lost = analysis.lost();
    if lost > 0 {
        let cause = if group_contains(analysis.diagram_group, group_of(declared)) {
            "its diagram has that symmetry but its code does not: the transformation moves a label onto a point with no label, or with one that plays another part in the code"
        } else {
            "its diagram does not have that symmetry"
        };
        diags.push(
            Diagnostic::new(
                Code::SymmetryTooStrong,
                span,
                format!(
                    "pattern {name} declares symmetry '{declared}' but {}; {cause}: {lost} of its {} orientations are never tried, so their matches are lost",
                    describe_group(analysis.group),
                    analysis.orientations()
                ),
            )
            .with_label(format!("tries {} transformations", analysis.tried.len()))
            .with_help(help("declare ':8'")),
        );
    } else if analysis.redundant() > 0 && !analysis.has_helper {
        let repeats = analysis.tried.len() / analysis.tried_orientations();
        diags.push(
            Diagnostic::new(
                Code::SymmetryTooWeak,
                span,
                format!(
                    "pattern {name} declares symmetry '{declared}' but {}: {} transformations are tried for {} distinct orientation{}, so each match is found {} times",
                    describe_group(analysis.group),
                    analysis.tried.len(),
                    analysis.tried_orientations(),
                    if analysis.tried_orientations() == 1 { "" } else { "s" },
                    repeats
                ),
            )
            .with_label(format!(
                "{} of {} tries wasted",
                analysis.redundant(),
                analysis.tried.len()
            ))
            .with_help(help("no symmetry character does better")),
        );
    }
}

/// Whether the set `outer` contains every transformation of `inner`.
fn group_contains(outer: u8, inner: u8) -> bool {
    outer & inner == inner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_groups_and_tried_sets_cover_every_orientation() {
        // Each character's tried set reaches every orientation of a pattern
        // with exactly the declared symmetry (§7.1: coset representatives).
        for c in SYMMETRY_CHARACTERS {
            let group = group_of(c);
            let tried = tried_for(c);
            assert_eq!(
                distinct_cosets(&tried, group),
                8 / group.count_ones() as usize,
                "{c}"
            );
            assert_eq!(tried.len(), 8 / group.count_ones() as usize, "{c}");
        }
    }
}
