//! The `eyes.db` language (eye-space shapes for life and death, spec
//! `joseki-and-fuseki.md` §3): parser with diagnostics, compilation into
//! [`matcher::eyes::EyePattern`] graphs (vertices, neighbours, flags,
//! totals) and a text dump of the compiled form.
//!
//! A pattern is `Pattern N`, diagram lines (vertices, `|`/`-` edge markers,
//! blanks and `+` skipped) and a colon line `:abcd` with the eye value.

use crate::ast::FileId;
use crate::diag::{Code, Diagnostic};
use crate::source::{SourceSet, numbered_lines};
use matcher::eyes::{
    ATTACK_POINT, DEFENCE_POINT, EyePattern, EyeVertex, MAY_BE_EMPTY, MAY_HOLD_STONE,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// GNU Go's 80-byte line buffer: a line this long or longer is fatal.
pub const TRUNCATED_LINE_CHARS: usize = 79;

/// Only this many characters of a diagram line are examined.
pub const DIAGRAM_WIDTH: usize = 20;

/// Marginal flag and vertex flags of a vertex character.
fn vertex_kind(c: char) -> Option<(bool, u8)> {
    let e = MAY_BE_EMPTY;
    Some(match c {
        '.' => (false, e),
        '*' => (false, e | ATTACK_POINT | DEFENCE_POINT),
        '<' => (false, e | ATTACK_POINT),
        '>' => (false, e | DEFENCE_POINT),
        'x' => (false, e | MAY_HOLD_STONE),
        'X' => (false, MAY_HOLD_STONE),
        '!' => (true, e),
        '@' => (true, e | ATTACK_POINT | DEFENCE_POINT),
        '(' => (true, e | ATTACK_POINT),
        ')' => (true, e | DEFENCE_POINT),
        '$' => (true, MAY_HOLD_STONE),
        _ => return None,
    })
}

/// The pattern being read.
struct Open {
    number: u32,
    line: usize,
    rows: usize,
    /// (row, col) → (marginal, flags).
    vertices: BTreeMap<(usize, usize), (bool, u8)>,
    /// Edge counts added by `|` and `-` markers, by target (row, col).
    edges: BTreeMap<(usize, usize), u8>,
}

/// Parses an `eyes.db` file of `sources` into compiled patterns plus
/// diagnostics (patterns with errors are left out; the result is meaningful
/// only without errors).
pub fn parse(sources: &SourceSet, file: FileId) -> (Vec<EyePattern>, Vec<Diagnostic>) {
    let text = sources.file(file).text.as_str();
    let mut diags = Vec::new();
    let mut patterns = Vec::new();
    let mut previous_number: Option<u32> = None;
    let mut open: Option<Open> = None;
    let mut error_in_pattern = false;
    for (number, raw) in numbered_lines(text) {
        let mut diag = |col: usize, code: Code, message: String| {
            diags.push(with_hint(Diagnostic::new(
                code,
                sources.span_at(file, number as u32, col as u32),
                message,
            )));
        };
        if raw.chars().count() >= TRUNCATED_LINE_CHARS {
            diag(
                TRUNCATED_LINE_CHARS,
                Code::EyesLineTooLong,
                format!(
                    "line of {TRUNCATED_LINE_CHARS} or more characters (mkeyes: line truncated)"
                ),
            );
            continue;
        }
        let line = raw.trim_end();
        if let Some(rest) = line.strip_prefix("Pattern") {
            if let Some(unfinished) = &open {
                diag(
                    1,
                    Code::EyesNoColonLine,
                    format!(
                        "pattern {} (line {}) has no colon line",
                        unfinished.number, unfinished.line
                    ),
                );
            }
            let Ok(n) = rest.trim().parse::<u32>() else {
                diag(
                    9,
                    Code::EyesPatternNumber,
                    format!("`{}` is not a pattern number", rest.trim()),
                );
                open = None;
                continue;
            };
            if previous_number.is_some_and(|p| n <= p) {
                diag(
                    9,
                    Code::EyesPatternNumber,
                    format!(
                        "Pattern {n} out of sequence (previous {})",
                        previous_number.unwrap_or(0)
                    ),
                );
            }
            previous_number = Some(n);
            open = Some(Open {
                number: n,
                line: number,
                rows: 0,
                vertices: BTreeMap::new(),
                edges: BTreeMap::new(),
            });
            error_in_pattern = false;
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some(pattern) = open.as_mut() else {
            diag(
                1,
                Code::EyesOutsidePattern,
                "diagram or colon line outside a pattern".into(),
            );
            continue;
        };
        if let Some(value_text) = line.strip_prefix(':') {
            let digits: Vec<u8> = value_text
                .chars()
                .filter_map(|c| c.to_digit(10).map(|d| d as u8))
                .collect();
            if digits.len() != 4 || value_text.chars().count() != 4 {
                diag(
                    2,
                    Code::EyesValue,
                    format!("eye value `{value_text}` is not four digits"),
                );
                open = None;
                continue;
            }
            let value = [0, 1, 2, 3].map(|k| digits[k].min(2));
            let pattern = open.take().expect("checked above");
            match finish(pattern, value, &mut diag) {
                Some(compiled) if !error_in_pattern => patterns.push(compiled),
                _ => {}
            }
            continue;
        }
        let m = pattern.rows;
        pattern.rows += 1;
        for (n, c) in line.chars().take(DIAGRAM_WIDTH).enumerate() {
            match c {
                ' ' | '\r' | '+' => {}
                '|' => {
                    let target = (m, if n == 0 { 1 } else { n - 1 });
                    *pattern.edges.entry(target).or_insert(0) += 1;
                }
                '-' => {
                    let target = if m == 0 { (1, n) } else { (m - 1, n) };
                    *pattern.edges.entry(target).or_insert(0) += 1;
                }
                _ => match vertex_kind(c) {
                    Some(kind) => {
                        pattern.vertices.insert((m, n), kind);
                    }
                    None => {
                        diag(
                            n + 1,
                            Code::EyesInvalidCharacter,
                            format!("invalid character `{c}` in pattern {}", pattern.number),
                        );
                        error_in_pattern = true;
                    }
                },
            }
        }
    }
    if let Some(unfinished) = open {
        diags.push(with_hint(Diagnostic::new(
            Code::EyesNoColonLine,
            sources.span_at(file, unfinished.line as u32, 1),
            format!("pattern {} has no colon line", unfinished.number),
        )));
    }
    (patterns, diags)
}

/// The diagnostic with the hint its code calls for.
fn with_hint(diagnostic: Diagnostic) -> Diagnostic {
    let hint = match diagnostic.code {
        Code::EyesPatternNumber => "number the patterns in increasing order",
        Code::EyesNoColonLine => "end every pattern with its eye value, `:abcd`",
        Code::EyesValue => "the eye value is four digits `:abcd` (each 0, 1 or 2)",
        Code::EyesAttackPointNeeded => {
            "mark the attacker's vital point with `*`, `<`, `@` or `(`, or make a equal c"
        }
        Code::EyesDefencePointNeeded => {
            "mark the defender's vital point with `*`, `>`, `@` or `)`, or make b equal d"
        }
        Code::EyesAttackPointForbidden => {
            "with a = c no attack changes the eyes: drop the attack marks or correct the value"
        }
        Code::EyesDefencePointForbidden => {
            "with b = d no defence changes the eyes: drop the defence marks or correct the value"
        }
        Code::EyesInvalidCharacter => {
            "vertices are `. * < > x X ! @ ( ) $`, edge markers `|` and `-`, blanks and `+` are skipped"
        }
        Code::EyesOutsidePattern => "start the pattern with `Pattern N`",
        _ => return diagnostic,
    };
    diagnostic.with_help(hint)
}

/// Builds the graph of a finished pattern and runs the value checks.
fn finish(
    pattern: Open,
    value: [u8; 4],
    diag: &mut impl FnMut(usize, Code, String),
) -> Option<EyePattern> {
    let index: BTreeMap<(usize, usize), u8> = pattern
        .vertices
        .keys()
        .enumerate()
        .map(|(k, &pos)| (pos, k as u8))
        .collect();
    // Edge markers next to a blank (common along border lines) touch no
    // vertex and are ignored, as in GNU Go.
    let mut vertices = Vec::new();
    for (&(row, col), &(marginal, flags)) in &pattern.vertices {
        let at = |r: Option<usize>, c: Option<usize>| match (r, c) {
            (Some(r), Some(c)) => index.get(&(r, c)).copied(),
            _ => None,
        };
        let neighbours = [
            at(row.checked_sub(1), Some(col)),
            at(Some(row + 1), Some(col)),
            at(Some(row), col.checked_sub(1)),
            at(Some(row), Some(col + 1)),
        ];
        vertices.push(EyeVertex {
            row: row as u8,
            col: col as u8,
            marginal,
            edge: pattern.edges.get(&(row, col)).copied().unwrap_or(0),
            flags,
            neighbour_count: neighbours.iter().flatten().count() as u8,
            neighbours,
        });
    }
    if vertices.is_empty() {
        diag(
            1,
            Code::EyesNoVertex,
            format!("pattern {} has no vertex", pattern.number),
        );
        return None;
    }
    let has_attack = vertices.iter().any(|v| v.flags & ATTACK_POINT != 0);
    let has_defence = vertices.iter().any(|v| v.flags & DEFENCE_POINT != 0);
    let [a, b, c, d] = value;
    let mut ok = true;
    let mut check = |good: bool, code: Code, message: &str| {
        if !good {
            diag(1, code, format!("pattern {}: {message}", pattern.number));
            ok = false;
        }
    };
    check(
        a == c || has_attack,
        Code::EyesAttackPointNeeded,
        "a ≠ c requires an attack point",
    );
    check(
        b == d || has_defence,
        Code::EyesDefencePointNeeded,
        "b ≠ d requires a defence point",
    );
    check(
        a != c || !has_attack,
        Code::EyesAttackPointForbidden,
        "a = c forbids attack points",
    );
    check(
        b != d || !has_defence,
        Code::EyesDefencePointForbidden,
        "b = d forbids defence points",
    );
    if !ok {
        return None;
    }
    let mut histogram = [0u8; 3];
    for v in &vertices {
        if (1..=3).contains(&v.neighbour_count) {
            histogram[usize::from(v.neighbour_count) - 1] += 1;
        }
    }
    Some(EyePattern {
        number: pattern.number,
        marginal_count: vertices.iter().filter(|v| v.marginal).count() as u8,
        neighbour_histogram: histogram,
        vertices,
        value,
    })
}

/// Text dump of compiled eye patterns (what `mkpat dump --eyes` prints).
pub fn dump(patterns: &[EyePattern]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "eyes: {} patterns", patterns.len());
    for p in patterns {
        let [a, b, c, d] = p.value;
        let _ = writeln!(
            out,
            "Pattern {}: size {}, marginal {}, neighbours 1:{} 2:{} 3:{}, value {a}{b}{c}{d}",
            p.number,
            p.vertices.len(),
            p.marginal_count,
            p.neighbour_histogram[0],
            p.neighbour_histogram[1],
            p.neighbour_histogram[2],
        );
        for (k, v) in p.vertices.iter().enumerate() {
            let flag = |bit: u8, letter: char| if v.flags & bit != 0 { letter } else { '-' };
            let neighbours: Vec<String> = v
                .neighbours
                .iter()
                .map(|n| n.map_or("-1".to_string(), |n| n.to_string()))
                .collect();
            let _ = writeln!(
                out,
                "  {k}: ({},{}) {} edge {} flags {}{}{}{} neighbours {} [{}]",
                v.row,
                v.col,
                if v.marginal { "marginal" } else { "interior" },
                v.edge,
                flag(MAY_BE_EMPTY, 'e'),
                flag(MAY_HOLD_STONE, 's'),
                flag(DEFENCE_POINT, 'd'),
                flag(ATTACK_POINT, 'a'),
                v.neighbour_count,
                neighbours.join(" "),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `text` as the file `name`; also returns the source set.
    fn parse_text(name: &str, text: &str) -> (Vec<EyePattern>, Vec<Diagnostic>, SourceSet) {
        let (sources, file) = SourceSet::single(name, text);
        let (parsed, diags) = parse(&sources, file);
        (parsed, diags, sources)
    }

    #[test]
    fn bent_four_in_the_corner() {
        let (patterns, diags, _) =
            parse_text("eyes.db", "Pattern 4000\n\n|.\n|.*.\n+---\n\n:1122\n");
        assert!(diags.is_empty(), "{diags:?}");
        let p = &patterns[0];
        let summary: Vec<(u8, u8, u8, u8)> = p
            .vertices
            .iter()
            .map(|v| (v.row, v.col, v.edge, v.neighbour_count))
            .collect();
        assert_eq!(
            summary,
            vec![(0, 1, 1, 1), (1, 1, 2, 2), (1, 2, 1, 2), (1, 3, 1, 1)]
        );
        assert_eq!(p.vertices[1].neighbours, [Some(0), None, None, Some(2)]);
        assert_eq!(
            p.vertices[2].flags,
            MAY_BE_EMPTY | ATTACK_POINT | DEFENCE_POINT
        );
        assert_eq!(p.value, [1, 1, 2, 2]);
        assert_eq!(p.neighbour_histogram, [2, 2, 0]);
    }

    #[test]
    fn diagnostics() {
        let text = "Pattern 5\n.Z\n:1111\nPattern 5\n.\n:0100\nPattern 7\n*\n:1111\nPattern 8\n.\n:12x4\n.\n";
        let (patterns, diags, sources) = parse_text("e.db", text);
        assert!(patterns.is_empty());
        assert_eq!(
            crate::diag::code_positions(&diags),
            vec![
                ("EY009", 2, 2),
                ("EY002", 4, 9),
                ("EY006", 6, 1),
                ("EY007", 9, 1),
                ("EY008", 9, 1),
                ("EY004", 12, 2),
                ("EY010", 13, 1)
            ]
        );
        assert_eq!(
            crate::render::plain(&sources, &diags[0]),
            "e.db:2:2: error[EY009]: invalid character `Z` in pattern 5\n  | .Z\n  |  ^\n  \
             = help: vertices are `. * < > x X ! @ ( ) $`, edge markers `|` and `-`, blanks and `+` are skipped\n"
        );
    }

    #[test]
    fn dump_lists_vertices_and_totals() {
        let (patterns, _, _) = parse_text("eyes.db", "Pattern 4000\n\n|.\n|.*.\n+---\n\n:1122\n");
        assert_eq!(
            dump(&patterns),
            "eyes: 1 patterns\n\
             Pattern 4000: size 4, marginal 0, neighbours 1:2 2:2 3:0, value 1122\n  \
             0: (0,1) interior edge 1 flags e--- neighbours 1 [-1 1 -1 -1]\n  \
             1: (1,1) interior edge 2 flags e--- neighbours 2 [0 -1 -1 2]\n  \
             2: (1,2) interior edge 1 flags e-da neighbours 2 [-1 -1 1 3]\n  \
             3: (1,3) interior edge 1 flags e--- neighbours 1 [-1 -1 2 -1]\n"
        );
    }
}
