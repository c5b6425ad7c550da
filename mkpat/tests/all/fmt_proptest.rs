//! Random valid patterns (diagram with edges, colon line, constraint
//! diagram with labels, constraint and action code, comments, remarks and
//! irregular spacing) parse without errors, and survive the formatter:
//! `parse(fmt(parse(x))) == parse(x)` and `fmt` is idempotent.

use mkpat::fmt::format_file;
use mkpat::parse::parse_file;
use mkpat::source::SourceSet;
use proptest::prelude::*;

/// Labels usable in generated code (never o, x, O, Q, X, Y).
const LABELS: &[u8] = b"abcdefghABCDEFGH";
const ONE_ARG: &[&str] = &[
    "lib", "attack", "defend", "dead", "alive", "weak", "xlib", "olib",
];

#[derive(Debug, Clone)]
struct Generated {
    text: String,
}

fn expr(depth: u32) -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        (0..ONE_ARG.len(), 0..LABELS.len())
            .prop_map(|(f, l)| format!("{}({})", ONE_ARG[f], LABELS[l] as char)),
        (0..LABELS.len(), 0..LABELS.len()).prop_map(|(a, b)| format!(
            "oplay_attack(*,{},{})",
            LABELS[a] as char, LABELS[b] as char
        )),
        Just("WIN".to_string()),
        (0..20i32).prop_map(|n| n.to_string()),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let sub = expr(depth - 1);
    prop_oneof![
        2 => leaf,
        1 => sub.clone().prop_map(|e| format!("!({e})")),
        1 => sub.clone().prop_map(|e| format!("({e})")),
        3 => (sub.clone(), prop::sample::select(vec!["&&", "||", "==", "!=", "<", "<=", ">", ">=", "+", "-"]), sub.clone())
            .prop_map(|(a, op, b)| format!("({a}) {op} ({b})")),
        1 => (sub.clone(), sub.clone(), sub).prop_map(|(c, a, b)| format!("{c} ? {a} : {b}")),
    ]
    .boxed()
}

/// Splits code at blanks into 1..=3 lines (each continuation starts with
/// the blank, so tokens never fuse).
fn split_lines(code: &str, cuts: &[usize]) -> Vec<String> {
    let blanks: Vec<usize> = code.match_indices(' ').map(|(i, _)| i).collect();
    let mut points: Vec<usize> = cuts
        .iter()
        .filter_map(|&c| blanks.get(c % blanks.len().max(1)).copied())
        .collect();
    points.sort_unstable();
    points.dedup();
    let mut lines = Vec::new();
    let mut start = 0;
    for p in points {
        if p > start {
            lines.push(code[start..p].to_string());
            start = p;
        }
    }
    lines.push(code[start..].to_string());
    lines
}

prop_compose! {
    fn pattern()(
        rows in 1usize..6,
        cols in 1usize..6,
        cells in prop::collection::vec(prop::sample::select(b".XOxo,!?".to_vec()), 36),
        star in 0usize..36,
        north in any::<bool>(),
        south in any::<bool>(),
        west in any::<bool>(),
        east in any::<bool>(),
        symmetry in prop::sample::select(b"8|-\\/+XO".to_vec()),
        classes in prop::sample::subsequence(b"OXsnCBedaEjJt".to_vec(), 0..4),
        values in prop::collection::vec((prop::sample::select(vec!["value", "shape", "terri", "followup", "minvalue"]), -50i32..100), 0..3),
        helper in any::<bool>(),
        labelled in prop::collection::vec(any::<bool>(), 36),
        label_letters in prop::collection::vec(0..LABELS.len(), 36),
        with_constraint in any::<bool>(),
        code in expr(3),
        cuts in prop::collection::vec(0usize..40, 0..3),
        action in any::<bool>(),
        remarks in prop::collection::vec(any::<bool>(), 6),
        comments in prop::collection::vec(any::<bool>(), 4),
        extra_blanks in any::<bool>(),
    ) -> Generated {
        let mut grid: Vec<Vec<u8>> = (0..rows).map(|i| cells[i * 6..i * 6 + cols].to_vec()).collect();
        let star = star % (rows * cols);
        grid[star / cols][star % cols] = b'*';
        let mut text = String::from("attribute_map general\n\nPattern P1\n");
        if comments[0] { text.push_str("# after the header\n"); }
        if extra_blanks { text.push_str("\n\n"); } else { text.push('\n'); }
        let edge = |out: &mut String| {
            if west { out.push('+'); }
            out.push_str(&"-".repeat(cols));
            if east { out.push('+'); }
            out.push('\n');
        };
        let draw = |out: &mut String, grid: &[Vec<u8>], with_remarks: bool| {
            if north { edge(out); }
            for (i, row) in grid.iter().enumerate() {
                if west { out.push('|'); }
                out.push_str(std::str::from_utf8(row).unwrap());
                if east { out.push('|'); }
                if with_remarks && remarks[i] { out.push_str("   side remark"); }
                if extra_blanks { out.push_str("  "); }
                out.push('\n');
            }
            if south { edge(out); }
        };
        draw(&mut text, &grid, true);
        if comments[1] { text.push_str("# after the diagram\n"); }
        text.push('\n');
        text.push(':');
        text.push(symmetry as char);
        text.push(',');
        if classes.is_empty() { text.push('-'); } else { text.push_str(std::str::from_utf8(&classes).unwrap()); }
        for (name, v) in &values {
            text.push_str(&format!(",{}{name}({v})", if extra_blanks { " " } else { "" }));
        }
        if helper { text.push_str(",my_helper"); }
        text.push('\n');
        if comments[2] { text.push_str("# after the colon line\n"); }
        if with_constraint {
            let mut labelled_grid = grid.clone();
            let mut placed = Vec::new();
            for (k, cell) in labelled_grid.iter_mut().flatten().enumerate() {
                if labelled[k] && *cell != b'*' {
                    let label = LABELS[label_letters[k]];
                    *cell = label;
                    placed.push(label);
                }
            }
            // Make sure every label the code may use is defined: define the
            // missing ones by relabelling cells is not always possible, so
            // the code is rewritten to use placed labels only.
            let mut code = code.clone();
            for &l in LABELS {
                if !placed.contains(&l) {
                    let replacement = placed.first().map_or("*".to_string(), |&p| (p as char).to_string());
                    code = code.replace(&format!("({})", l as char), &format!("({replacement})"));
                    code = code.replace(&format!(",{})", l as char), &format!(",{replacement})"));
                    code = code.replace(&format!(",{},", l as char), &format!(",{replacement},"));
                }
            }
            text.push('\n');
            draw(&mut text, &labelled_grid, false);
            text.push('\n');
            for line in split_lines(&code, &cuts) {
                text.push(';');
                text.push_str(&line);
                text.push('\n');
            }
            if comments[3] { text.push_str("# inside the constraint\n"); }
        }
        if action {
            text.push_str(">antisuji(*);\n");
        }
        Generated { text }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_patterns_roundtrip(generated in pattern()) {
        let mut sources = SourceSet::new();
        let id = sources.add("gen.db", generated.text.clone());
        let parsed = parse_file(&sources, id);
        let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
        prop_assert!(errors.is_empty(), "{}\n{errors:#?}", generated.text);
        let checked = mkpat::check::check_file(&parsed.file, &Default::default());
        let errors: Vec<_> = checked.iter().filter(|d| d.is_error()).collect();
        prop_assert!(errors.is_empty(), "{}\n{errors:#?}", generated.text);
        let formatted = format_file(&parsed.file);
        let mut again = SourceSet::new();
        let id2 = again.add("gen.db", formatted.clone());
        let reparsed = parse_file(&again, id2);
        prop_assert!(reparsed.diagnostics.iter().all(|d| !d.is_error()));
        prop_assert_eq!(&parsed.file, &reparsed.file, "{}\n=== formatted\n{}", generated.text, formatted);
        prop_assert_eq!(format_file(&reparsed.file), formatted);
    }
}
