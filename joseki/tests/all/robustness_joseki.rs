//! Property tests: the converter never panics on arbitrary or mangled SGF
//! text, and well-formed random joseki trees convert with one pattern per
//! marked, playable node.

use proptest::prelude::*;

fn sgf_like() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("(".to_string()),
            Just(")".to_string()),
            Just(";".to_string()),
            Just("SZ[19]".to_string()),
            Just("B[".to_string()),
            Just("W[".to_string()),
            Just("]".to_string()),
            Just("\\".to_string()),
            Just("MA[ki]".to_string()),
            Just("LB[".to_string()),
            Just(":".to_string()),
            Just("C[".to_string()),
            "[a-zA-Z]{1,3}",
            "[ \n\t]",
            any::<char>().prop_map(|c| c.to_string()),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn never_panics(text in sgf_like()) {
        let _ = joseki::sgf_to_db("P", &text);
    }

    #[test]
    fn marked_playable_nodes_each_make_one_pattern(
        moves in proptest::collection::vec((0u8..19, 0u8..19, any::<bool>()), 1..12)
    ) {
        // A main line of distinct points; every node marked at `ss`.
        let mut seen = std::collections::BTreeSet::new();
        let mut sgf = String::from("(;SZ[19]");
        let mut expected = 0;
        let mut black = true;
        for (x, y, marked) in moves {
            if !seen.insert((x, y)) {
                continue;
            }
            let point: String = [(b'a' + x) as char, (b'a' + y) as char].iter().collect();
            sgf.push_str(&format!(";{}[{point}]", if black { "B" } else { "W" }));
            if marked {
                sgf.push_str("MA[ar]");
                // Playable: row < 18 and SGF column > 0 (internal column < 18).
                if y < 18 && x > 0 {
                    expected += 1;
                }
            }
            black = !black;
        }
        sgf.push(')');
        match joseki::sgf_to_db("P", &sgf) {
            Ok(conversion) => prop_assert_eq!(conversion.patterns.len(), expected),
            // Random moves may be suicide; that must be reported, not hidden.
            Err(joseki::ConvertError::IllegalMove { .. }) => {}
            Err(other) => prop_assert!(false, "unexpected error {other}"),
        }
    }
}

/// Regression: the converter walked the tree by recursion and overflowed
/// a thread's stack on the deepest tree the reader accepts (a 10 000-node
/// main line). It now walks with an explicit stack.
#[test]
fn the_deepest_tree_converts_without_deep_recursion() {
    let depth = sgf::MAX_DEPTH;
    let text = format!("(;SZ[19]{};B[dd]MA[dd])", ";C[x]".repeat(depth - 2));
    let converted = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || joseki::convert::sgf_to_db("deep", &text).map(|c| c.patterns.len()))
        .unwrap()
        .join();
    match converted {
        Ok(Ok(patterns)) => assert_eq!(patterns, 1),
        Ok(Err(e)) => panic!("conversion failed: {e}"),
        Err(_) => panic!("the conversion thread crashed"),
    }
}
