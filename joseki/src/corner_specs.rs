//! Converted joseki patterns as corner-frame specifications for
//! [`matcher::corner::CornerDb`]: the joseki converter's internal
//! coordinates (row from the top edge, column from the right edge) are the
//! corner frame of a north-east pattern.

use crate::convert::Conversion;
use matcher::corner::CornerPatternSpec;
use matcher::fullboard::Side;

/// The corner-frame specifications of a conversion's patterns, in order.
pub fn corner_patterns(conversion: &Conversion) -> Vec<CornerPatternSpec> {
    let point = |(i, j): (usize, usize)| (i as u8, j as u8);
    conversion
        .patterns
        .iter()
        .map(|info| CornerPatternSpec {
            name: info.name.clone(),
            far_corner: point(info.mark_point),
            move_point: point(info.move_point),
            stones: info
                .stones
                .iter()
                .map(|&(p, c)| (point(p), if c == 'O' { Side::Own } else { Side::Opponent }))
                .collect(),
            symmetric: info.diagonal_symmetric,
        })
        .collect()
}
