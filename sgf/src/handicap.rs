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
    // The third stone goes to the upper left (GNU Go 3.8: `fixed_handicap
    // 3` is `D16 Q16 D4` on 19×19, `C7 G7 C3` on 9×9).
    let corners = [p(near, far), p(far, near), p(near, near), p(far, far)];
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

    #[test]
    fn three_stones_as_gnugo_places_them() {
        // GNU Go 3.8's `fixed_handicap 3`: D16 Q16 D4 on 19x19, D10 K10 D4
        // on 13x13, C7 G7 C3 on 9x9.
        for (size, expected) in [
            (19, ["D16", "Q16", "D4"]),
            (13, ["D10", "K10", "D4"]),
            (9, ["C7", "G7", "C3"]),
        ] {
            let mut names: Vec<String> = fixed_handicap_points(size, 3)
                .iter()
                .map(|p| p.to_gtp(size))
                .collect();
            names.sort();
            let mut expected = expected.map(String::from).to_vec();
            expected.sort();
            assert_eq!(names, expected, "{size}x{size}");
        }
    }
}
