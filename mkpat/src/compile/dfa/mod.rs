//! DFA mode (compilation.md §14): the spiral read order, pattern strings,
//! `.dtr` transformation hints, the automaton and the `.dtr` optimiser.

pub mod automaton;
pub mod hints;
pub mod optimise;
pub mod spiral;
pub mod string;
