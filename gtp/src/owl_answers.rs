//! GNU Go's owl questions about one move: `owl_does_attack MOVE DRAGON`,
//! `owl_does_defend MOVE DRAGON` and `owl_connection_defends MOVE DRAGON1
//! DRAGON2`, over `engine::owl::derived`. Each answers a bare GTP code
//! (0 fails, 1 succeeds) and GNU Go's errors, checked in its order:
//! `invalid coordinate` for a missing or bad vertex, `move vertex must be
//! empty`, `dragon vertex must not be empty`, `dragon vertices must have
//! the same color`.

use engine::Engine;
use engine::owl::derived::{owl_connection_defends, owl_does_attack, owl_does_defend};
use goban::Vertex;

use crate::protocol::Answer;

const NEEDS_DATABASES: &str =
    "owl reading needs GNU Go's owl databases and eyes.db (start with --patterns DIR)";

/// The vertices of `args`, `count` of them, or GNU Go's error.
fn vertices(engine: &mut Engine, args: &[String], count: usize) -> Result<Vec<Vertex>, String> {
    let geometry = engine.current_board().geometry();
    let found: Option<Vec<Vertex>> = (0..count)
        .map(|k| args.get(k).and_then(|a| geometry.parse_gtp(a)))
        .collect();
    found.ok_or_else(|| "invalid coordinate".to_string())
}

/// `owl_does_attack MOVE DRAGON` (`attack`) or `owl_does_defend MOVE
/// DRAGON`.
pub fn owl_does(engine: &mut Engine, args: &[String], attack: bool) -> Answer {
    let [mv, dragon] = vertices(engine, args, 2)?[..] else {
        unreachable!("two vertices were parsed")
    };
    let board = engine.current_board();
    if board.cell(mv).color().is_some() {
        return Err("move vertex must be empty".into());
    }
    if board.cell(dragon).color().is_none() {
        return Err("dragon vertex must not be empty".into());
    }
    let code = engine
        .with_owl(&[dragon], |context, inputs, dragons| {
            if attack {
                owl_does_attack(context, inputs, mv, &dragons[0])
            } else {
                owl_does_defend(context, inputs, mv, &dragons[0])
            }
        })
        .ok_or(NEEDS_DATABASES)?;
    Ok(code.gtp().to_string())
}

/// `owl_connection_defends MOVE DRAGON1 DRAGON2`.
pub fn connection_defends(engine: &mut Engine, args: &[String]) -> Answer {
    let [mv, first, second] = vertices(engine, args, 3)?[..] else {
        unreachable!("three vertices were parsed")
    };
    let board = engine.current_board();
    if board.cell(mv).color().is_some() {
        return Err("move vertex must be empty".into());
    }
    let (Some(a), Some(b)) = (board.cell(first).color(), board.cell(second).color()) else {
        return Err("dragon vertex must not be empty".into());
    };
    if a != b {
        return Err("dragon vertices must have the same color".into());
    }
    let code = engine
        .with_owl(&[first, second], |context, inputs, dragons| {
            owl_connection_defends(context, inputs, mv, &dragons[0], &dragons[1])
        })
        .ok_or(NEEDS_DATABASES)?;
    Ok(code.gtp().to_string())
}
