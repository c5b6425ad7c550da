//! Anchor selection (compilation.md §4): corner mode, `-m` (centre-most
//! stone), `Q`/`Y`, then the first stone of an allowed colour.

use super::elements::DiagramElement;
use crate::ast::ElementKind;
use crate::ir::AnchorColor;

/// The options that decide the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AnchorRules {
    /// `-C`: the anchor is diagram cell (0,0).
    pub corner: bool,
    /// `-m`: the allowed stone nearest the centre.
    pub center: bool,
    /// `-a`: only `Q`/`Y` define the anchor.
    pub fixed: bool,
    /// Allowed colours (`-O`, `-X`, `-b`).
    pub colors: AnchorColor,
}

/// The anchor's diagram position, or `None` when no rule finds one (GNU Go's
/// `No origin for pattern`).
pub fn choose_anchor(
    elements: &[DiagramElement],
    rows: usize,
    cols: usize,
    rules: AnchorRules,
) -> Option<(usize, usize)> {
    if rules.corner {
        return Some((0, 0));
    }
    if rules.center {
        let mut best: Option<(i64, (usize, usize))> = None;
        for e in elements.iter().filter(|e| rules.colors.allows(e.kind)) {
            let d = center_distance(e.i, e.j, rows, cols);
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, (e.i, e.j)));
            }
        }
        return best.map(|(_, at)| at);
    }
    if let Some(e) = elements.iter().rev().find(|e| matches!(e.ch, 'Q' | 'Y')) {
        return Some((e.i, e.j));
    }
    if rules.fixed {
        return None;
    }
    elements
        .iter()
        .find(|e| rules.colors.allows(e.kind))
        .map(|e| (e.i, e.j))
}

/// The `-m` distance `|100·i − 50·(rows−1)| + |100·j − (50·(cols−1) − 1)|`.
pub fn center_distance(i: usize, j: usize, rows: usize, cols: usize) -> i64 {
    let (i, j, rows, cols) = (i as i64, j as i64, rows as i64, cols as i64);
    (100 * i - 50 * (rows - 1)).abs() + (100 * j - (50 * (cols - 1) - 1)).abs()
}

/// Whether the anchor cell holds an `X` stone (`anchored_at_X` = 3).
pub fn anchored_at_x(elements: &[DiagramElement], anchor: (usize, usize)) -> bool {
    elements
        .iter()
        .any(|e| (e.i, e.j) == anchor && e.kind == ElementKind::Opponent)
}

#[cfg(test)]
mod tests {
    use super::super::elements::extract;
    use super::*;

    fn anchor(rows: &[&str], rules: AnchorRules) -> Option<(usize, usize)> {
        let els = extract(rows);
        choose_anchor(&els, rows.len(), rows[0].len(), rules)
    }

    fn colors(colors: AnchorColor) -> AnchorRules {
        AnchorRules {
            colors,
            ..AnchorRules::default()
        }
    }

    #[test]
    fn default_is_first_o_stone() {
        assert_eq!(
            anchor(&["X*.", "O.."], colors(AnchorColor::O)),
            Some((1, 0))
        );
        assert_eq!(
            anchor(&["X*.", "O.."], colors(AnchorColor::X)),
            Some((0, 0))
        );
        assert_eq!(
            anchor(&["x*O", "X.."], colors(AnchorColor::Both)),
            Some((0, 2))
        );
        // `x`/`o` never anchor.
        assert_eq!(anchor(&["x*o"], colors(AnchorColor::Both)), None);
    }

    #[test]
    fn q_and_y_force_the_anchor_last_one_wins() {
        assert_eq!(anchor(&["O*Q"], colors(AnchorColor::O)), Some((0, 2)));
        assert_eq!(anchor(&["O*Y"], colors(AnchorColor::O)), Some((0, 2)));
        assert_eq!(
            anchor(&["Q*Y", "O.."], colors(AnchorColor::O)),
            Some((0, 2))
        );
        let fixed = AnchorRules {
            fixed: true,
            ..colors(AnchorColor::O)
        };
        assert_eq!(anchor(&["O*."], fixed), None);
        assert_eq!(anchor(&["O*Q"], fixed), Some((0, 2)));
    }

    #[test]
    fn center_rule_worked_example() {
        let rules = AnchorRules {
            center: true,
            ..colors(AnchorColor::O)
        };
        assert_eq!(anchor(&["XOOX", "O*.O", "XOOX"], rules), Some((0, 1)));
        assert_eq!(center_distance(0, 1, 3, 4), 149);
        assert_eq!(center_distance(0, 2, 3, 4), 151);
        // -m overrides Q.
        assert_eq!(anchor(&["Q..", "..O", "..."], rules), Some((1, 2)));
        // Even width: the left middle column wins.
        let both = AnchorRules {
            center: true,
            ..colors(AnchorColor::Both)
        };
        assert_eq!(anchor(&["XOOX"], both), Some((0, 1)));
    }

    #[test]
    fn corner_mode_uses_the_top_left_cell() {
        let rules = AnchorRules {
            corner: true,
            ..colors(AnchorColor::O)
        };
        assert_eq!(anchor(&["...", ".O*"], rules), Some((0, 0)));
    }
}
