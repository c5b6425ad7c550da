//! GNU Go's `initial_influence COLOR QUANTITY` over the engine's initial
//! influence (`engine::influence`): the map of the influence computed with
//! `COLOR` to move, one row per board row from the top, every value
//! printed `%6.2f` and followed by a space, as GNU Go prints it; the
//! integer maps (`influence_regions`, `non_territory`) printed `%2d`.

use engine::front::Analysis;
use engine::influence::{InfluenceParams, InitialInfluence, Quantity, RegionParams};
use goban::Color;

use crate::protocol::Answer;

/// A map `initial_influence` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Printed {
    /// A map of floats.
    Floats(Quantity),
    /// `influence_regions`.
    Regions,
    /// `non_territory`.
    NonTerritory,
}

/// The colour and map of `initial_influence COLOR QUANTITY`, with GNU
/// Go's errors.
pub fn parse_request(args: &[String]) -> Result<(Color, Printed), String> {
    let color = args
        .first()
        .and_then(|c| Color::parse(c))
        .ok_or("invalid color")?;
    let name = args.get(1).ok_or("unknown influence data")?;
    let printed = match name.as_str() {
        "influence_regions" => Printed::Regions,
        "non_territory" => Printed::NonTerritory,
        _ => Printed::Floats(Quantity::parse(name).ok_or("unknown influence data")?),
    };
    Ok((color, printed))
}

/// A map in GNU Go's layout: one line per row, each value as `cell`
/// writes it followed by a space.
fn format_rows<T>(width: usize, values: &[T], cell: impl Fn(&T) -> String) -> String {
    values
        .chunks(width)
        .map(|row| row.iter().map(|v| cell(v) + " ").collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// An integer map in GNU Go's layout (`%2d` and a space per value).
pub fn format_integers(width: usize, values: &[i32]) -> String {
    format_rows(width, values, |value| format!("{value:2}"))
}

/// The map `printed` of `influence` in GNU Go's layout.
pub fn format_printed(influence: &InitialInfluence, printed: Printed) -> String {
    let width = influence.white.inputs.width;
    match printed {
        Printed::Floats(quantity) => format_map(influence, quantity),
        Printed::Regions => format_integers(
            width,
            &influence.region_codes(&InfluenceParams::default(), &RegionParams::default()),
        ),
        Printed::NonTerritory => {
            let marks: Vec<i32> = influence
                .non_territory
                .iter()
                .map(|&m| i32::from(m))
                .collect();
            format_integers(width, &marks)
        }
    }
}

/// The map of `quantity` in GNU Go's layout.
pub fn format_map(influence: &InitialInfluence, quantity: Quantity) -> String {
    let width = influence.white.inputs.width;
    format_rows(width, influence.map(quantity), |value| {
        format!("{value:6.2}")
    })
}

/// `initial_influence COLOR QUANTITY` on the analysed position.
pub fn initial_influence(analysis: &Analysis, args: &[String]) -> Answer {
    let (color, printed) = parse_request(args)?;
    Ok(format_printed(analysis.influence(color), printed))
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
        assert_eq!(
            parse_request(&args(&["white", "territory_value"])),
            Ok((Color::White, Printed::Floats(Quantity::TerritoryValue)))
        );
        assert_eq!(
            parse_request(&args(&["b", "influence_regions"])),
            Ok((Color::Black, Printed::Regions))
        );
        assert_eq!(
            parse_request(&args(&["w", "black_strength"])),
            Ok((
                Color::White,
                Printed::Floats(Quantity::Strength(Color::Black))
            ))
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
        // The lone black stone owns the board: its stone prints -4, the
        // points around it black area or more.
        let regions = format_printed(&influence, Printed::Regions);
        assert_eq!(regions.lines().nth(1).map(|l| &l[3..6]), Some("-4 "));
        assert!(regions.split_whitespace().all(|c| c.starts_with('-')));
        assert_eq!(
            format_printed(&influence, Printed::NonTerritory),
            " 0  0  0 \n 0  0  0 \n 0  0  0 "
        );
    }
}
