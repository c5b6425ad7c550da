//! DFA mode (compilation.md §14): the spiral read order, pattern strings,
//! `.dtr` transformation hints and the automaton.

pub mod automaton;
pub mod hints;
pub mod spiral;
pub mod string;
