//! The valued moves of a position for `tesuji propose` and `tesuji
//! explain --at` (the valuing is the engine's: `Engine::generate`,
//! printed by `engine::front::genmove::report`): the moves best first with
//! their values and reasons, and one move's value term by term with, for
//! a move not chosen, why it is worth less than the best.

use std::io::Write;
use std::sync::Arc;

use engine::front::Generation;
use engine::front::genmove::GenmoveParams;
use engine::front::genmove::report::{ranking_lines, reason_words, value_lines, why_less_lines};
use engine::{Databases, Engine};
use goban::{Color, Vertex};
use sgf::Position;

use super::CliError;

/// How many moves the ranking shows.
pub const RANKED_SHOWN: usize = 10;

/// One move generation for `color` on `position` with `set` and genmove's
/// constants `params`.
pub fn generate(
    set: Arc<Databases>,
    position: &Position,
    color: Color,
    params: &GenmoveParams,
) -> Generation {
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    let mut engine = Engine::new(set);
    engine.set_position(position.board.clone(), ko);
    engine.generate_with(color, params)
}

/// The ranking: a headline, the moves best first, the choice, and the
/// best move's terms.
pub fn write_ranking(generation: &Generation, out: &mut dyn Write) -> Result<(), CliError> {
    let player = match generation.color {
        Color::Black => "Black",
        Color::White => "White",
    };
    writeln!(out, "{player}: moves by value, best first")?;
    for line in ranking_lines(generation, RANKED_SHOWN) {
        writeln!(out, "  {line}")?;
    }
    if let Some((best, _)) = generation.values.best() {
        let geometry = generation.reasons.geometry();
        writeln!(out, "  why {} is first:", geometry.gtp(best))?;
        let terms = generation.values.get(best).expect("the best is valued");
        for line in value_lines(terms) {
            writeln!(out, "    {line}")?;
        }
    }
    writeln!(out)?;
    Ok(())
}

/// The value of the move at `at`, term by term, and why it is worth less
/// than the best when it is not the best.
pub fn write_value_at(
    generation: &Generation,
    at: Vertex,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let geometry = generation.reasons.geometry();
    let name = geometry.gtp(at);
    let Some(terms) = generation.values.get(at) else {
        writeln!(out, "value of {name}: none (no move reasons)")?;
        return Ok(());
    };
    writeln!(out, "value of {name}:")?;
    for reason in reason_words(generation, at) {
        writeln!(out, "  {reason}")?;
    }
    for line in value_lines(terms) {
        writeln!(out, "  {line}")?;
    }
    if let Some((best, _)) = generation.values.best().filter(|(b, _)| *b != at) {
        let best_terms = generation.values.get(best).expect("the best is valued");
        for line in why_less_lines(&geometry.gtp(best), best_terms, terms) {
            writeln!(out, "  {line}")?;
        }
    }
    writeln!(out)?;
    Ok(())
}
