//! The search's root moves for a small position, to design and check test
//! positions: `cargo run --release -p mcts --example solve -- FILE COLOR
//! KOMI PLAYOUTS [SEED [CRITICALITY_VISITS]]`, FILE holding the board as rows of `.`, `X`
//! (Black) and `O` (White), top row first; COLOR `b` or `w` to move.
//! CRITICALITY_VISITS turns on the criticality rule
//! (`mcts::CriticalityRule`, 0 by default). Prints the eight most visited
//! moves with visits and win rates.

use std::sync::Arc;

use goban::{Board, Color};
use mcts::search::{Limits, Position, SearchParams, Searcher};
use mcts::{PlayoutBoard, Policy};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let [_, file, color, komi, playouts, rest @ ..] = args.as_slice() else {
        return Err("usage: solve FILE COLOR KOMI PLAYOUTS [SEED [CRITICALITY_VISITS]]".into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let board = Board::from_rows(&rows).map_err(|e| format!("{file}: {e:?}"))?;
    let color = Color::parse(color).ok_or(format!("not a colour: {color}"))?;
    let komi: f32 = komi.parse().map_err(|e| format!("komi {komi}: {e}"))?;
    let playouts: u64 = playouts
        .parse()
        .map_err(|e| format!("playouts {playouts}: {e}"))?;
    let seed = rest.first().and_then(|s| s.parse().ok()).unwrap_or(7);
    let criticality_visits = rest.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let params = SearchParams {
        komi,
        deterministic: true,
        seed,
        criticality: mcts::CriticalityRule {
            visits: criticality_visits,
            ..mcts::CriticalityRule::OFF
        },
        ..SearchParams::default()
    };
    let mut searcher = Searcher::new(params, Arc::new(Policy::new(patterns::mc_tesuji())));
    let position =
        Position::new(PlayoutBoard::from_board(&board, color, None).map_err(|e| e.to_string())?);
    let result = searcher.search(
        &position,
        Limits {
            playouts: Some(playouts),
            time: None,
        },
    );
    println!("{} playouts, score {:.1}", result.playouts, result.score);
    if criticality_visits > 0 {
        let size = rows.len();
        for row in result.criticality.chunks(size) {
            let cells: Vec<String> = row.iter().map(|c| format!("{:5.2}", c)).collect();
            println!("criticality {}", cells.join(" "));
        }
    }
    for m in result.moves.iter().take(8) {
        println!(
            "{:?} visits {} winrate {:.3} prior {:.2} pv {:?}",
            m.mv, m.visits, m.winrate, m.prior, m.pv
        );
    }
    Ok(())
}
