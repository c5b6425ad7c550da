//! GNU Go's `initial_influence COLOR QUANTITY` over the engine's initial
//! influence (`engine::influence`): the map of the influence computed with
//! `COLOR` to move, one row per board row from the top, every value
//! printed `%6.2f` and followed by a space, as GNU Go prints it. The
//! quantities the layer does not compute yet (`territory_value`,
//! `influence_regions`, `non_territory`) answer an error naming them.

use engine::front::Analysis;
use engine::influence::{InitialInfluence, Quantity};
use goban::Color;

use crate::protocol::Answer;

/// The quantities GNU Go knows that the layer does not compute yet.
const NOT_YET: &[&str] = &["territory_value", "influence_regions", "non_territory"];

/// The colour and quantity of `initial_influence COLOR QUANTITY`, with
/// GNU Go's errors.
pub fn parse_request(args: &[String]) -> Result<(Color, Quantity), String> {
    let color = args
        .first()
        .and_then(|c| Color::parse(c))
        .ok_or("invalid color")?;
    let name = args.get(1).ok_or("unknown influence data")?;
    if NOT_YET.contains(&name.as_str()) {
        return Err(format!("influence data not computed yet: {name}"));
    }
    let quantity = Quantity::parse(name).ok_or("unknown influence data")?;
    Ok((color, quantity))
}

/// The map of `quantity` in GNU Go's layout.
pub fn format_map(influence: &InitialInfluence, quantity: Quantity) -> String {
    let width = influence.white.inputs.width;
    influence
        .map(quantity)
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|value| format!("{value:6.2} "))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `initial_influence COLOR QUANTITY` on the analysed position.
pub fn initial_influence(analysis: &Analysis, args: &[String]) -> Answer {
    let (color, quantity) = parse_request(args)?;
    Ok(format_map(analysis.influence(color), quantity))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::influence::{InfluenceParams, StoneSafety};
    use goban::Board;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn errors_are_gnugos() {
        assert_eq!(
            parse_request(&args(&["purple", "white_influence"])),
            Err("invalid color".into())
        );
        assert_eq!(
            parse_request(&args(&["black"])),
            Err("unknown influence data".into())
        );
        assert_eq!(
            parse_request(&args(&["white", "foo"])),
            Err("unknown influence data".into())
        );
        assert!(parse_request(&args(&["white", "territory_value"])).is_err());
        assert_eq!(
            parse_request(&args(&["w", "black_strength"])),
            Ok((Color::White, Quantity::Strength(Color::Black)))
        );
    }

    #[test]
    fn maps_print_in_gnugos_layout() {
        let board = Board::from_rows(&["...", ".X.", "..."]).expect("board");
        let influence = InitialInfluence::compute(
            &board,
            Color::White,
            &|_| StoneSafety::ALIVE,
            &InfluenceParams::default(),
        );
        assert_eq!(
            format_map(&influence, Quantity::Strength(Color::Black)),
            "  0.00   0.00   0.00 \n  0.00 100.00   0.00 \n  0.00   0.00   0.00 "
        );
        assert_eq!(
            format_map(&influence, Quantity::Influence(Color::Black))
                .lines()
                .nth(1),
            Some(" 41.67 100.00  41.67 ")
        );
    }
}
