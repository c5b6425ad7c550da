//! tesuji's pattern databases, compiled into this crate by `build.rs`
//! (through `mkpat::codegen`): the repository's own `patterns/*.db` as
//! `patterns::NAME`, and, when the crate was built with
//! `TESUJI_PATTERN_DIR` pointing at GNU Go's `patterns/` directory, GNU
//! Go's databases as `patterns::gnugo::NAME`. The engine takes them as
//! `engine::Databases::embedded(patterns::DATABASES,
//! patterns::CORNER_DATABASES)`; nothing here depends on the engine.
//!
//! Each database module holds `DB` (a [`matcher::pattern::PatternDb`]),
//! `CODE` (its constraints and actions, a
//! [`matcher::constraint::CodeTable`]), `PATTERNS` and `AUTOHELPERS`;
//! [`DATABASES`] lists them all. The joseki corner database also holds
//! `CORNER` (its variation tree, a [`matcher::corner::CornerTables`]:
//! `CORNER.find_matches(board, colour)`), and GNU Go's DFA databases `DFA`
//! (their automaton, a [`matcher::dfa::DfaTables`]: scan with
//! [`matcher::dfa::DfaMatcher`]); [`CORNER_DATABASES`] and
//! [`DFA_DATABASES`] list those.

include!(concat!(env!("OUT_DIR"), "/patterns_index.rs"));

/// tesuji's own playout weights (`patterns/mc_tesuji.db`, GNU Go's mc
/// language) as compiled by `build.rs`: the default policy of the Monte
/// Carlo search.
pub fn mc_tesuji() -> matcher::mc::McTable {
    const RUNS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/mc_tesuji.runs"));
    matcher::mc::McTable::from_runs("tesuji", RUNS).expect("build.rs writes a whole table")
}
