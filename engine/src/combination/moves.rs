//! The attacker's moves at a node of the combination search, in board
//! order without repeats:
//!
//! * **ataris**: both liberties of every defender string with two;
//! * **pattern moves**: the moves of `aa_attackpats.db`'s matches for the
//!   attacker (`O` = attacker, goal = the live targets' stones) whose
//!   constraint holds on this node (asked of the host's context).
//!
//! Whether a move is legal, safe and threatening is the search's business.

use goban::{Board, Color, Vertex};
use matcher::board::PackedBoard;
use matcher::constraint::Phase;
use matcher::pattern::HAVE_CONSTRAINT;
use matcher::scan::{ColorMode, PointSet, ScanOptions, Scanner};

use super::CombinationInputs;
use crate::compose::match_site;
use crate::owl::OwlHost;

/// The attacker's candidate moves on the host's board, `targets` being
/// the live targets' vertices.
pub fn attacker_moves(
    host: &mut dyn OwlHost,
    inputs: &CombinationInputs<'_>,
    attacker: Color,
    targets: &[Vertex],
) -> Vec<Vertex> {
    let board = host.reader().board().board().clone();
    let mut found = ataris(&board, attacker.other());
    if inputs.params.pattern_moves {
        pattern_moves(host, inputs, &board, attacker, targets, &mut found);
    }
    found.sort_by_key(|v| v.index());
    found.dedup();
    found
}

/// Both liberties of every `defender` string with exactly two.
fn ataris(board: &Board, defender: Color) -> Vec<Vertex> {
    let mut found = Vec::new();
    for v in board.geometry().board_vertices() {
        if board.cell(v).color() == Some(defender) && board.head(v) == v && board.liberties(v) == 2
        {
            found.extend(board.liberty_vertices(v));
        }
    }
    found
}

/// The moves of `aa_attackpats.db` for `attacker` whose constraint holds.
fn pattern_moves(
    host: &mut dyn OwlHost,
    inputs: &CombinationInputs<'_>,
    board: &Board,
    attacker: Color,
    targets: &[Vertex],
    found: &mut Vec<Vertex>,
) {
    let Some((db, matcher)) = inputs.patterns else {
        return;
    };
    let Ok(packed) = PackedBoard::try_from(board) else {
        return;
    };
    let geometry = board.geometry();
    let mut goal = PointSet::new();
    for &t in targets {
        for s in board.string_stones(t) {
            goal.insert(geometry.point(s));
        }
    }
    let options = ScanOptions::matchpat(ColorMode::Color(attacker), &db.db, Some(&goal));
    for m in matcher.matches(&packed, &options) {
        let pattern = &db.db.patterns[m.pattern];
        let Some(v) = m.move_point.and_then(|p| geometry.vertex(p)) else {
            continue;
        };
        if board.cell(v).color().is_some() || found.contains(&v) {
            continue;
        }
        if pattern.autohelper_flag & HAVE_CONSTRAINT != 0 {
            let site = match_site(pattern, &m);
            let ctx = host.context(attacker);
            let passed = db
                .code
                .run(m.pattern, ctx, site, Phase::Constraint)
                .is_none_or(|r| r != 0);
            if !passed {
                continue;
            }
        }
        found.push(v);
    }
}
