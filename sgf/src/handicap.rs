//! Fixed handicap stone placement, used when a game with `HA` has no setup
//! stones and White moves first (GNU Go then places the stones itself).

use goban::Point;

/// The points of a fixed handicap of `stones` on a board of `size` lines,
/// following GNU Go's limits: at most 9 stones on odd boards from 9 lines,
/// at most 4 on other boards from 7 lines, none below that.
pub fn fixed_handicap_points(size: usize, stones: u32) -> Vec<Point> {
    if stones < 2 {
        return Vec::new();
    }
    let max = if size % 2 == 1 && size >= 9 {
        9
    } else if size >= 7 {
        4
    } else {
        0
    };
    let stones = stones.min(max) as usize;
    if stones == 0 {
        return Vec::new();
    }
    let near = if size > 11 { 3 } else { 2 };
    let far = size - 1 - near;
    let mid = size / 2;
    let p = |i: usize, j: usize| Point::new(i as u8, j as u8);
    let mut points = Vec::new();
    let corners = [p(near, far), p(far, near), p(far, far), p(near, near)];
    points.extend(corners.iter().take(stones.min(4)));
    if stones == 5 || stones == 7 || stones == 9 {
        points.push(p(mid, mid));
    }
    if stones >= 6 {
        points.push(p(mid, near));
        points.push(p(mid, far));
    }
    if stones >= 8 {
        points.push(p(near, mid));
        points.push(p(far, mid));
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        for (size, stones, expected) in [
            (19, 2, 2),
            (19, 5, 5),
            (19, 9, 9),
            (19, 12, 9),
            (13, 7, 7),
            (10, 6, 4),
            (5, 3, 0),
            (2, 2, 0),
            (1, 9, 0),
        ] {
            let points = fixed_handicap_points(size, stones);
            assert_eq!(points.len(), expected, "{size} {stones}");
            let mut unique = points.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), points.len());
        }
        assert!(fixed_handicap_points(19, 5).contains(&Point::new(9, 9)));
        assert!(fixed_handicap_points(9, 2).contains(&Point::new(2, 6)));
    }
}
