//! Monte Carlo tree search for tesuji.
//!
//! - [`board`]: the compact playout board (strings with pseudo-liberties,
//!   simple ko, incremental 3×3 neighbourhood codes);
//! - [`capture`]: the playouts' answers to the last move's ataris
//!   (MoGo's capture/escape order);
//! - [`criticality`]: how much owning each point goes with winning,
//!   for the tree's bonus priors (Coulom's criticality);
//! - [`ladder`]: ladder reading for the playouts' atari escapes;
//! - [`nakade`]: the vital point of a small eye space, for the playouts;
//! - [`policy`]: playout move weights from a compiled `mc_*.db` table
//!   (`matcher::mc::McTable`) and the tactical facts its words test;
//! - [`playout`]: a board with each point's weight kept incrementally, and
//!   the weighted random playout;
//! - [`opening`]: the tree's priors of open-area moves by their line
//!   (large boards, off by default);
//! - [`ownership`]: each point's mean owner over playouts without a tree
//!   (scoring the end of a game);
//! - [`reply`]: last good replies with forgetting, learnt from the
//!   playouts of a search and tried first in later ones (off by default);
//! - [`tree`]: the lock-free node arena (the memory bound);
//! - [`search`]: UCT with RAVE, pattern priors, virtual loss, threads,
//!   tree reuse, the deterministic mode.
//!
//! The crate depends only on `goban` and `matcher`; the weight tables come
//! from outside (`patterns::mc_tesuji` embedded, or GNU Go's `mc_*.db`
//! compiled at run time by `loader`).

pub mod board;
pub mod capture;
pub mod criticality;
pub mod ladder;
pub mod nakade;
pub mod opening;
pub mod ownership;
pub mod playout;
pub mod policy;
pub mod reply;
pub mod search;
pub mod tree;

pub use board::{BoardError, PlayoutBoard};
pub use capture::CaptureRule;
pub use criticality::{CriticalityRule, CriticalityTally};
pub use ladder::LadderRule;
pub use nakade::NakadeRule;
pub use opening::OpeningRule;
pub use ownership::{OwnershipParams, playout_ownership};
pub use playout::Playout;
pub use policy::{Policy, SelfAtariRule};
pub use reply::LastGoodReply;
pub use search::{Limits, MoveStats, Position, SearchParams, SearchResult, Searcher};
