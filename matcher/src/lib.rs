//! The runtime every pattern database links against: the autohelper catalogue
//! and, as the runtime grows, transformations, boards, pattern tables and
//! scanning engines. It never depends on the compiler (`mkpat`). Its board
//! questions (strings, liberties, captures) are answered by the board core
//! `goban`, whose players, contents and points it re-exports. The packed
//! board the scanners read is [`PackedBoard`] (also `board::PackedBoard`),
//! named apart from the board core's `goban::Board`.

#![forbid(unsafe_code)]

pub mod autohelper;
pub mod board;
pub mod constraint;
pub mod construct;
pub mod context;
pub mod corner;
pub mod dfa;
pub mod eyes;
pub mod fullboard;
pub mod grid;
pub mod helpers;
pub mod incremental;
pub mod layer;
pub mod mc;
pub mod misfit;
pub mod pattern;
pub mod reference;
pub mod scan;
pub mod transform;

pub use board::PackedBoard;
