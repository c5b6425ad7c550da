//! The engine's front door: what a program asks of the engine, whatever
//! its own interface (the `tesuji` command line, the GTP server, tests and
//! benches).
//!
//! * [`databases`] — [`Databases`]: the shape databases, `conn.db` and the
//!   roles reserved for later layers' databases, handed in by the caller
//!   (embedded by the `patterns` crate, or compiled from GNU Go's
//!   directory by the binary), and the raw candidates they match.
//! * [`analysis`] — [`Analysis`]: what is computed once per position, in
//!   order (worms, then dragons), and the shapes check's context on it.
//! * [`combinations`] — the combination (atari-atari) questions on the
//!   analysed position: `combination_attack`, its defence points and the
//!   safety of a move ([`Engine::combination_attack`]).
//! * [`dragon_data`] — each dragon's data (GNU Go's `dragon_data`: genus,
//!   escape route, lunch, crude status, weaknesses, safety), with
//!   [`dragon_neighbours`] (which dragons are next to which),
//!   [`dragon_moyo`] (GNU Go's `moyo_size`) and
//!   [`strategic_size`] (GNU Go's `strategic_size`).
//! * [`proposals`] — move proposals and their ranking (`genmove`'s list).
//! * [`semeai_answers`] — `analyze_semeai` on the position and a dragon's
//!   status revised by its races, as GNU Go reports it.
//! * [`explain`] — every candidate with its verdict, stage and constraint
//!   tree; [`why_not`] — why and why not at a point or for a pattern.
//! * [`move_reasons`] — the move reason generators filling
//!   [`crate::reasons::MoveReasons`] for the colour to move
//!   ([`Engine::move_reasons`]).
//! * [`picture`] — pictures of a position with the pattern placements
//!   proposing a point, or one pattern's, laid over it (`boardsvg`).
//! * [`stats`] — pattern statistics over game collections: hits,
//!   verdicts, moves played, move prediction, counted in parallel.
//! * [`genmove`] — move generation in GNU Go's order: reasons, valuation,
//!   endgame pass, blunder checks, fallbacks ([`Engine::generate`]).
//! * [`engine`] — [`Engine`]: one position, its reader and reading stack,
//!   depths and analysis, and the questions above on it.

pub mod analysis;
pub mod combinations;
pub mod databases;
pub mod dragon_data;
pub mod dragon_moyo;
pub mod dragon_neighbours;
pub mod engine;
pub mod explain;
pub mod genmove;
pub mod move_reasons;
pub mod picture;
pub mod proposals;
pub mod semeai_answers;
pub mod stats;
pub mod strategic_size;
pub mod why_not;

pub use analysis::{AnalysedContext, Analysis, EngineContexts, EyeData, OwlReading, OwlSchedule};
pub use databases::{Databases, RawCandidate, ShapeDb};
pub use engine::{Engine, Position};
pub use genmove::{Choice, Generation, GenmoveParams};
