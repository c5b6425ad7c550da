//! The DFA automata of the four DFA databases: state counts (all four) and
//! GNU Go's exact state and index tables (the two with expected tables).

use mkpat::dump::compile_inputs;
use mkpat::ir::Dfa;
use mkpat::options::parse_mkpat_args;
use serde_json::Value;

fn build(db: &str, prefix: &str) -> Dfa {
    let shared = testkit::shared_dir().expect("corpus");
    let dir = testkit::gnugo_patterns_dir(&shared);
    let args = [
        "-D".to_string(),
        "-m".into(),
        "-b".into(),
        "-t".into(),
        dir.join(format!("{db}.dtr")).display().to_string(),
        prefix.into(),
        "-i".into(),
        dir.join(format!("{db}.db")).display().to_string(),
    ];
    let options = parse_mkpat_args(&args).unwrap().options;
    let run = compile_inputs(&options, false).unwrap();
    assert!(run.diagnostics().is_empty(), "{:?}", run.diagnostics());
    run.compilation.db.dfa.expect("automaton built")
}

fn compare_tables(db: &str, prefix: &str) {
    let shared = testkit::require_shared!();
    let path = testkit::expected_dir(&shared).join(format!("mkpat/{db}.dfa.json"));
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let dfa = build(db, prefix);
    assert_eq!(
        dfa.states.len() as u64,
        expected["num_states"].as_u64().unwrap(),
        "{db}: states"
    );
    let mut diffs = Vec::new();
    for (k, e) in expected["states"].as_array().unwrap().iter().enumerate() {
        let s = &dfa.states[k];
        let a = serde_json::json!([s.next[0], s.next[1], s.next[2], s.next[3], s.att]);
        if &a != e {
            diffs.push(format!("state {k}: expected {e}, actual {a}"));
        }
    }
    assert_eq!(
        dfa.indexes.len() as u64,
        expected["num_indexes"].as_u64().unwrap(),
        "{db}: indexes; {} state diffs, first {:?}",
        diffs.len(),
        diffs.first()
    );
    for (k, e) in expected["indexes"].as_array().unwrap().iter().enumerate() {
        let (p, n) = dfa.indexes[k];
        let a = serde_json::json!([p, n]);
        if &a != e {
            diffs.push(format!("index {k}: expected {e}, actual {a}"));
        }
    }
    assert!(
        diffs.is_empty(),
        "{db}: {} differences:\n{}",
        diffs.len(),
        diffs[..diffs.len().min(30)].join("\n")
    );
}

#[test]
fn aa_attackpats_tables_are_gnugo_exact() {
    compare_tables("aa_attackpats", "aa_attackpat");
}

#[test]
fn owl_vital_apats_tables_are_gnugo_exact() {
    compare_tables("owl_vital_apats", "owl_vital_apat");
}

#[test]
fn state_counts_of_all_four_databases() {
    let _shared = testkit::require_shared!();
    for (db, prefix, states) in [
        ("aa_attackpats", "aa_attackpat", 375),
        ("owl_vital_apats", "owl_vital_apat", 1078),
        ("owl_attackpats", "owl_attackpat", 9905),
        ("owl_defendpats", "owl_defendpat", 12771),
    ] {
        // GNU Go reports states without the error state.
        assert_eq!(build(db, prefix).states.len() - 1, states, "{db}");
    }
}
