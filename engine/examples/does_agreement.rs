//! Measures how often the engine context's `does_attack(m, s)` and
//! `does_defend(m, s)` agree with GNU Go's GTP commands of the same names,
//! on the 60 public positions: every string with at most three liberties,
//! each of its liberties as the move. GNU Go is asked over GTP (one
//! process per position); it prints `does_attack` as a GTP reading code
//! (0, 1 = WIN, 2 = KO_A, 3 = KO_B) and `does_defend` as 0 or 3 (its
//! internal 1).
//!
//! ```text
//! cargo run --release -p engine --example does_agreement [-- /usr/games/gnugo]
//! ```
//!
//! Needs `../shared` (through `testkit`) and GNU Go; it is a measurement,
//! not a test.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

use engine::EngineContext;
use goban::Cell;
use matcher::context::layers::*;

/// GNU Go's internal code from its GTP reading number.
fn from_gtp(answer: &str) -> Option<i32> {
    Some(match answer {
        "0" => 0,
        "1" => 5,
        "2" => 4,
        "3" => 1,
        _ => return None,
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let gnugo = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/usr/games/gnugo".into());
    let shared = testkit::shared_dir().ok_or("../shared not found")?;
    let text = testkit::read_text(&shared.join("expected/layers/worms.jsonl.gz"));
    let root = shared.parent().ok_or("no parent of shared")?;
    // (ours, GNU Go's) → count, per function.
    let mut attack: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    let mut defend: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    for line in text.lines() {
        let record: serde_json::Value = serde_json::from_str(line)?;
        let sgf = record["sgf"].as_str().ok_or("sgf")?;
        let n = record["move_number"].as_u64().ok_or("move_number")? as u32;
        let path = root.join(sgf);
        let position = sgf::load_sgf_file(&path, Some(n))?;
        let board = &position.board;
        let g = board.geometry();
        let ko = position.ko.and_then(|p| g.vertex(p));
        let mut ctx = EngineContext::new(board, ko, position.to_move);
        let mut pairs = Vec::new();
        for s in g.board_vertices() {
            if !board.cell(s).is_stone() || board.head(s) != s || board.liberties(s) > 3 {
                continue;
            }
            for m in board.liberty_vertices(s) {
                if board.cell(m) == Cell::Empty {
                    let (mp, sp) = (g.point(m), g.point(s));
                    pairs.push((
                        g.gtp(m),
                        g.gtp(s),
                        ctx.does_attack(mp, sp),
                        ctx.does_defend(mp, sp),
                    ));
                }
            }
        }
        let mut commands = format!("loadsgf {} {n}\n", path.display());
        for (m, s, _, _) in &pairs {
            commands.push_str(&format!("does_attack {m} {s}\ndoes_defend {m} {s}\n"));
        }
        commands.push_str("quit\n");
        let mut child = Command::new(&gnugo)
            .args(["--mode", "gtp", "--quiet", "--seed", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        child
            .stdin
            .take()
            .ok_or("stdin")?
            .write_all(commands.as_bytes())?;
        let output = child.wait_with_output()?;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let answers: Vec<&str> = stdout
            .split("\n\n")
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .skip(1)
            .collect();
        for (k, (_, _, ours_attack, ours_defend)) in pairs.iter().enumerate() {
            let value = |i: usize| {
                answers
                    .get(i)
                    .and_then(|a| a.trim_start_matches('=').split_whitespace().next())
                    .and_then(from_gtp)
            };
            let theirs_attack = value(2 * k).ok_or("a does_attack answer")?;
            let theirs_defend = value(2 * k + 1).ok_or("a does_defend answer")?;
            // GNU Go's does_defend is a truth value (1).
            *attack.entry((*ours_attack, theirs_attack)).or_default() += 1;
            *defend.entry((*ours_defend, theirs_defend)).or_default() += 1;
        }
    }
    for (name, table) in [("does_attack", &attack), ("does_defend", &defend)] {
        let total: usize = table.values().sum();
        let same: usize = table
            .iter()
            .filter(|((a, b), _)| a == b)
            .map(|(_, n)| n)
            .sum();
        let same_truth: usize = table
            .iter()
            .filter(|((a, b), _)| (*a != 0) == (*b != 0))
            .map(|(_, n)| n)
            .sum();
        println!(
            "{name}: {same} of {total} equal ({:.1}%), {same_truth} equal as truth values ({:.1}%)",
            100.0 * same as f64 / total as f64,
            100.0 * same_truth as f64 / total as f64
        );
        for ((ours, theirs), n) in table {
            if ours != theirs {
                println!("  ours {ours}, GNU Go {theirs}: {n}");
            }
        }
    }
    Ok(())
}
