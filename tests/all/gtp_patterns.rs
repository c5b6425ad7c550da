//! `tesuji gtp --patterns DIR`: genmove's proposals come from GNU Go's
//! pattern directory loaded at start-up, ranked by the engine on its
//! analysed position (`engine::Engine::genmove`); a bad directory stops
//! the server with a message.

use crate::cli_support;
use crate::common;

use cli_support::tesuji_with_input;
use std::sync::Arc;

use engine::Engine;
use loader::gnugo_dir as pattern_set;
use rules::{Game, Move};

#[test]
fn genmove_plays_the_best_legal_proposal_of_the_loaded_databases() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let set = Arc::new(pattern_set::load(&dir).expect("GNU Go's patterns"));
    let mut checked = 0;
    for p in common::public_positions(&shared).iter().take(6) {
        let position = common::load(p);
        let color = position.to_move;
        let ko = position
            .ko
            .and_then(|k| position.board.geometry().vertex(k));
        let mut engine = Engine::new(Arc::clone(&set));
        engine.set_position(position.board.clone(), ko);
        let ranked = engine.genmove(color);
        let script = format!(
            "loadsgf {} {}\ngenmove {}\n",
            p.sgf.display(),
            p.move_number,
            if color == goban::Color::Black {
                "black"
            } else {
                "white"
            }
        );
        let args = ["gtp", "--patterns", dir.to_str().unwrap()];
        let output = tesuji_with_input(&args, script.as_bytes());
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).unwrap();
        let answers: Vec<&str> = text.split_terminator("\n\n").collect();
        assert_eq!(answers.len(), 2, "{text}");
        // The first ranked move that is legal under GNU Go's rules.
        let game = Game::new(
            position.board.clone(),
            rules::Rules::preset("gnugo").expect("GNU Go's rules"),
            color,
        );
        let geometry = position.board.geometry();
        let expected = ranked
            .iter()
            .filter_map(|&q| geometry.vertex(q))
            .find(|&v| game.is_legal(color, Move::Play(v)))
            .map_or("PASS".to_string(), |v| geometry.gtp(v));
        assert_eq!(answers[1], format!("= {expected}"), "{}", p.id);
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn a_bad_pattern_directory_stops_the_server() {
    // No input: the server stops before reading any.
    let output = cli_support::tesuji()
        .args(["gtp", "--patterns", "/no/such/dir"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("tesuji runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--patterns /no/such/dir: not a directory"),
        "{stderr}"
    );
}
