//! The engine on a position of GNU Go's regression games, with GNU Go's
//! databases: what the genmove tests of this binary start from.

use std::path::Path;
use std::sync::Arc;

use engine::{Databases, Engine};

/// GNU Go's databases from the shared corpus.
pub fn gnugo_databases(shared: &Path) -> Arc<Databases> {
    let dir = testkit::gnugo_patterns_dir(shared);
    Arc::new(loader::gnugo_dir::load(&dir).expect("GNU Go's databases"))
}

/// An engine on `game` before move `n` (the whole game with `None`).
pub fn engine_at(databases: &Arc<Databases>, shared: &Path, game: &str, n: Option<u32>) -> Engine {
    let (board, ko) = testkit::positions::regression_position(shared, game, n);
    let mut engine = Engine::new(databases.clone());
    engine.set_position(board, ko);
    engine
}
