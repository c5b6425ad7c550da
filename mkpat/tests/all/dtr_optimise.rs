//! The `.dtr` optimiser (`mkpat -d N -t FILE.dtr`, compilation.md §14.5):
//! the state count never grows, the written file parses back with every
//! pattern listed, zero steps keep the starting choice, equal inputs give
//! byte-identical files, and a database compiled with the written hints
//! matches exactly what it matched before (checked by running both automata
//! on boards built to contain each pattern).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::dfa::optimise::{
    DtrStyle, PatternVariations, SplitMix64, chosen_strings, dtr_text, optimise, state_count,
    variations,
};
use mkpat::compile::dfa::spiral::{SPIRAL_LEN, spiral};
use mkpat::compile::dfa::string::{accepts, kind_char};
use mkpat::compile::{CompileOptions, compile};
use mkpat::ir::{AnchorColor, CompiledDb, DbType, Dfa, EAST, NORTH, SOUTH, WEST};
use mkpat::source::SourceSet;

/// Our own DFA database: every symmetry class, edges, and `O` symmetry
/// (orientations 2..=5).
const FIXTURE: &str = "Pattern F1

.X.
X*X
.X.

:O,s

Pattern F2

?X?O
.*.x
?O?.

:8,s

Pattern F3

|XX*
|.O.
+---

:8,s

Pattern F4

O.X
.*.
X.O

:X,s

Pattern F5

xX.
.*O
o.,

:|,s

Pattern F6

---+
.OX|
.*.|
...|

:/,s
";

fn dfa_options() -> CompileOptions {
    CompileOptions {
        db_type: DbType::Dfa,
        anchor: AnchorColor::Both,
        center_anchor: true,
        ..CompileOptions::default()
    }
}

/// Compiles texts (one stream) with these hints.
fn compile_texts(texts: &[(String, String)], hints: &TransformationHints) -> CompiledDb {
    let mut sources = SourceSet::new();
    for (name, text) in texts {
        sources.add(name.clone(), text.clone());
    }
    let (files, diagnostics) = mkpat::parse::parse_stream(&sources);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let compiled = compile(&files, &dfa_options(), hints);
    assert!(
        compiled.diagnostics.is_empty(),
        "{:?}",
        compiled.diagnostics
    );
    compiled.db
}

fn fixture() -> Vec<(String, String)> {
    vec![("fixture.db".into(), FIXTURE.into())]
}

fn corpus(db: &str) -> Option<(Vec<(String, String)>, String)> {
    let shared = testkit::shared_dir()?;
    let dir = testkit::gnugo_patterns_dir(&shared);
    let text = std::fs::read_to_string(dir.join(format!("{db}.db"))).ok()?;
    let dtr = std::fs::read_to_string(dir.join(format!("{db}.dtr"))).ok()?;
    Some((vec![(format!("{db}.db"), text)], dtr))
}

fn pattern_variations(texts: &[(String, String)]) -> Vec<PatternVariations> {
    variations(&compile_texts(texts, &TransformationHints::none())).unwrap()
}

/// Board values: 0 empty, 1 O, 2 X; off the board reads 3.
struct Board {
    size: i32,
    cells: Vec<u8>,
}

impl Board {
    fn value(&self, i: i32, j: i32) -> u8 {
        if (0..self.size).contains(&i) && (0..self.size).contains(&j) {
            self.cells[(i * self.size + j) as usize]
        } else {
            3
        }
    }
}

/// For each anchor, how often each pattern matches over the eight
/// transformations (the runtime loop of compilation.md §14.4).
fn matches(dfa: &Dfa, board: &Board) -> BTreeMap<(i32, i32), BTreeMap<i32, u32>> {
    let cells = spiral();
    let mut out = BTreeMap::new();
    for i in 0..board.size {
        for j in 0..board.size {
            let mut found: BTreeMap<i32, u32> = BTreeMap::new();
            for ll in 0..8 {
                let mut state = 1usize;
                let mut k = 0;
                loop {
                    let mut entry = dfa.states[state].att as usize;
                    while entry != 0 {
                        let (pattern, next) = dfa.indexes[entry];
                        *found.entry(pattern).or_default() += 1;
                        entry = next as usize;
                    }
                    if k >= SPIRAL_LEN {
                        break;
                    }
                    let cell = cells[k].transformed(ll);
                    let value = board.value(i + cell.di, j + cell.dj);
                    let jump = dfa.states[state].next[value as usize];
                    if jump == 0 {
                        break;
                    }
                    state = (state as i32 + jump) as usize;
                    k += 1;
                }
            }
            if !found.is_empty() {
                out.insert((i, j), found);
            }
        }
    }
    out
}

/// A 19×19 board holding pattern `p` (of a database compiled without
/// hints) at an anchor that honours its edges, every other point random;
/// returns the board and the anchor.
fn board_with(db: &CompiledDb, p: usize, rng: &mut SplitMix64) -> (Board, (i32, i32)) {
    let size = 19;
    let mut cells: Vec<u8> = (0..size * size).map(|_| rng.below(3) as u8).collect();
    let pattern = &db.patterns[p];
    let place = |low: i32, high: i32, low_edge: bool, high_edge: bool, rng: &mut SplitMix64| {
        if low_edge {
            -low
        } else if high_edge {
            size - 1 - high
        } else {
            let range = (size - high) - (-low);
            -low + rng.below(range as usize) as i32
        }
    };
    let edges = pattern.edge_constraints;
    let ai = place(
        pattern.mini,
        pattern.maxi,
        edges & NORTH != 0,
        edges & SOUTH != 0,
        rng,
    );
    let aj = place(
        pattern.minj,
        pattern.maxj,
        edges & WEST != 0,
        edges & EAST != 0,
        rng,
    );
    for element in &pattern.sorted_elements {
        let allowed: Vec<u8> = (0..3)
            .filter(|v| accepts(kind_char(element.kind)) & (1 << v) != 0)
            .collect();
        let (i, j) = (ai + element.rel.di, aj + element.rel.dj);
        cells[(i * size + j) as usize] = allowed[rng.below(allowed.len())];
    }
    (Board { size, cells }, (ai, aj))
}

/// The automata of `before` and `after` hints match the same patterns, as
/// often, at every anchor of boards built around each pattern.
fn assert_same_matches(texts: &[(String, String)], before: &str, after: &str) {
    let plain = compile_texts(texts, &TransformationHints::none());
    let dfa_before = compile_texts(texts, &TransformationHints::parse(before).unwrap())
        .dfa
        .unwrap();
    let dfa_after = compile_texts(texts, &TransformationHints::parse(after).unwrap())
        .dfa
        .unwrap();
    let mut rng = SplitMix64::new(2026);
    for p in 0..plain.patterns.len() {
        for _ in 0..3 {
            let (board, anchor) = board_with(&plain, p, &mut rng);
            let a = matches(&dfa_before, &board);
            let b = matches(&dfa_after, &board);
            assert!(
                a.get(&anchor).is_some_and(|m| m.contains_key(&(p as i32))),
                "pattern {} not found where it was placed",
                plain.patterns[p].name
            );
            assert_eq!(a, b, "pattern {}'s board", plain.patterns[p].name);
        }
    }
}

/// Runs the optimiser and checks the invariants every result must have;
/// returns the written text.
fn optimise_and_check(
    patterns: &[PatternVariations],
    hints: &TransformationHints,
    steps: u32,
) -> String {
    let start: Vec<usize> = patterns
        .iter()
        .map(|p| p.starting_variation(hints))
        .collect();
    let before = state_count(&chosen_strings(patterns, &start));
    let mut best_so_far = Vec::new();
    let result = optimise(patterns, start, steps, 1, |s| {
        best_so_far.push(s.best_states)
    });
    assert_eq!(result.initial_states, before);
    assert!(result.final_states <= before, "the state count grew");
    assert!(best_so_far.windows(2).all(|w| w[1] <= w[0]));
    assert_eq!(
        result.final_states,
        state_count(&chosen_strings(patterns, &result.chosen)),
        "the reported count is the chosen strings' count"
    );
    let text = dtr_text(patterns, &result.chosen, DtrStyle::Index);
    let parsed = TransformationHints::parse(&text).unwrap();
    assert_eq!(parsed.len(), patterns.len(), "every pattern listed once");
    for (p, &k) in patterns.iter().zip(&result.chosen) {
        assert_eq!(parsed.listed(&p.name), Some(k as u8), "{}", p.name);
    }
    text
}

#[test]
fn fixture_optimisation_keeps_matches() {
    let texts = fixture();
    let patterns = pattern_variations(&texts);
    assert_eq!(patterns.len(), 6);
    assert_eq!(patterns[0].first_transformation, 2, "O symmetry: 2..=5");
    assert_eq!(patterns[0].strings.len(), 4);
    assert_eq!(patterns[1].strings.len(), 8);
    let written = optimise_and_check(&patterns, &TransformationHints::none(), 60);
    assert_same_matches(&texts, "", &written);
    // Every orientation of every pattern is a valid hint.
    for shift in 1..8u8 {
        let hints: String = patterns
            .iter()
            .map(|p| format!("{} {}\n", p.name, shift))
            .collect();
        assert_same_matches(&texts, "", &hints);
    }
}

#[test]
fn zero_steps_keep_the_start() {
    let patterns = pattern_variations(&fixture());
    // Listed hints start where they say (O patterns: transformations 2..=5);
    // unlisted patterns and an O pattern's out-of-range hint start from the
    // shortest string.
    let hints = TransformationHints::parse("F2 5\nF4 1\nF1 3\n").unwrap();
    let start: Vec<usize> = patterns
        .iter()
        .map(|p| p.starting_variation(&hints))
        .collect();
    assert_eq!(start[0], 1, "F1: transformation 3 is O variation 1");
    assert_eq!(start[1], 5);
    assert_eq!(start[3], 1);
    assert_eq!(start[2], patterns[2].shortest());
    let result = optimise(&patterns, start.clone(), 0, 9, |_| panic!("no step"));
    assert_eq!(result.chosen, start);
    assert_eq!(result.steps, 0);
    assert_eq!(result.initial_states, result.final_states);
}

#[test]
fn corpus_optimisation_never_grows_and_keeps_matches() {
    let _shared = testkit::require_shared!();
    for (db, steps) in [("aa_attackpats", 40), ("owl_vital_apats", 20)] {
        let (texts, dtr) = corpus(db).expect("corpus database");
        let patterns = pattern_variations(&texts);
        let hints = TransformationHints::parse(&dtr).unwrap();
        let written = optimise_and_check(&patterns, &hints, steps);
        assert_same_matches(&texts, &dtr, &written);
    }
}

#[test]
fn corpus_zero_steps_write_the_file_hints() {
    let _shared = testkit::require_shared!();
    let (texts, dtr) = corpus("aa_attackpats").expect("corpus database");
    let patterns = pattern_variations(&texts);
    let hints = TransformationHints::parse(&dtr).unwrap();
    let written = optimise_and_check(&patterns, &hints, 0);
    let again = TransformationHints::parse(&written).unwrap();
    for p in &patterns {
        // No O-symmetric pattern here: the index is the transformation.
        assert_eq!(p.first_transformation, 0);
        let expected = hints.listed(&p.name).unwrap_or(p.shortest() as u8);
        assert_eq!(again.listed(&p.name), Some(expected), "{}", p.name);
    }
}

/// A fresh scratch directory under the system temp dir.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mkpat-dtr-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mkpat(args: &[&str], cwd: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mkpat"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap()
}

#[test]
fn cli_forms_agree_and_are_deterministic() {
    let dir = scratch("cli");
    std::fs::write(dir.join("f.db"), FIXTURE).unwrap();
    let mut outputs = Vec::new();
    for (k, args) in [
        vec!["-d", "30", "-t", "a.dtr", "-D", "-m", "-b", "-i", "f.db"],
        vec!["-d", "30", "-t", "b.dtr", "-D", "-m", "-b", "-i", "f.db"],
        vec![
            "optimise",
            "--iterations",
            "30",
            "-t",
            "c.dtr",
            "-m",
            "-b",
            "-i",
            "f.db",
        ],
    ]
    .iter()
    .enumerate()
    {
        let out = mkpat(args, &dir);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(stderr.contains("Original number of DFA states"), "{stderr}");
        assert!(stderr.contains("Total optimization result"), "{stderr}");
        assert!(out.stdout.is_empty(), "no Rust output in -d mode");
        let file = ["a.dtr", "b.dtr", "c.dtr"][k];
        outputs.push(std::fs::read(dir.join(file)).unwrap());
    }
    assert_eq!(outputs[0], outputs[1], "same input, same file");
    assert_eq!(outputs[0], outputs[2], "GNU Go form and subcommand agree");
    let text = String::from_utf8(outputs[0].clone()).unwrap();
    assert_eq!(text.lines().count(), 6);
    assert!(text.lines().all(|l| l.split('\t').count() == 2));

    // Re-optimising from the written file never does worse; the written
    // file compiles.
    let out = mkpat(
        &["-d", "0", "-t", "a.dtr", "-D", "-m", "-b", "-i", "f.db"],
        &dir,
    );
    assert!(out.status.success());
    let out = mkpat(
        &[
            "dump", "--json", "-D", "-m", "-b", "-t", "a.dtr", "-i", "f.db",
        ],
        &dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // --transformation-numbers writes F1's (O symmetry) orientation as
    // 2..=5.
    let out = mkpat(
        &[
            "optimise",
            "--iterations",
            "5",
            "--transformation-numbers",
            "-t",
            "t.dtr",
            "-m",
            "-b",
            "-i",
            "f.db",
        ],
        &dir,
    );
    assert!(out.status.success());
    let hints =
        TransformationHints::parse(&std::fs::read_to_string(dir.join("t.dtr")).unwrap()).unwrap();
    assert!((2..=5).contains(&hints.listed("F1").unwrap()));

    // A malformed hint file is an error and is left alone.
    std::fs::write(dir.join("bad.dtr"), "F1 x\n").unwrap();
    let out = mkpat(
        &["-d", "3", "-t", "bad.dtr", "-D", "-m", "-b", "-i", "f.db"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(dir.join("bad.dtr")).unwrap(),
        "F1 x\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
