//! A move's value for people: its reasons and its terms line by line
//! ([`value_lines`]), the moves best first ([`ranking_lines`]), and why a
//! move is worth less than the best, term by term ([`why_less_lines`]).
//! `tesuji propose` and `tesuji explain --at` print these.

use goban::Vertex;

use super::{Choice, Generation};
use crate::valuation::{Clamp, ValueTerms};

/// The terms of one move, a line each: the parts of T and S, then the
/// combined terms in GNU Go's order, then the value.
pub fn value_lines(terms: &ValueTerms) -> Vec<String> {
    let mut lines: Vec<String> = terms
        .notes
        .iter()
        .filter(|n| n.amount != 0.0 || n.what.contains("already"))
        .map(|n| format!("{:+8.2}  {}", n.amount, n.what))
        .collect();
    lines.push(format!("{:8.2}  territorial value", terms.territorial));
    lines.push(format!("{:8.2}  strategic value", terms.strategic));
    if terms.followup != 0.0 || terms.reverse_followup != 0.0 {
        lines.push(format!(
            "{:+8.2}  followup {:.2} and reverse followup {:.2}",
            terms.followup_added, terms.followup, terms.reverse_followup
        ));
    }
    if terms.secondary != 0.0 {
        lines.push(format!("{:+8.2}  secondary", terms.secondary));
    }
    if terms.shape != 0.0 {
        lines.push(format!(
            "{:+8.2}  shape {:+.0} (factor {:.3})",
            terms.shape, terms.shape_value, terms.shape_factor
        ));
    }
    if terms.connection != 0.0 {
        lines.push(format!(
            "{:+8.2}  connects strings (k = {})",
            terms.connection, terms.connection_k
        ));
    }
    match terms.clamp {
        Some(Clamp::Minimum) => lines.push(format!(
            "{:8.2}  minimum accepted value (genuine {:.2})",
            terms.value, terms.before_clamp
        )),
        Some(Clamp::Maximum) => lines.push(format!(
            "{:8.2}  maximum accepted value (genuine {:.2})",
            terms.value, terms.before_clamp
        )),
        None => {}
    }
    if terms.replaced {
        lines.push("    0.00  replaced by another move".into());
    }
    lines.push(format!("{:8.2}  value", terms.value));
    lines
}

/// Why the move with `terms` is worth less than the best move: the value
/// gap and each term that differs (the best's minus this move's).
pub fn why_less_lines(best: &str, best_terms: &ValueTerms, terms: &ValueTerms) -> Vec<String> {
    let mut lines = vec![format!(
        "worth {:.2} less than {best} ({:.2}):",
        best_terms.value - terms.value,
        best_terms.value
    )];
    let pairs = [
        ("territorial", best_terms.territorial, terms.territorial),
        ("strategic", best_terms.strategic, terms.strategic),
        (
            "followup added",
            best_terms.followup_added,
            terms.followup_added,
        ),
        ("secondary", best_terms.secondary, terms.secondary),
        ("shape", best_terms.shape, terms.shape),
        ("connection", best_terms.connection, terms.connection),
        (
            "clamp",
            best_terms.value - best_terms.before_clamp,
            terms.value - terms.before_clamp,
        ),
    ];
    for (name, b, t) in pairs {
        if (b - t).abs() >= 0.005 {
            lines.push(format!("{:+8.2}  {name} ({b:.2} against {t:.2})", b - t));
        }
    }
    lines
}

/// The moves of `generation` best first (at most `limit`), each with its
/// value and its reasons, and what the generation chose.
pub fn ranking_lines(generation: &Generation, limit: usize) -> Vec<String> {
    let geometry = generation.reasons.geometry();
    let mut lines = Vec::new();
    for (n, (v, value)) in generation.top_moves().into_iter().take(limit).enumerate() {
        let reasons = reason_words(generation, v);
        lines.push(format!(
            "{:>3}. {:<4} {value:7.2}  {}",
            n + 1,
            geometry.gtp(v),
            if reasons.is_empty() {
                "(no reasons)".to_string()
            } else {
                reasons.join("; ")
            }
        ));
    }
    let chosen = match generation.choice {
        Choice::Play { at, value } => format!("play {} ({value:.2})", geometry.gtp(at)),
        Choice::FillLiberty(v) => format!("fill a liberty at {}", geometry.gtp(v)),
        Choice::OpenArea(v) => format!("play in open space at {}", geometry.gtp(v)),
        Choice::Pass => "pass".into(),
        Choice::Resign => "resign".into(),
    };
    let endgame = if generation.endgame_pass {
        " (after the endgame pass)"
    } else {
        ""
    };
    lines.push(format!("genmove: {chosen}{endgame}"));
    lines
}

/// The move's reasons without the `Move at X` prefix.
pub fn reason_words(generation: &Generation, v: Vertex) -> Vec<String> {
    let prefix = format!("Move at {} ", generation.reasons.geometry().gtp(v));
    generation
        .reasons
        .lines(v)
        .into_iter()
        .map(|l| l.strip_prefix(&prefix).map_or(l.clone(), str::to_string))
        .collect()
}
