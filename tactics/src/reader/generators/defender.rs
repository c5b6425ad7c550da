//! The defender's generators: one function per row of the table in the
//! parent module; the ordinary ones push their moves into the buffer they
//! are given, the fallbacks read theirs after the ordinary candidates.

use goban::{Cell, Vertex};

use super::{FallbackTarget, Scene};
use crate::codes::Code;
use crate::reader::{
    Reader, ReadingResult, approach_moves, big_chain, deep_break_chain, double_break,
    friend_rescue, order, push_new, strings_adjacent_to_string, superstring,
};

pub(super) fn capture_atari_chain(s: &Scene, out: &mut Vec<Vertex>) {
    for &chain in &s.chains {
        if s.board.liberties(chain) == 1 {
            push_new(out, s.board.liberty_vertices(chain));
        }
    }
}

pub(super) fn defence_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(out, s.board.liberty_vertices(s.target));
}

/// The liberties of two-liberty attacker neighbours (with approach moves
/// where such a liberty is a self-atari): any chain up to
/// `break_chain_depth - break_chain2_slack`; deeper, up to
/// `break_chain_depth`, only semeai chains (big, or sharing a liberty,
/// or big three-liberty chains against two liberties) of targets of two
/// stones or more; deeper still, up to `depth + laddered_chain_extra_depth`,
/// big two-liberty chains (a ladder on the chain).
pub(super) fn break_chain2(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let p = s.params;
    let (depth, libs, target) = (s.depth, s.libs, s.target);
    let shallow = depth <= s.limits.break_chain_depth - p.break_chain2_slack;
    let deep = libs <= p.semeai_chain_max_target_libs
        && depth <= s.limits.break_chain_depth
        && board.string_size(target) >= 2;
    let laddered = libs <= p.semeai_chain_max_target_libs
        && depth <= s.limits.depth + p.laddered_chain_extra_depth
        && board.string_size(target) >= 2;
    if !(shallow || deep || laddered) {
        return;
    }
    for &chain in &s.chains {
        let chain_libs = board.liberties(chain);
        let big = board.string_size(chain) >= p.semeai_chain_min_stones;
        // In a race for a shared liberty (looked at only where it decides).
        let shares = || {
            board
                .liberty_vertices(chain)
                .any(|l| board.has_liberty(target, l))
        };
        if (chain_libs == 2 && (shallow || (laddered && big) || (deep && (big || shares()))))
            || (chain_libs == 3
                && deep
                && libs == 2
                && board.string_size(chain) >= p.semeai_chain3_min_stones)
        {
            push_new(out, board.liberty_vertices(chain));
            if s.band_depth <= p.approach_chain_depth {
                for l in board.liberty_vertices(chain) {
                    push_new(out, approach_moves(board, s.color, chain, l).into_iter());
                }
            }
        }
    }
}

/// Near the root: the liberties of any attacker string around the target
/// short of liberties.
pub(super) fn break_chain34(s: &Scene, out: &mut Vec<Vertex>) {
    for &chain in &s.chains {
        if s.board.liberties(chain) <= s.params.break_chain34_max_libs {
            push_new(out, s.board.liberty_vertices(chain));
        }
    }
}

/// Attacker strings that touch the target's liberties (not the target):
/// taking their liberties makes the attacker's approach moves
/// self-ataris.
pub(super) fn liberty_chain(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let mut chains: Vec<Vertex> = Vec::new();
    for l in board.liberty_vertices(s.target) {
        for h in board.neighbour_strings(l, s.color.other()) {
            if !chains.contains(&h) {
                chains.push(h);
            }
        }
    }
    for chain in chains {
        if board.liberties(chain) <= s.params.liberty_chain_max_libs {
            push_new(out, board.liberty_vertices(chain));
        }
    }
}

/// The defender's own weak strings that touch the target's liberties:
/// extending them keeps the attacker from approaching through their
/// atari.
pub(super) fn own_at_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let p = s.params;
    let three = s.libs == 3 && s.band_depth <= p.own_at_three_liberties_depth;
    let mut owns: Vec<Vertex> = Vec::new();
    for l in board.liberty_vertices(s.target) {
        for h in board.neighbour_strings(l, s.color) {
            if h != board.head(s.target) && !owns.contains(&h) {
                owns.push(h);
            }
        }
    }
    for own in owns {
        if board.liberties(own) <= p.own_at_liberties_max_libs + usize::from(three) {
            push_new(out, board.liberty_vertices(own));
        }
    }
}

/// The defender's own other strings in atari next to an attacker
/// neighbour short of liberties: saving them keeps that neighbour from
/// gaining liberties by capturing them. (Scanned stone by stone: the
/// defender's strings in atari are rare, and collecting every neighbour
/// string of a big chain cost a fifth of the reader's instructions.)
pub(super) fn secondary_rescue(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    for &chain in &s.chains {
        if board.liberties(chain) <= s.params.secondary_rescue_max_chain_libs {
            for stone in board.string_stones(chain) {
                for n in board.neighbours(stone) {
                    if board.cell(n) == s.color.stone() && board.liberties(n) == 1 {
                        push_new(out, board.liberty_vertices(n));
                    }
                }
            }
        }
    }
}

pub(super) fn friend_rescue_row(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(
        out,
        friend_rescue::friend_rescue_captures(s.board, s.target, s.color).into_iter(),
    );
}

pub(super) fn defence_second_order(s: &Scene, out: &mut Vec<Vertex>) {
    for l in s.board.liberty_vertices(s.target) {
        for n in s.board.neighbours(l) {
            if s.board.cell(n) == Cell::Empty && !out.contains(&n) {
                out.push(n);
            }
        }
    }
}

// The defender's fallbacks.

/// An attacker neighbour that reading says falls, attacked at its attack
/// point, one neighbour at a time.
pub(super) fn capture_chain(
    reader: &mut Reader,
    at: &FallbackTarget,
    mut best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let board = reader.board.board();
    let max_libs = reader.params.capture_chain_max_libs;
    let chains: Vec<Vertex> = strings_adjacent_to_string(board, at.target, at.color.other())
        .into_iter()
        .filter(|&chain| (2..=max_libs).contains(&board.liberties(chain)))
        .collect();
    for chain in chains {
        let capture = reader.do_attack(chain);
        if capture.code == Code::Win
            && let Some(m) = capture.point
        {
            best = reader.read_fallback_defences(best, vec![m], tried, at.target, at.color);
            if best.code == Code::Win {
                break;
            }
        }
    }
    best
}

/// A point that squeezes two weak attacker neighbours at once.
pub(super) fn double_break_row(
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let extra = double_break::double_break_points(
        reader.board.board(),
        at.target,
        at.color,
        reader.params.double_break_max_libs,
    );
    reader.read_fallback_defences(best, extra, tried, at.target, at.color)
}

/// The liberties of the defender's friends next to the target's
/// liberties, where those are all suicide for the attacker.
pub(super) fn superstring_row(
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let board = reader.board.board();
    if !superstring::liberties_unplayable(board, at.target, at.color.other()) {
        return best;
    }
    let extra = superstring::superstring_liberties(board, at.target, at.color, tried);
    reader.read_fallback_defences(best, extra, tried, at.target, at.color)
}

/// A semeai against a big three-liberty attacker chain.
pub(super) fn big_chain_row(
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let board = reader.board.board();
    let extra = big_chain::big_three_liberty_chain_liberties(
        board,
        at.target,
        at.color,
        reader.params.big_chain_min_stones,
        tried,
    );
    let extra = order(board, &reader.params.ordering, at.color, extra, |_| 0);
    reader.read_fallback_defences(best, extra, tried, at.target, at.color)
}

/// Deep in a line: an atari on a small attacker neighbour close to the
/// target's liberties or holding the last move.
pub(super) fn deep_break_chain_row(
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let extra = deep_break_chain::deep_break_chain_moves(
        reader.board.board(),
        at.target,
        at.color,
        reader.board.last_move(),
        tried,
    );
    reader.read_fallback_defences(best, extra, tried, at.target, at.color)
}
