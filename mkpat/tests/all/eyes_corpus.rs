//! GNU Go's `eyes.db`: clean parse of all 1816 patterns, the eye values of
//! the spec, every pattern matches the eye space drawn by its own diagram,
//! and the backtracking matcher agrees with a brute-force permutation search
//! (on the corpus shapes and on random eye spaces).

use matcher::eyes::{
    EyePattern, EyePoint, EyeSpace, MAY_BE_EMPTY, find_mapping, first_match, is_valid_mapping,
    matches_brute_force,
};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn corpus() -> Option<&'static Vec<EyePattern>> {
    static PATTERNS: OnceLock<Option<Vec<EyePattern>>> = OnceLock::new();
    PATTERNS
        .get_or_init(|| {
            let shared = testkit::shared_dir()?;
            let text = testkit::read_text(&testkit::gnugo_patterns_dir(&shared).join("eyes.db"));
            let (sources, file) = mkpat::source::SourceSet::single("eyes.db", text);
            let (patterns, diags) = mkpat::eyes::parse(&sources, file);
            assert!(diags.is_empty(), "{:?}", &diags[..diags.len().min(5)]);
            Some(patterns)
        })
        .as_ref()
}

/// The eye space a pattern's own diagram draws: one point per vertex,
/// stones where the vertex cannot be empty.
fn own_space(pattern: &EyePattern) -> EyeSpace {
    EyeSpace {
        points: pattern
            .vertices
            .iter()
            .map(|v| EyePoint {
                marginal: v.marginal,
                edge: v.edge,
                has_stone: v.flags & MAY_BE_EMPTY == 0,
                neighbours: v
                    .neighbours
                    .iter()
                    .flatten()
                    .map(|&n| usize::from(n))
                    .collect(),
            })
            .collect(),
    }
}

fn first_brute_force(patterns: &[EyePattern], space: &EyeSpace) -> Option<u32> {
    patterns
        .iter()
        .find(|p| matches_brute_force(p, space))
        .map(|p| p.number)
}

#[test]
fn corpus_parses_with_the_spec_values() {
    let Some(patterns) = corpus() else { return };
    assert_eq!(patterns.len(), 1816);
    let values: BTreeSet<String> = patterns
        .iter()
        .map(|p| p.value.iter().map(|d| d.to_string()).collect())
        .collect();
    let expected: BTreeSet<String> = [
        "0000", "0001", "0002", "0011", "0012", "0022", "0111", "0112", "0122", "0222", "1111",
        "1112", "1122", "1222", "2222",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(values, expected);
    let bent_four = patterns
        .iter()
        .find(|p| p.number == 4000)
        .expect("pattern 4000");
    assert_eq!(bent_four.value, [1, 1, 2, 2]);
    assert_eq!(bent_four.vertices.len(), 4);
}

#[test]
fn every_pattern_matches_its_own_shape() {
    let Some(patterns) = corpus() else { return };
    for (k, pattern) in patterns.iter().enumerate() {
        let space = own_space(pattern);
        let mapping =
            find_mapping(pattern, &space).unwrap_or_else(|| panic!("pattern {}", pattern.number));
        assert!(is_valid_mapping(pattern, &space, &mapping));
        let (first, _) = first_match(patterns, &space).expect("at least itself");
        let position = patterns
            .iter()
            .position(|p| p.number == first.number)
            .unwrap();
        assert!(
            position <= k,
            "pattern {} matched by a later pattern",
            pattern.number
        );
        if pattern.vertices.len() <= 5 {
            assert_eq!(
                Some(first.number),
                first_brute_force(patterns, &space),
                "pattern {}",
                pattern.number
            );
        }
    }
}

/// A random connected shape of up to `n` points grown from a corner region
/// of a 19×19 board, with random marginal and stone flags.
fn shape_strategy() -> impl Strategy<Value = EyeSpace> {
    (
        0u8..3,
        0u8..3,
        proptest::collection::vec((0usize..8, 0u8..4, any::<bool>(), any::<bool>()), 1..7),
    )
        .prop_map(|(i0, j0, steps)| {
            let mut points: Vec<(u8, u8, bool, bool)> = vec![(i0, j0, false, false)];
            for (from, dir, marginal, stone) in steps {
                let (i, j, _, _) = points[from % points.len()];
                let (di, dj) = [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)][dir as usize];
                let (ni, nj) = (i as i32 + di, j as i32 + dj);
                if ni < 0 || nj < 0 || points.iter().any(|p| (p.0 as i32, p.1 as i32) == (ni, nj)) {
                    continue;
                }
                points.push((ni as u8, nj as u8, marginal, stone));
            }
            EyeSpace::from_board_points(&points, 19)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn backtracking_equals_brute_force_on_random_shapes(space in shape_strategy()) {
        let Some(patterns) = corpus() else { return Ok(()) };
        let fast = first_match(patterns, &space).map(|(p, m)| {
            assert!(is_valid_mapping(p, &space, &m));
            p.number
        });
        prop_assert_eq!(fast, first_brute_force(patterns, &space));
    }
}
