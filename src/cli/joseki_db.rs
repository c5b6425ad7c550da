//! GNU Go's joseki SGF files as a corner database at run time: the
//! `loader` crate's, re-exported for the subcommands.

pub use loader::joseki_corner::*;
