//! Reading speed: computes the worms (attack and, for attackable strings,
//! defence) of every position in GNU Go's layer answers
//! (`shared/expected/layers/worms.jsonl.gz`) `ROUNDS` times with fresh
//! readers and prints reading nodes per second.
//!
//! `cargo run --release -p tactics --example reading_speed [ROUNDS]`

use std::time::Instant;

use tactics::{Reader, compute_worms};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: u32 = std::env::args()
        .nth(1)
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(20);
    let shared = testkit::shared_dir().ok_or("the shared directory is missing")?;
    let text = testkit::read_text(&shared.join("expected/layers/worms.jsonl.gz"));
    let root = shared.parent().ok_or("shared has no parent")?;
    let mut positions = Vec::new();
    for line in text.lines() {
        let record: serde_json::Value = serde_json::from_str(line)?;
        let sgf = root.join(record["sgf"].as_str().ok_or("no sgf")?);
        let move_number = record["move_number"].as_u64().ok_or("no move number")? as u32;
        let position = sgf::load_sgf_file(&sgf, Some(move_number))?;
        let ko = position
            .ko
            .and_then(|p| position.board.geometry().vertex(p));
        positions.push((position.board, ko));
    }
    let started = Instant::now();
    let (mut nodes, mut worms) = (0u64, 0usize);
    for _ in 0..rounds {
        for (board, ko) in &positions {
            let mut reader = Reader::new(board.clone(), *ko);
            worms += compute_worms(&mut reader).len();
            nodes += reader.total_nodes();
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} positions x {rounds}: {worms} worms, {nodes} reading nodes in {seconds:.2} s: \
         {:.0} nodes/s, {:.2} ms per position",
        positions.len(),
        nodes as f64 / seconds,
        1000.0 * seconds / (positions.len() as f64 * f64::from(rounds)),
    );
    Ok(())
}
