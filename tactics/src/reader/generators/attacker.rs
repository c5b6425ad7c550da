//! The attacker's generators: one function per row of the table in the
//! parent module, each pushing its moves into the buffer it is given.

use goban::{Cell, Vertex};

use super::Scene;
use crate::reader::{
    atari_neighbours, backfill_moves, blocked_semeai, clamp, edge_block, four_liberty, order,
    push_new, sealed_liberty, strings_adjacent_to_string,
};

pub(super) fn simple_ladder(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let attacker = s.color.other();
    let moves: Vec<Vertex> = board
        .liberty_vertices(s.target)
        .filter(|&l| board.liberties_after(attacker, l) >= s.params.ladder_min_attacker_libs)
        .collect();
    out.extend(order(board, &s.params.ordering, attacker, moves, |_| 0));
}

pub(super) fn four_liberty_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    out.extend(four_liberty::liberty_attacks(
        s.board,
        s.target,
        s.color.other(),
        s.band_depth,
        s.params,
    ));
}

pub(super) fn attack_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    out.extend_from_slice(s.liberties);
}

pub(super) fn attack_second_order(s: &Scene, out: &mut Vec<Vertex>) {
    for &l in s.liberties {
        for n in s.board.neighbours(l) {
            if s.board.cell(n) == Cell::Empty && !out.contains(&n) {
                out.push(n);
            }
        }
    }
}

/// The second-order liberties where the target's liberty meets another
/// string of the defender (a liberty of that string): taken first, the
/// target cannot reach its friend through the liberty.
pub(super) fn attack_friend_second_order(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let head = board.head(s.target);
    for &l in s.liberties {
        for n in board.neighbours(l) {
            if board.cell(n) == Cell::Empty
                && !s.liberties.contains(&n)
                && board
                    .neighbour_strings(n, s.color)
                    .any(|h| board.head(h) != head)
                && !out.contains(&n)
            {
                out.push(n);
            }
        }
    }
}

/// The empty points next to two of the liberties or more: each takes
/// away room from two of them at once.
pub(super) fn shared_second_order(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let liberties = s.liberties;
    let shared: Vec<Vertex> = liberties
        .iter()
        .flat_map(|&l| board.neighbours(l))
        .filter(|&n| {
            board.cell(n) == Cell::Empty
                && liberties
                    .iter()
                    .filter(|&&l| board.neighbours(l).any(|x| x == n))
                    .count()
                    >= 2
        })
        .collect();
    push_new(out, shared.into_iter());
}

/// An empty point next to both liberties, so that extending at either
/// leaves the target short of liberties.
pub(super) fn net(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let liberties = s.liberties;
    let p = s.params;
    let shared = board.neighbours(liberties[0]).filter(|&n| {
        board.cell(n) == Cell::Empty
            && board.neighbours(liberties[1]).any(|x| x == n)
            && board.liberties_after(s.color.other(), n) >= p.net_min_move_libs
            && liberties
                .iter()
                .all(|&l| board.liberties_after(s.color, l) <= p.net_max_extension_libs)
    });
    push_new(out, shared);
}

pub(super) fn clamp_row(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(
        out,
        clamp::clamp_moves(s.board, s.target, s.color, s.params.clamp_min_solid_libs).into_iter(),
    );
}

pub(super) fn backfill(s: &Scene, out: &mut Vec<Vertex>) {
    for &l in s.liberties {
        push_new(out, backfill_moves(s.board, s.color.other(), l).into_iter());
    }
}

/// Capturing is only a ko: the liberties of the defender's strings
/// around the ko point, so that connecting there does not save the
/// target. Tried up to `ko_avoiding_depth` on the stack and, with
/// `ko_avoiding_top_plies`, as far below the top-level call at any depth
/// (the row's band is then open, the depth checked here).
pub(super) fn ko_avoiding(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let ko_point = s.liberties[0];
    let below_top = s.depth - s.root_depth;
    if let Some(plies) = s.params.ko_avoiding_top_plies
        && s.band_depth > s.params.ko_avoiding_depth
        && below_top > plies
    {
        return;
    }
    if !s.reading.is_ko_capture(s.color.other(), ko_point) {
        return;
    }
    for n in board.neighbours(ko_point) {
        if board.cell(n) == s.color.stone()
            && board.head(n) != board.head(s.target)
            && board.liberties(n) <= s.params.ko_avoiding_max_libs
        {
            push_new(out, board.liberty_vertices(n));
        }
    }
}

/// The defender's other weak strings that touch the target's liberties:
/// pressing them first keeps them from helping the target when it runs.
pub(super) fn helpers_at_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let p = s.params;
    let mut strings: Vec<Vertex> = Vec::new();
    for &l in s.liberties {
        for h in board.neighbour_strings(l, s.color) {
            if h != board.head(s.target) && !strings.contains(&h) {
                strings.push(h);
            }
        }
    }
    for h in strings {
        let h_libs = board.liberties(h);
        if h_libs <= p.helpers_at_liberties_max_libs
            || (h_libs == p.helpers_at_liberties_max_libs + 1
                && board.string_size(h) <= p.helpers_three_libs_max_stones)
        {
            push_new(out, board.liberty_vertices(h));
        }
    }
}

pub(super) fn edge_block_row(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(
        out,
        edge_block::edge_block_moves(s.board, s.target, s.color).into_iter(),
    );
}

pub(super) fn sealed_liberty_row(s: &Scene, out: &mut Vec<Vertex>) {
    let sealed = sealed_liberty::sealed_liberty_moves(s.board, s.target, s.color, s.params);
    if s.band_depth <= s.params.sealed_second_order_depth {
        let second = sealed_liberty::second_order(s.board, s.target, &sealed);
        push_new(out, sealed.into_iter().chain(second));
    } else {
        push_new(out, sealed.into_iter());
    }
}

/// The attacker's own weak strings next to the target's liberties:
/// taking liberties from the defender's other strings around them frees
/// them to fill the liberty.
pub(super) fn own_chain(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let p = s.params;
    let mut owns: Vec<Vertex> = Vec::new();
    for &l in s.liberties {
        for h in board.neighbour_strings(l, s.color.other()) {
            if !owns.contains(&h) && board.liberties(h) <= p.own_chain_max_libs {
                owns.push(h);
            }
        }
    }
    for own in owns {
        for chain in strings_adjacent_to_string(board, own, s.color) {
            if chain != board.head(s.target) && board.liberties(chain) <= p.own_chain_max_chain_libs
            {
                push_new(out, board.liberty_vertices(chain));
            }
        }
    }
}

/// The attacker's own strings in atari next to the target (and, against
/// few liberties, next to its liberties): extended, or freed by a
/// capture.
pub(super) fn save_own(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let attacker = s.color.other();
    let mut owns = strings_adjacent_to_string(board, s.target, attacker);
    if s.libs <= s.params.save_own_at_liberties_max_target_libs {
        for &l in s.liberties {
            for h in board.neighbour_strings(l, attacker) {
                if !owns.contains(&h) {
                    owns.push(h);
                }
            }
        }
    }
    for own in owns {
        if board.liberties(own) == 1 {
            push_new(out, board.liberty_vertices(own));
            for capture in atari_neighbours(board, own, s.color) {
                push_new(out, board.liberty_vertices(capture));
            }
        }
    }
}

/// The attacker's own two-liberty strings next to the target, whose
/// capture would free it, extended where the extension keeps
/// `own_extension_min_libs` liberties.
pub(super) fn own_extension(s: &Scene, out: &mut Vec<Vertex>) {
    own_extensions(s, out, false);
}

/// The same in a semeai (the mirror of the defender's semeai chains):
/// only big own strings, and off the target's liberties with fewer
/// liberties.
pub(super) fn semeai_extension(s: &Scene, out: &mut Vec<Vertex>) {
    own_extensions(s, out, true);
}

fn own_extensions(s: &Scene, out: &mut Vec<Vertex>, semeai: bool) {
    let board = s.board;
    let p = s.params;
    let attacker = s.color.other();
    for own in strings_adjacent_to_string(board, s.target, attacker) {
        if board.liberties(own) == 2
            && (!semeai || board.string_size(own) >= p.semeai_chain_min_stones)
        {
            push_new(
                out,
                board.liberty_vertices(own).filter(|&l| {
                    let after = board.liberties_after(attacker, l);
                    after >= p.own_extension_min_libs
                        || (semeai
                            && !s.liberties.contains(&l)
                            && after >= p.semeai_extension_min_libs)
                }),
            );
        }
    }
}

pub(super) fn blocked_semeai_row(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(
        out,
        blocked_semeai::blocked_semeai_extensions(s.board, s.target, s.color, s.params).into_iter(),
    );
}
