//! GNU Go's move generation commands over the engine's
//! [`Generation`](engine::front::Generation) (`design/move-generation.md`
//! §4–5): `top_moves` and `all_move_values` read the last generation of
//! the session (empty before any); `top_moves_black`/`_white` run one;
//! `restricted_genmove` answers the best listed vertex. Values are printed
//! with two decimals, as GNU Go prints them.
//!
//! One difference: with no move, GNU Go's `all_move_values` answers `= `
//! and a single newline, without the empty line that ends an answer; ours
//! ends it like every other answer.

use engine::front::{Choice, Generation};
use goban::{Color, Geometry, Vertex};

/// Most moves `top_moves` lists.
pub const TOP_MOVES: usize = 10;

/// `top_moves`: `VERTEX VALUE ` for at most ten moves with a positive
/// value, best first (each pair followed by a space).
pub fn top_moves(last: Option<&Generation>, geometry: Geometry) -> String {
    let Some(generation) = last else {
        return String::new();
    };
    generation
        .top_moves()
        .into_iter()
        .take(TOP_MOVES)
        .map(|(v, value)| format!("{} {value:.2} ", geometry.gtp(v)))
        .collect()
}

/// `all_move_values`: one line per move with a positive value, in board
/// order (top row first): the vertex left-justified in three characters,
/// a space, the value with two decimals.
pub fn all_move_values(last: Option<&Generation>, geometry: Geometry) -> String {
    let Some(generation) = last else {
        return String::new();
    };
    let mut moves = generation.top_moves();
    moves.sort_by_key(|&(v, _)| board_order(geometry, v));
    moves
        .into_iter()
        .map(|(v, value)| format!("{:<3} {value:.2}", geometry.gtp(v)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// GNU Go's board order: top row first, left to right.
fn board_order(geometry: Geometry, v: Vertex) -> (u8, u8) {
    let p = geometry.point(v);
    (p.i, p.j)
}

/// The colour and the allowed vertices of `restricted_genmove C V...`.
pub fn parse_restricted(
    args: &[String],
    geometry: Geometry,
) -> Result<(Color, Vec<Vertex>), String> {
    let color = args
        .first()
        .and_then(|c| Color::parse(c))
        .ok_or("invalid color")?;
    let vertices = args[1..]
        .iter()
        .map(|a| {
            geometry
                .parse_gtp(&a.to_uppercase())
                .ok_or("invalid coordinate")
        })
        .collect::<Result<Vec<_>, _>>()?;
    if vertices.is_empty() {
        return Err("invalid coordinate".into());
    }
    Ok((color, vertices))
}

/// The best of `allowed` among the generation's valued moves (`None`:
/// PASS).
pub fn restricted_choice(generation: &Generation, allowed: &[Vertex]) -> Option<Vertex> {
    generation
        .top_moves()
        .into_iter()
        .find(|(v, value)| allowed.contains(v) && *value > 0.0)
        .map(|(v, _)| v)
}

/// Whether the generation resigns.
pub fn resigns(generation: &Generation) -> bool {
    generation.choice == Choice::Resign
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::reasons::{MoveReasons, Reason};
    use engine::valuation::{ValuationInputs, ValuationParams, value_moves};

    /// A generation on 13×13 whose moves are worth what `values` says
    /// (pattern minimum values on moves that expand territory).
    fn generation(values: &[(&str, f32)], choice: Option<Choice>) -> (Generation, Geometry) {
        let g = Geometry::square(13).unwrap();
        let mut reasons = MoveReasons::new(g, Color::Black);
        for &(v, value) in values {
            let at = g.parse_gtp(v).unwrap();
            reasons.add(at, Reason::ExpandTerritory);
            reasons.entry(at).facts.add_min_value(value);
        }
        let values = value_moves(
            &reasons,
            ValuationInputs::without_position(),
            &ValuationParams::default(),
        );
        let choice = choice.unwrap_or(match values.best() {
            Some((at, value)) => Choice::Play { at, value },
            None => Choice::Pass,
        });
        let generation = Generation {
            color: Color::Black,
            reasons,
            values,
            endgame_pass: false,
            blunders: Vec::new(),
            choice,
        };
        (generation, g)
    }

    #[test]
    fn top_moves_lists_pairs_best_first_with_a_trailing_space() {
        let (made, g) = generation(&[("C7", 0.14), ("G2", 0.58), ("E6", 0.16)], None);
        assert_eq!(top_moves(Some(&made), g), "G2 0.58 E6 0.16 C7 0.14 ");
        assert_eq!(top_moves(None, g), "");
        let many: Vec<(String, f32)> = (1..=12).map(|k| (format!("A{k}"), k as f32)).collect();
        let many: Vec<(&str, f32)> = many.iter().map(|(v, x)| (v.as_str(), *x)).collect();
        let (made, g) = generation(&many, None);
        assert_eq!(
            top_moves(Some(&made), g).split_whitespace().count(),
            2 * TOP_MOVES
        );
    }

    #[test]
    fn all_move_values_is_in_board_order_with_three_wide_vertices() {
        let (made, g) = generation(&[("G12", 0.92), ("J5", 110.45), ("C7", 0.14)], None);
        assert_eq!(
            all_move_values(Some(&made), g),
            "G12 0.92\nC7  0.14\nJ5  110.45"
        );
    }

    #[test]
    fn a_filled_liberty_is_valued_one_and_restricted_genmove_picks_the_best_listed() {
        let h4 = Geometry::square(13).unwrap().parse_gtp("H4").unwrap();
        let (made, g) = generation(&[], Some(Choice::FillLiberty(h4)));
        assert_eq!(top_moves(Some(&made), g), "H4 1.00 ");
        let (made, g) = generation(&[("C3", 5.0), ("D4", 9.0), ("E5", 7.0)], None);
        let (color, allowed) =
            parse_restricted(&["white".into(), "e5".into(), "c3".into()], g).unwrap();
        assert_eq!(color, Color::White);
        assert_eq!(restricted_choice(&made, &allowed), g.parse_gtp("E5"));
        assert_eq!(
            restricted_choice(&made, &[g.parse_gtp("A1").unwrap()]),
            None
        );
        assert_eq!(
            parse_restricted(&["black".into(), "Z99".into()], g),
            Err("invalid coordinate".into())
        );
        assert_eq!(
            parse_restricted(&["blue".into()], g),
            Err("invalid color".into())
        );
    }
}
