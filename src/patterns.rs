//! Pattern databases compiled into the crate by `build.rs`: this
//! repository's own `patterns/*.db` as `tesuji::patterns::NAME`, and, when
//! the crate was built with `TESUJI_PATTERN_DIR` pointing at GNU Go's
//! `patterns/` directory, GNU Go's databases as
//! `tesuji::patterns::gnugo::NAME`.
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
