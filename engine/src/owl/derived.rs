//! Questions answered with an owl search after one move: does a move kill
//! a dragon (`owl_does_attack`), save it (`owl_does_defend`), or save two
//! dragons by joining them (`owl_connection_defends`)? Each plays the
//! move on the host's reader, runs the owl search of the other side and
//! takes the move back, so the host's board is left as it was found.

use goban::{Color, Vertex};
use tactics::Code;

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
