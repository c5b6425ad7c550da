//! Playouts one search runs in a fixed time from the empty board, for the
//! scaling from 1 to N threads: `cargo run --release -p mcts --example
//! search_speed -- SIZE THREADS SECONDS` (run it under `/usr/bin/time` to
//! see the CPU time next to the wall time on a shared machine).

use std::sync::Arc;
use std::time::Duration;

use mcts::search::{Limits, Position, SearchParams, Searcher};
use mcts::{PlayoutBoard, Policy};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let seconds: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let params = SearchParams {
        threads,
        ..SearchParams::default()
    };
    let mut searcher = Searcher::new(params, Arc::new(Policy::new(patterns::mc_tesuji())));
    let position = Position::new(PlayoutBoard::empty(size).unwrap());
    let result = searcher.search(
        &position,
        Limits {
            playouts: None,
            time: Some(Duration::from_secs_f64(seconds)),
        },
    );
    println!(
        "{size}x{size}, {threads} thread(s): {} playouts in {:.2} s = {:.0} playouts/s, {} nodes, best {:?} ({:.3})",
        result.playouts,
        result.elapsed.as_secs_f64(),
        result.playouts as f64 / result.elapsed.as_secs_f64(),
        result.nodes,
        result.best,
        result.winrate
    );
}
