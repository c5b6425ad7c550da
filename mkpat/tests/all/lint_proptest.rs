//! The semantic lints against plain references on random small patterns:
//!
//! - symmetry (L0005/L0006): the analysis (group and cosets) against
//!   transforming the written diagram, with its edges and constraint
//!   labels, eight ways as text and counting the distinct images among all
//!   eight and among those GNU Go tries;
//! - duplicates (L0007): a pattern and a transformed copy written out as
//!   text are always reported, two random patterns exactly when one is a
//!   transformation of the other;
//! - never-true constraints (L0008): the interval reasoning against
//!   evaluating the constraint (C semantics) for every value of its calls
//!   in small domains: it never calls a satisfiable constraint impossible,
//!   and it decides conjunctions of comparisons exactly.

use std::collections::BTreeSet;

use mkpat::diag::{Code, Diagnostic};
use mkpat::source::SourceSet;
use proptest::prelude::*;

/// A grid of characters, row by row.
type Grid = Vec<Vec<char>>;

fn flip_rows(g: &Grid) -> Grid {
    g.iter().rev().cloned().collect()
}

fn flip_columns(g: &Grid) -> Grid {
    g.iter()
        .map(|r| r.iter().rev().copied().collect())
        .collect()
}

fn transpose(g: &Grid) -> Grid {
    let (rows, cols) = (g.len(), g[0].len());
    (0..cols)
        .map(|j| (0..rows).map(|i| g[i][j]).collect())
        .collect()
}

/// GNU Go's transformation `k` on a drawn grid (compilation.md §7's
/// `ABC/DEF/GHI` column).
fn transform(g: &Grid, k: u8) -> Grid {
    match k {
        0 => g.clone(),
        1 => flip_columns(&transpose(g)),
        2 => flip_rows(&flip_columns(g)),
        3 => flip_rows(&transpose(g)),
        4 => flip_rows(&flip_columns(&transpose(g))),
        5 => flip_rows(g),
        6 => transpose(g),
        _ => flip_columns(g),
    }
}

/// The transformations GNU Go tries per symmetry character (§7.1).
fn tried(symmetry: char) -> Vec<u8> {
    match symmetry {
        '|' | '-' | '\\' | '/' => (0..4).collect(),
        '+' | 'X' => (0..2).collect(),
        'O' => (2..6).collect(),
        _ => (0..8).collect(),
    }
}

/// A random small pattern.
#[derive(Debug, Clone)]
struct Written {
    cells: Grid,
    /// North, south, east, west.
    edges: [bool; 4],
    symmetry: char,
    /// 0: no constraint; 1: `lib(a)>1`; 2: `lib(a)>1 && lib(b)>1`
    /// (symmetric in a and b); 3: `lib(a)>lib(b)`.
    constraint: u8,
    /// Where the labels stand (never on the move).
    label_points: Vec<(usize, usize)>,
}

impl Written {
    /// The main diagram with a border row/column on each side, `#` where
    /// the side is a board edge.
    fn bordered(&self, grid: &Grid) -> Grid {
        let (rows, cols) = (grid.len(), grid[0].len());
        let [north, south, east, west] = self.edges;
        let mut out = vec![vec![' '; cols + 2]; rows + 2];
        for (i, row) in grid.iter().enumerate() {
            out[i + 1][1..cols + 1].copy_from_slice(row);
            out[i + 1][0] = if west { '#' } else { ' ' };
            out[i + 1][cols + 1] = if east { '#' } else { ' ' };
        }
        out[0][1..=cols].fill(if north { '#' } else { ' ' });
        out[rows + 1][1..=cols].fill(if south { '#' } else { ' ' });
        out
    }

    /// The label grid as the reference compares it: labels whose parts
    /// the constraint treats alike share one letter.
    fn label_grid(&self) -> Grid {
        let (rows, cols) = (self.cells.len(), self.cells[0].len());
        let mut grid = vec![vec!['.'; cols]; rows];
        for (k, &(i, j)) in self.label_points.iter().enumerate() {
            grid[i][j] = match (self.constraint, k) {
                (2, _) => 'L',
                (_, 0) => 'a',
                _ => 'b',
            };
        }
        grid
    }

    /// What the reference compares under transformation `k`.
    fn image(&self, k: u8) -> (Grid, Grid) {
        (
            transform(&self.bordered(&self.cells), k),
            transform(&self.bordered(&self.label_grid()), k),
        )
    }

    /// (orientations lost, tries repeating an orientation), by the
    /// reference.
    fn reference(&self) -> (usize, usize) {
        let all: BTreeSet<_> = (0..8).map(|k| self.image(k)).collect();
        let list = tried(self.symmetry);
        let reached: BTreeSet<_> = list.iter().map(|&k| self.image(k)).collect();
        (all.len() - reached.len(), list.len() - reached.len())
    }

    /// The pattern written as `.db` text, transformed by `k`.
    fn text(&self, name: &str, k: u8) -> String {
        let main = transform(&self.bordered(&self.cells), k);
        let mut labels = self.bordered(&self.cells);
        let letters = ['a', 'b'];
        for (n, &(i, j)) in self.label_points.iter().enumerate() {
            labels[i + 1][j + 1] = letters[n];
        }
        let labels = transform(&labels, k);
        let mut out = format!("Pattern {name}\n\n");
        draw(&main, &mut out);
        out.push_str(&format!("\n:{},-\n\n", self.symmetry));
        if self.constraint > 0 {
            draw(&labels, &mut out);
            out.push_str(match self.constraint {
                1 => "\n;lib(a)>1\n",
                2 => "\n;lib(a)>1 && lib(b)>1\n",
                _ => "\n;lib(a)>lib(b)\n",
            });
        }
        out.push_str("\n\n");
        out
    }
}

/// Writes a bordered grid as diagram lines: `#` borders become edge lines
/// and `|` columns.
fn draw(bordered: &Grid, out: &mut String) {
    let (rows, cols) = (bordered.len() - 2, bordered[0].len() - 2);
    let north = bordered[0][1] == '#';
    let south = bordered[rows + 1][1] == '#';
    let west = bordered[1][0] == '#';
    let east = bordered[1][cols + 1] == '#';
    let edge_line = |out: &mut String| {
        if west {
            out.push('+');
        }
        out.push_str(&"-".repeat(cols));
        if east {
            out.push('+');
        }
        out.push('\n');
    };
    if north {
        edge_line(out);
    }
    for row in &bordered[1..=rows] {
        if west {
            out.push('|');
        }
        out.extend(&row[1..=cols]);
        if east {
            out.push('|');
        }
        out.push('\n');
    }
    if south {
        edge_line(out);
    }
}

fn written() -> impl Strategy<Value = Written> {
    (1usize..=4, 1usize..=4)
        .prop_flat_map(|(rows, cols)| {
            let n = rows * cols;
            (
                Just((rows, cols)),
                prop::collection::vec(
                    prop::sample::select(vec!['.', 'X', 'O', 'x', 'o', '?', ',']),
                    n,
                ),
                0..n,
                prop::array::uniform4(prop::bool::weighted(0.25)),
                prop::sample::select(vec!['8', '|', '-', '\\', '/', '+', 'X', 'O']),
                0u8..4,
                prop::collection::vec(0..n, 2),
            )
        })
        .prop_map(
            |((rows, cols), cells, star, edges, symmetry, constraint, label_at)| {
                let mut grid: Grid = cells.chunks(cols).map(|r| r.to_vec()).collect();
                grid[star / cols][star % cols] = '*';
                let wanted = match constraint {
                    0 => 0,
                    1 => 1,
                    _ => 2,
                };
                let mut label_points = Vec::new();
                for p in label_at {
                    let point = (p / cols, p % cols);
                    if label_points.len() < wanted && p != star && !label_points.contains(&point) {
                        label_points.push(point);
                    }
                }
                // Too few free points: no constraint.
                let constraint = if label_points.len() < wanted {
                    0
                } else {
                    constraint
                };
                if constraint == 0 {
                    label_points.clear();
                }
                let _ = rows;
                Written {
                    cells: grid,
                    edges,
                    symmetry,
                    constraint,
                    label_points,
                }
            },
        )
}

/// Parses `text` and returns the file's patterns and the check's and lint's
/// diagnostics.
fn parse_and_lint(text: &str) -> (mkpat::ast::File, Vec<Diagnostic>, Vec<Diagnostic>) {
    let mut sources = SourceSet::new();
    let id = sources.add("random.db", text.to_string());
    let parsed = mkpat::parse::parse_file(&sources, id);
    let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{text}\n{errors:#?}");
    let mut checked = mkpat::check::check_file(&parsed.file, &Default::default());
    checked.extend(parsed.diagnostics);
    let lints = mkpat::lint::lint_file(&sources, &parsed.file);
    (parsed.file, checked, lints)
}

fn has(diags: &[Diagnostic], code: Code) -> bool {
    diags.iter().any(|d| d.code == code)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn symmetry_analysis_agrees_with_transforming_the_text(w in written()) {
        let text = w.text("P", 0);
        let (file, checked, lints) = parse_and_lint(&text);
        let pattern = file.patterns().next().expect("one pattern");
        let analysis = mkpat::lint::symmetry::analyse(pattern).expect("well-formed");
        let (lost, redundant) = w.reference();
        prop_assert_eq!(analysis.lost(), lost, "lost\n{}", text);
        prop_assert_eq!(analysis.redundant(), redundant, "redundant\n{}", text);
        // The lints say it unless GNU Go's own warnings already do.
        let warned = has(&checked, Code::SymmetryEdges) || has(&checked, Code::SymmetryNotSquare);
        prop_assert_eq!(has(&lints, Code::SymmetryTooStrong), lost > 0 && !warned, "{}", text);
        prop_assert_eq!(
            has(&lints, Code::SymmetryTooWeak),
            lost == 0 && redundant > 0 && !warned,
            "{}", text
        );
    }

    #[test]
    fn a_transformed_copy_is_a_duplicate(w in written(), k in 0u8..8) {
        let text = format!("{}{}", w.text("P", 0), w.text("Q", k));
        let (_, checked, lints) = parse_and_lint(&text);
        prop_assert!(!checked.iter().any(Diagnostic::is_error), "{}", text);
        let duplicates: Vec<_> = lints.iter().filter(|d| d.code == Code::DuplicatePattern).collect();
        prop_assert_eq!(duplicates.len(), 1, "{}", text);
        prop_assert!(duplicates[0].message.contains("pattern Q"), "{}", text);
    }

    #[test]
    fn random_pairs_are_duplicates_exactly_when_one_transforms_into_the_other(
        a in written(),
        b in written(),
    ) {
        let plain = |w: &Written| Written { constraint: 0, label_points: Vec::new(), ..w.clone() };
        let (a, b) = (plain(&a), plain(&b));
        let text = format!("{}{}", a.text("P", 0), b.text("Q", 0));
        let (_, _, lints) = parse_and_lint(&text);
        let expected = (0..8).any(|k| b.image(k) == a.image(0));
        prop_assert_eq!(has(&lints, Code::DuplicatePattern), expected, "{}", text);
    }
}

/// A random constraint over `lib(a)` (a stone), `lib(b)` (an empty point)
/// and `attack(a)`, with its C value for given values of the three calls.
#[derive(Debug, Clone)]
enum Formula {
    Compare(u8, &'static str, i64),
    Terms(&'static str, u8, u8),
    /// `s ARITH t CMP c`.
    Arithmetic(u8, char, u8, &'static str, i64),
    Not(Box<Formula>),
    And(Box<Formula>, Box<Formula>),
    Or(Box<Formula>, Box<Formula>),
}

const TERMS: [&str; 3] = ["lib(a)", "lib(b)", "attack(a)"];

impl Formula {
    fn text(&self) -> String {
        match self {
            Formula::Compare(t, op, c) => format!("{}{op}{c}", TERMS[*t as usize]),
            Formula::Terms(op, s, t) => {
                format!("{}{op}{}", TERMS[*s as usize], TERMS[*t as usize])
            }
            Formula::Arithmetic(s, arith, t, op, c) => {
                format!("{}{arith}{}{op}{c}", TERMS[*s as usize], TERMS[*t as usize])
            }
            Formula::Not(f) => format!("!({})", f.text()),
            Formula::And(a, b) => format!("({} && {})", a.text(), b.text()),
            Formula::Or(a, b) => format!("({} || {})", a.text(), b.text()),
        }
    }

    fn value(&self, values: [i64; 3]) -> bool {
        let compare = |x: i64, op: &str, y: i64| match op {
            "<" => x < y,
            "<=" => x <= y,
            ">" => x > y,
            ">=" => x >= y,
            "==" => x == y,
            _ => x != y,
        };
        match self {
            Formula::Compare(t, op, c) => compare(values[*t as usize], op, *c),
            Formula::Terms(op, s, t) => compare(values[*s as usize], op, values[*t as usize]),
            Formula::Arithmetic(s, arith, t, op, c) => {
                let (x, y) = (values[*s as usize], values[*t as usize]);
                let z = match arith {
                    '+' => x + y,
                    '-' => x - y,
                    _ => x * y,
                };
                compare(z, op, *c)
            }
            Formula::Not(f) => !f.value(values),
            Formula::And(a, b) => a.value(values) && b.value(values),
            Formula::Or(a, b) => a.value(values) || b.value(values),
        }
    }

    fn is_conjunction_of_constant_comparisons(&self) -> bool {
        match self {
            Formula::Compare(..) => true,
            Formula::And(a, b) => {
                a.is_conjunction_of_constant_comparisons()
                    && b.is_conjunction_of_constant_comparisons()
            }
            _ => false,
        }
    }

    /// Whether some values in the small domains (liberties of the stone
    /// 1–7, of the empty point 0, attack codes 0–5) make it true.
    fn satisfiable_by_enumeration(&self) -> bool {
        (1..=7).any(|lib_a| (0..=5).any(|attack| self.value([lib_a, 0, attack])))
    }
}

fn formula() -> impl Strategy<Value = Formula> {
    let ops = prop::sample::select(vec!["<", "<=", ">", ">=", "==", "!="]);
    let leaf = prop_oneof![
        4 => (0u8..3, ops.clone(), -1i64..7).prop_map(|(t, op, c)| Formula::Compare(t, op, c)),
        1 => (ops.clone(), 0u8..3, 0u8..3).prop_map(|(op, s, t)| Formula::Terms(op, s, t)),
        1 => (0u8..3, prop::sample::select(vec!['+', '-', '*']), 0u8..3, ops, -3i64..12)
            .prop_map(|(s, a, t, op, c)| Formula::Arithmetic(s, a, t, op, c)),
    ];
    leaf.prop_recursive(4, 12, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|f| Formula::Not(Box::new(f))),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| Formula::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Formula::Or(Box::new(a), Box::new(b))),
        ]
    })
}

fn conjunction() -> impl Strategy<Value = Formula> {
    let ops = prop::sample::select(vec!["<", "<=", ">", ">=", "==", "!="]);
    let leaf = (0u8..3, ops, -1i64..7).prop_map(|(t, op, c)| Formula::Compare(t, op, c));
    prop::collection::vec(leaf, 1..5).prop_map(|parts| {
        parts
            .into_iter()
            .reduce(|a, b| Formula::And(Box::new(a), Box::new(b)))
            .expect("at least one")
    })
}

/// The lint's verdict on a formula.
fn lint_satisfiable(f: &Formula) -> bool {
    let text = format!(
        "Pattern T\n\n.X.\n.*.\n\n:8,-\n\n.a.\nb*.\n\n;{}\n",
        f.text()
    );
    let mut sources = SourceSet::new();
    let id = sources.add("t.db", text.clone());
    let parsed = mkpat::parse::parse_file(&sources, id);
    let pattern = parsed.file.patterns().next().expect("one pattern");
    let expr = pattern
        .constraint
        .as_ref()
        .and_then(|c| c.code.as_ref())
        .unwrap_or_else(|| panic!("constraint parses: {text}"));
    let facts = mkpat::lint::never_match::Facts::of(pattern);
    let verdict = mkpat::lint::never_match::satisfiable(expr, &facts);
    // The lint reports exactly the unsatisfiable ones.
    let lints = mkpat::lint::lint_file(&sources, &parsed.file);
    assert_eq!(
        lints.iter().any(|d| d.code == Code::ConstraintNeverTrue),
        !verdict,
        "{text}"
    );
    verdict
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn never_calls_a_satisfiable_constraint_impossible(f in formula()) {
        if !lint_satisfiable(&f) {
            prop_assert!(!f.satisfiable_by_enumeration(), "{}", f.text());
        }
    }

    #[test]
    fn decides_conjunctions_of_comparisons_exactly(f in conjunction()) {
        prop_assert!(f.is_conjunction_of_constant_comparisons());
        prop_assert_eq!(lint_satisfiable(&f), f.satisfiable_by_enumeration(), "{}", f.text());
    }
}

#[test]
fn examples_of_never_true_constraints() {
    for (constraint, satisfiable) in [
        ("lib(b)>0", false),
        ("lib(b)==0", true),
        ("lib(a)<1", false),
        ("lib(a)>2 && lib(a)<3", false),
        ("lib(a)>2 && lib(a)<4", true),
        ("attack(a)>5", false),
        ("attack(a)==WIN", true),
        ("0", false),
        ("1 && 0", false),
        ("!(lib(a)>=1)", false),
        ("lib(a)==2 || lib(b)==1", true),
        ("lib(b)==1 || attack(a)==6", false),
        ("x_somewhere(b)", false),
        ("o_somewhere(a)", false),
        ("legal_omove(a)", false),
        ("safe_xmove(a)>0", false),
        ("safe_xmove(b)>0", true),
        ("lib(a)!=1 && lib(a)<2", false),
        // Constants beyond exact f64 integers do not stall the reasoning.
        (
            "lib(a)>=9223372036854775807 && lib(a)!=9223372036854775807",
            true,
        ),
        ("lib(a)*lib(b)>0", false),
        ("lib(a)-lib(a)>100000000000000000", true),
    ] {
        let text = format!("Pattern T\n\n.X.\n.*.\n\n:8,-\n\n.a.\nb*.\n\n;{constraint}\n");
        let mut sources = SourceSet::new();
        let id = sources.add("t.db", text.clone());
        let parsed = mkpat::parse::parse_file(&sources, id);
        let pattern = parsed.file.patterns().next().expect("one pattern");
        let expr = pattern
            .constraint
            .as_ref()
            .and_then(|c| c.code.as_ref())
            .expect("parses");
        let facts = mkpat::lint::never_match::Facts::of(pattern);
        assert_eq!(
            mkpat::lint::never_match::satisfiable(expr, &facts),
            satisfiable,
            "{constraint}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Lints never panic, whatever the text (lines made of the language's
    /// pieces, shuffled).
    #[test]
    fn lints_survive_random_text(lines in prop::collection::vec(prop::sample::select(vec![
        "Pattern A", "Pattern B", "", "XO*", ".X.", "|O.", "+--", "---", "o?x", "*", ":8,C",
        ":|,OXb", ":O,A", ":/,-", ";lib(a)>1", ";lib(a)!=9e300 && lib(a)>=9e300", ";x_somewhere(a,b)",
        "a.b", "A*B", ">amalgamate(a,b);", ";oplay_attack(a,b,c,a)", "ab", "cd", "|..|", "+--+",
        ";!(", "XX", "OO",
    ]), 0..30)) {
        let text = lines.join("\n") + "\n";
        let mut sources = SourceSet::new();
        let id = sources.add("conn.db", text);
        let parsed = mkpat::parse::parse_file(&sources, id);
        let _ = mkpat::lint::lint_file(&sources, &parsed.file);
    }
}
