//! Writes two long rule test records (JSON lines, the format of
//! `expected/katago/README.md`) on standard output, for measuring
//! `tesuji rules replay` and the `replay` bench on long games: 19×19 under
//! positional superko and area scoring, one of `N` passes and one of `N`
//! moves of random legal play (a pass only where no point is legal).
//!
//! ```text
//! cargo run --release -p rules --example long_records -- 4000 > long.jsonl
//! /usr/bin/time -v target/release/tesuji rules replay long.jsonl > /dev/null
//! ```

use goban::{Board, Color, Geometry};
use rules::{Game, Move, Rules};
use serde_json::json;

fn main() {
    let moves: usize = std::env::args()
        .nth(1)
        .map_or(Ok(4000), |n| n.parse())
        .unwrap_or_else(|_| {
            eprintln!("usage: long_records [MOVES]");
            std::process::exit(2);
        });
    for record in long_records(moves) {
        println!("{record}");
    }
}

/// The two records: `moves` passes, and `moves` moves of random play.
pub fn long_records(moves: usize) -> [serde_json::Value; 2] {
    let rules = Rules::preset("tromp-taylor").expect("a preset");
    let geometry = Geometry::new(19, 19).expect("19x19");
    let passes: Vec<String> = (0..moves)
        .map(|k| format!("{} pass", if k % 2 == 0 { "B" } else { "W" }))
        .collect();
    let mut game = Game::new(Board::new(geometry), rules, Color::Black);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut played = Vec::with_capacity(moves);
    for _ in 0..moves {
        let color = game.to_move();
        let legal: Vec<_> = geometry
            .board_vertices()
            .filter(|v| game.is_legal(color, Move::Play(*v)))
            .collect();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let (mv, text) = if legal.is_empty() {
            (Move::Pass, "pass".to_string())
        } else {
            let v = legal[(state % legal.len() as u64) as usize];
            (Move::Play(v), geometry.gtp(v))
        };
        game.play(color, mv).expect("a legal move");
        played.push(format!("{} {text}", color.letter()));
    }
    let record = |name: &str, steps: &[String]| {
        json!({
            "name": name,
            "kind": "game",
            "size": [19, 19],
            "rules": {"ko": "POSITIONAL", "scoring": "AREA", "tax": "NONE",
                      "multi_stone_suicide": true, "button": false,
                      "white_handicap_bonus": "0", "komi": 7.5},
            "board": vec![".".repeat(19); 19],
            "to_move": "B",
            "steps": steps.iter().map(|m| json!({"move": m})).collect::<Vec<_>>(),
        })
    };
    [
        record(&format!("{moves} passes"), &passes),
        record(&format!("{moves} moves of random play"), &played),
    ]
}
