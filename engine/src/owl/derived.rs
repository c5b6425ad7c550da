//! Questions answered with an owl search after one move: does a move kill
//! a dragon (`owl_does_attack`), save it (`owl_does_defend`), or save two
//! dragons by joining them (`owl_connection_defends`)? Each plays the
//! move on the host's reader, runs the owl search of the other side and
//! takes the move back, so the host's board is left as it was found.
//! Also the threats: can the attacker kill the dragon, or its owner save
//! it, with two moves in a row (`owl_threaten_attack`,
//! `owl_threaten_defense`)?

use goban::{Color, Vertex};
use tactics::Code;

use super::search::root_view;
use super::{OwlHost, OwlInputs, owl_attack, owl_defend};

/// Whether `mv`, played by the opponent of the dragon of `stones`, kills
/// it: `Win` when the dragon's stones are all captured by the move or the
/// owl finds no defence afterwards; a ko code when the defence afterwards
/// is a ko; `Fail` when the move is illegal or a defence exists.
pub fn owl_does_attack(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    mv: Vertex,
    stones: &[Vertex],
) -> Code {
    does(host, inputs, mv, stones, true)
}

/// Whether `mv`, played by the owner of the dragon of `stones`, saves it:
/// `Win` when the owl finds no attack afterwards; a ko code when the
/// attack afterwards is a ko; `Fail` when the move is illegal, the dragon
/// is captured, or an attack exists.
pub fn owl_does_defend(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    mv: Vertex,
    stones: &[Vertex],
) -> Code {
    does(host, inputs, mv, stones, false)
}

/// [`owl_does_attack`] (`attack`) or [`owl_does_defend`]: the move, then
/// the other side's search on the stones left (the move joins the goal
/// where it merged with a goal string); `Win` when that search fails, a
/// ko code when it succeeds only through a ko (KO_B for it is KO_A for
/// the mover, and the converse).
fn does(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    mv: Vertex,
    stones: &[Vertex],
    attack: bool,
) -> Code {
    let Some(color) = dragon_color(host, stones) else {
        return Code::Fail;
    };
    let mover = if attack { color.other() } else { color };
    if host.reader().trymove(mover, mv).is_err() {
        return Code::Fail;
    }
    let left = remaining(host, stones, color);
    // A dragon the move captured is killed, and not saved; otherwise the
    // other side's result turned round (its ko is this side's ko).
    let code = match (left.is_empty(), attack) {
        (true, true) => Code::Win,
        (true, false) => Code::Fail,
        (false, true) => owl_defend(host, inputs, &left).code.for_opponent(),
        (false, false) => owl_attack(host, inputs, &left).code.for_opponent(),
    };
    host.reader().popgo();
    code
}

/// Whether `mv`, played by the owner of the dragons of `first` and
/// `second` (one colour), makes one dragon of them that lives: `Win` when
/// the owl finds no attack on the two dragons and the move together.
pub fn owl_connection_defends(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    mv: Vertex,
    first: &[Vertex],
    second: &[Vertex],
) -> Code {
    let joined: Vec<Vertex> = first.iter().chain(second).copied().collect();
    owl_does_defend(host, inputs, mv, &joined)
}

/// The colour of the dragon of `stones` on the host's board.
fn dragon_color(host: &mut dyn OwlHost, stones: &[Vertex]) -> Option<Color> {
    let board = host.reader().board().board();
    stones.iter().find_map(|&v| board.cell(v).color())
}

/// The stones of `stones` still of `color` on the host's board.
fn remaining(host: &mut dyn OwlHost, stones: &[Vertex], color: Color) -> Vec<Vertex> {
    let board = host.reader().board().board();
    stones
        .iter()
        .copied()
        .filter(|&v| board.cell(v).color() == Some(color))
        .collect()
}

/// A threat found by [`owl_threaten_attack`] or [`owl_threaten_defense`]:
/// two moves of one side in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    /// The second search's code (`Win`, or a ko code).
    pub code: Code,
    /// The first move.
    pub first: Vertex,
    /// The second move (`None` when none is needed: the first captured
    /// the dragon, or saved it outright).
    pub second: Option<Vertex>,
}

/// Whether the opponent of the dragon of `stones`, moving twice in a row,
/// kills it (GNU Go's owl attack threat): the attacker's candidates at the
/// root of an owl attack are tried in their order, up to
/// [`OwlParams::threat_first_moves`](super::OwlParams::threat_first_moves)
/// of them, each followed by an owl attack on what is left; the first that
/// succeeds is the threat. `None` when no such pair is found.
pub fn owl_threaten_attack(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    stones: &[Vertex],
) -> Option<Threat> {
    threaten(host, inputs, stones, true)
}

/// Whether the owner of the dragon of `stones`, moving twice in a row,
/// saves it (GNU Go's owl defence threat): the defender's candidates at
/// the root of an owl defence are tried in their order, each followed by
/// an owl defence of the dragon with the stone played; the first that
/// succeeds is the threat. `None` when no such pair is found.
pub fn owl_threaten_defense(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    stones: &[Vertex],
) -> Option<Threat> {
    threaten(host, inputs, stones, false)
}

/// [`owl_threaten_attack`] (`attack`) or [`owl_threaten_defense`].
fn threaten(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    stones: &[Vertex],
    attack: bool,
) -> Option<Threat> {
    let color = dragon_color(host, stones)?;
    let mover = if attack { color.other() } else { color };
    let view = root_view(host, inputs, stones, attack);
    // The attacker's vital moves first (the root tries only them where the
    // goal is estimated alive), then the others; a point once, at its
    // first place.
    let vital = if attack { &view.vital[..] } else { &[] };
    let mut firsts: Vec<(Vertex, bool)> = Vec::new();
    for c in vital.iter().chain(&view.moves) {
        if !firsts.iter().any(|&(v, _)| v == c.point) {
            firsts.push((c.point, c.connects));
        }
    }
    for (first, connects) in firsts.into_iter().take(inputs.params.threat_first_moves) {
        if host.reader().trymove(mover, first).is_err() {
            continue;
        }
        let mut left = remaining(host, stones, color);
        let found = match (left.is_empty(), attack) {
            (true, true) => Some((Code::Win, None)),
            (true, false) => None,
            (false, true) => {
                let r = owl_attack(host, inputs, &left);
                (r.code != Code::Fail).then_some((r.code, r.point))
            }
            (false, false) => {
                if connects {
                    left.push(first);
                }
                let r = owl_defend(host, inputs, &left);
                (r.code != Code::Fail).then_some((r.code, r.point))
            }
        };
        host.reader().popgo();
        if let Some((code, second)) = found {
            return Some(Threat {
                code,
                first,
                second,
            });
        }
    }
    None
}
