//! GNU Go's combination commands: `combination_attack COLOR` (the first
//! move of COLOR's combination, or `PASS`) and `combination_defend COLOR`
//! (the opponent's moves that stop every combination of COLOR, in board
//! order, or `PASS`), over `Engine::combination_attack` and
//! `Engine::combination_defence`. A missing or bad colour is GNU Go's
//! `invalid color`.

use engine::Engine;
use goban::Color;

use crate::protocol::Answer;

/// The colour argument, or GNU Go's error.
fn color_argument(args: &[String]) -> Result<Color, String> {
    args.first()
        .and_then(|a| Color::parse(a))
        .ok_or_else(|| "invalid color".to_string())
}

/// `combination_attack COLOR`.
pub fn combination_attack(engine: &mut Engine, args: &[String]) -> Answer {
    let attacker = color_argument(args)?;
    let found = engine.combination_attack(attacker, engine.combination_params());
    let geometry = engine.current_board().geometry();
    Ok(found.map_or_else(|| "PASS".to_string(), |c| geometry.gtp(c.attack)))
}

/// `combination_defend COLOR`.
pub fn combination_defend(engine: &mut Engine, args: &[String]) -> Answer {
    let attacker = color_argument(args)?;
    let points = engine.combination_defence(attacker, engine.combination_params());
    let geometry = engine.current_board().geometry();
    if points.is_empty() {
        return Ok("PASS".into());
    }
    let words: Vec<String> = points.iter().map(|&v| geometry.gtp(v)).collect();
    Ok(words.join(" "))
}

/// `tesuji-combination COLOR`: the line read for COLOR's combination
/// (`B D4 W D5 …`) and the targets its first move threatens, or `PASS`.
pub fn combination_line(engine: &mut Engine, args: &[String]) -> Answer {
    let attacker = color_argument(args)?;
    let found = engine.combination_attack(attacker, engine.combination_params());
    let geometry = engine.current_board().geometry();
    let Some(found) = found else {
        return Ok("PASS".into());
    };
    let line: Vec<String> = found
        .line
        .iter()
        .map(|&(c, v)| {
            format!(
                "{} {}",
                if c == Color::Black { "B" } else { "W" },
                geometry.gtp(v)
            )
        })
        .collect();
    let threatened: Vec<String> = found.threatened.iter().map(|&v| geometry.gtp(v)).collect();
    Ok(format!(
        "{} threatens {} ({} nodes)",
        line.join(" "),
        threatened.join(" "),
        found.nodes
    ))
}
