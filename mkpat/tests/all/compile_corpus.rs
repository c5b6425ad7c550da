//! Compiles the GNU Go databases that have no expected dump (patterns.db +
//! patterns2.db, barriers, owl_attackpats, owl_defendpats, oracle) in their
//! GNU Go modes, plain and (for DFA databases) without `-D`, and checks that
//! nothing is reported and that the variants agree with each other and with
//! the element counts GNU Go's mkpat produced (expected/mkpat/README.md).

use mkpat::dump::{CompileRun, compile_inputs};
use mkpat::ir::{CompiledDb, CompiledElement};
use mkpat::options::parse_mkpat_args;
use std::path::Path;

fn run(dir: &Path, options: &str, inputs: &[&str], dtr: Option<&str>, plain: bool) -> CompiledDb {
    let mut args: Vec<String> = options.split_whitespace().map(String::from).collect();
    if let Some(dtr) = dtr {
        args.push("-t".into());
        args.push(dir.join(dtr).display().to_string());
    }
    for input in inputs {
        args.push("-i".into());
        args.push(dir.join(input).display().to_string());
    }
    let options = parse_mkpat_args(&args).unwrap().options;
    let run: CompileRun = compile_inputs(&options, plain).unwrap();
    let diagnostics = run.diagnostics();
    assert!(diagnostics.is_empty(), "{inputs:?}: {diagnostics:?}");
    run.compilation.db
}

fn element_count(db: &CompiledDb) -> usize {
    db.patterns.iter().map(|p| p.patlen()).sum()
}

fn pattern_lines(dir: &Path, inputs: &[&str]) -> usize {
    inputs
        .iter()
        .map(|f| {
            std::fs::read_to_string(dir.join(f))
                .unwrap()
                .lines()
                .filter(|l| l.starts_with("Pattern "))
                .count()
        })
        .sum()
}

/// `sub` is a subsequence of `all`.
fn is_subsequence(sub: &[CompiledElement], all: &[CompiledElement]) -> bool {
    let mut it = all.iter();
    sub.iter().all(|e| it.any(|a| a == e))
}

struct Case {
    options: &'static str,
    inputs: &'static [&'static str],
    dtr: Option<&'static str>,
    build_elements: usize,
    plain_elements: usize,
    nodfa_elements: Option<usize>,
}

fn check(case: &Case) {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let build = run(&dir, case.options, case.inputs, case.dtr, false);
    let plain_options = case.options.replace("-D", "");
    let plain = run(&dir, &plain_options, case.inputs, None, true);
    let count = pattern_lines(&dir, case.inputs);
    assert_eq!(
        build.patterns.len(),
        count,
        "{:?}: no pattern may be dropped",
        case.inputs
    );
    assert_eq!(plain.patterns.len(), count);
    assert_eq!(
        element_count(&build),
        case.build_elements,
        "{:?} build",
        case.inputs
    );
    assert_eq!(
        element_count(&plain),
        case.plain_elements,
        "{:?} plain",
        case.inputs
    );
    for (b, p) in build.patterns.iter().zip(&plain.patterns) {
        assert_eq!(b.name, p.name);
        // Plain keeps every diagram element.
        assert_eq!(p.patlen(), p.sorted_elements.len(), "{}", p.name);
        // The build elements, turned back by the hint's inverse, are a
        // subsequence of the plain ones.
        let probe = mkpat::ir::Rel::new(1, 2);
        let inverse = (0..8u8)
            .find(|&k| probe.transformed(b.transformation_hint).transformed(k) == probe)
            .unwrap();
        let unturned: Vec<CompiledElement> = b
            .elements
            .iter()
            .map(|e| CompiledElement {
                rel: e.rel.transformed(inverse),
                kind: e.kind,
            })
            .collect();
        assert!(
            is_subsequence(&unturned, &p.elements),
            "{}: build ⊄ plain",
            b.name
        );
        assert_eq!(
            b.move_offset.transformed(inverse),
            p.move_offset,
            "{}",
            b.name
        );
        assert_eq!(
            (b.mini, b.minj, b.maxi, b.maxj),
            (p.mini, p.minj, p.maxi, p.maxj)
        );
        assert_eq!(b.class, p.class);
    }
    if let Some(expected) = case.nodfa_elements {
        let nodfa = run(&dir, &plain_options, case.inputs, None, false);
        assert_eq!(element_count(&nodfa), expected, "{:?} nodfa", case.inputs);
    }
}

#[test]
fn patterns_and_patterns2_as_one_run() {
    check(&Case {
        options: "-b pat",
        inputs: &["patterns.db", "patterns2.db"],
        dtr: None,
        build_elements: 15614,
        plain_elements: 19038,
        nodfa_elements: None,
    });
}

#[test]
fn barriers() {
    check(&Case {
        options: "-c -b barrierspat",
        inputs: &["barriers.db"],
        dtr: None,
        build_elements: 1583,
        plain_elements: 2055,
        nodfa_elements: None,
    });
}

#[test]
fn oracle() {
    check(&Case {
        options: "-b oracle",
        inputs: &["oracle.db"],
        dtr: None,
        build_elements: 175,
        plain_elements: 175,
        nodfa_elements: None,
    });
}

#[test]
fn owl_attackpats() {
    check(&Case {
        options: "-D -m -b owl_attackpat",
        inputs: &["owl_attackpats.db"],
        dtr: Some("owl_attackpats.dtr"),
        build_elements: 1313,
        plain_elements: 4267,
        nodfa_elements: Some(2553),
    });
}

#[test]
fn owl_defendpats() {
    check(&Case {
        options: "-D -m -b owl_defendpat",
        inputs: &["owl_defendpats.db"],
        dtr: Some("owl_defendpats.dtr"),
        build_elements: 1711,
        plain_elements: 5429,
        nodfa_elements: Some(3291),
    });
}
