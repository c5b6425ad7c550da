//! Pattern databases compiled at run time with `mkpat` (the engine never
//! depends on `mkpat`; it takes its databases ready-made):
//!
//! * [`gnugo_dir`] — the databases of a run as an `engine::Databases`:
//!   embedded (the `patterns` crate) or GNU Go's pattern directory
//!   compiled with GNU Go's own options (`--patterns DIR`);
//! * [`compile`] — `.db` files compiled for raw matching or for the
//!   shapes check (GNU Go's options by file name, or given ones);
//! * [`joseki_corner`] — GNU Go's joseki SGF files as a corner database.

#![forbid(unsafe_code)]

pub mod compile;
pub mod gnugo_dir;
pub mod joseki_corner;
pub mod mc_policy;
